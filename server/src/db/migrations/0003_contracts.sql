CREATE TABLE "contract_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"okpd2_code" text,
	"okpd2_name" text,
	"okei_code" text,
	"okei_name" text,
	"quantity" numeric(20, 6),
	"unit_price" numeric(18, 2),
	"amount" numeric(18, 2)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"registry_number" text,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" text,
	"number" text,
	"contract_date" date,
	"subject" text DEFAULT '' NOT NULL,
	"supplier_name" text,
	"supplier_inn" text,
	"supplier_kpp" text,
	"price" numeric(18, 2),
	"currency" text DEFAULT 'RUB' NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'registered' NOT NULL,
	"procurement_id" integer,
	"purchase_notice_number" text,
	"method_code" text,
	"published_at" timestamp with time zone,
	"violations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'eis' NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "execution_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"http_status" integer
);
--> statement-breakpoint
CREATE TABLE "execution_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"guid" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"payload" jsonb NOT NULL,
	"xml" text,
	"registration_number" text,
	"reject_reasons" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"guid" text,
	"subject" text DEFAULT '' NOT NULL,
	"okpd2_code" text,
	"okved2_code" text,
	"okei_code" text,
	"okei_name" text,
	"quantity" numeric(20, 6),
	"nmcd" numeric(18, 2),
	"currency" text DEFAULT 'RUB' NOT NULL,
	"planned_month" date,
	"method" text,
	"method_code" text,
	"sme_only" boolean DEFAULT false NOT NULL,
	"electronic" boolean DEFAULT false NOT NULL,
	"okato" text
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"registration_number" text NOT NULL,
	"guid" text,
	"year" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text,
	"status" text DEFAULT 'published' NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"total" numeric(20, 2) DEFAULT '0' NOT NULL,
	"published_at" timestamp with time zone,
	"source" text DEFAULT 'eis' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contract_positions_contract_ordinal_uq" ON "contract_positions" USING btree ("contract_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_company_registry_uq" ON "contracts" USING btree ("company_id","registry_number");--> statement-breakpoint
CREATE INDEX "contracts_company_date_idx" ON "contracts" USING btree ("company_id","contract_date","id");--> statement-breakpoint
CREATE INDEX "contracts_company_created_idx" ON "contracts" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_company_price_idx" ON "contracts" USING btree ("company_id","price","id");--> statement-breakpoint
CREATE INDEX "contracts_company_subject_idx" ON "contracts" USING btree ("company_id",("subject" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "contracts_company_status_idx" ON "contracts" USING btree ("company_id","status","contract_date");--> statement-breakpoint
CREATE INDEX "contracts_company_supplier_idx" ON "contracts" USING btree ("company_id","supplier_inn","contract_date");--> statement-breakpoint
CREATE INDEX "contracts_procurement_idx" ON "contracts" USING btree ("procurement_id");--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "execution_attempts_record_idx" ON "execution_attempts" USING btree ("record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "execution_records_guid_uq" ON "execution_records" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "execution_records_contract_idx" ON "execution_records" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "execution_records_company_idx" ON "execution_records" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_items_plan_ordinal_uq" ON "plan_items" USING btree ("plan_id","ordinal");--> statement-breakpoint
CREATE INDEX "plan_items_plan_subject_idx" ON "plan_items" USING btree ("plan_id",("subject" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "plan_items_plan_nmcd_idx" ON "plan_items" USING btree ("plan_id","nmcd","id");--> statement-breakpoint
CREATE INDEX "plan_items_plan_month_idx" ON "plan_items" USING btree ("plan_id","planned_month","id");--> statement-breakpoint
CREATE INDEX "plan_items_okpd2_idx" ON "plan_items" USING btree ("company_id","okpd2_code" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "plans_company_number_version_uq" ON "plans" USING btree ("company_id","registration_number","version");--> statement-breakpoint
CREATE INDEX "plans_company_year_idx" ON "plans" USING btree ("company_id","year","id");--> statement-breakpoint
CREATE INDEX "plans_company_created_idx" ON "plans" USING btree ("company_id","created_at","id");