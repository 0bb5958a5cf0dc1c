import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EisImportStatusResponse, Notice44Response, Paged } from '@proc/contract';
import type { TestServer } from '../../../test/harness';
import { startEisWorld, type EisWorld } from '../../../test/eis-world';
import { DEMO_44_CUSTOMER, DEMO_44_REG_NUM, TENDER_PLAN_YEAR, type FakeEis } from '../../../../tools/fake-eis/server';
import { ikzOf, demoTenderPlanPositions } from '../../../../tools/fake-eis/tender-plan-samples';
import { purchaseNumberOf } from '../../../../tools/fake-eis/notice44-samples';
import { regNum44 } from '../../../../tools/fake-eis/contract44-samples';
import { runDailySync } from './daily-sync';
import { PERIOD_IMPORT_JOB } from './period-import';
import { nextDay } from '../../platform/clock';

/**
 * The nightly sync of a 44-ФЗ company (the demo's budget institution, with a token of its own) over the fake ЕИС: the
 * morning after each day ЕИС published something of its purchase, the notice, then its final protocol, then the
 * contract arrive by themselves and come together on the purchase.
 */
let world: EisWorld;
let t: TestServer;
let eis: FakeEis;
let budget: string;
let client: string;
const Y = TENDER_PLAN_YEAR;
const AUCTION = purchaseNumberOf(DEMO_44_REG_NUM, Y, 1);
const PAPER_IKZ = ikzOf(DEMO_44_CUSTOMER, Y, demoTenderPlanPositions()[0]);

beforeAll(async () => {
  world = await startEisWorld();
  ({ t, eis } = world);
  budget = await t.login('budget');
  client = await t.login('client');
  const companyId = (await t.api<{ company_id: number }>('GET', '/api/profile', { token: budget })).body.company_id;
  const url = `/api/companies/${companyId}/eis_settings`;
  const before = await t.api<{ inn: string }>('GET', url, { token: budget });
  const saved = await t.api('PUT', url, { token: budget, body: { inn: before.body.inn, token: 'budget-person-token', region_code: '01' } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 180_000);
afterAll(async () => {
  await world?.close();
});

/** The sync as its cron job runs it, on the morning after `day`, until its import has finished. */
async function nightAfter(day: string) {
  const deps = t.server.deps;
  const from = eis.soi.requests.length;
  const queued = await runDailySync(deps, nextDay(day));
  expect(queued).toHaveLength(1);
  await deps.jobs.idle(PERIOD_IMPORT_JOB, 120_000);
  return eis.soi.requests.slice(from);
}

const purchase = async () => {
  const list = await t.api<Paged<Notice44Response>>('GET', '/api/eis/notices44', { token: budget });
  expect(list.status).toBe(200);
  return list.body;
};

describe('the nightly sync of a 44-ФЗ company', () => {
  it('brings a new notice, then its final protocol with the applications, then the contract naming the winner', async () => {
    // the morning after the аукцион's notice went out: every 44-ФЗ subsystem of that day, with the company's token
    const asked = await nightAfter(`${Y}-02-16`);
    expect(new Set(asked.map((q) => q.params.exactDate))).toEqual(new Set([`${Y}-02-16`]));
    expect(asked.every((q) => q.token === 'budget-person-token')).toBe(true);
    expect(new Set(asked.map((q) => q.params.subsystemType))).toEqual(new Set(['RD223', 'RPZ223', 'RI223', 'RPGZ', 'PRIZ', 'RGK']));
    expect(new Set(asked.filter((q) => q.params.subsystemType === 'PRIZ').map((q) => q.params.documentType44))).toEqual(
      new Set([
        'epNotificationEF2020',
        'epNotificationEZK2020',
        'epNotificationEOK2020',
        'epProtocolEF2020Final',
        'epProtocolEZK2020Final',
        'epProtocolEOK2020Final',
      ]),
    );
    let list = await purchase();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      purchase_number: AUCTION,
      document_type: 'epNotificationEF2020',
      ikz: PAPER_IKZ,
      max_price: '350000.00',
      protocol: null,
      contract: null,
    });

    // the morning after the results were summed up: the final protocol joins its notice
    await nightAfter(`${Y}-03-02`);
    list = await purchase();
    expect(list.total).toBe(1);
    expect(list.items[0].protocol).toMatchObject({
      document_type: 'epProtocolEF2020Final',
      protocol_date: `${Y}-03-02`,
      published_at: `${Y}-03-02T15:47:00+03:00`,
      participants: 3,
      winner_app_number: '112038040',
      winner_price: '315000.00',
      abandoned_reason: null,
    });
    expect(list.items[0].protocol!.applications.map((a) => [a.app_number, a.price, a.rating, a.admitted])).toEqual([
      ['112038040', '315000.00', 1, true],
      ['112016964', '322000.00', 2, true],
      ['112031446', '329500.00', 3, true],
    ]);
    // filed while the notice collected applications (16.02–26.02 09:00)
    expect(list.items[0].protocol!.applications.map((a) => a.app_date)).toEqual([
      `${Y}-02-26T08:54:02+03:00`,
      `${Y}-02-16T12:44:17+03:00`,
      `${Y}-02-26T07:28:40+03:00`,
    ]);

    // the morning after the contract was placed in the register: it names the supplier the protocol could not
    await nightAfter(`${Y}-03-06`);
    expect((await purchase()).items[0].contract).toMatchObject({
      registry_number: regNum44(DEMO_44_CUSTOMER, Y, 2),
      supplier_name: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "БУМАГА-ОПТ"',
      supplier_inn: '0105020407',
      price: '315000.00',
      contract_date: `${Y}-03-05`,
    });

    // the screens say the last sync was the nightly one, and nothing is stored twice when a night is run again
    const status = await t.api<EisImportStatusResponse>('GET', '/api/eis/imports/status?kind=notices44', { token: budget });
    expect(status.body.last_sync).toMatchObject({ origin: 'daily', status: 'success', date_from: `${Y}-03-06`, days_done: 1 });
    const n = await t.server.deps.database.sql.query<{ docs: number; apps: number }>(
      `SELECT (SELECT count(*)::int FROM eis44_notices) AS docs, (SELECT count(*)::int FROM eis44_protocol_applications) AS apps`,
    );
    expect(n.rows[0]).toEqual({ docs: 2, apps: 3 });
    expect(await runDailySync(t.server.deps, `${Y}-03-07`)).toEqual([]);
  }, 300_000);

  it('tells the period dialog how many requests a day each kind costs, 44-ФЗ subsystems included', async () => {
    const perDay = async (kind: string, token: string) =>
      (await t.api<EisImportStatusResponse>('GET', `/api/eis/imports/status?kind=${kind}`, { token })).body.requests_per_day;
    // a 44-ФЗ company's contracts: RD223's contract and RGK's contract, contractProcedure, contractCancel
    expect(await perDay('contracts', budget)).toBe(4);
    expect(await perDay('notices44', budget)).toBe(6);
    expect(await perDay('tenderPlans', budget)).toBe(1);
    // a 223-ФЗ company's contracts: RD223 only, as its import asks
    expect(await perDay('contracts', client)).toBe(1);
    expect(await perDay('plans', client)).toBe(1);
  });
});
