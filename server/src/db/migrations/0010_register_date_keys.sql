-- The register's two optional dates are sorted by a never-NULL key (a missing date as 'infinity', where NULL sorted
-- anyway), so that a deep page is sought by a row comparison on the index (list-register.ts, register-walk.ts).
DROP INDEX IF EXISTS "procurements_company_published_idx";
--> statement-breakpoint
CREATE INDEX "procurements_company_published_idx" ON "procurements" USING btree ("company_id",(COALESCE("published_on", 'infinity'::date)),"id");
--> statement-breakpoint
DROP INDEX IF EXISTS "procurements_company_deadline_idx";
--> statement-breakpoint
CREATE INDEX "procurements_company_deadline_idx" ON "procurements" USING btree ("company_id",(COALESCE("application_deadline", 'infinity'::date)),"id");
