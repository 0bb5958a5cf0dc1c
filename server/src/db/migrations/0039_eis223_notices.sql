-- 223-ФЗ notices kept beside the card of their purchase (by notice number and version), never written over it: the
-- card takes their values only when the user applies them.
CREATE TABLE IF NOT EXISTS "eis223_notices" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "notice_number" text NOT NULL,
  "version" integer NOT NULL,
  "notice_type" text NOT NULL,
  "method" text NOT NULL,
  "title" text NOT NULL,
  "nmcd" numeric(18, 2) NOT NULL,
  "published_on" date,
  "application_deadline" date,
  "placer_name" text,
  "href" text,
  "published_at" text,
  "source" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "eis223_notices_source" CHECK ("source" IN ('eis', 'upload'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "eis223_notices_company_number_version_uq" ON "eis223_notices" ("company_id", "notice_number", "version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eis223_notices_company_number_idx" ON "eis223_notices" ("company_id", "notice_number");
