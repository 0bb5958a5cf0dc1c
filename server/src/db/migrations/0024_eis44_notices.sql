-- 44-ФЗ notices and final protocols from ЕИС (PRIZ, issue 33): one row per document type, purchase number and version
-- per company; linked to the план-график position and the law-44 procurement by ИКЗ, to each other by purchase number.
CREATE TABLE IF NOT EXISTS "eis44_notices" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "kind" text NOT NULL,
  "document_type" text NOT NULL,
  "purchase_number" text NOT NULL,
  "version" integer NOT NULL,
  "eis_id" text,
  "ikz" text,
  "ikzs" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "plan_position_number" text,
  "method" text,
  "placing_way_name" text,
  "object" text,
  "max_price" numeric(20, 2),
  "currency" text,
  "published_at" text,
  "applications_end" text,
  "summarizing_date" text,
  "placer_reg_num" text,
  "placer_inn" text,
  "placer_name" text,
  "etp_name" text,
  "etp_url" text,
  "href" text,
  "protocol_date" text,
  "doc_number" text,
  "participants" integer,
  "winner_app_number" text,
  "winner_price" numeric(20, 2),
  "source" text NOT NULL DEFAULT 'eis',
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "eis44_notices_company_doc_uq" ON "eis44_notices" ("company_id", "document_type", "purchase_number", "version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eis44_notices_company_ikz_idx" ON "eis44_notices" ("company_id", "ikz");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eis44_notices_company_number_idx" ON "eis44_notices" ("company_id", "purchase_number");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eis44_notices_company_published_idx" ON "eis44_notices" ("company_id", "published_at", "id");
