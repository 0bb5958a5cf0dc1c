-- Qualified electronic signatures (modules/signatures): who may sign for a company, and every signature kept beside
-- its document with its verification result.
CREATE TABLE IF NOT EXISTS "signing_rights" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"person_inn" text,
	"mchd_number" text,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_rights_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "signing_rights_user_idx" ON "signing_rights" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"user_id" integer,
	"certificate" jsonb,
	"certificate_serial" text,
	"valid" boolean NOT NULL,
	"reason" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signing_time" timestamp with time zone,
	"mchd_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "signatures_document_idx" ON "signatures" USING btree ("company_id","document_kind","document_id");
