-- The applications of a 44-ФЗ final protocol (issue 33): each with its price offer, its rating and whether the
-- commission admitted it (with the reasons if not), as the protocol of ЕИС (PRIZ) lists them; removed with its protocol.
CREATE TABLE IF NOT EXISTS "eis44_protocol_applications" (
  "id" serial PRIMARY KEY,
  "protocol_id" integer NOT NULL REFERENCES "eis44_notices" ("id") ON DELETE CASCADE,
  "company_id" integer NOT NULL,
  "app_number" text NOT NULL,
  "app_date" text,
  "price" numeric(20, 2),
  "rating" integer,
  "admitted" boolean NOT NULL,
  "reject_reasons" jsonb NOT NULL DEFAULT '[]'::jsonb
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "eis44_protocol_applications_uq" ON "eis44_protocol_applications" ("protocol_id", "app_number");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eis44_protocol_applications_company_idx" ON "eis44_protocol_applications" ("company_id", "protocol_id");
--> statement-breakpoint
-- why ЕИС recognised the purchase as failed (protocolInfo/abandonedReason), as the protocol words it
ALTER TABLE "eis44_notices" ADD COLUMN IF NOT EXISTS "abandoned_reason" text;
