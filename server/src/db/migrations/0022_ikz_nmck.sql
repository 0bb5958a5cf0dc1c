-- 44-FZ: the customer's ИКУ (20 digits, digits 3–22 of every ИКЗ it makes) on the company card, and the НМЦК
-- calculator (modules/nmck): one calculation per procurement and its price sources.
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "iku" text;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "nmck_calculations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"procurement_id" integer NOT NULL,
	"method" text DEFAULT 'market' NOT NULL,
	"subject" text,
	"unit" text,
	"quantity" numeric(20, 6) DEFAULT '1' NOT NULL,
	"unit_price" numeric(18, 2),
	"basis" text,
	"applied_nmck" numeric(18, 2),
	"applied_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "nmck_calculations_procurement_uq" ON "nmck_calculations" USING btree ("company_id","procurement_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "nmck_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"kind" text NOT NULL,
	"supplier" text,
	"requisites" text,
	"price_date" date,
	"unit_price" numeric(18, 2) NOT NULL,
	"contract_id" integer,
	"contract_position_id" integer,
	"excluded" boolean DEFAULT false NOT NULL,
	"exclude_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nmck_sources_calculation_idx" ON "nmck_sources" USING btree ("calculation_id","ordinal");
