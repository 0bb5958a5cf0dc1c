-- The buyer's title of an УПД (ON_NSCHFDOPPOK, format 5.03): the file formed for a decided document, who formed it
-- (its Подписант), and the customer's signature once signed. A new draft replaces an unsigned one.
ALTER TABLE "acceptance_documents" ADD COLUMN "buyer_title_key" text;--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN "buyer_title_name" text;--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN "buyer_title_by" integer;--> statement-breakpoint
ALTER TABLE "acceptance_documents" ADD COLUMN "buyer_title_signature_id" integer;
