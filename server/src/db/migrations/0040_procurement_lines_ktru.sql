-- One home for the purchase's object (issue 39): its lines — ОКПД2, КТРУ, name, unit, quantity, unit price — live on
-- the procurement; the НМЦК justification prices one of them instead of keeping its own subject, unit, quantity and
-- price; the documents print them. КТРУ (issue 42): the ЕИС catalogue's positions with their characteristics.
CREATE TABLE IF NOT EXISTS "ktru_positions" (
  "code" text PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "okpd2_code" text NOT NULL,
  "okei_code" text,
  "unit_name" text,
  "version_number" integer,
  "characteristics" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "search" tsvector GENERATED ALWAYS AS (to_tsvector('russian', "name")) STORED NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ktru_positions_okpd2_idx" ON "ktru_positions" USING btree ("okpd2_code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ktru_positions_code_prefix_idx" ON "ktru_positions" USING btree ("code" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ktru_positions_search_idx" ON "ktru_positions" USING gin ("search");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "procurement_lines" (
  "id" serial PRIMARY KEY NOT NULL,
  "company_id" integer NOT NULL,
  "procurement_id" integer NOT NULL,
  "position" integer NOT NULL,
  "okpd2_code" text,
  "ktru_code" text,
  "name" text NOT NULL,
  "okei_code" text,
  "unit_name" text,
  "quantity" numeric(20, 6),
  "unit_price" numeric(18, 2),
  "characteristics" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "procurement_lines_procurement_idx" ON "procurement_lines" USING btree ("company_id", "procurement_id", "position", "id");
--> statement-breakpoint
ALTER TABLE "nmck_calculations" ADD COLUMN IF NOT EXISTS "line_id" integer;
--> statement-breakpoint
-- a purchase with one ОКПД2 code and a justification: one line, the code with the justification's object and figures
INSERT INTO "procurement_lines" ("company_id", "procurement_id", "position", "okpd2_code", "name", "unit_name", "quantity", "unit_price")
SELECT c."company_id", c."procurement_id", 1, o."code", COALESCE(NULLIF(btrim(c."subject"), ''), o."name", p."title"), c."unit", c."quantity", c."unit_price"
FROM "nmck_calculations" c
JOIN "procurements" p ON p."id" = c."procurement_id"
LEFT JOIN LATERAL (
  SELECT min(x."code") AS "code", min(x."name") AS "name", count(*) AS "n" FROM "procurement_okpd2" x WHERE x."procurement_id" = c."procurement_id"
) o ON true
WHERE o."n" <= 1;
--> statement-breakpoint
-- every other ОКПД2 code becomes a line of its own (no quantity or price is known for it)
INSERT INTO "procurement_lines" ("company_id", "procurement_id", "position", "okpd2_code", "name")
SELECT o."company_id", o."procurement_id", o."position", o."code", COALESCE(NULLIF(btrim(o."name"), ''), o."code")
FROM "procurement_okpd2" o
WHERE NOT EXISTS (SELECT 1 FROM "procurement_lines" l WHERE l."procurement_id" = o."procurement_id");
--> statement-breakpoint
-- a justification of a purchase with several codes prices a line of its own after them
INSERT INTO "procurement_lines" ("company_id", "procurement_id", "position", "name", "unit_name", "quantity", "unit_price")
SELECT c."company_id", c."procurement_id",
  COALESCE((SELECT max(l."position") FROM "procurement_lines" l WHERE l."procurement_id" = c."procurement_id"), 0) + 1,
  COALESCE(NULLIF(btrim(c."subject"), ''), p."title"), c."unit", c."quantity", c."unit_price"
FROM "nmck_calculations" c
JOIN "procurements" p ON p."id" = c."procurement_id"
WHERE (SELECT count(*) FROM "procurement_okpd2" x WHERE x."procurement_id" = c."procurement_id") > 1;
--> statement-breakpoint
UPDATE "nmck_calculations" c SET "line_id" = (
  SELECT l."id" FROM "procurement_lines" l
  WHERE l."procurement_id" = c."procurement_id" AND l."quantity" IS NOT NULL
  ORDER BY l."position" DESC, l."id" DESC LIMIT 1
);
--> statement-breakpoint
ALTER TABLE "nmck_calculations" DROP COLUMN IF EXISTS "subject";
--> statement-breakpoint
ALTER TABLE "nmck_calculations" DROP COLUMN IF EXISTS "unit";
--> statement-breakpoint
ALTER TABLE "nmck_calculations" DROP COLUMN IF EXISTS "quantity";
--> statement-breakpoint
ALTER TABLE "nmck_calculations" DROP COLUMN IF EXISTS "unit_price";
