ALTER TABLE "eis_settings" ADD COLUMN "token_secret" text;
--> statement-breakpoint
ALTER TABLE "eis_settings" ADD COLUMN "region_code" text;
