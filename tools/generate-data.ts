/**
 * Load-test data for one realistic customer, built inside PostgreSQL with INSERT … SELECT generate_series (no COPY
 * client needed; a million rows in a few minutes):
 *
 *   npx tsx tools/generate-data.ts --procurements 1000000 --contracts 200000 --database-url postgres://…/db [--company-id 2]
 *
 * Migrates the database first. Writes procurements (Russian titles from ОКПД2 names in server/data/okpd2.tsv.gz, statuses,
 * methods, НМЦД, dates, ОКПД2 lines and the search vector the service writes), contracts with positions and plans with
 * items, and payment orders (1C «Платежное поручение», linked to their contract) for contracts in execution or completed.
 * Without --company-id the demo customer «АО «Демо-Заказчик»» is used when present, else a new company.
 */
import pg from 'pg';
import { SUBJECT_TITLES } from '@proc/contract';
import { openDatabase, runMigrations } from '../server/src/db/client';
import { readOkpd2Text } from '../server/src/modules/catalogs/seed/seed-okpd2';
import { loadConfig } from '../server/src/config';

/** Runs one SQL statement (a pg client, or a node's embedded database through tools that have one). */
export type Exec = (text: string) => Promise<{ rows: Record<string, unknown>[]; rowCount?: number | null }>;

export interface GenerateOptions {
  /** A migrated database to write into. */
  exec: Exec;
  procurements: number;
  contracts: number;
  plans?: number;
  companyId?: number;
  log?: (line: string) => void;
}

const WHAT = { goods: ['Поставка', 'Закупка', 'Приобретение'], works: ['Выполнение работ:'], services: ['Оказание услуг:'] };
const FOR = [
  'для нужд заказчика',
  'для филиала в г. Майкопе',
  'на 2026 год',
  'для производственного цеха № 2',
  'для административного здания',
  'для обособленного подразделения',
  '',
];
const METHODS = ['competition_e', 'auction_e', 'quotation_e', 'proposal_e', 'single', 'competition', 'auction'];
const STATUSES = ['draft', 'docs_ready', 'published', 'accepting', 'summing_up', 'contract_signed', 'cancelled', 'failed'];
const SUPPLIERS = [
  'ООО «Ромашка»',
  'АО «СтройТехМонтаж»',
  'ООО «Канцлер»',
  'ИП Иванов Иван Иванович',
  'ООО «Чистый город»',
  'ПАО «Ростелеком»',
  'ООО «Охрана-Юг»',
  'АО «Топливная компания»',
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;

/** ОКПД2 leaves (codes XX.XX.XX.XXX) with their names, lower-cased first letter for use inside a title. */
function okpd2Leaves(): [string, string][] {
  return readOkpd2Text()
    .split('\n')
    .map((l) => l.split('\t').map((s) => s.trim()) as [string, string])
    .filter(([code, name]) => /^\d{2}\.\d{2}\.\d{2}\.\d{3}$/.test(code ?? '') && name && name.length < 160);
}

/** Migrates the PostgreSQL database at `url` and returns a one-connection executor on it. */
export async function pgExec(url: string): Promise<{ exec: Exec; close(): Promise<void> }> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await runMigrations(database);
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return { exec: (text) => c.query(text), close: () => c.end() };
}

export async function generateData(opts: GenerateOptions): Promise<{ companyId: number }> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const c = { query: <T = Record<string, unknown>>(text: string) => opts.exec(text) as Promise<{ rows: T[]; rowCount?: number | null }> };
  const step = async (name: string, text: string) => {
    const t0 = Date.now();
    const r = await c.query(text);
    log(`${name}: ${r.rowCount != null ? `${r.rowCount} rows, ` : ''} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    let companyId = opts.companyId;
    if (!companyId) {
      const found = await c.query<{ id: number }>(`SELECT id FROM companies WHERE title = 'АО «Демо-Заказчик»' LIMIT 1`);
      companyId =
        found.rows[0]?.id ??
        (await c.query<{ id: number }>(`INSERT INTO companies (title) VALUES ('АО «Нагрузочный заказчик»') RETURNING id`)).rows[0].id;
    }
    const leaves = okpd2Leaves();
    await c.query('DROP TABLE IF EXISTS gen_okpd2; CREATE TEMP TABLE gen_okpd2 (n int PRIMARY KEY, code text, name text)');
    for (let i = 0; i < leaves.length; i += 2000) {
      const chunk = leaves.slice(i, i + 2000);
      await c.query(`INSERT INTO gen_okpd2 VALUES ${chunk.map(([code, name], k) => `(${i + k}, ${lit(code)}, ${lit(name)})`).join(',')}`);
    }
    const nLeaves = leaves.length;
    // a procurement number space of its own, so reruns on the same database add rows instead of colliding
    const base = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM procurements WHERE company_id = ${companyId}`)).rows[0].n);
    const batch = 100_000;
    // Deterministic "random" values from hashes of the row number keep the data identical between runs.
    const h = (salt: number) => `(hashint4(g + ${salt})::bigint & 2147483647)::int`;
    for (let from = 1; from <= opts.procurements; from += batch) {
      const to = Math.min(opts.procurements, from + batch - 1);
      await step(
        `procurements ${from}–${to}`,
        `WITH src AS (
          SELECT g, o.code, o.name,
            CASE WHEN left(o.code, 2)::int BETWEEN 41 AND 43 THEN 'works' WHEN left(o.code, 2)::int >= 45 THEN 'services' ELSE 'goods' END AS subject,
            (${arr(FOR)})[1 + ${h(2)} % ${FOR.length}] AS suffix,
            CASE WHEN ${h(3)} % 100 < 85 THEN DATE '2024-01-09' + (${h(4)} % 1000) END AS published
          FROM generate_series(${base + from}, ${base + to}) g JOIN gen_okpd2 o ON o.n = ${h(0)} % ${nLeaves}
        ), rows AS (
          SELECT src.*, trim(CASE subject WHEN 'goods' THEN (${arr(WHAT.goods)})[1 + ${h(5)} % 3] || ' ' || lower(name)
                 WHEN 'works' THEN ${lit(WHAT.works[0])} || ' ' || lower(name) ELSE ${lit(WHAT.services[0])} || ' ' || lower(name) END || ' ' || suffix) AS title
          FROM src
        )
          INSERT INTO procurements (company_id, number, title, method, subject, nmcd, status, sme_only, published_on, application_deadline, has_violations, created_at, updated_at, search_vector)
          SELECT ${companyId}, (2024 + g / 400000)::text || '-' || lpad(g::text, 7, '0'), title,
            (${arr(METHODS)})[1 + ${h(6)} % ${METHODS.length}], subject,
            round((${h(7)} % 500000000)::numeric / 100 * (1 + ${h(8)} % 100), 2),
            (${arr(STATUSES)})[1 + ${h(9)} % ${STATUSES.length}], ${h(10)} % 4 = 0, published,
            published + (5 + ${h(11)} % 20), ${h(12)} % 20 = 0,
            TIMESTAMPTZ '2024-01-01 09:00Z' + g * interval '1 minute', TIMESTAMPTZ '2024-01-01 09:00Z' + g * interval '1 minute',
            setweight(to_tsvector('russian'::regconfig, title), 'A')
              || setweight(to_tsvector('russian'::regconfig, CASE subject ${Object.entries(SUBJECT_TITLES)
                .map(([k, v]) => `WHEN ${lit(k)} THEN ${lit(v)}`)
                .join(' ')} ELSE '' END), 'B')
              || setweight(to_tsvector('russian'::regconfig, code || ' ' || name), 'C')
          FROM rows`,
      );
      await step(
        `  their ОКПД2 lines`,
        `INSERT INTO procurement_okpd2 (procurement_id, company_id, position, code, name)
        SELECT p.id, p.company_id, 1, o.code, o.name
        FROM procurements p JOIN gen_okpd2 o ON o.n = (hashint4(split_part(p.number, '-', 2)::int)::bigint & 2147483647)::int % ${nLeaves}
        WHERE p.company_id = ${companyId} AND split_part(p.number, '-', 2)::int BETWEEN ${base + from} AND ${base + to}`,
      );
    }
    if (opts.contracts > 0) {
      const cbase = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM contracts WHERE company_id = ${companyId}`)).rows[0].n);
      for (let from = 1; from <= opts.contracts; from += batch) {
        const to = Math.min(opts.contracts, from + batch - 1);
        await step(
          `contracts ${from}–${to} with positions`,
          `WITH ins AS (
            INSERT INTO contracts (company_id, registry_number, version, number, contract_date, subject, supplier_name, supplier_inn, supplier_kpp, price, start_date, end_date, status, purchase_notice_number, method_code, published_at, source, search_vector)
            SELECT ${companyId}, '5' || lpad((230100000000000 + g)::text, 18, '0'), 1, 'Д-' || g, DATE '2024-01-15' + (${h(21)} % 900),
              'Поставка: ' || lower(o.name), (${arr(SUPPLIERS)})[1 + ${h(22)} % ${SUPPLIERS.length}], lpad((7700000000 + ${h(23)} % 99999999)::text, 10, '0'), '770101001',
              round((${h(24)} % 100000000)::numeric / 100 * (1 + ${h(25)} % 20), 2), DATE '2024-01-15' + (${h(21)} % 900), DATE '2024-01-15' + (${h(21)} % 900) + 180,
              (ARRAY['registered','executing','completed','terminated']::text[])[1 + ${h(26)} % 4], '3' || lpad(g::text, 10, '0'), (${arr(['20000', '4000', '5000', '6000'])})[1 + ${h(27)} % 4],
              TIMESTAMPTZ '2024-01-16 10:00Z' + (${h(21)} % 900) * interval '1 day' + (${h(28)} % 5) * interval '1 day', 'eis',
              to_tsvector('russian'::regconfig, 'Поставка: ' || o.name)
            FROM generate_series(${cbase + from}, ${cbase + to}) g JOIN gen_okpd2 o ON o.n = ${h(20)} % ${nLeaves}
            RETURNING id, price, subject
          )
          INSERT INTO contract_positions (contract_id, ordinal, name, okpd2_code, okpd2_name, okei_code, okei_name, quantity, unit_price, amount)
          SELECT ins.id, k, substr(ins.subject, 11), o.code, o.name, '796', 'Штука', 10 * k, round(ins.price / 60 / k, 2), round(ins.price / 60 / k, 2) * 10 * k
          FROM ins CROSS JOIN generate_series(1, 3) k JOIN gen_okpd2 o ON o.n = (hashint4(ins.id + k)::bigint & 2147483647)::int % ${nLeaves}`,
        );
      }
    }
    if (opts.contracts > 0) {
      // one advance for contracts in execution, an advance and the final payment for completed ones
      await step(
        'payment orders of contracts in execution and completed',
        `INSERT INTO payment_orders (company_id, contract_id, linked_by, kind, number, doc_date, amount, payer_name, payer_account, payee_name, payee_inn, payee_kpp, payee_account, purpose, written_off_date)
        SELECT c.company_id, c.id, 'auto', 'Платежное поручение', (c.id * 10 + k)::text, c.contract_date + 20 * k,
          CASE k WHEN 1 THEN round(c.price * 0.3, 2) ELSE c.price - round(c.price * 0.3, 2) END,
          'АО «Демо-Заказчик»', '40702810900000000001', c.supplier_name, c.supplier_inn, c.supplier_kpp, '40702810' || lpad((c.id % 1000000000000)::text, 12, '0'),
          'Оплата по договору № ' || c.number || ' от ' || to_char(c.contract_date, 'DD.MM.YYYY') || CASE k WHEN 1 THEN ', аванс 30 %' ELSE ', окончательный расчёт' END || '. В т.ч. НДС 20 %',
          c.contract_date + 20 * k
        FROM contracts c CROSS JOIN generate_series(1, 2) k
        WHERE c.company_id = ${companyId} AND (c.status = 'completed' OR (c.status = 'executing' AND k = 1))
        ON CONFLICT DO NOTHING`,
      );
    }
    const plans = opts.plans ?? 3;
    if (plans > 0) {
      const items = Math.max(1, Math.round(opts.procurements / plans / 2));
      await step(
        `plans (${plans}) with ${items} items each`,
        `WITH p AS (
          INSERT INTO plans (company_id, registration_number, year, version, name, status, item_count, total, published_at, source)
          SELECT ${companyId}, '2' || lpad((${Date.now() % 1_000_000} * 10 + y)::text, 10, '0'), 2023 + y, 1, 'План закупки товаров, работ, услуг на ' || (2023 + y) || ' год', 'published', ${items}, 0, make_date(2022 + y, 12, 20), 'eis'
          FROM generate_series(1, ${plans}) y RETURNING id
        )
        INSERT INTO plan_items (plan_id, company_id, ordinal, subject, okpd2_code, okei_code, okei_name, quantity, nmcd, planned_month, method, sme_only, electronic)
        SELECT p.id, ${companyId}, i, 'Поставка: ' || lower(o.name), o.code, '796', 'Штука', 1 + (hashint4(p.id * 100000 + i)::bigint & 2147483647)::int % 500,
          round(((hashint4(i)::bigint & 2147483647)::int % 100000000)::numeric / 100, 2), make_date(2024, 1 + i % 12, 1), (${arr(METHODS)})[1 + i % ${METHODS.length}], i % 3 = 0, i % 5 > 0
        FROM p CROSS JOIN generate_series(1, ${items}) i JOIN gen_okpd2 o ON o.n = (hashint4(i + 7)::bigint & 2147483647)::int % ${nLeaves}`,
      );
      await c.query(
        `UPDATE plans SET total = s.total FROM (SELECT plan_id, sum(nmcd) AS total FROM plan_items GROUP BY plan_id) s WHERE s.plan_id = plans.id AND plans.company_id = ${companyId}`,
      );
    }
    const t0 = Date.now();
    await c.query('VACUUM ANALYZE');
    log(`VACUUM ANALYZE: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return { companyId };
  } finally {
    await c.query('DROP TABLE IF EXISTS gen_okpd2');
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!);
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const databaseUrl = arg('database-url') ?? loadConfig().DATABASE_URL;
  if (!databaseUrl) {
    console.error('usage: npx tsx tools/generate-data.ts --procurements 1000000 --contracts 200000 --database-url postgres://…');
    process.exit(2);
  }
  const started = Date.now();
  const conn = await pgExec(databaseUrl);
  generateData({
    exec: conn.exec,
    procurements: Number(arg('procurements') ?? 1_000_000),
    contracts: Number(arg('contracts') ?? 200_000),
    plans: arg('plans') ? Number(arg('plans')) : undefined,
    companyId: arg('company-id') ? Number(arg('company-id')) : undefined,
  }).then(
    async ({ companyId }) => {
      await conn.close();
      console.log(`done for company ${companyId} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
