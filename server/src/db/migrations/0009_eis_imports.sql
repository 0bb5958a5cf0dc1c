ALTER TABLE "eis_settings" ADD COLUMN "token_user_id" integer;
--> statement-breakpoint
CREATE TABLE "eis_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"origin" text NOT NULL,
	"document_types" text[] NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"days_total" integer NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"violations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "eis_imports_company_started_idx" ON "eis_imports" USING btree ("company_id","started_at");
--> statement-breakpoint
CREATE TABLE "eis_import_days" (
	"import_id" uuid NOT NULL,
	"day" date NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "eis_import_days_pk" PRIMARY KEY("import_id","day")
);
--> statement-breakpoint
ALTER TABLE "eis_import_days" ADD CONSTRAINT "eis_import_days_import_fk" FOREIGN KEY ("import_id") REFERENCES "eis_imports"("id") ON DELETE cascade;
