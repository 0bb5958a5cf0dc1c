CREATE TABLE "document_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"company_id" integer,
	"method" text NOT NULL,
	"subject" text DEFAULT 'any' NOT NULL,
	"document_kind" text NOT NULL,
	"template" text NOT NULL,
	"title" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"min_days" integer,
	"days_unit" text DEFAULT 'calendar' NOT NULL,
	"nmcd_min" numeric(18, 2),
	"nmcd_max" numeric(18, 2),
	"note" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"company_id" integer,
	"number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"approved_on" date,
	"in_force_from" date,
	"lead_time_overrides" jsonb,
	"single_supplier_max" numeric(18, 2),
	"notes" text,
	"approval_file_key" text,
	"approval_file_name" text,
	"approval_file_type" text,
	"approval_file_size" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_counters" (
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "procurement_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
CREATE TABLE "procurement_field_values" (
	"procurement_id" integer NOT NULL,
	"template" text NOT NULL,
	"company_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_field_values_procurement_id_template_pk" PRIMARY KEY("procurement_id","template")
);
--> statement-breakpoint
CREATE TABLE "procurement_file_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"version" integer NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"procurement_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"template" text,
	"source" text NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_okpd2" (
	"procurement_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"name" text,
	CONSTRAINT "procurement_okpd2_procurement_id_position_pk" PRIMARY KEY("procurement_id","position")
);
--> statement-breakpoint
CREATE TABLE "procurement_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"procurement_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"comment" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"plan_item_id" integer,
	"plan_item_number" text,
	"rule_id" integer,
	"method" text NOT NULL,
	"subject" text NOT NULL,
	"subject_description" text,
	"nmcd" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"nmcd_method_id" integer,
	"requirement_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"info_document_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"funding_source_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"delivery_terms" text,
	"delivery_term_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"delivery_place" text,
	"delivery_place_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ensuring_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"application_ensuring" jsonb,
	"contract_ensuring" jsonb,
	"sme_only" boolean DEFAULT false NOT NULL,
	"published_on" date,
	"application_deadline" date,
	"review_on" date,
	"summing_up_on" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"has_violations" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector",
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "procurement_rules" ADD COLUMN "copied_from_id" integer;--> statement-breakpoint
CREATE INDEX "document_rules_version_idx" ON "document_rules" USING btree ("version_id","method");--> statement-breakpoint
CREATE INDEX "document_rules_company_idx" ON "document_rules" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "rule_versions_rule_idx" ON "rule_versions" USING btree ("rule_id","in_force_from");--> statement-breakpoint
CREATE INDEX "rule_versions_company_idx" ON "rule_versions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_versions_in_force_uq" ON "rule_versions" USING btree ("rule_id","in_force_from") WHERE status <> 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_file_versions_uq" ON "procurement_file_versions" USING btree ("file_id","version");--> statement-breakpoint
CREATE INDEX "procurement_files_procurement_idx" ON "procurement_files" USING btree ("procurement_id","id");--> statement-breakpoint
CREATE INDEX "procurement_files_company_idx" ON "procurement_files" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "procurement_okpd2_code_idx" ON "procurement_okpd2" USING btree ("company_id","code" text_pattern_ops,"procurement_id");--> statement-breakpoint
CREATE INDEX "procurement_status_history_idx" ON "procurement_status_history" USING btree ("procurement_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "procurements_company_number_uq" ON "procurements" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "procurements_company_created_idx" ON "procurements" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "procurements_company_title_idx" ON "procurements" USING btree ("company_id",("title" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "procurements_company_nmcd_idx" ON "procurements" USING btree ("company_id","nmcd","id");--> statement-breakpoint
CREATE INDEX "procurements_company_published_idx" ON "procurements" USING btree ("company_id","published_on","id");--> statement-breakpoint
CREATE INDEX "procurements_company_deadline_idx" ON "procurements" USING btree ("company_id","application_deadline","id");--> statement-breakpoint
CREATE INDEX "procurements_company_status_rank_idx" ON "procurements" USING btree ("company_id",(CASE "status" WHEN 'draft' THEN 0 WHEN 'docs_ready' THEN 1 WHEN 'published' THEN 2 WHEN 'accepting' THEN 3 WHEN 'summing_up' THEN 4 WHEN 'contract_signed' THEN 5 WHEN 'failed' THEN 6 WHEN 'cancelled' THEN 7 ELSE 8 END),"id");--> statement-breakpoint
CREATE INDEX "procurements_company_status_idx" ON "procurements" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "procurements_company_method_idx" ON "procurements" USING btree ("company_id","method","created_at");--> statement-breakpoint
CREATE INDEX "procurements_company_violations_idx" ON "procurements" USING btree ("company_id","created_at") WHERE has_violations;--> statement-breakpoint
CREATE INDEX "procurements_rule_idx" ON "procurements" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "procurements_search_idx" ON "procurements" USING gin ("search_vector");