-- The purchase's own procedure: its commission, the applications received, the criteria they are scored by, the
-- protocols signed. A protocol keeps the snapshot it was made from, so the DOCX read later is what was signed.
ALTER TABLE "companies" ADD COLUMN "commission_quorum_share" numeric(4,3) NOT NULL DEFAULT 0.5;
--> statement-breakpoint
CREATE TABLE "procedure_members" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "procurement_id" integer NOT NULL REFERENCES "procurements"("id") ON DELETE CASCADE,
  "user_id" integer,
  "full_name" text NOT NULL,
  "position" text,
  "role" text NOT NULL,
  "present" boolean NOT NULL DEFAULT true,
  "ordinal" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "procedure_members_procurement_idx" ON "procedure_members" ("company_id", "procurement_id");
--> statement-breakpoint
CREATE TABLE "procedure_criteria" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "procurement_id" integer NOT NULL REFERENCES "procurements"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "kind" text NOT NULL,
  "weight" numeric(5,2) NOT NULL,
  "ordinal" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "procedure_criteria_procurement_idx" ON "procedure_criteria" ("company_id", "procurement_id");
--> statement-breakpoint
CREATE TABLE "procedure_applications" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "procurement_id" integer NOT NULL REFERENCES "procurements"("id") ON DELETE CASCADE,
  "participant_name" text NOT NULL,
  "inn" text NOT NULL,
  "kpp" text,
  "received_at" timestamptz NOT NULL,
  "price" numeric(20,2) NOT NULL,
  "smsp" boolean NOT NULL DEFAULT false,
  "admitted" boolean,
  "reason" text,
  "clause" text,
  "scores" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "file_key" text,
  "file_name" text,
  "created_by" integer,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "procedure_applications_procurement_idx" ON "procedure_applications" ("company_id", "procurement_id");
--> statement-breakpoint
CREATE TABLE "procedure_protocols" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "procurement_id" integer NOT NULL REFERENCES "procurements"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "signed_on" date NOT NULL,
  "snapshot" jsonb NOT NULL,
  "created_by" integer,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_protocols_kind_uq" ON "procedure_protocols" ("procurement_id", "kind");
