-- A contract position's goods code in the classifier its record names: ЕИС records before 2017 classify by ОКДП
-- (ОК 004-93, seven digits: 2320221) or ОКПД (ОК 034-2007), later ones by ОКПД2. okpd2_code holds ОКПД2 codes only;
-- classifier says which classifier classifier_code belongs to, so an ОКДП code is never read or shown as ОКПД2.
ALTER TABLE "contract_positions" ADD COLUMN "classifier" text DEFAULT 'okpd2' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "classifier_code" text;--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "classifier_name" text;--> statement-breakpoint
ALTER TABLE "contract_positions" ADD CONSTRAINT "contract_positions_classifier_check" CHECK ("classifier" IN ('okpd2', 'okpd', 'okdp'));--> statement-breakpoint
UPDATE "contract_positions" SET "classifier_code" = "okpd2_code", "classifier_name" = "okpd2_name";--> statement-breakpoint
-- imports before this one stored ОКДП codes as ОКПД2: an ОКДП code is seven digits, an ОКПД2 code has dots (or two digits)
UPDATE "contract_positions" SET "classifier" = 'okdp', "okpd2_code" = NULL, "okpd2_name" = NULL WHERE "okpd2_code" ~ '^[0-9]{7}$';
