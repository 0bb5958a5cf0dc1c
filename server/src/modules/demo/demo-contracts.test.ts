import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ContractResponse, DashboardResponse, ExecutionSummaryResponse, PaymentOrderResponse, ReportResponse } from '@proc/contract';
import { startTestServer, TEST_INTEGRATION_SECRET, type TestServer } from '../../../test/harness';
import { startFakeEis, type FakeEis } from '../../../../tools/fake-eis/server';
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
  integration = await buildIntegrationApp({ eisUrl: eis.url, token: 'test-individual-token', secret: TEST_INTEGRATION_SECRET, archiveRetryMs: 50, timeoutMs: 5_000, logLevel: 'silent', requestsPerMinute: 100_000 });
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

describe('demo data on first start (issue 14)', () => {
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

  it('has УПД mapped to positions, payments linked, an execution record accepted by ЕИС and a ready report', async () => {
    const list = await get<Paged<ContractResponse>>('/api/contracts?limit=50&sort=contract_date');
    const registered = list.items.filter((c) => c.status === 'registered');
    const summaries = await Promise.all(registered.map((c) => get<ExecutionSummaryResponse>(`/api/contracts/${c.id}/execution-summary`)));
    // the first delivered in two parts and paid, the second half delivered and paid, the third in full
    expect(summaries.map((s) => [s.documents, s.payments, s.unmapped_lines])).toEqual([[2, 2, 0], [1, 1, 0], [1, 1, 0]]);
    expect(summaries.map((s) => s.delivered_share)).toEqual(['100.00', '50.00', '100.00']);
    expect(summaries.map((s) => s.paid_amount)).toEqual(summaries.map((s) => s.delivered_amount));
    const payments = await get<Paged<PaymentOrderResponse>>('/api/payments?limit=50');
    expect(payments.total).toBe(5);
    expect(payments.items.filter((p) => p.contract_id === null).map((p) => p.payee.name)).toEqual(['ПАО «Ростелеком»']);

    const done = registered[2];
    const exec = await get<Array<{ status: string }> | Paged<{ status: string }>>(`/api/contracts/${done.id}/execution`);
    const records = Array.isArray(exec) ? exec : exec.items;
    expect(records.map((r) => r.status)).toEqual(['registered']);
    expect(eis.received.map((r) => r.contractRegNumber)).toEqual([done.registry_number]);
    const reports = await get<Paged<ReportResponse>>('/api/reports');
    expect(reports.items.map((r) => [r.kind, r.status, r.contract_id])).toEqual([['contract_execution', 'ready', done.id]]);
  });

  it('fills the dashboard', async () => {
    const d = await get<DashboardResponse>('/api/dashboard');
    expect(d.plan).toMatchObject({ source: 'plan', planned_count: 8 });
    expect(d.contracts_by_status).toMatchObject({ registered: 3, editing: 1, invalid: 1, changing: 1 });
    expect(Number(d.delivered_total)).toBeGreaterThan(0);
    expect(d.paid_total).toBe(d.delivered_total);
  });
});
