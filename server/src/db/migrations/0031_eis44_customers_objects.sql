-- A 44-ФЗ notice keeps what it says of each customer and of its objects (issue 39): a purchase placed by an
-- authorised body or institution names several customers (customerRequirementInfo: the customer's regNum, the ИКУ of
-- IKZInfo/customerCode, its ИКЗ, НМЦК and finance by year), and its objects (purchaseObject: ОКПД2/КТРУ, quantity,
-- price, sum). Kept as ЕИС published them, beside the notice's own columns.
ALTER TABLE "eis44_notices" ADD COLUMN IF NOT EXISTS "lots" jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE "eis44_notices" ADD COLUMN IF NOT EXISTS "objects" jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
-- the customers' ИКУ of every lot, for «this purchase is the company's» by the ИКУ its ИКЗ carries (ИНН and КПП)
ALTER TABLE "eis44_notices" ADD COLUMN IF NOT EXISTS "customer_ikus" jsonb NOT NULL DEFAULT '[]'::jsonb;
