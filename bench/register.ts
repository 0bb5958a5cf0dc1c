/**
 * Реестр закупок at 100,000 rows: seeds a fresh embedded database (PGlite, in memory) with multi-row inserts and
 * times the register's page queries (each with its count) and the Russian full-text search through the service.
 *
 *   npx tsx bench/register.ts            # 100,000 rows
 *   ROWS=20000 npx tsx bench/register.ts
 *   EXPLAIN=1 npx tsx bench/register.ts  # plans of the queries over the target
 *   TARGET_MS=40 EXPLAIN=1 npx tsx bench/register.ts  # a tighter target: plans of the pages above it
 */
import { sql } from 'drizzle-orm';
import { RegisterQuery } from '@proc/contract';
import { openDatabase, runMigrations } from '../server/src/db/client';
import { companies, procurementOkpd2, procurements } from '../server/src/db/schema';
import type { Ctx, Deps } from '../server/src/platform/context';
import { listRegister } from '../server/src/modules/procurements/list-register';
import { registerWhere } from '../server/src/modules/procurements/register-where';
import { registerOrder } from '../server/src/modules/procurements/register-order';
import { searchVectorSql } from '../server/src/modules/procurements/save-procurement';
import { readOkpd2Text } from '../server/src/modules/catalogs/seed/seed-okpd2';
import { addDays } from '../server/src/platform/clock';

const ROWS = Number(process.env.ROWS ?? 100_000);
const NOISE_ROWS = Math.round(ROWS / 10); // another company's procurements, so the company filter matters
const BATCH = 1000;
const TARGET_MS = Number(process.env.TARGET_MS ?? 100);
const RUNS = 7;

/** Deterministic pseudo-random numbers, so every run measures the same data. */
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

const FALLBACK_OKPD2: [string, string][] = [
  ['17.12.14.129', 'Бумага печатная прочая'],
  ['26.20.11.110', 'Ноутбуки'],
  ['81.21.10.000', 'Услуги по общей уборке зданий'],
  ['43.91.19.110', 'Работы строительные по устройству любых видов кровельных покрытий зданий и сооружений'],
  ['19.20.21.125', 'Бензин автомобильный с октановым числом более 92, но не более 95'],
  ['80.10.12.200', 'Услуги частных охранных организаций'],
];
const okpd2Leaves: [string, string][] = readOkpd2Text()
  .split('\n')
  .map((l) => l.split('\t').map((s) => s.trim()) as [string, string])
  .filter(([code, name]) => /^\d{2}\.\d{2}\.\d{2}\.\d{3}$/.test(code ?? '') && name);

const WHAT = ['Поставка', 'Закупка', 'Приобретение', 'Оказание услуг по', 'Выполнение работ по'];
const OBJECTS = [
  'офисной бумаги',
  'канцелярских товаров',
  'компьютерной техники',
  'серверного оборудования',
  'бензина АИ-95',
  'дизельного топлива',
  'спецодежды',
  'медицинских изделий',
  'мебели для офиса',
  'уборке помещений',
  'охране объектов',
  'техническому обслуживанию лифтов',
  'ремонту кровли',
  'ремонту дорог',
  'вывозу твёрдых коммунальных отходов',
  'питьевой воды',
  'продуктов питания',
  'лицензий на программное обеспечение',
  'строительных материалов',
  'электротоваров',
  'моющих средств',
  'запасных частей для автомобилей',
  'страхованию имущества',
  'обучению персонала',
];
const FOR = [
  'для нужд заказчика',
  'для филиала в г. Майкопе',
  'на 2026 год',
  'для производственного цеха № 2',
  'для административного здания',
  '',
];
const METHODS = ['competition_e', 'auction_e', 'quotation_e', 'proposal_e', 'single', 'competition', 'auction'];
const STATUSES = ['draft', 'docs_ready', 'published', 'accepting', 'summing_up', 'contract_signed', 'cancelled', 'failed'];
const SUBJECTS = ['goods', 'works', 'services'] as const;

const day = (base: string, plus: number) => addDays(base, plus);

function row(companyId: number, n: number) {
  const title = `${pick(WHAT)} ${pick(OBJECTS)} ${pick(FOR)}`.trim();
  // one in five uses a popular code, as real registers do
  const codes = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => (rnd() < 0.2 ? pick(FALLBACK_OKPD2) : pick(okpd2Leaves)));
  const published = rnd() < 0.85 ? day('2024-01-09', Math.floor(rnd() * 1000)) : null;
  const subject = pick(SUBJECTS);
  const subjectDescription = rnd() < 0.3 ? `Количество и характеристики — в техническом задании; ${pick(OBJECTS)}` : null;
  const okpd2 = [...new Map(codes.map(([code, name]) => [code, { code, name }])).values()];
  return {
    values: {
      companyId,
      number: `${2024 + Math.floor(n / 40_000)}-${String(n).padStart(6, '0')}`,
      title,
      method: pick(METHODS),
      subject,
      subjectDescription,
      nmcd: (Math.floor(rnd() * 5_000_000_000) / 100).toFixed(2),
      currency: 'RUB',
      status: pick(STATUSES),
      smeOnly: rnd() < 0.25,
      publishedOn: published,
      applicationDeadline: published ? day(published, 5 + Math.floor(rnd() * 20)) : null,
      hasViolations: rnd() < 0.05,
      createdAt: new Date(Date.parse('2024-01-01T09:00:00Z') + n * 60_000),
      searchVector: searchVectorSql(title, subject, subjectDescription, okpd2),
    },
    okpd2,
  };
}

async function seedRows(db: Deps['db'], companyId: number, count: number, startN: number) {
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => row(companyId, startN + i + k));
    const inserted = await db
      .insert(procurements)
      .values(batch.map((b) => b.values))
      .returning({ id: procurements.id });
    const lines = batch.flatMap((b, k) =>
      b.okpd2.map((o, pos) => ({ procurementId: inserted[k].id, companyId, position: pos + 1, code: o.code, name: o.name })),
    );
    await db.insert(procurementOkpd2).values(lines);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const started = Date.now();
  const database = await openDatabase({});
  await runMigrations(database);
  const db = database.db;
  const [target] = await db.insert(companies).values({ title: 'АО «Бенчмарк»' }).returning();
  const [noise] = await db.insert(companies).values({ title: 'ООО «Шум»' }).returning();
  console.log(`database ${database.kind}, migrations ${Date.now() - started} ms; ОКПД2 leaves: ${okpd2Leaves.length}`);

  const t0 = Date.now();
  await seedRows(db, target.id, ROWS, 1);
  await seedRows(db, noise.id, NOISE_ROWS, ROWS + 1);
  const seeded = Date.now() - t0;
  await database.sql.exec('VACUUM ANALYZE');
  console.log(
    `seeded ${ROWS.toLocaleString('ru-RU')} + ${NOISE_ROWS.toLocaleString('ru-RU')} procurements in ${(seeded / 1000).toFixed(1)} s (${Math.round(((ROWS + NOISE_ROWS) * 1000) / seeded)} rows/s, multi-row inserts of ${BATCH}), then VACUUM ANALYZE`,
  );

  const ctx = { deps: { db } as Deps, user: { id: 1 } as Ctx['user'], companyId: target.id } as Ctx;
  const lastPage = Math.ceil(ROWS / 10);
  const cases: [string, Record<string, string>][] = [
    ['page 1, default sort (created_at desc)', {}],
    ['page 2', { page: '2' }],
    ['page 100', { page: '100' }],
    [`last page (${lastPage})`, { page: String(lastPage) }],
    [`middle page (${lastPage / 2})`, { page: String(lastPage / 2) }],
    ['page 1, 100 rows', { limit: '100' }],
    ['sort number asc', { sort: 'number', order: 'asc' }],
    ['sort title asc (ICU collation)', { sort: 'title', order: 'asc' }],
    ['sort title desc, page 500', { sort: 'title', order: 'desc', page: '500' }],
    [`sort title asc, middle page (${lastPage / 2})`, { sort: 'title', order: 'asc', page: String(lastPage / 2) }],
    ['sort nmcd desc', { sort: 'nmcd', order: 'desc' }],
    [`sort nmcd asc, last page`, { sort: 'nmcd', order: 'asc', page: String(lastPage) }],
    [`sort status asc, middle page`, { sort: 'status', order: 'asc', page: String(lastPage / 2) }],
    ['sort published_on asc', { sort: 'published_on', order: 'asc' }],
    ['sort application_deadline desc', { sort: 'application_deadline', order: 'desc' }],
    ['sort status asc (lifecycle order)', { sort: 'status', order: 'asc' }],
    ['filter status=accepting,summing_up', { status: 'accepting,summing_up' }],
    ['filter method=quotation_e', { method: 'quotation_e' }],
    ['filter published in one month', { published_from: '2025-03-01', published_to: '2025-03-31' }],
    [
      'filter deadline range, sort deadline',
      { deadline_from: '2025-06-01', deadline_to: '2025-06-30', sort: 'application_deadline', order: 'asc' },
    ],
    ['filter НМЦД 1–5 млн, sort nmcd', { nmcd_min: '1000000', nmcd_max: '5000000', sort: 'nmcd', order: 'asc' }],
    ['filter ОКПД2 prefix 26.20', { okpd2: '26.20' }],
    ['filter has_violations=true', { has_violations: 'true' }],
    ['filter sme_only + status + subject', { sme_only: 'true', status: 'draft', subject: 'goods' }],
    ['text «бумага» (finds «бумаги»)', { q: 'бумага' }],
    ['text «ремонт кровли», sort title', { q: 'ремонт кровли', sort: 'title', order: 'asc' }],
    ['text «лицензий программного»', { q: 'лицензий программного' }],
    ['text in ОКПД2 names «ноутбуки»', { q: 'ноутбуки' }],
    ['text + status + НМЦД', { q: 'топливо', status: 'published', nmcd_min: '100000' }],
    ['text, no match «фисташки»', { q: 'фисташки' }],
    ['text, rarer word «страхованию имущества»', { q: 'страхованию имущества' }],
    ['exact number', { q: '2025-050000' }],
  ];

  console.log(`\n${'query'.padEnd(44)} ${'rows'.padStart(7)} ${'median ms'.padStart(10)} ${'max ms'.padStart(8)}`);
  const slow: [string, Record<string, string>][] = [];
  for (const [name, raw] of cases) {
    const q = RegisterQuery.parse(raw);
    await listRegister(ctx, q); // warm-up
    const times: number[] = [];
    let total = '';
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const r = await listRegister(ctx, q);
      times.push(performance.now() - s);
      total = `${r.total}${r.total_capped ? '+' : ''}`;
    }
    const m = median(times);
    if (m > TARGET_MS) slow.push([name, raw]);
    console.log(
      `${name.padEnd(44)} ${total.padStart(7)} ${m.toFixed(1).padStart(10)} ${Math.max(...times)
        .toFixed(1)
        .padStart(8)}${m > TARGET_MS ? '  ⚠ over target' : ''}`,
    );
  }
  console.log(
    `\nmedian of ${RUNS} runs of one page (page query + count with the same filters, capped at 10,000 (shown as 10000+), + ОКПД2 codes of the page); target < ${TARGET_MS} ms per page`,
  );
  console.log(slow.length ? `over target: ${slow.map(([n]) => n).join('; ')}` : 'every query within target');

  if (process.env.EXPLAIN) {
    for (const [name, raw] of slow.length ? slow : cases.slice(0, 3)) {
      const q = RegisterQuery.parse(raw);
      const query = db
        .select({ id: procurements.id })
        .from(procurements)
        .where(registerWhere(target.id, q))
        .orderBy(...registerOrder(q))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const { sql: text, params } = query.toSQL();
      const plan = await database.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${text}`, params);
      console.log(`\n--- ${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  await db.execute(sql`select 1`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
