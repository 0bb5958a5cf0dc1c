-- A company's identity (ИНН, КПП, ОГРН) decides whose documents ЕИС gives it: a client's change of it waits for the
-- operator, the old values staying in force until then (issue 29, item 7).
CREATE TABLE "company_identity_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"ogrn" text,
	"old_inn" text,
	"old_kpp" text,
	"old_ogrn" text,
	"requested_by" integer,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "company_identity_requests_pending_uq" ON "company_identity_requests" USING btree ("company_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "company_identity_requests_status_idx" ON "company_identity_requests" USING btree ("status","id");
--> statement-breakpoint
-- One active company per ИНН+КПП: a second one would see the first one's documents in ЕИС
CREATE UNIQUE INDEX "companies_inn_kpp_active_uq" ON "companies" USING btree ("inn", COALESCE("kpp", '')) WHERE "deleted_at" IS NULL AND "inn" IS NOT NULL;
--> statement-breakpoint
-- Why the daily sync no longer acts for the company (the user whose token it is may not act or edit for it any more)
ALTER TABLE "eis_settings" ADD COLUMN "sync_stopped" text;
