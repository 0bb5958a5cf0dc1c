-- An ИНН without a КПП is the whole organisation (an ИП has none; a legal entity typed without one claims every
-- branch): beside it no other active company may have that ИНН, with a КПП or without (issue 40, S9). The unique
-- index of 0014 over (inn, COALESCE(kpp, '')) cannot say it — ('…', '') and ('…', '770101001') differ — and no index
-- can, so a trigger checks it, under a transaction-scoped advisory lock per ИНН: two inserts at once wait for each
-- other, and the second sees the first (each statement of a plpgsql function takes a new snapshot). The refusal is a
-- unique violation with a constraint name of its own, which the API words in Russian (modules/companies/identity.ts).
CREATE OR REPLACE FUNCTION "companies_inn_without_kpp_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.inn IS NULL OR NEW.deleted_at IS NOT NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('companies.inn:' || NEW.inn));
  IF EXISTS (
    SELECT 1 FROM companies c
    WHERE c.inn = NEW.inn AND c.deleted_at IS NULL AND c.id <> NEW.id
      AND (NULLIF(NEW.kpp, '') IS NULL OR NULLIF(c.kpp, '') IS NULL)
  ) THEN
    RAISE EXCEPTION 'ИНН % без КПП и тот же ИНН у другой организации', NEW.inn
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'companies_inn_without_kpp_uq';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "companies_inn_without_kpp" ON "companies";
--> statement-breakpoint
CREATE TRIGGER "companies_inn_without_kpp" BEFORE INSERT OR UPDATE OF "inn", "kpp", "deleted_at" ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "companies_inn_without_kpp_check"();
--> statement-breakpoint
-- a tariff's price keeps the one bound of every typed sum (14 integer digits, contract's DECIMAL_INT_DIGITS) like the
-- other money columns; numeric(14,2) held only 12
ALTER TABLE "tariff_plans" ALTER COLUMN "price" TYPE numeric(18, 2);
--> statement-breakpoint
-- why the operator approved an ИНН that another organisation has (issue 40, S8) is kept in the request's reason
COMMENT ON COLUMN "company_identity_requests"."reason" IS 'the operator''s reason: of a refusal, or of an approval of an ИНН another organisation has';
