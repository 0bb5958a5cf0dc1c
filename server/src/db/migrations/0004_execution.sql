CREATE TABLE "acceptance_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" text DEFAULT 'upd' NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"number" text NOT NULL,
	"doc_date" date NOT NULL,
	"format_version" text,
	"seller_name" text,
	"seller_inn" text,
	"buyer_name" text,
	"buyer_inn" text,
	"amount_without_vat" numeric(18, 2),
	"vat_amount" numeric(18, 2),
	"amount_with_vat" numeric(18, 2),
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acceptance_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text,
	"okei_code" text,
	"unit_name" text,
	"quantity" numeric(26, 11),
	"price" numeric(26, 11),
	"amount_without_vat" numeric(18, 2),
	"vat_rate" text,
	"vat_amount" numeric(18, 2),
	"amount_with_vat" numeric(18, 2),
	"item_code" text,
	"position_id" integer,
	"confidence" real,
	"mapped_by" text
);
--> statement-breakpoint
CREATE TABLE "payment_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"import_id" integer,
	"contract_id" integer,
	"linked_by" text,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"doc_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"payer_name" text,
	"payer_inn" text,
	"payer_account" text DEFAULT '' NOT NULL,
	"payee_name" text,
	"payee_inn" text,
	"payee_kpp" text,
	"payee_account" text,
	"purpose" text,
	"written_off_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"contract_id" integer,
	"period_from" date,
	"period_to" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"file_key" text,
	"file_name" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "acceptance_documents_contract_idx" ON "acceptance_documents" USING btree ("company_id","contract_id","doc_date","id");--> statement-breakpoint
CREATE INDEX "acceptance_documents_company_date_idx" ON "acceptance_documents" USING btree ("company_id","doc_date");--> statement-breakpoint
CREATE UNIQUE INDEX "acceptance_lines_document_ordinal_uq" ON "acceptance_lines" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "acceptance_lines_company_position_idx" ON "acceptance_lines" USING btree ("company_id","position_id");--> statement-breakpoint
CREATE INDEX "payment_imports_company_idx" ON "payment_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_identity_uq" ON "payment_orders" USING btree ("company_id","number","doc_date","amount","payer_account");--> statement-breakpoint
CREATE INDEX "payment_orders_company_date_idx" ON "payment_orders" USING btree ("company_id","doc_date","id");--> statement-breakpoint
CREATE INDEX "payment_orders_company_contract_idx" ON "payment_orders" USING btree ("company_id","contract_id","doc_date");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_code_uq" ON "reports" USING btree ("code");--> statement-breakpoint
CREATE INDEX "reports_company_created_idx" ON "reports" USING btree ("company_id","created_at","id");