-- Storage per company (modules/storage): every stored upload or generated document is a row of stored_files, so a
-- company's used bytes are a maintained counter (company_storage) checked against its tariff's storage_mb, and a file
-- deleted or replaced is released (stops counting at once) and removed from the files folder after the retention
-- period by a scheduled job.
ALTER TABLE "tariff_plans" ADD COLUMN IF NOT EXISTS "storage_mb" integer;
--> statement-breakpoint
UPDATE "tariff_plans" SET "storage_mb" = CASE "name" WHEN 'Базовый' THEN 1024 WHEN 'Стандарт' THEN 10240 END
WHERE "storage_mb" IS NULL AND "name" IN ('Базовый', 'Стандарт');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"company_id" integer,
	"kind" text NOT NULL,
	-- NULL for a file stored before this table existed without its size: filled at the next start
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stored_files_released_idx" ON "stored_files" USING btree ("released_at") WHERE "released_at" IS NOT NULL AND "removed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stored_files_unsized_idx" ON "stored_files" USING btree ("key") WHERE "size" IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "company_storage" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- what is already stored: the current version of a live procurement file counts; a replaced version was released
-- when the next one came, a deleted file's versions when it was deleted
INSERT INTO "stored_files" ("key", "company_id", "kind", "size", "created_at", "released_at")
SELECT v."storage_key", v."company_id", 'procurement_file', v."size", v."created_at",
	CASE WHEN f."deleted_at" IS NOT NULL THEN f."deleted_at"
		WHEN v."version" <> f."current_version" THEN COALESCE((SELECT n."created_at" FROM "procurement_file_versions" n WHERE n."file_id" = v."file_id" AND n."version" > v."version" ORDER BY n."version" LIMIT 1), now())
	END
FROM "procurement_file_versions" v JOIN "procurement_files" f ON f."id" = v."file_id"
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "stored_files" ("key", "company_id", "kind", "size", "created_at")
SELECT "approval_file_key", "company_id", 'rule_approval', "approval_file_size", "updated_at" FROM "rule_versions" WHERE "approval_file_key" IS NOT NULL
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "stored_files" ("key", "company_id", "kind", "created_at")
SELECT "file_key", "company_id", 'upd', "created_at" FROM "acceptance_documents"
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "stored_files" ("key", "company_id", "kind", "created_at")
SELECT "file_key", "company_id", 'payments_1c', "created_at" FROM "payment_imports"
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "stored_files" ("key", "company_id", "kind", "created_at")
SELECT "file_key", "company_id", 'signature', "created_at" FROM "signatures"
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "company_storage" ("company_id", "used_bytes")
SELECT "company_id", COALESCE(sum("size"), 0) FROM "stored_files" WHERE "company_id" IS NOT NULL AND "released_at" IS NULL GROUP BY "company_id"
ON CONFLICT ("company_id") DO NOTHING;
