CREATE TABLE "catalog_document_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"user_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"user_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text,
	"template_code" text
);
--> statement-breakpoint
CREATE TABLE "catalog_elements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"user_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" smallint NOT NULL,
	"code" text
);
--> statement-breakpoint
CREATE TABLE "catalog_ensuring" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"user_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"value_type" text DEFAULT 'percent' NOT NULL,
	"percent" numeric(5, 2),
	"percent_min" numeric(5, 2),
	"percent_max" numeric(5, 2),
	"amount" numeric(18, 2)
);
--> statement-breakpoint
CREATE TABLE "catalog_exec_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"user_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" smallint NOT NULL,
	"subject_type" smallint
);
--> statement-breakpoint
CREATE TABLE "catalog_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"user_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"short_name" text,
	"is_competitive" boolean DEFAULT true NOT NULL,
	"is_electronic" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"user_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text,
	"okpd2_code" text NOT NULL,
	"okei_code" text NOT NULL,
	"subject_id" integer
);
--> statement-breakpoint
CREATE TABLE "catalog_seeds" (
	"key" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"user_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"subject_type" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "okei" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "okpd2" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"name" text NOT NULL,
	"depth" smallint NOT NULL,
	"is_leaf" boolean NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', name)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" numeric(14, 2) NOT NULL,
	"period" text NOT NULL,
	"max_users" integer,
	"max_procurements_per_year" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_document_subjects_subject_idx" ON "catalog_document_subjects" USING btree ("subject_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "catalog_document_subjects_document_idx" ON "catalog_document_subjects" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "catalog_document_subjects_company_idx" ON "catalog_document_subjects" USING btree ("company_id","archived");--> statement-breakpoint
CREATE INDEX "catalog_document_subjects_name_idx" ON "catalog_document_subjects" USING btree (("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "catalog_document_subjects_fts_idx" ON "catalog_document_subjects" USING gin (to_tsvector('russian', "name"));--> statement-breakpoint
CREATE INDEX "catalog_document_subjects_trgm_idx" ON "catalog_document_subjects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_documents_company_idx" ON "catalog_documents" USING btree ("company_id","archived");--> statement-breakpoint
CREATE INDEX "catalog_documents_name_idx" ON "catalog_documents" USING btree (("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_documents_code_uq" ON "catalog_documents" USING btree (coalesce("company_id", 0),"code") WHERE "catalog_documents"."code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_documents_fts_idx" ON "catalog_documents" USING gin (to_tsvector('russian', "name"));--> statement-breakpoint
CREATE INDEX "catalog_documents_trgm_idx" ON "catalog_documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_elements_type_company_idx" ON "catalog_elements" USING btree ("type","company_id","archived");--> statement-breakpoint
CREATE INDEX "catalog_elements_type_name_idx" ON "catalog_elements" USING btree ("type",("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_elements_code_uq" ON "catalog_elements" USING btree ("type",coalesce("company_id", 0),"code") WHERE "catalog_elements"."code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_elements_fts_idx" ON "catalog_elements" USING gin (to_tsvector('russian', "name"));--> statement-breakpoint
CREATE INDEX "catalog_elements_trgm_idx" ON "catalog_elements" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_ensuring_company_idx" ON "catalog_ensuring" USING btree ("company_id","kind","archived");--> statement-breakpoint
CREATE INDEX "catalog_ensuring_name_idx" ON "catalog_ensuring" USING btree (("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "catalog_ensuring_percent_idx" ON "catalog_ensuring" USING btree ("percent","id");--> statement-breakpoint
CREATE INDEX "catalog_ensuring_fts_idx" ON "catalog_ensuring" USING gin (to_tsvector('russian', "name"));--> statement-breakpoint
CREATE INDEX "catalog_ensuring_trgm_idx" ON "catalog_ensuring" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_exec_terms_type_idx" ON "catalog_exec_terms" USING btree ("type","subject_type","company_id","archived");--> statement-breakpoint
CREATE INDEX "catalog_exec_terms_type_name_idx" ON "catalog_exec_terms" USING btree ("type",("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "catalog_exec_terms_fts_idx" ON "catalog_exec_terms" USING gin (to_tsvector('russian', "name"));--> statement-breakpoint
CREATE INDEX "catalog_exec_terms_trgm_idx" ON "catalog_exec_terms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_methods_company_idx" ON "catalog_methods" USING btree ("company_id","archived");--> statement-breakpoint
CREATE INDEX "catalog_methods_name_idx" ON "catalog_methods" USING btree (("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_methods_code_uq" ON "catalog_methods" USING btree (coalesce("company_id", 0),"code");--> statement-breakpoint
CREATE INDEX "catalog_methods_fts_idx" ON "catalog_methods" USING gin (to_tsvector('russian', "name"));--> statement-breakpoint
CREATE INDEX "catalog_methods_trgm_idx" ON "catalog_methods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_products_company_idx" ON "catalog_products" USING btree ("company_id","archived");--> statement-breakpoint
CREATE INDEX "catalog_products_name_idx" ON "catalog_products" USING btree (("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "catalog_products_okpd2_idx" ON "catalog_products" USING btree ("okpd2_code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "catalog_products_subject_idx" ON "catalog_products" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "catalog_products_fts_idx" ON "catalog_products" USING gin (to_tsvector('russian', "name"));--> statement-breakpoint
CREATE INDEX "catalog_products_trgm_idx" ON "catalog_products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_subjects_company_idx" ON "catalog_subjects" USING btree ("company_id","archived");--> statement-breakpoint
CREATE INDEX "catalog_subjects_name_idx" ON "catalog_subjects" USING btree (("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_subjects_code_uq" ON "catalog_subjects" USING btree (coalesce("company_id", 0),"code");--> statement-breakpoint
CREATE INDEX "catalog_subjects_fts_idx" ON "catalog_subjects" USING gin (to_tsvector('russian', "name"));--> statement-breakpoint
CREATE INDEX "catalog_subjects_trgm_idx" ON "catalog_subjects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_tariffs_company_idx" ON "company_tariffs" USING btree ("company_id","valid_from");--> statement-breakpoint
CREATE INDEX "company_tariffs_plan_idx" ON "company_tariffs" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "okei_name_idx" ON "okei" USING btree (("name" COLLATE "und-x-icu"));--> statement-breakpoint
CREATE INDEX "okpd2_parent_idx" ON "okpd2" USING btree ("parent_code","code");--> statement-breakpoint
CREATE INDEX "okpd2_code_prefix_idx" ON "okpd2" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "okpd2_search_idx" ON "okpd2" USING gin ("search");--> statement-breakpoint
CREATE INDEX "tariff_plans_name_idx" ON "tariff_plans" USING btree (("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "tariff_plans_price_idx" ON "tariff_plans" USING btree ("price","id");