-- One home for each fact (issue 39): the purchase's НМЦД, dates, place and terms of delivery, ОКПД2 and the rest live
-- on the procurement only. The documentation's stored copies are moved onto the purchase where it had none, then
-- removed; a generated version records the revision and the facts it was rendered from (out-of-date marks).
ALTER TABLE "procurements" ADD COLUMN IF NOT EXISTS "revision" integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE "procurement_file_versions" ADD COLUMN IF NOT EXISTS "procurement_revision" integer;
--> statement-breakpoint
ALTER TABLE "procurement_file_versions" ADD COLUMN IF NOT EXISTS "facts" jsonb;
--> statement-breakpoint
-- a typed date that is no date (2026-02-31) is not moved, rather than failing the migration
CREATE OR REPLACE FUNCTION "migration_0030_date"(t text) RETURNS date LANGUAGE plpgsql AS $$
BEGIN
  IF t IS NULL OR t !~ '^\d{4}-\d{2}-\d{2}$' THEN RETURN NULL; END IF;
  RETURN t::date;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;
--> statement-breakpoint
WITH v AS (
  SELECT "procurement_id", "values",
    CASE "template" WHEN 'notice' THEN 1 WHEN 'documentation' THEN 2 WHEN 'draft-contract' THEN 3 WHEN 'tech-spec' THEN 4 ELSE 5 END AS "rank"
  FROM "procurement_field_values"
),
firsts AS (
  SELECT "procurement_id",
    (array_agg(NULLIF(btrim("values"->>'deliveryPlace'), '') ORDER BY "rank") FILTER (WHERE NULLIF(btrim("values"->>'deliveryPlace'), '') IS NOT NULL))[1] AS "delivery_place",
    (array_agg(NULLIF(btrim("values"->>'deliveryTerms'), '') ORDER BY "rank") FILTER (WHERE NULLIF(btrim("values"->>'deliveryTerms'), '') IS NOT NULL))[1] AS "delivery_terms",
    (array_agg(NULLIF(btrim("values"->>'subjectDescription'), '') ORDER BY "rank") FILTER (WHERE NULLIF(btrim("values"->>'subjectDescription'), '') IS NOT NULL))[1] AS "subject_description",
    (array_agg("migration_0030_date"("values"->>'publicationDate') ORDER BY "rank") FILTER (WHERE "migration_0030_date"("values"->>'publicationDate') IS NOT NULL))[1] AS "published_on",
    (array_agg("migration_0030_date"("values"->>'applicationDeadline') ORDER BY "rank") FILTER (WHERE "migration_0030_date"("values"->>'applicationDeadline') IS NOT NULL))[1] AS "application_deadline",
    (array_agg("migration_0030_date"("values"->>'reviewDate') ORDER BY "rank") FILTER (WHERE "migration_0030_date"("values"->>'reviewDate') IS NOT NULL))[1] AS "review_on",
    (array_agg("migration_0030_date"("values"->>'summingUpDate') ORDER BY "rank") FILTER (WHERE "migration_0030_date"("values"->>'summingUpDate') IS NOT NULL))[1] AS "summing_up_on"
  FROM v
  GROUP BY "procurement_id"
)
UPDATE "procurements" p SET
  "delivery_place" = COALESCE(p."delivery_place", f."delivery_place"),
  "delivery_terms" = COALESCE(p."delivery_terms", f."delivery_terms"),
  "subject_description" = COALESCE(p."subject_description", f."subject_description"),
  "published_on" = COALESCE(p."published_on", f."published_on"),
  "application_deadline" = COALESCE(p."application_deadline", f."application_deadline"),
  "review_on" = COALESCE(p."review_on", f."review_on"),
  "summing_up_on" = COALESCE(p."summing_up_on", f."summing_up_on")
FROM firsts f
WHERE f."procurement_id" = p."id";
--> statement-breakpoint
-- ОКПД2 typed in a document of a purchase that had no lines becomes its lines (codes only, the classifier's form)
INSERT INTO "procurement_okpd2" ("procurement_id", "company_id", "position", "code")
SELECT c."procurement_id", c."company_id", row_number() OVER (PARTITION BY c."procurement_id" ORDER BY c."n")::int, c."code"
FROM (
  SELECT DISTINCT ON (fv."procurement_id", t."code") fv."procurement_id", fv."company_id", t."code", t."n"
  FROM "procurement_field_values" fv
  CROSS JOIN LATERAL regexp_split_to_table(COALESCE(fv."values"->>'okpd2', ''), '[,;[:space:]]+') WITH ORDINALITY AS t("code", "n")
  WHERE fv."template" = 'notice'
    AND t."code" ~ '^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$'
    AND NOT EXISTS (SELECT 1 FROM "procurement_okpd2" o WHERE o."procurement_id" = fv."procurement_id")
  ORDER BY fv."procurement_id", t."code", t."n"
) c;
--> statement-breakpoint
UPDATE "procurement_field_values" SET "values" = "values" - ARRAY[
  'procurementNumber', 'procurementTitle', 'procurementMethod', 'subjectDescription', 'okpd2', 'nmcd', 'contractPrice',
  'currency', 'publicationDate', 'applicationStartDate', 'applicationDeadline', 'reviewDate', 'summingUpDate',
  'deliveryPlace', 'deliveryTerms', 'applicationSecurity', 'contractSecurity'
]::text[];
--> statement-breakpoint
DROP FUNCTION IF EXISTS "migration_0030_date"(text);
