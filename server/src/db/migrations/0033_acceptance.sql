-- Acceptance of deliveries: a supplier's document is received, may be under review (an expertise in-house or by an
-- expert organisation, ч. 3 ст. 94 44-ФЗ), and is then accepted, accepted in part (quantities per line) or refused
-- with reasons. Only what is accepted counts as delivered (figures/contract-figures.ts).
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "acceptance" text NOT NULL DEFAULT 'received';
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "received_on" date;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "review_kind" text;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "expert_name" text;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "conclusion_file_key" text;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "conclusion_file_name" text;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "accepted_on" date;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "decided_by" integer;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN IF NOT EXISTS "refusal_reason" text;
--> statement-breakpoint
-- documents uploaded before acceptance existed were counted as delivered on upload: they stay accepted on their date,
-- so no figure already reported changes by this migration
UPDATE "acceptance_documents" SET "acceptance" = 'accepted', "accepted_on" = "doc_date", "received_on" = "doc_date"
  WHERE "acceptance" = 'received' AND "status" = 'processed';
--> statement-breakpoint
UPDATE "acceptance_documents" SET "received_on" = ("created_at" AT TIME ZONE 'Europe/Moscow')::date WHERE "received_on" IS NULL;
--> statement-breakpoint
ALTER TABLE "acceptance_lines" ADD COLUMN IF NOT EXISTS "accepted_quantity" numeric(26, 11);
--> statement-breakpoint
ALTER TABLE "acceptance_lines" ADD COLUMN IF NOT EXISTS "refusal_reason" text;
--> statement-breakpoint
-- the contract's terms of acceptance and payment in working days (NULL: the law's default) and its commission
CREATE TABLE IF NOT EXISTS "acceptance_settings" (
  "contract_id" integer PRIMARY KEY,
  "company_id" integer NOT NULL,
  "acceptance_days" integer,
  "payment_days" integer,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acceptance_commission_members" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "contract_id" integer NOT NULL,
  "user_id" integer,
  "full_name" text NOT NULL,
  "position" text,
  "is_chair" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "acceptance_commission_members_contract_idx" ON "acceptance_commission_members" ("company_id", "contract_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "acceptance_commission_members_user_uq" ON "acceptance_commission_members" ("contract_id", "user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acceptance_votes" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "document_id" integer NOT NULL,
  "member_id" integer NOT NULL,
  "decision" text NOT NULL,
  "lines" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "reason" text,
  "signature_id" integer,
  "scan_file_key" text,
  "scan_file_name" text,
  "recorded_by" integer,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "acceptance_votes_member_uq" ON "acceptance_votes" ("document_id", "member_id");
