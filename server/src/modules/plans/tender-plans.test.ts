import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type TenderPlanPositionsResponse } from '@proc/contract';
import type { TestServer } from '../../../test/harness';
import { startEisWorld, outsider as makeOutsider, importPeriod, type EisWorld } from '../../../test/eis-world';
import { DEMO_CUSTOMER, DEMO_REG_NUM, TENDER_PLAN_YEAR, type FakeEis } from '../../../../tools/fake-eis/server';

let world: EisWorld;
let t: TestServer;
let eis: FakeEis;
let client: string;
let outsider: string;
const Y = TENDER_PLAN_YEAR;
const PLAN = `${Y}${DEMO_REG_NUM}001`;

beforeAll(async () => {
  world = await startEisWorld({ timeoutMs: 2_000 });
  ({ t, eis } = world);
  client = await t.login('client');
  outsider = await makeOutsider(t, 'tp-outsider');
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const positions = (query: string, token = client) =>
  t.api<TenderPlanPositionsResponse>('GET', `/api/eis/tender-plans/${PLAN}/positions?${query}`, { token });

describe('44-ФЗ план-график over СОИ (RPGZ)', () => {
  it('imports the планы-графики of a period, both versions, once, asking RPGZ with documentType44', async () => {
    const body = { date_from: `${Y - 1}-12-15`, date_to: `${Y}-02-15` };
    const from = eis.soi.requests.length;
    const done = await importPeriod(t, client, '/api/eis/tender-plans/import', EVENTS.eisTenderPlanResponse, body);
    expect(done).toMatchObject({ plans: [PLAN], created: 2 });
    // one request a day, in the 44-ФЗ subsystem with the 44-ФЗ element, as ЕИС's clients send it (the demo's own start
    // may ask for 223-ФЗ documents meanwhile)
    const asked = eis.soi.requests.slice(from).filter((q) => q.params.subsystemType === 'RPGZ');
    expect(new Set(asked.map((q) => q.params.exactDate)).size).toBe(63);
    expect(
      asked.every(
        (q) =>
          q.params.documentType44 === 'tenderPlan2020' &&
          q.params.documentType223 === null &&
          q.params.orgRegion === DEMO_CUSTOMER.inn.slice(0, 2),
      ),
    ).toBe(true);
    const status = await t.call(routes.eis.getImportsStatus, { query: { kind: 'tenderPlans' }, token: client });
    expect(status.body.current).toMatchObject({
      key: done.key,
      status: 'success',
      days_total: 63,
      days_done: 63,
      documents: 2,
      created: 2,
      document_types: ['tenderPlan2020'],
    });
    expect(status.body.requests_per_day).toBe(1);

    // the same period again: nothing stored twice
    expect(await importPeriod(t, client, '/api/eis/tender-plans/import', EVENTS.eisTenderPlanResponse, body)).toMatchObject({
      created: 0,
      unchanged: 2,
    });
    // the client's company only: the demo's budget institution holds a план-график of its own
    const company = (await t.call(routes.users.getProfile, { token: client })).body.company_id;
    const n = await t.server.deps.database.sql.query<{ plans: number; positions: number }>(
      `SELECT (SELECT count(*)::int FROM tender_plans WHERE company_id = $1) AS plans, (SELECT count(*)::int FROM tender_plan_positions WHERE company_id = $1) AS positions`,
      [company],
    );
    expect(n.rows[0]).toEqual({ plans: 2, positions: 13 });

    const latest = await t.call(routes.eis.getTenderPlans, { token: client });
    expect(latest.body).toHaveLength(1);
    expect(latest.body[0]).toMatchObject({
      plan_number: PLAN,
      version: 2,
      latest: true,
      year: Y,
      first_year: Y + 1,
      second_year: Y + 2,
      customer_inn: DEMO_CUSTOMER.inn,
      position_count: 7,
      published_at: `${Y}-02-10T11:30:00+03:00`,
    });
    const all = await t.call(routes.eis.getTenderPlans, { query: { versions: 'all' }, token: client });
    expect(all.body.map((p) => [p.version, p.latest, p.position_count])).toEqual([
      [2, true, 7],
      [1, false, 6],
    ]);
    expect((await t.call(routes.eis.getTenderPlans, { query: { year: Y - 1 }, token: client })).body).toEqual([]);
    // another company's user sees none of it
    expect((await t.call(routes.eis.getTenderPlans, { token: outsider })).body).toEqual([]);
    expect((await positions('', outsider)).status).toBe(404);
  }, 120_000);

  it('lists a version’s positions with their finance by year, filters and keyset pages', async () => {
    const first = await positions('');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(7);
    const roof = first.body.items.find((p) => p.subject === 'Капитальный ремонт кровли здания')!;
    expect(roof).toMatchObject({
      position_number: `${PLAN}000003`,
      // a position's ИКЗ as ЕИС fills it: 000 in digits 27–29 (Порядок 55н, п. 5), and nothing flagged for it
      ikz: `${String(Y).slice(2)}2${DEMO_CUSTOMER.inn}${DEMO_CUSTOMER.kpp}00030004391243`,
      ikz_findings: [],
      purchase_number: '0003',
      okpd2: [{ code: '43.91.19.000', name: 'Работы кровельные прочие, не включенные в другие группировки' }],
      kvr_code: '243',
      special_code: null,
      finance: { total: '2000000.00', current_year: '1200000.00', first_year: '800000.00', second_year: '0.00', subsec_years: '0.00' },
      procurement_id: null,
    });
    const special = first.body.items.find((p) => p.special_code)!;
    expect(special).toMatchObject({ special_code: 'P4_1_93', okpd2: [], kvr_code: '244', finance: { total: '680121.83' } });
    expect(special.ikz).toMatch(/^\d{22}00060000000244$/);

    expect((await positions('kvr=243')).body.items.map((p) => p.kvr_code)).toEqual(['243']);
    expect((await positions('okpd2=38.11')).body.items.map((p) => p.okpd2[0].code)).toEqual(['38.11.21.000']);
    // money in the second year of the planning period: waste, food, heat
    expect((await positions(`year=${Y + 2}`)).body.total).toBe(3);
    expect((await positions(`year=${Y + 1}`)).body.total).toBe(5);
    expect((await positions('amount_from=1000000&amount_to=3000000')).body.items.map((p) => p.finance.total)).toEqual([
      '2000000.00',
      '1950000.00',
    ]);
    expect((await positions('amount_from=100&amount_to=10')).status).toBe(400);
    expect((await positions('kvr=24')).body).toMatchObject({ message: expect.stringContaining('КВР: три цифры') });
    // the first version had six positions
    expect((await positions('version=1')).body).toMatchObject({ total: 6, plan: { version: 1, latest: false } });

    // pages of three by keyset: every position once, in order
    const seen: number[] = [];
    let after: number | null = 0;
    for (let i = 0; after !== null && i < 5; i++) {
      const page: { body: TenderPlanPositionsResponse } = await positions(`limit=3${after ? `&after=${after}` : ''}`);
      seen.push(...page.body.items.map((p) => p.id));
      after = page.body.next_after;
    }
    expect(seen).toEqual(first.body.items.map((p) => p.id));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('creates a 44-ФЗ procurement from a position with its ИКЗ, ОКПД2, КВР and amounts, once', async () => {
    const list = await positions('kvr=243');
    const pos = list.body.items[0];
    const [a, b] = await Promise.all([
      t.call(routes.eis.postTenderPlansPositionsProcurement, { params: { id: pos.id }, token: client }),
      t.call(routes.eis.postTenderPlansPositionsProcurement, { params: { id: pos.id }, token: client }),
    ]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    // the purchase gets the position's ИКЗ with its own number, the first on the position: 001 in digits 27–29
    expect(pos.ikz!.slice(26, 29)).toBe('000');
    const purchaseIkz = `${pos.ikz!.slice(0, 26)}001${pos.ikz!.slice(29)}`;
    expect(a.body).toMatchObject({
      law: '44',
      ikz: purchaseIkz,
      kvr: '243',
      nmcd: '2000000.00',
      subject: 'works',
      method: 'auction_e',
      status: 'draft',
      title: 'Капитальный ремонт кровли здания',
      plan_item_number: pos.position_number,
      tender_plan_position_id: pos.id,
      finance_years: pos.finance,
      okpd2: [{ code: '43.91.19.000' }],
    });
    expect((await positions('kvr=243')).body.items[0].procurement_id).toBe(a.body.id);
    // the register filters by law; the client's company is a 223-ФЗ one, its own purchases stay 223
    const only44 = await t.call(routes.procurements.get, { query: { law: '44' }, token: client });
    expect(only44.body.items.map((p) => p.id)).toEqual([a.body.id]);
    expect(only44.body.items[0].law).toBe('44');
    const only223 = await t.call(routes.procurements.get, { query: { law: '223', limit: '100' }, token: client });
    expect(only223.body.items.some((p) => p.id === a.body.id)).toBe(false);
    expect(only223.body.total).toBeGreaterThan(0);
    // saving the card without the law keeps it
    const card = a.body;
    const saved = await t.call(routes.procurements.putById, {
      params: { id: card.id },
      token: client,
      body: { title: card.title, method: card.method, subject: card.subject, nmcd: card.nmcd, okpd2: card.okpd2 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ law: '44', ikz: purchaseIkz, kvr: '243', tender_plan_position_id: pos.id });
    expect((await t.call(routes.eis.postTenderPlansPositionsProcurement, { params: { id: pos.id }, token: outsider })).status).toBe(404);
  });

  it('checks a typed ИКЗ against the company’s ИКУ and the position, naming the wrong part; flags positions', async () => {
    const card = (await positions('kvr=243')).body.items[0];
    const p = (await t.call(routes.eis.postTenderPlansPositionsProcurement, { params: { id: card.id }, token: client })).body;
    const body = (ikz: string, extra: Record<string, unknown> = {}) => ({
      title: p.title,
      method: p.method,
      subject: p.subject,
      nmcd: p.nmcd,
      okpd2: p.okpd2,
      ikz,
      ...extra,
    });
    const put = (ikz: string, extra?: Record<string, unknown>) =>
      t.call(routes.procurements.putById, { params: { id: p.id }, token: client, body: body(ikz, extra) });
    const ikz = p.ikz!;
    // structure
    const short = await put(ikz.slice(1));
    expect(short.status).toBe(400);
    expect(short.body.fields?.ikz).toEqual(['ИКЗ: 36 цифр']);
    // ОКПД2 of the position (43.91 → 4391), КВР of the position (243), the year of the notice
    const okpd = await put(`${ikz.slice(0, 29)}6201${ikz.slice(33)}`);
    expect(okpd.status).toBe(400);
    expect(okpd.body.fields?.ikz).toEqual([
      expect.stringMatching(/^ОКПД2 в ИКЗ \(разряды 30–33\) — 6201, а у позиции ОКПД2 43\.91\.19\.000/),
    ]);
    const kvr = await put(`${ikz.slice(0, 33)}244`);
    expect(kvr.body.fields?.ikz).toEqual(['КВР в ИКЗ (разряды 34–36) — 244, а у позиции КВР 243']);
    // the position's own ИКЗ (000 in 27–29) is valid on the plan, not on a purchase
    const asPosition = await put(`${ikz.slice(0, 26)}000${ikz.slice(29)}`);
    expect(asPosition.body.fields?.ikz).toEqual(['Номер закупки в позиции (разряды 27–29 ИКЗ) не может быть 000']);
    const year = await put(ikz, { published_on: `${Y + 1}-03-02`, application_deadline: `${Y + 1}-03-20` });
    expect(year.status).toBe(400);
    expect(year.body.fields?.ikz?.[0]).toMatch(
      new RegExp(`^Год в ИКЗ \\(разряды 1–2\\) — ${String(Y).slice(2)}, а извещение размещается в ${Y + 1} году`),
    );
    expect((await put(ikz)).status).toBe(200);

    // the company's ИКУ: a plan of another customer's ИКЗ is flagged on its positions, and a typed one refused
    const admin = await t.login('admin');
    const wrongIku = `3${ikz.slice(3, 22)}`;
    const company = await t.call(routes.companies.getById, { params: { id: p.company_id }, token: admin });
    const set = await t.api('PUT', `/api/companies/${p.company_id}`, { token: admin, body: { ...company.body, iku: wrongIku } });
    expect(set.status, JSON.stringify(set.body)).toBe(204);
    const iku = await put(ikz);
    expect(iku.status).toBe(400);
    expect(iku.body.fields?.ikz).toEqual([`ИКУ в ИКЗ (разряды 3–22) — ${ikz.slice(2, 22)}, а у заказчика ИКУ ${wrongIku}`]);
    const flagged = (await positions('')).body.items;
    expect(flagged.every((x) => x.ikz_findings.some((f) => f.startsWith('ИКУ в ИКЗ (разряды 3–22)')))).toBe(true);
    await t.api('PUT', `/api/companies/${p.company_id}`, { token: admin, body: { ...company.body, iku: ikz.slice(2, 22) } });
    expect((await positions('')).body.items.map((x) => x.ikz_findings)).toEqual(flagged.map(() => []));
    expect((await put(ikz)).status).toBe(200);
  });
});
