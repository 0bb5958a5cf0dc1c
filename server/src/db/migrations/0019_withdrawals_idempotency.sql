-- A document withdrawn with a reason stays on record but counts nowhere (issue 34, H2).
ALTER TABLE "acceptance_documents" ADD COLUMN "withdrawn_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN "withdrawn_by" integer;
--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN "withdrawn_reason" text;
--> statement-breakpoint
-- Duplicates uploaded before this rule: the later copies are withdrawn, so the figures stop counting them twice.
UPDATE "acceptance_documents" d SET "withdrawn_at" = now(), "withdrawn_reason" = 'Повторная загрузка того же УПД (отозвано при обновлении)'
WHERE d."withdrawn_at" IS NULL AND EXISTS (
  SELECT 1 FROM "acceptance_documents" e
  WHERE e."company_id" = d."company_id" AND e."contract_id" = d."contract_id" AND COALESCE(e."seller_inn", '') = COALESCE(d."seller_inn", '')
    AND e."number" = d."number" AND e."doc_date" = d."doc_date" AND e."withdrawn_at" IS NULL AND e."id" < d."id"
);
--> statement-breakpoint
-- One УПД (seller ИНН + number + date) in force per contract.
CREATE UNIQUE INDEX "acceptance_documents_identity_uq" ON "acceptance_documents" ("company_id", "contract_id", COALESCE("seller_inn", ''), "number", "doc_date") WHERE "withdrawn_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "execution_records" ADD COLUMN "withdrawn_reason" text;
--> statement-breakpoint
-- A second procurement of the same plan item only when the user asked for it explicitly (issue 34, H3).
ALTER TABLE "procurements" ADD COLUMN "another_for_plan_item" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "procurements" p SET "another_for_plan_item" = true
WHERE p."plan_item_id" IS NOT NULL AND p."status" NOT IN ('cancelled', 'failed') AND EXISTS (
  SELECT 1 FROM "procurements" q
  WHERE q."company_id" = p."company_id" AND q."plan_item_id" = p."plan_item_id" AND q."status" NOT IN ('cancelled', 'failed') AND q."id" < p."id"
);
--> statement-breakpoint
CREATE UNIQUE INDEX "procurements_plan_item_uq" ON "procurements" ("company_id", "plan_item_id") WHERE "plan_item_id" IS NOT NULL AND NOT "another_for_plan_item" AND "status" NOT IN ('cancelled', 'failed');
--> statement-breakpoint
-- The first answer to a create request, returned again for a repeat carrying the same Idempotency-Key.
CREATE TABLE "idempotency_keys" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"http_status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY ("company_id", "user_id", "key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" ("created_at");
