import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  REGISTER_COUNT_CAP,
  REGISTER_TEXT_COUNT_CAP,
  RegisterItem,
  RegisterPage,
  type Paged,
  type ProcurementStatus,
} from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { moscowToday } from '../../platform/clock';
import { STATUS_RANK_SQL } from '../../db/schema';
import { download, world, xlsxRows, type World } from '../../../test/factories';

let t: TestServer;
let w: World;
/** Title → id of the procurements of the other company, the register's isolated data set. */
const ids: Record<string, number> = {};

interface Seed {
  title: string;
  method: string;
  subject: 'goods' | 'works' | 'services';
  nmcd: string;
  okpd2: { code: string; name: string }[];
  published_on?: string;
  application_deadline?: string;
  sme_only?: boolean;
  subject_description?: string;
  to?: ProcurementStatus[];
}

const SEEDS: Seed[] = [
  {
    title: 'Поставка бумаги для офисной техники',
    method: 'quotation_e',
    subject: 'goods',
    nmcd: '900000',
    okpd2: [{ code: '17.12.14.129', name: 'Бумага печатная прочая' }],
    published_on: '2026-04-15',
    application_deadline: '2026-04-22',
  },
  {
    title: 'Ёмкости для хранения воды',
    method: 'auction_e',
    subject: 'goods',
    nmcd: '1000000',
    okpd2: [{ code: '22.22.19.000', name: 'Изделия упаковочные пластмассовые прочие' }],
    published_on: '2026-03-02',
    application_deadline: '2026-03-17',
  },
  {
    title: 'Арбузы для столовой',
    method: 'quotation_e',
    subject: 'goods',
    nmcd: '120000.99',
    okpd2: [{ code: '01.13.21.000', name: 'Арбузы' }],
    published_on: '2026-05-12',
    application_deadline: '2026-05-19',
    sme_only: true,
  },
  {
    title: 'Уборка помещений',
    method: 'competition_e',
    subject: 'services',
    nmcd: '3600000',
    okpd2: [{ code: '81.21.10.000', name: 'Услуги по общей уборке зданий' }],
    published_on: '2026-02-02',
    application_deadline: '2026-02-17',
    to: ['cancelled'],
  },
  {
    title: 'Ремонт кровли склада',
    method: 'competition_e',
    subject: 'works',
    nmcd: '18500000',
    okpd2: [{ code: '43.91.19.110', name: 'Работы строительные по устройству любых видов кровельных покрытий зданий и сооружений' }],
    published_on: '2026-06-01',
    application_deadline: '2026-06-16',
    to: ['docs_ready', 'published'],
  },
  {
    title: 'Картриджи для принтеров',
    method: 'auction_e',
    subject: 'goods',
    nmcd: '450000',
    okpd2: [
      { code: '17.12.14.110', name: 'Бумага для печати' },
      { code: '28.23.25.000', name: 'Части и принадлежности прочих офисных машин' },
    ],
    subject_description: 'Тонер-картриджи и фотобарабаны',
    published_on: '2026-04-01',
    application_deadline: '2026-04-10',
  },
  {
    title: 'Ноутбуки для бухгалтерии',
    method: 'auction_e',
    subject: 'goods',
    nmcd: '2750000',
    okpd2: [{ code: '26.20.11.110', name: 'Ноутбуки' }],
    to: ['docs_ready'],
  },
  {
    title: 'Охрана объекта',
    method: 'proposal_e',
    subject: 'services',
    nmcd: '9400000',
    okpd2: [{ code: '80.10.12.200', name: 'Услуги частных охранных организаций' }],
    published_on: '2026-07-01',
    application_deadline: '2026-07-10',
    to: ['docs_ready', 'published', 'accepting'],
  },
];

const reg = async (query: string) => {
  const r = await t.api<Paged<RegisterItem>>('GET', `/api/procurements?${query}`, { token: w.otherClient });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const titles = async (query: string) => (await reg(`limit=100&${query}`)).items.map((i) => i.title);

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
  // the other company has no rule: the typical set and terms of 223-ФЗ apply, no documents are needed to move on
  const rule = await t.call(routes.rules.postProcurementRules, { token: w.otherClient, body: { title: 'Положение' } });
  const v = await t.call(routes.rules.postProcurementRulesVersions, {
    params: { id: rule.body.id },
    token: w.otherClient,
    body: { number: '1', in_force_from: '2024-01-01' },
  });
  await t.call(routes.rules.postProcurementRulesVersionsApprove, {
    params: { id: rule.body.id, versionId: v.body.id },
    token: w.otherClient,
  });
  for (const s of SEEDS) {
    const { to, ...body } = s;
    const r = await t.call(routes.procurements.post, { token: w.otherClient, body: { ...body, rule_id: rule.body.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids[s.title] = r.body.id;
    for (const step of to ?? []) {
      const m = await t.call(routes.procurements.postTransition, {
        params: { id: r.body.id },
        token: w.otherClient,
        body: { to: step, comment: 'Отпала потребность' },
      });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
    }
  }
});
afterAll(async () => t?.close());

describe('register paging and sorting', () => {
  it('pages on the server with the total, newest first by default', async () => {
    const p1 = await reg('limit=3');
    const p3 = await reg('limit=3&page=3');
    expect(p1).toMatchObject({ total: SEEDS.length, page: 1, limit: 3 });
    expect(p1.items.map((i) => i.title)).toEqual(['Охрана объекта', 'Ноутбуки для бухгалтерии', 'Картриджи для принтеров']);
    expect(p3.items.map((i) => i.title)).toEqual(['Ёмкости для хранения воды', 'Поставка бумаги для офисной техники']);
    expect(p1.items[0]).toMatchObject({
      status: 'accepting',
      status_title: 'Приём заявок',
      okpd2_codes: ['80.10.12.200'],
      method: 'proposal_e',
      subject: 'services',
      nmcd: '9400000.00',
    });
    expect((await reg('')).limit).toBe(10);
  });

  it('sorts by each column in both directions', async () => {
    expect(await titles('sort=title&order=asc')).toEqual([
      'Арбузы для столовой',
      'Ёмкости для хранения воды',
      'Картриджи для принтеров',
      'Ноутбуки для бухгалтерии',
      'Охрана объекта',
      'Поставка бумаги для офисной техники',
      'Ремонт кровли склада',
      'Уборка помещений',
    ]);
    expect((await titles('sort=nmcd&order=asc')).slice(0, 4)).toEqual([
      'Арбузы для столовой',
      'Картриджи для принтеров',
      'Поставка бумаги для офисной техники',
      'Ёмкости для хранения воды',
    ]);
    expect((await titles('sort=nmcd&order=desc'))[0]).toBe('Ремонт кровли склада');
    const numbers = (await reg('limit=100&sort=number&order=asc')).items.map((i) => i.number);
    expect(numbers).toEqual([...numbers].sort());
    expect((await reg('limit=100&sort=number&order=desc')).items.map((i) => i.number)).toEqual([...numbers].reverse());
    expect((await titles('sort=published_on&order=asc')).slice(0, 3)).toEqual([
      'Уборка помещений',
      'Ёмкости для хранения воды',
      'Картриджи для принтеров',
    ]);
    expect((await titles('sort=application_deadline&order=desc')).slice(0, 2)).toEqual(['Ноутбуки для бухгалтерии', 'Охрана объекта']); // no date first when descending
    expect((await reg('limit=100&sort=status&order=asc')).items.map((i) => i.status)).toEqual([
      'draft',
      'draft',
      'draft',
      'draft',
      'docs_ready',
      'published',
      'accepting',
      'cancelled',
    ]);
    expect((await titles('sort=created_at&order=asc'))[0]).toBe('Поставка бумаги для офисной техники');
  });

  it('gives the same order page by page as in one list, for every sort', async () => {
    for (const sort of ['number', 'title', 'nmcd', 'published_on', 'application_deadline', 'status', 'created_at']) {
      for (const order of ['asc', 'desc']) {
        const all = await titles(`sort=${sort}&order=${order}`);
        const paged: string[] = [];
        for (let page = 1; page <= 3; page++)
          paged.push(...(await reg(`limit=3&page=${page}&sort=${sort}&order=${order}`)).items.map((i) => i.title));
        expect(paged, `${sort} ${order}`).toEqual(all);
      }
    }
    expect((await reg('limit=3&page=4')).items).toEqual([]);
  });
});

describe('register filters', () => {
  it('filters by status, method, subject, SME and violations', async () => {
    expect(await titles('status=draft,docs_ready&sort=title&order=asc')).toEqual([
      'Арбузы для столовой',
      'Ёмкости для хранения воды',
      'Картриджи для принтеров',
      'Ноутбуки для бухгалтерии',
      'Поставка бумаги для офисной техники',
    ]);
    expect(await titles('method=quotation_e&sort=title&order=asc')).toEqual(['Арбузы для столовой', 'Поставка бумаги для офисной техники']);
    expect(await titles('subject=works')).toEqual(['Ремонт кровли склада']);
    expect(await titles('sme_only=true')).toEqual(['Арбузы для столовой']);
    // the cartridge auction gives 9 days instead of 15
    expect(await titles('has_violations=true')).toEqual(['Картриджи для принтеров']);
    expect((await reg('has_violations=false')).total).toBe(SEEDS.length - 1);
    const bad = await t.call(routes.procurements.get, { query: { status: 'archived' }, token: w.otherClient });
    expect(bad.status).toBe(400);
  });

  it('filters by dates, НМЦД range and ОКПД2 prefix', async () => {
    expect(await titles('published_from=2026-04-01&published_to=2026-04-30&sort=published_on&order=asc')).toEqual([
      'Картриджи для принтеров',
      'Поставка бумаги для офисной техники',
    ]);
    expect(await titles('deadline_from=2026-06-16&sort=application_deadline&order=asc')).toEqual([
      'Ремонт кровли склада',
      'Охрана объекта',
    ]);
    expect(await titles('deadline_to=2026-03-17&sort=application_deadline&order=asc')).toEqual([
      'Уборка помещений',
      'Ёмкости для хранения воды',
    ]);
    expect((await reg(`created_from=${moscowToday()}&created_to=${moscowToday()}`)).total).toBe(SEEDS.length);
    expect((await reg('created_to=2000-01-01')).total).toBe(0);
    expect(await titles('nmcd_min=900000&nmcd_max=2750000&sort=nmcd&order=asc')).toEqual([
      'Поставка бумаги для офисной техники',
      'Ёмкости для хранения воды',
      'Ноутбуки для бухгалтерии',
    ]);
    expect(await titles('okpd2=17.12&sort=title&order=asc')).toEqual(['Картриджи для принтеров', 'Поставка бумаги для офисной техники']);
    expect(await titles('okpd2=17.12.14.110')).toEqual(['Картриджи для принтеров']);
    expect(await titles('okpd2=43')).toEqual(['Ремонт кровли склада']);
  });

  it('searches the text with Russian morphology over title, subject and ОКПД2 names', async () => {
    // «бумага» finds «бумаги» in a title and «Бумага для печати» among the ОКПД2 names
    expect(await titles('q=бумага&sort=title&order=asc')).toEqual(['Картриджи для принтеров', 'Поставка бумаги для офисной техники']);
    // a search's few matches are sorted and paged as every other page is (list-register.ts, matchesSorted)
    expect(await titles('q=бумага&sort=title&order=desc')).toEqual(['Поставка бумаги для офисной техники', 'Картриджи для принтеров']);
    expect((await reg('q=бумага&sort=title&order=asc&limit=1&page=2')).items.map((i) => i.title)).toEqual([
      'Поставка бумаги для офисной техники',
    ]);
    expect((await reg('q=бумага&sort=title&order=asc&limit=1&page=3')).items).toEqual([]);
    expect(await titles('q=ноутбук')).toEqual(['Ноутбуки для бухгалтерии']);
    expect(await titles('q=фотобарабан')).toEqual(['Картриджи для принтеров']);
    expect(await titles('q=услуги охранных организаций')).toEqual(['Охрана объекта']);
    expect(await titles('q=кровельных покрытий')).toEqual(['Ремонт кровли склада']);
    expect(await titles('q=работы')).toEqual(['Ремонт кровли склада']); // the subject kind is searchable too
    expect(await titles('q=тракторы')).toEqual([]);
    const number = (await reg('sort=title&order=asc&limit=1')).items[0].number;
    expect(await titles(`q=${number}`)).toEqual(['Арбузы для столовой']);
    // combined with other filters and counted the same way
    const combined = await reg('q=бумага&status=draft&nmcd_max=500000');
    expect(combined.items.map((i) => i.title)).toEqual(['Картриджи для принтеров']);
    expect(combined.total).toBe(1);
  });
});

describe('Excel export', () => {
  it('exports the rows of the same filters and sort, with a totals row', async () => {
    const r = await download(t, '/api/procurements/export.xlsx?q=бумага&sort=nmcd&order=desc', w.otherClient);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Реестр закупок.xlsx')}`);
    const rows = await xlsxRows(r.data);
    expect(rows[0][0]).toBe('Реестр закупок');
    expect(rows[1].slice(0, 7)).toEqual(['Номер', 'Наименование закупки', 'Способ закупки', 'Предмет', 'НМЦД', 'Валюта', 'Статус']);
    expect(rows.slice(2, 4).map((row) => [row[1], row[2], row[4], row[6]])).toEqual([
      ['Поставка бумаги для офисной техники', 'Запрос котировок в электронной форме', '900000', 'Черновик'],
      ['Картриджи для принтеров', 'Аукцион в электронной форме', '450000', 'Черновик'],
    ]);
    expect(rows[4].join(' ')).toContain('Итого');
    expect(rows[4]).toContain('1350000');
    expect(rows).toHaveLength(5);
  });
});

it('renders each item in the database exactly as the contract and the card give it, whatever the title holds', async () => {
  const odd = 'Кавычки «ёлочки» "лапки" \\ обратная косая, </script> & эмодзи 😀\tтаб';
  const own = await world(t); // a company of its own: the register above keeps its eight procurements
  const made = await t.call(routes.procurements.post, {
    token: own.otherClient,
    body: { title: odd, method: 'auction_e', subject: 'goods', nmcd: '0.01', okpd2: [] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const strictPage = RegisterPage.strict().extend({ items: z.array(RegisterItem.strict()) });
  for (const token of [w.otherClient, own.otherClient]) {
    const r = await fetch(`${t.url}/api/procurements?limit=100&sort=title&order=asc`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const page = strictPage.parse(await r.json());
    expect(page.items.length).toBe(token === own.otherClient ? 1 : SEEDS.length);
    for (const item of page.items) {
      const card = (await t.call(routes.procurements.getById, { params: { id: item.id }, token })).body;
      expect(item).toEqual({
        id: card.id,
        number: card.number,
        title: card.title,
        method: card.method,
        subject: card.subject,
        nmcd: card.nmcd,
        currency: card.currency,
        status: card.status,
        status_title: card.status_title,
        published_on: card.published_on,
        application_deadline: card.application_deadline,
        okpd2_codes: card.okpd2.map((c) => c.code),
        sme_only: card.sme_only,
        has_violations: card.has_violations,
        created_at: card.created_at,
        law: card.law,
        // none of these purchases has a notice in ЕИС to differ from (reconcile44.test.ts has those)
        eis_differs: false,
      });
    }
  }
  const [item] = (await t.call(routes.procurements.get, { token: own.otherClient })).body.items;
  expect(item).toMatchObject({ title: odd, nmcd: '0.01', okpd2_codes: [], published_on: null });
  expect((await t.call(routes.procurements.get, { query: { page: '2' }, token: own.otherClient })).body.items).toEqual([]); // past the last page: an empty list
});

it('keeps every company to its own register', async () => {
  const demo = await t.call(routes.procurements.get, { query: { limit: '100' }, token: w.client });
  expect(demo.body.items.some((i) => Object.values(ids).includes(i.id))).toBe(false);
  expect(demo.body.total).toBeGreaterThanOrEqual(15); // the demo data
});

it('counts up to the cap and says so past it, still paging forward', async () => {
  const big = await world(t);
  // one statement: 10,005 drafts of a third company, numbered so the default sort (newest first) is checkable
  await t.server.deps.db.execute(sql`
    INSERT INTO procurements (company_id, number, title, method, subject, nmcd, created_at)
    SELECT ${big.otherId}, 'Б-' || g, 'Закупка ' || g, 'auction_e', 'goods', 1000, now() - g * interval '1 second'
    FROM generate_series(1, ${REGISTER_COUNT_CAP + 5}) g`);
  await t.server.deps.db.execute(sql`ANALYZE procurements`);
  const r = await t.call(routes.procurements.get, { query: { limit: '50', page: '3' }, token: big.otherClient });
  expect(r.body).toMatchObject({ total: REGISTER_COUNT_CAP, total_capped: true, page: 3 });
  // past the cap the planner's estimate tells roughly how many («≈ 10 005»), without reading the rows
  expect(r.body.total_estimate).toBeGreaterThan(REGISTER_COUNT_CAP);
  expect(Math.abs(r.body.total_estimate! - (REGISTER_COUNT_CAP + 5))).toBeLessThan(500);
  expect(r.body.items.map((i) => i.number).slice(0, 2)).toEqual(['Б-101', 'Б-102']);
  // by nothing but statuses the total comes from the status counts, exact without reading a row (issue 45's soak)
  expect(r.body.total_estimate).toBe(REGISTER_COUNT_CAP + 5);
  const drafts = await t.call(routes.procurements.get, { query: { status: 'draft,draft' }, token: big.otherClient });
  expect(drafts.body).toMatchObject({ total: REGISTER_COUNT_CAP, total_capped: true, total_estimate: REGISTER_COUNT_CAP + 5 });
  const none = await t.call(routes.procurements.get, { query: { status: 'published' }, token: big.otherClient });
  expect(none.body).toMatchObject({ total: 0, total_capped: false, items: [] });
  const past = await t.call(routes.procurements.get, { query: { limit: '50', page: REGISTER_COUNT_CAP / 50 + 1 }, token: big.otherClient });
  expect(past.body.items.map((i) => i.number)[0]).toBe(`Б-${REGISTER_COUNT_CAP + 1}`);
  const few = await t.call(routes.procurements.get, { query: { q: 'Б-7' }, token: big.otherClient });
  expect(few.body).toMatchObject({ total: 1, total_capped: false });
});

it('caps the count of a text search lower, as it reads every matching row', async () => {
  const big = await world(t);
  await t.server.deps.db.execute(sql`
    INSERT INTO procurements (company_id, number, title, method, subject, nmcd, search_vector)
    SELECT ${big.otherId}, 'Т-' || g, 'Поставка бумаги ' || g, 'auction_e', 'goods', 1000, to_tsvector('russian', 'Поставка бумаги')
    FROM generate_series(1, ${REGISTER_TEXT_COUNT_CAP + 1}) g`);
  const r = await t.call(routes.procurements.get, { query: { q: 'бумага', limit: '10' }, token: big.otherClient });
  expect(r.body).toMatchObject({ total: REGISTER_TEXT_COUNT_CAP, total_capped: true });
  expect(r.body.items).toHaveLength(10);
});

it('reads deep pages after the anchors of one walk: the same rows as an offset read, in every order, NULL dates and ties included', async () => {
  const big = await world(t);
  await t.server.deps.db.execute(sql`
    INSERT INTO procurements (company_id, number, title, method, subject, nmcd, status, published_on, application_deadline, created_at)
    SELECT ${big.otherId}, 'Г-' || g, 'Закупка ' || (g % 13), 'auction_e', 'goods', (g % 97) * 10.5, (ARRAY['draft', 'published', 'accepting', 'cancelled'])[1 + g % 4],
      CASE WHEN g % 3 = 0 THEN NULL ELSE date '2026-01-01' + (g % 200) END,
      CASE WHEN g % 5 = 0 THEN NULL ELSE date '2026-02-01' + (g % 31) END,
      timestamptz '2026-03-01 12:00+03' + (g % 500) * interval '1 minute'
    FROM generate_series(1, ${REGISTER_COUNT_CAP + 1_234}) g`);
  // what offset paging gives, written out with PostgreSQL's own NULL placement: the oracle the sought pages must match
  const keys: Record<string, string> = {
    number: 'number',
    title: 'title COLLATE "und-x-icu"',
    nmcd: 'nmcd',
    published_on: 'published_on',
    application_deadline: 'application_deadline',
    status: STATUS_RANK_SQL,
    created_at: 'created_at',
  };
  const oracle = async (sort: string, order: string, offset: number, status?: string) => {
    const r = await t.server.deps.database.sql.query<{ number: string }>(
      `SELECT number FROM procurements WHERE company_id = ${big.otherId}${status ? ` AND status IN ('published', 'accepting')` : ''}
       ORDER BY ${keys[sort]} ${order}, id ${order} LIMIT 50 OFFSET ${offset}`,
    );
    return r.rows.map((x) => x.number);
  };
  for (const sort of Object.keys(keys)) {
    for (const order of ['asc', 'desc']) {
      // the first page past the cap makes the walk; the pages after it, before it and the last are sought from anchors
      for (const page of [201, 202, 150, 21, 225]) {
        const r = await t.api<RegisterPage>('GET', `/api/procurements?limit=50&page=${page}&sort=${sort}&order=${order}`, {
          token: big.otherClient,
        });
        expect(
          r.body.items.map((i) => i.number),
          `${sort} ${order} page ${page}`,
        ).toEqual(await oracle(sort, order, (page - 1) * 50));
      }
    }
  }
  // a filter walks its own rows: half of them, so page 120 is deep and page 124 the last
  for (const page of [120, 60, 124, 125]) {
    const r = await t.call(routes.procurements.get, {
      query: { limit: '50', page, sort: 'published_on', order: 'desc', status: 'published,accepting' },
      token: big.otherClient,
    });
    expect(
      r.body.items.map((i) => i.number),
      `status page ${page}`,
    ).toEqual(await oracle('published_on', 'desc', (page - 1) * 50, 'yes'));
  }
});
