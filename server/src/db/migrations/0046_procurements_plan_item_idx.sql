-- The dashboard's «начато по плану» counted every purchase of the company (435 buffers at 1 000 contracts); the
-- partial unique index leaves out cancelled and failed ones, so the count could not use it (issue 45).
CREATE INDEX IF NOT EXISTS "procurements_company_plan_item_idx" ON "procurements" ("company_id", "plan_item_id") WHERE "plan_item_id" IS NOT NULL;
