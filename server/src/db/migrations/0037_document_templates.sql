-- A customer's own Word templates: one per document kind, law and subject kind, kept at the Положение's version for
-- 223-ФЗ (the documents follow the version in force) or at the company for 44-ФЗ (no Положение). Without one the
-- built-in template of server/templates/docx applies.
CREATE TABLE IF NOT EXISTS "document_templates" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "law" text NOT NULL,
  "subject" text NOT NULL,
  "document_kind" text NOT NULL,
  "rule_version_id" integer,
  "name" text NOT NULL,
  "file_key" text NOT NULL,
  "size" integer NOT NULL,
  "tags" jsonb NOT NULL,
  "uploaded_by" integer,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "document_templates_law" CHECK ("law" IN ('223', '44')),
  CONSTRAINT "document_templates_subject" CHECK ("subject" IN ('goods', 'works', 'services')),
  CONSTRAINT "document_templates_version" CHECK (("law" = '223') = ("rule_version_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "document_templates_slot" ON "document_templates" ("company_id", "law", "subject", "document_kind", COALESCE("rule_version_id", 0));
