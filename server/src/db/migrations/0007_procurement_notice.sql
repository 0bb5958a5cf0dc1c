ALTER TABLE "procurements" ADD COLUMN "notice_number" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "procurements_company_notice_uq" ON "procurements" USING btree ("company_id","notice_number") WHERE "notice_number" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "contracts_company_notice_idx" ON "contracts" USING btree ("company_id","purchase_notice_number") WHERE "purchase_notice_number" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "method_name" text;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN "warnings" text[] DEFAULT '{}'::text[] NOT NULL;
