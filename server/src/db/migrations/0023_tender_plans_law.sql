-- 44-ФЗ (issue 33): a procurement carries its law (223 or 44; a company may hold purchases of both, its own law is the
-- default), and a 44-ФЗ one its ИКЗ, КВР, the план-график position and that position's finance by year.
ALTER TABLE "procurements" ADD COLUMN IF NOT EXISTS "law" text NOT NULL DEFAULT '223';
--> statement-breakpoint
ALTER TABLE "procurements" ADD COLUMN IF NOT EXISTS "ikz" text;
--> statement-breakpoint
ALTER TABLE "procurements" ADD COLUMN IF NOT EXISTS "kvr" text;
--> statement-breakpoint
ALTER TABLE "procurements" ADD COLUMN IF NOT EXISTS "tender_plan_position_id" integer;
--> statement-breakpoint
ALTER TABLE "procurements" ADD COLUMN IF NOT EXISTS "finance_years" jsonb;
--> statement-breakpoint
-- the existing purchases are of their company's law
UPDATE "procurements" p SET "law" = c."law" FROM "companies" c WHERE c."id" = p."company_id" AND c."law" <> p."law";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "procurements_company_law_idx" ON "procurements" ("company_id", "law", "created_at");
--> statement-breakpoint
-- one procurement per план-график position: a double click creates nothing twice
CREATE UNIQUE INDEX IF NOT EXISTS "procurements_tender_position_uq" ON "procurements" ("company_id", "tender_plan_position_id") WHERE "tender_plan_position_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tender_plans" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "plan_number" text NOT NULL,
  "version" integer NOT NULL,
  "eis_id" text,
  "year" integer NOT NULL,
  "first_year" integer,
  "second_year" integer,
  "customer_reg_num" text,
  "customer_inn" text,
  "customer_name" text,
  "confirmed_at" text,
  "published_at" text,
  "position_count" integer NOT NULL DEFAULT 0,
  "total" numeric(20, 2) NOT NULL DEFAULT '0',
  "source" text NOT NULL DEFAULT 'eis',
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tender_plans_company_number_version_uq" ON "tender_plans" ("company_id", "plan_number", "version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tender_plans_company_year_idx" ON "tender_plans" ("company_id", "year", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tender_plan_positions" (
  "id" serial PRIMARY KEY,
  "plan_id" integer NOT NULL REFERENCES "tender_plans" ("id") ON DELETE CASCADE,
  "company_id" integer NOT NULL,
  "position_number" text NOT NULL,
  "ext_number" text,
  "ikz" text,
  "iku" text,
  "purchase_number" text,
  "publish_year" integer,
  "subject" text,
  "okpd2_code" text,
  "okpd2" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "kvr_code" text,
  "kvr_name" text,
  "special_code" text,
  "canceled" boolean NOT NULL DEFAULT false,
  "total" numeric(20, 2) NOT NULL DEFAULT '0',
  "current_year" numeric(20, 2) NOT NULL DEFAULT '0',
  "first_year" numeric(20, 2) NOT NULL DEFAULT '0',
  "second_year" numeric(20, 2) NOT NULL DEFAULT '0',
  "subsec_years" numeric(20, 2) NOT NULL DEFAULT '0'
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tender_plan_positions_plan_idx" ON "tender_plan_positions" ("plan_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tender_plan_positions_okpd2_idx" ON "tender_plan_positions" ("plan_id", "okpd2_code", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tender_plan_positions_kvr_idx" ON "tender_plan_positions" ("plan_id", "kvr_code", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tender_plan_positions_total_idx" ON "tender_plan_positions" ("plan_id", "total", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tender_plan_positions_ikz_idx" ON "tender_plan_positions" ("company_id", "ikz");
