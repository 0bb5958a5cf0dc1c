-- 44-ФЗ contracts (issue 33): the register holds contracts of both laws, told apart by `law` (the filter's index); a
-- 44-ФЗ contract carries its ИКЗ (the link to the план-график position), ЕИС's stages of execution and its
-- currentContractStage. What ЕИС says of its execution (contractProcedure) and of its cancellation (contractCancel)
-- is kept per document, by the contract's registry number: a document may arrive before its contract.
ALTER TABLE "contracts" ADD COLUMN IF NOT EXISTS "law" text NOT NULL DEFAULT '223';
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN IF NOT EXISTS "ikz" text;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN IF NOT EXISTS "eis_stages" jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN IF NOT EXISTS "eis_stage" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_company_law_idx" ON "contracts" ("company_id", "law", "contract_date", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_company_ikz_idx" ON "contracts" ("company_id", "ikz") WHERE "ikz" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "contract_documents_44" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "registry_number" text NOT NULL,
  -- 'procedure' (contractProcedure) or 'cancel' (contractCancel)
  "kind" text NOT NULL,
  -- ЕИС's document id (the cancel's: its registry number and date)
  "eis_id" text NOT NULL,
  "version" integer NOT NULL DEFAULT 0,
  "published_at" text,
  "payload" jsonb NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contract_documents_44_uq" ON "contract_documents_44" ("company_id", "kind", "eis_id", "version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contract_documents_44_registry_idx" ON "contract_documents_44" ("company_id", "registry_number");
