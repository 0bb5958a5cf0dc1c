import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type ContractCardResponse, type ContractResponse } from '@proc/contract';
import type { TestServer } from '../../../test/harness';
import { startEisWorld, importPeriod, type EisWorld } from '../../../test/eis-world';
import { DEMO_44_CUSTOMER, DEMO_44_REG_NUM, TENDER_PLAN_YEAR, type FakeEis } from '../../../../tools/fake-eis/server';
import { ikzOf, demoTenderPlanPositions } from '../../../../tools/fake-eis/tender-plan-samples';
import { regNum44 } from '../../../../tools/fake-eis/contract44-samples';

let world: EisWorld;
let t: TestServer;
let eis: FakeEis;
let client: string;
const Y = TENDER_PLAN_YEAR;
const PLAN = `${Y}${DEMO_44_REG_NUM}001`;
const [PAPER, WASTE] = demoTenderPlanPositions();
const WASTE_REG = regNum44(DEMO_44_CUSTOMER, Y, 1);
const PAPER_REG = regNum44(DEMO_44_CUSTOMER, Y, 2);

beforeAll(async () => {
  world = await startEisWorld();
  ({ t, eis } = world);
  // the demo's budget institution is the fake ЕИС's customer under 44-ФЗ (same ИНН and КПП)
  client = await t.login('budget');
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const importContracts = (date_from: string, date_to: string) =>
  importPeriod(t, client, '/api/eis/contracts/import', EVENTS.notificationEisContractsResponse, { date_from, date_to });

const list = (query: string) => t.api<{ items: ContractResponse[]; total: number }>('GET', `/api/contracts?${query}`, { token: client });
const card = async (reg: string) => {
  const found = (await list(`q=${reg}`)).body.items;
  expect(found).toHaveLength(1);
  return (await t.api<ContractCardResponse>('GET', `/api/contracts/${found[0].id}`, { token: client })).body;
};

describe('44-ФЗ register of contracts over СОИ (RGK)', () => {
  it('imports contracts, executions and a cancel of a period, linked to the план-график by ИКЗ, once', async () => {
    // the plan's second version first, so that its positions are there to link to
    expect(
      await importPeriod(t, client, '/api/eis/tender-plans/import', EVENTS.eisTenderPlanResponse, {
        date_from: `${Y}-02-10`,
        date_to: `${Y}-02-10`,
      }),
    ).toMatchObject({ result: 'success', plans: [PLAN] });

    const from = eis.soi.requests.length;
    expect(await importContracts(`${Y}-03-04`, `${Y}-03-06`)).toMatchObject({ result: 'success', created: 2 });
    // each day asks RGK once per documentType44, the 44-ФЗ element, and RD223 with documentType223 as before
    const rgk = eis.soi.requests.slice(from).filter((q) => q.params.subsystemType === 'RGK');
    expect(rgk).toHaveLength(3 * 3);
    expect(new Set(rgk.map((q) => q.params.documentType44))).toEqual(new Set(['contract', 'contractProcedure', 'contractCancel']));
    expect(rgk.every((q) => q.params.documentType223 === null && q.params.orgRegion === DEMO_44_CUSTOMER.inn.slice(0, 2))).toBe(true);
    expect(eis.soi.requests.slice(from).some((q) => q.params.subsystemType === 'RD223' && q.params.documentType223 === 'contract')).toBe(
      true,
    );
    expect(await importContracts(`${Y}-03-20`, `${Y}-03-20`)).toMatchObject({ result: 'success', created: 1 });
    expect(await importContracts(`${Y}-07-03`, `${Y}-07-10`)).toMatchObject({ result: 'success', created: 2 });

    const waste = await card(WASTE_REG);
    expect(waste).toMatchObject({
      law: '44',
      ikz: ikzOf(DEMO_44_CUSTOMER, Y, WASTE),
      number: `ТКО-${Y}/1`,
      contract_date: `${Y}-03-02`,
      price: '148895.28',
      supplier_inn: '0105020396',
      status: 'executing',
      violations: [],
    });
    expect(waste.positions).toMatchObject([
      { name: WASTE.subject, okpd2_code: WASTE.okpd2![0], quantity: '12.000000', amount: '148895.28' },
    ]);
    const x = waste.execution44!;
    expect(x.position).toMatchObject({ plan_number: PLAN, position_number: `${PLAN}000002`, subject: WASTE.subject });
    expect(x.stages).toEqual([
      { key: '93000001', start_date: `${Y}-03-02`, end_date: `${Y}-06-30`, price: '49631.76' },
      { key: '93000002', start_date: `${Y}-07-01`, end_date: `${Y}-12-31`, price: '99263.52' },
    ]);
    expect(x.acceptances).toEqual([
      {
        stage_key: '93000001',
        name: 'Акт выполненных работ',
        number: `ТКО-${Y}/1-1`,
        date: `${Y}-06-30`,
        accept_date: `${Y}-07-02`,
        sum: '49631.76',
      },
    ]);
    expect(x.payments).toEqual([
      { stage_key: '93000001', name: 'Платежное поручение', number: '518', date: `${Y}-07-09`, sum: '49631.76' },
    ]);
    expect(x.cancel).toBeNull();

    const paper = await card(PAPER_REG);
    expect(paper).toMatchObject({ law: '44', status: 'invalid', ikz: ikzOf(DEMO_44_CUSTOMER, Y, PAPER) });
    expect(paper.execution44).toMatchObject({
      eis_stage: 'IN',
      position: { position_number: `${PLAN}000001` },
      cancel: { date: `${Y}-03-20T11:00:00+03:00`, reason: expect.stringMatching(/недействительным/) },
    });

    // the same periods again: nothing stored twice, nothing changed
    expect(await importContracts(`${Y}-03-04`, `${Y}-03-20`)).toMatchObject({ result: 'success', created: 0, unchanged: 3 });
    expect(await importContracts(`${Y}-07-03`, `${Y}-07-10`)).toMatchObject({ result: 'success', created: 0, unchanged: 2 });
    const n = await t.server.deps.database.sql.query<{ contracts: number; documents: number }>(
      `SELECT (SELECT count(*)::int FROM contracts WHERE law = '44') AS contracts, (SELECT count(*)::int FROM contract_documents_44) AS documents`,
    );
    expect(n.rows[0]).toEqual({ contracts: 2, documents: 3 });
    expect((await card(WASTE_REG)).execution44!.payments).toHaveLength(1);
  }, 900_000);

  it('filters the register by law', async () => {
    // a 223-ФЗ contract of the company beside the 44-ФЗ ones
    const company = (await t.api<{ company_id: number }>('GET', '/api/profile', { token: client })).body.company_id;
    await t.server.deps.database.sql.query(
      `INSERT INTO contracts (company_id, registry_number, number, subject, price, status, source) VALUES ($1, '10105123522260000001', 'Д-1', 'Договор по 223-ФЗ', '1000.00', 'registered', 'manual')`,
      [company],
    );
    const all = (await list('limit=50')).body;
    expect(all.items.map((c) => c.law).sort()).toEqual(['223', '44', '44']);
    const only44 = (await list('law=44&limit=50')).body;
    expect(only44.total).toBe(2);
    expect(only44.items.map((c) => c.registry_number).sort()).toEqual([WASTE_REG, PAPER_REG].sort());
    const only223 = (await list('law=223')).body;
    expect(only223.items.map((c) => c.subject)).toEqual(['Договор по 223-ФЗ']);
    // the law filter with the others
    expect((await list(`law=44&status=invalid`)).body.items.map((c) => c.registry_number)).toEqual([PAPER_REG]);
    const bad = await list('law=94');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Закон/);
  });
});
