import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import type {
  AcceptanceDocumentResponse,
  ContractResponse,
  DashboardResponse,
  ExecutionSummaryResponse,
  PaymentOrderResponse,
  ReportResponse,
} from '@proc/contract';
import { procurementNumberAndMethod } from '@proc/contract/format';
import { readPdfText } from '../../../test/read-pdf';
import { download } from '../../../test/factories';
import { startTestServer, TEST_INTEGRATION_SECRET, type TestServer } from '../../../test/harness';
import { startFakeEis, UNSIGNED_REASON, type FakeEis } from '../../../../tools/fake-eis/server';
import { buildIntegrationApp } from '../../eis-service/build-integration-app';
import { PROCESS_UPD_JOB } from '../contracts/upload-upd';
import { IMPORT_PAYMENTS_JOB } from '../contracts/import-payments';
import { DEMO_CONTRACTS_JOB } from './demo-contracts';

let t: TestServer;
let eis: FakeEis;
let integration: FastifyInstance;
let client: string;

type Paged<T> = { items: T[]; total: number };

beforeAll(async () => {
  eis = await startFakeEis();
  // the fake has no request limit: ЕИС's budget of 90 a minute would stretch the demo's two years of days to minutes
  integration = await buildIntegrationApp({
    eisUrl: eis.url,
    token: 'test-individual-token',
    secret: TEST_INTEGRATION_SECRET,
    archiveRetryMs: 50,
    timeoutMs: 5_000,
    logLevel: 'silent',
    requestsPerMinute: 100_000,
  });
  await integration.listen({ port: 0, host: '127.0.0.1' });
  const port = (integration.server.address() as { port: number }).port;
  t = await startTestServer({ INTEGRATION_API_URL: `http://127.0.0.1:${port}`, DEMO_CONTRACTS: true });
  const jobs = t.server.deps.jobs;
  await jobs.idle(DEMO_CONTRACTS_JOB, 120_000);
  for (const q of [PROCESS_UPD_JOB, IMPORT_PAYMENTS_JOB, 'eis.execution-send', 'execution.build-report']) await jobs.idle(q, 60_000);
  client = await t.login('client');
}, 240_000);
afterAll(async () => {
  await t?.close();
  await integration?.close();
  await eis?.close();
});

const get = async <T>(url: string) => {
  const r = await t.api<T>('GET', url, { token: client });
  expect(r.status, url).toBe(200);
  return r.body;
};

describe('demo data on first start', () => {
  it('imports the demo customer’s contracts from the fake ЕИС, one in each ЕИС status, with the current plan', async () => {
    const list = await get<Paged<ContractResponse>>('/api/contracts?limit=50');
    expect(list.total).toBe(6);
    expect(new Set(list.items.map((c) => c.status))).toEqual(new Set(['registered', 'editing', 'invalid', 'changing']));
    expect(list.items.every((c) => c.source === 'eis' && /^\d{23}$/.test(c.registry_number ?? ''))).toBe(true);
    const plans = await get<Paged<{ year: number; item_count: number }>>('/api/eis/plans');
    expect(plans.items[0]).toMatchObject({ year: new Date().getUTCFullYear(), item_count: 8 });
    // nothing of the test fixtures reaches the demo
    const payments = await get<Paged<PaymentOrderResponse>>('/api/payments?limit=50');
    expect(JSON.stringify([list, payments])).not.toMatch(/Some random|СвЮЛУч-НаимОрг/);
  });

  it('has УПД mapped to positions, payments linked, an unsigned execution record refused by ЕИС and a ready report', async () => {
    const list = await get<Paged<ContractResponse>>('/api/contracts?limit=50&sort=contract_date&order=asc');
    const registered = list.items.filter((c) => c.status === 'registered');
    const summaries = await Promise.all(registered.map((c) => get<ExecutionSummaryResponse>(`/api/contracts/${c.id}/execution-summary`)));
    // the first delivered in two parts: accepted and paid in term, then accepted in part (one line refused) and its
    // accepted part paid; the second's half accepted and unpaid past its term; the third in full, under review
    expect(summaries.map((s) => [s.documents, s.payments, s.unmapped_lines])).toEqual([
      [2, 2, 0],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    expect(Number(summaries[0].delivered_share)).toBeGreaterThan(60);
    expect(Number(summaries[0].delivered_share)).toBeLessThan(100);
    expect(summaries.map((s) => s.delivered_share).slice(1)).toEqual(['50.00', '0.00']);
    expect(summaries[0].paid_amount).toBe(summaries[0].delivered_amount);
    expect(summaries[1].deadlines.find((d) => d.kind === 'payment_term')).toMatchObject({ done: false, overdue: true });
    expect(summaries[0].deadlines.filter((d) => d.kind === 'payment_term').map((d) => [d.done, d.overdue])).toEqual([
      [true, false],
      [true, false],
    ]);
    const docs = await Promise.all(registered.map((c) => get<AcceptanceDocumentResponse[]>(`/api/contracts/${c.id}/acceptance`)));
    expect(docs.map((d) => d.map((x) => x.acceptance).sort())).toEqual([['accepted', 'partial'], ['accepted'], ['review']]);
    const payments = await get<Paged<PaymentOrderResponse>>('/api/payments?limit=50');
    expect(payments.total).toBe(3);
    expect(payments.items.filter((p) => p.contract_id === null).map((p) => p.payee.name)).toEqual(['ПАО «Ростелеком»']);

    const done = registered[0];
    const exec = await get<
      Array<{ status: string; reject_reasons: string[] | null }> | Paged<{ status: string; reject_reasons: string[] | null }>
    >(`/api/contracts/${done.id}/execution`);
    const records = Array.isArray(exec) ? exec : exec.items;
    // the demo sends its record without a signature, and ЕИС refuses it in its words, as the real one does
    expect(records.map((r) => [r.status, r.reject_reasons])).toEqual([['rejected', [UNSIGNED_REASON]]]);
    expect(eis.received).toEqual([]);
    const reports = await get<Paged<ReportResponse>>('/api/reports');
    expect(reports.items.map((r) => [r.kind, r.status, r.contract_id])).toEqual([['contract_execution', 'ready', done.id]]);
  });

  it('fills the dashboard', async () => {
    const d = await get<DashboardResponse>('/api/dashboard');
    expect(d.plan).toMatchObject({ source: 'plan', planned_count: 8 });
    expect(d.contracts_by_status).toMatchObject({ registered: 3, editing: 1, invalid: 1, changing: 1 });
    expect(Number(d.delivered_total)).toBeGreaterThan(0);
    // what is accepted and not paid: the second contract's half, its payment term overdue on the dashboard
    expect(Number(d.paid_total)).toBeLessThan(Number(d.delivered_total));
    expect(d.deadlines.some((x) => x.kind === 'payment_term' && x.overdue)).toBe(true);
  });
});

/** The «label → value» pairs of a report: XLSX rows of every sheet (first text cell, then the next filled one). */
async function xlsxPairs(data: Buffer) {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const pairs = new Map<string, string>();
  const headers: string[] = [];
  let positionsTotal: unknown[] = [];
  wb.eachSheet((ws) =>
    ws.eachRow((row, n) => {
      const cells = (row.values as unknown[])
        .slice(1)
        .map((v) => (typeof v === 'object' && v && 'result' in v ? (v as { result: unknown }).result : v));
      if (ws.name === 'Позиции' && n === 1) headers.push(...cells.map(String));
      if (ws.name === 'Позиции' && cells.includes('Итого')) positionsTotal = cells;
      const i = cells.findIndex((v) => typeof v === 'string');
      const value = cells.slice(i + 1).find((v) => v !== null && v !== undefined && v !== '');
      if (ws.name === 'Сведения' && i >= 0 && !pairs.has(cells[i] as string)) pairs.set(cells[i] as string, String(value ?? ''));
    }),
  );
  return { pairs, headers, positionsTotal };
}

/** A PDF label's value: pdfkit writes a two-column row as the label's line, then the value's. */
// PDF.js gives the page's text runs; a label and its value follow each other, whatever the line breaks between them
const pdfHas = (flat: string, label: string, value: string) => flat.includes(`${label} ${value}`);
const ru = (v: string) =>
  new Decimal(v)
    .toFixed(2)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
    .replace('.', ',');

describe('contract reports agree with the card', () => {
  it("shows the card's figures, «руб.» and the procurement's number and method in the XLSX and the PDF of every demo contract", async () => {
    const list = await get<Paged<ContractResponse>>('/api/contracts?limit=50&sort=contract_date&order=asc');
    const registered = list.items.filter((c) => c.status === 'registered');
    expect(registered.length).toBe(3);
    for (const c of registered) {
      const card = await get<ExecutionSummaryResponse>(`/api/contracts/${c.id}/execution-summary`);
      const numberAndMethod = procurementNumberAndMethod(
        c.purchase_notice_number,
        c.method_name ?? (c.method_code ? `код ЕИС ${c.method_code}` : null),
      );
      const files: Record<string, Buffer> = {};
      for (const format of ['xlsx', 'pdf'] as const) {
        const r = await t.api<{ report_code: string }>('POST', `/api/contracts/${c.id}/reports`, { token: client, body: { format } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        await t.server.deps.jobs.idle('execution.build-report', 60_000);
        const file = await download(t, `/api/reports/${r.body.report_code}/download`, client);
        expect(file.status).toBe(200);
        files[format] = file.data;
      }
      const x = await xlsxPairs(files.xlsx);
      expect(new Decimal(x.pairs.get('Принято по документам о приёмке')!).toFixed(2), c.registry_number!).toBe(card.delivered_amount);
      expect(new Decimal(x.pairs.get('Оплачено')!).toFixed(2)).toBe(card.paid_amount);
      expect(x.pairs.get('Валюта')).toBe('руб.');
      expect(x.pairs.get('Номер и способ закупки')).toBe(numberAndMethod);
      // payments pay the contract, not a position: no per-position «Оплачено 0» beside a paid total
      expect(x.headers.filter((h) => /Оплачено/.test(h))).toEqual([]);
      expect(x.positionsTotal.map(String)).toContain(String(Number(card.delivered_amount)));

      const flat = (await readPdfText(files.pdf)).text.replace(/\s+/g, ' ');
      expect(pdfHas(flat, 'Принято по документам о приёмке', `${ru(card.delivered_amount)} руб.`), flat).toBe(true);
      expect(pdfHas(flat, 'Оплачено', `${ru(card.paid_amount)} руб.`), flat).toBe(true);
      expect(pdfHas(flat, 'Номер и способ закупки', numberAndMethod), flat).toBe(true);
      expect(flat).not.toMatch(/RUB/);
      expect(flat).not.toMatch(/Оплачено, (кол-во|сумма)/);
    }
  });
});
