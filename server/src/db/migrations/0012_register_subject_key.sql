-- The register's filter by subject (goods, works, services) had no index of its own, as status and method have: a
-- subject that few of the company's procurements have was found by walking all of them, for its page and again for
-- its count (25 ms per request at 40,000 procurements in the soak).
CREATE INDEX IF NOT EXISTS "procurements_company_subject_idx" ON "procurements" USING btree ("company_id","subject","created_at");
