/**
 * A 44-ФЗ contract's acceptance and payments from ЕИС (contractProcedure) count in its figures — the
 * card, the register, the dashboard, the PDF and XLSX reports — once, also when ЕИС's documents arrive twice, in two
 * versions, beside a 1C payment order of the same payment, or before their contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import {
  EVENTS,
  type ContractCardResponse,
  type ContractListItem,
  type DashboardResponse,
  type ExecutionSummaryResponse,
  type Paged,
  type WaitingExecution44,
} from '@proc/contract';
import { formatMoney } from '@proc/contract/format';
import type { TestServer } from '../../../test/harness';
import { nextEvent } from '../../../test/harness';
import { download, upload } from '../../../test/factories';
import { readPdfText } from '../../../test/read-pdf';
import { importPeriod, startEisWorld, type EisWorld } from '../../../test/eis-world';
import { DEMO_44_CUSTOMER, TENDER_PLAN_YEAR } from '../../../../tools/fake-eis/server';
import { contractProcedure44Xml, regNum44 } from '../../../../tools/fake-eis/contract44-samples';
import { contractFigures, documentIdentity } from '.';

let world: EisWorld;
let t: TestServer;
let client: string;
let companyId: number;
const Y = TENDER_PLAN_YEAR;
// the fake ЕИС's ТКО contract of the budget institution: 148 895.28 in two stages, the first (49 631.76) accepted by an
// act published on 03.07 and paid by payment order 518 published on 10.07 (tools/fake-eis/contract44-samples.ts)
const WASTE_REG = regNum44(DEMO_44_CUSTOMER, Y, 1);
const STAGE1 = '49631.76';

beforeAll(async () => {
  world = await startEisWorld();
  t = world.t;
  client = await t.login('budget');
  companyId = (await t.api<{ company_id: number }>('GET', '/api/profile', { token: client })).body.company_id;
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const importContracts = (date_from: string, date_to: string) =>
  importPeriod(t, client, '/api/eis/contracts/import', EVENTS.notificationEisContractsResponse, { date_from, date_to });
const waiting = async () => (await t.api<Paged<WaitingExecution44>>('GET', '/api/contracts/waiting-executions', { token: client })).body;
const registerRow = async () => {
  const r = await t.api<Paged<ContractListItem>>('GET', `/api/contracts?q=${WASTE_REG}`, { token: client });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.items).toHaveLength(1);
  return r.body.items[0];
};
const summary = async (id: number) =>
  (await t.api<ExecutionSummaryResponse>('GET', `/api/contracts/${id}/execution-summary`, { token: client })).body;
const card = async (id: number) => (await t.api<ContractCardResponse>('GET', `/api/contracts/${id}`, { token: client })).body;
const uploadEis = (name: string, xml: string) => upload(t, 'POST', '/api/eis/upload', client, name, Buffer.from(xml, 'utf8'));

async function report(id: number, format: 'pdf' | 'xlsx'): Promise<Buffer> {
  const s = await t.socket('auth', client);
  try {
    const event = nextEvent(s, EVENTS.reportCreateResponse, () => true, 60_000);
    const r = await t.api<{ report_code: string; key: string }>('POST', `/api/contracts/${id}/reports`, {
      token: client,
      body: { format },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await event).toMatchObject({ key: r.body.key, result: 'success' });
    const file = await download(t, `/api/reports/${r.body.report_code}/download`, client);
    expect(file.status).toBe(200);
    return file.data;
  } finally {
    s.disconnect();
  }
}

/** The XLSX report's label → value pairs of every sheet (the first label of a row, then its first value). */
async function xlsxValues(data: Buffer): Promise<Map<string, string>> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const values = new Map<string, string>();
  const text = (v: unknown) => String(typeof v === 'object' && v && 'result' in v ? (v as { result: unknown }).result : v);
  wb.eachSheet((ws) =>
    ws.eachRow((row) => {
      const cells = (row.values as unknown[]).slice(1);
      const label = cells.find((v) => typeof v === 'string') as string | undefined;
      const value = cells.slice(cells.indexOf(label) + 1).find((v) => v !== null && v !== undefined && v !== '');
      if (label && !values.has(label) && value !== undefined) values.set(label, text(value));
    }),
  );
  return values;
}

/** Every screen and file of the contract says delivered `delivered` and paid `paid`, each document and payment once. */
async function expectFigures(id: number, delivered: string, paid: string, counts: { documents: number; payments: number }) {
  const price = '148895.28';
  const shareOf = (x: string) => new Decimal(x).div(price).times(100).toFixed(2);
  const s = await summary(id);
  expect(s).toMatchObject({
    delivered_amount: delivered,
    paid_amount: paid,
    delivered_share: shareOf(delivered),
    paid_share: shareOf(paid),
    documents: counts.documents,
    payments: counts.payments,
    remaining_to_pay: new Decimal(price).minus(paid).toFixed(2),
  });
  expect((await registerRow()).figures).toEqual({
    delivered_amount: delivered,
    delivered_share: shareOf(delivered),
    paid_amount: paid,
    paid_share: shareOf(paid),
  });
  // the company's only contract with figures: the dashboard's totals are this contract's
  const d = (await t.api<DashboardResponse>('GET', '/api/dashboard', { token: client })).body;
  expect([d.delivered_total, d.paid_total]).toEqual([delivered, paid]);

  const xlsx = await xlsxValues(await report(id, 'xlsx'));
  expect(new Decimal(xlsx.get('Принято по документам о приёмке')!).toFixed(2)).toBe(delivered);
  expect(new Decimal(xlsx.get('Оплачено')!).toFixed(2)).toBe(paid);
  expect(xlsx.get('Документов о приёмке')).toBe(String(counts.documents));

  const pdf = (await readPdfText(await report(id, 'pdf'))).text.replace(/\s+/g, ' ');
  expect(pdf).not.toContain('Документы о приёмке отсутствуют');
  expect(pdf).toContain(`Акт выполненных работ`);
  expect(pdf).toContain(`ТКО-${Y}/1-1`);
  // the report writes «руб.» where the screens write ₽; its spaces are read back as plain ones
  const rub = (x: string) => `${formatMoney(x).replace(/\s*₽$/, '').replace(/\s+/g, ' ')} руб.`;
  expect(pdf).toContain(`Принято по документам о приёмке ${rub(delivered)}`);
  expect(pdf).toContain(`Оплачено ${rub(paid)}`);
  // a one-position contract: ЕИС's acceptance is that position's delivery
  expect(pdf).toMatch(new RegExp(`шт 12 12 407,94 148 895,28 \\S+ ${rub(delivered).replace(' руб.', '')} `));
}

describe('one computation of a contract’s figures from ЕИС (44-ФЗ)', () => {
  let id: number;

  it('keeps an execution that arrives before its contract, shows it waiting, and counts it when the contract comes', async () => {
    // 03.07 and 10.07: the act and the payment of the ТКО contract, whose own record ЕИС published on 04.03
    await importContracts(`${Y}-07-03`, `${Y}-07-10`);
    expect((await t.api<Paged<ContractListItem>>('GET', `/api/contracts?q=${WASTE_REG}`, { token: client })).body.total).toBe(0);
    const w = await waiting();
    expect(w.total).toBe(2);
    expect(w.items.map((x) => [x.registry_number, x.acceptances, x.accepted_sum, x.payments, x.paid_sum])).toEqual([
      // newest first
      [WASTE_REG, 0, '0.00', 1, STAGE1],
      [WASTE_REG, 1, STAGE1, 0, '0.00'],
    ]);

    await importContracts(`${Y}-03-04`, `${Y}-03-06`);
    expect((await waiting()).total).toBe(0);
    id = (await registerRow()).id;
    await expectFigures(id, STAGE1, STAGE1, { documents: 1, payments: 1 });
    // the card lists ЕИС's act and payment beside those figures
    const x = (await card(id)).execution44!;
    expect(x.acceptances.map((a) => [a.number, a.sum])).toEqual([[`ТКО-${Y}/1-1`, STAGE1]]);
    expect(x.payments.map((p) => [p.number, p.sum])).toEqual([['518', STAGE1]]);
  }, 600_000);

  it('counts ЕИС’s documents once when they are imported again, in a newer version, or under another procedure', async () => {
    // the same periods again: stored once (the store's unique key), counted once
    await importContracts(`${Y}-03-04`, `${Y}-07-10`);
    // a newer version of the payment's procedure (same id, versionNumber 1), and the act again in a procedure of its
    // own id — as ЕИС gives an execution that was corrected, or a package exported twice
    const stage1 = (id: number, publishDate: string, parts: Pick<Parameters<typeof contractProcedure44Xml>[0], 'acceptance' | 'payment'>) =>
      contractProcedure44Xml({
        id,
        regNum: WASTE_REG,
        publishDate,
        stageSid: 93000001,
        stage: { start: `${Y}-03-02`, end: `${Y}-06-30` },
        final: true,
        contractStage: 'E',
        ...parts,
      });
    const v1 = stage1(240000002, `${Y}-07-12T10:00:00+03:00`, { payment: { number: '518', date: `${Y}-07-09`, sum: STAGE1 } }).replace(
      '<versionNumber>0</versionNumber>',
      '<versionNumber>1</versionNumber>',
    );
    const again = stage1(240000099, `${Y}-07-13T10:00:00+03:00`, {
      acceptance: { number: `ТКО-${Y}/1-1`, date: `${Y}-06-30`, acceptDate: `${Y}-07-02`, sum: STAGE1 },
      payment: { number: '№ 000518', date: `${Y}-07-09`, sum: '49631.760' },
    });
    for (const [name, xml] of [
      ['procedure-v1.xml', v1],
      ['procedure-again.xml', again],
    ])
      expect((await uploadEis(name, xml)).status).toBe(200);
    const stored = await t.server.deps.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contract_documents_44 WHERE registry_number = $1`,
      [WASTE_REG],
    );
    expect(stored.rows[0].n).toBe(4);
    await expectFigures(id, STAGE1, STAGE1, { documents: 1, payments: 1 });
    const x = (await card(id)).execution44!;
    expect([x.acceptances.length, x.payments.length]).toEqual([1, 1]);
  }, 600_000);

  it('counts a 1C payment order and ЕИС’s payment document of the same payment once, and sends neither to ЕИС', async () => {
    // the bank's order as a 1C statement gives it, linked to the contract (the link is what process-payments makes)
    await t.server.deps.database.sql.query(
      `INSERT INTO payment_orders (company_id, contract_id, linked_by, kind, number, doc_date, amount, payer_inn, payee_inn, purpose)
       VALUES ($1, $2, 'user', 'Платежное поручение', '518', $3, $4, $5, '0105020396', $6)`,
      [companyId, id, `${Y}-07-09`, STAGE1, DEMO_44_CUSTOMER.inn, `Оплата по контракту ТКО-${Y}/1, акт ТКО-${Y}/1-1`],
    );
    await expectFigures(id, STAGE1, STAGE1, { documents: 1, payments: 1 });
    const f = (await contractFigures(t.server.deps.db, companyId, [id])).get(id)!;
    // the 1C order is the one counted (it carries the purpose), marked as known to ЕИС
    expect(f.payments).toMatchObject([{ source: '1c', number: '518', amount: STAGE1, knownToEis: true }]);
    expect(f.documents).toMatchObject([{ source: 'eis', name: 'Акт выполненных работ', delivered: STAGE1, acceptDate: `${Y}-07-02` }]);
    // ЕИС holds every document and payment of this contract: the package has nothing to send
    const send = await t.api<{ message: string }>('POST', `/api/contracts/${id}/execution/send`, { token: client });
    expect(send.status).toBe(409);
    expect(send.body.message).toMatch(/направлять в ЕИС нечего/);
  }, 600_000);

  it('sums a procedure with many payments, each once, across procedures that repeat some of them', async () => {
    // the second stage (99 263.52) paid by 45 payment orders, as a customer paying monthly by invoices reports them;
    // the next procedure repeats the last two of them beside its own act
    const stage = { start: `${Y}-07-01`, end: `${Y}-12-31` };
    const payments = Array.from({ length: 45 }, (_, i) => ({
      number: String(600 + i),
      date: `${Y}-${String(7 + Math.floor(i / 9)).padStart(2, '0')}-${String(1 + (i % 9) * 3).padStart(2, '0')}`,
      sum: i === 44 ? '2205.68' : '2205.86',
    }));
    const execution = (p: (typeof payments)[number], n: number) =>
      `<execution><payDoc><sid>7${n}</sid><documentName>Платежное поручение</documentName><documentDate>${p.date}</documentDate><documentNum>${p.number}</documentNum></payDoc><currency><code>RUB</code><name>Российский рубль</name></currency><paid>${p.sum}</paid><paidRUR>${p.sum}</paidRUR></execution>`;
    const many = (id: number, list: typeof payments, extra = '') =>
      contractProcedure44Xml({
        id,
        regNum: WASTE_REG,
        publishDate: `${Y}-12-28T10:00:00+03:00`,
        stageSid: 93000002,
        stage,
        final: true,
        contractStage: 'E',
      }).replace('</finalStageExecution>', `</finalStageExecution>${extra}${list.map(execution).join('')}`);
    expect((await uploadEis('many.xml', many(240000200, payments))).status).toBe(200);
    const act = `<execution><docAcceptance><sid>8001</sid><code>03</code><name>Акт выполненных работ</name><documentDate>${Y}-12-27</documentDate><documentNum>ТКО-${Y}/1-2</documentNum><deliveryAcceptDate>${Y}-12-28</deliveryAcceptDate><fulfilmentSum>99263.52</fulfilmentSum><fulfilmentSumRUR>99263.52</fulfilmentSumRUR></docAcceptance><currency><code>RUB</code><name>Российский рубль</name></currency></execution>`;
    expect((await uploadEis('repeat.xml', many(240000201, payments.slice(43), act))).status).toBe(200);
    await expectFigures(id, '148895.28', '148895.28', { documents: 2, payments: 46 });
    const x = (await card(id)).execution44!;
    expect([x.acceptances.length, x.payments.length]).toEqual([2, 46]);
  }, 600_000);
});

describe('documentIdentity', () => {
  it('reads a payment order’s number as people type it, and keeps the date and the amount apart', () => {
    const a = documentIdentity('518', '2026-07-09', '49631.76');
    expect(documentIdentity('№ 000518', '2026-07-09', '49631.760')).toBe(a);
    expect(documentIdentity(' 518 ', '2026-07-09', '49631.76')).toBe(a);
    expect(documentIdentity('518', '2026-07-10', '49631.76')).not.toBe(a);
    expect(documentIdentity('518', '2026-07-09', '49631.77')).not.toBe(a);
    expect(documentIdentity('5180', '2026-07-09', '49631.76')).not.toBe(a);
    expect(documentIdentity('А-12', '2026-07-09', '1.00')).toBe(documentIdentity('а-12', '2026-07-09', '1'));
    expect(documentIdentity(null, '2026-07-09', '1.00')).toBeNull();
    expect(documentIdentity('1', null, '1.00')).toBeNull();
    expect(documentIdentity('000', '2026-07-09', '1.00')).toBe(documentIdentity('0', '2026-07-09', '1.00'));
  });
});
