/**
 * At 01:30 Moscow time UTC's date is still yesterday's. Every part of the system must say the same «today» then — the
 * Moscow one: the Положение register (the version in force, the approval date), the dashboard's and the contract card's
 * overdue marks, the reports' «по состоянию на», and the integration service's СОИ requests (yesterday as ЕИС counts
 * days, the createDateTime stamp). The clock is set for the whole process, so the server, its report job and the
 * integration service built here all read it.
 */
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EIS_FUTURE_PERIOD,
  EVENTS,
  type DashboardResponse,
  type ExecutionSummaryResponse,
  type ProcurementRuleResponse,
  type RuleVersionResponse,
} from '@proc/contract';
import { startFakeEis, DEMO_CUSTOMER, type FakeEis } from '../../../tools/fake-eis/server';
import { nextEvent, startTestServer, type TestServer } from '../../test/harness';
import { download, world, type World } from '../../test/factories';
import { contracts } from '../db/schema';
import { contractReportingDeadlines } from '../modules/deadlines';
import { buildIntegrationApp } from '../eis-service/build-integration-app';
import { readPdfText } from '../../test/read-pdf';
import { addDays, moscowToday, setClock } from './clock';

const NIGHT = '2025-12-30T01:30:00+03:00';
const TODAY = '2025-12-30'; // Moscow
const UTC_DAY = '2025-12-29'; // what toISOString() says at that instant
const SECRET = 'clock-night-test-secret-0123456789';

let t: TestServer;
let w: World;
let eis: FakeEis;
let service: FastifyInstance;

beforeAll(async () => {
  setClock(NIGHT);
  t = await startTestServer();
  w = await world(t);
  eis = await startFakeEis();
  service = await buildIntegrationApp({
    eisUrl: eis.url,
    token: 'test-individual-token',
    tokenFallback: true,
    secret: SECRET,
    timeoutMs: 5_000,
    archiveRetryMs: 20,
    logLevel: 'silent',
  });
  await service.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await service?.close();
  await eis?.close();
  await t?.close();
  setClock(null);
});

describe('at 01:30 Moscow time', () => {
  it('the clock says the Moscow date, not UTC’s', () => {
    expect(new Date(NIGHT).toISOString().startsWith(UTC_DAY)).toBe(true);
    expect(moscowToday()).toBe(TODAY);
  });

  it('the Положение register approves on today and finds the version in force from today', async () => {
    const rule = await t.api<ProcurementRuleResponse>('POST', '/api/procurement_rules', {
      token: w.client,
      body: { title: 'Положение о закупке (ночная редакция)' },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const v = await t.api<RuleVersionResponse>('POST', `/api/procurement_rules/${rule.body.id}/versions`, {
      token: w.client,
      body: { number: '1', in_force_from: TODAY },
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    const approved = await t.api<RuleVersionResponse>('POST', `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}/approve`, {
      token: w.client,
    });
    expect(approved.body).toMatchObject({ status: 'approved', approved_on: TODAY });
    // in force from 30.12: by UTC's 29.12 there would be none
    const inForce = await t.api<RuleVersionResponse | null>('GET', `/api/procurement_rules/${rule.body.id}/in_force`, { token: w.client });
    expect(inForce.body?.id).toBe(v.body.id);
  });

  it('the dashboard and the contract card mark a deadline due yesterday-by-Moscow as overdue, and the reports are dated today', async () => {
    // a contract signed so that its registration in ЕИС was due on 29.12 (UTC's «today»), and never registered
    let signedOn = addDays(UTC_DAY, -1);
    while (contractReportingDeadlines({ signedOn }).find((d) => d.kind === 'contract')!.dueOn !== UTC_DAY) signedOn = addDays(signedOn, -1);
    const [c] = await t.server.deps.db
      .insert(contracts)
      .values({
        companyId: w.demoId,
        number: 'Н-0130',
        contractDate: signedOn,
        subject: 'Поставка в ночь',
        supplierName: 'ООО «Поставщик»',
        supplierInn: '9103624367',
        price: '1000.00',
      })
      .returning();

    const dash = await t.api<DashboardResponse>('GET', '/api/dashboard', { token: w.client });
    expect(dash.status, JSON.stringify(dash.body)).toBe(200);
    expect(dash.body.today).toBe(TODAY);
    expect(dash.body.deadlines.find((d) => d.contract_id === c.id)).toMatchObject({ kind: 'contract', due_on: UTC_DAY, overdue: true });
    const card = await t.api<ExecutionSummaryResponse>('GET', `/api/contracts/${c.id}/execution-summary`, { token: w.client });
    expect(card.body.deadlines.find((d) => d.kind === 'contract')).toMatchObject({ due_on: UTC_DAY, overdue: true });

    const sock = await t.socket('auth', w.client);
    for (const format of ['pdf', 'xlsx'] as const) {
      const done = nextEvent(sock, EVENTS.reportCreateResponse);
      const r = await t.api<{ report_code: string; key: string }>('POST', `/api/contracts/${c.id}/reports`, {
        token: w.client,
        body: { format },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await done).toMatchObject({ key: r.body.key, result: 'success' });
      const file = await download(t, `/api/reports/${r.body.report_code}/download`, w.client);
      expect(file.status).toBe(200);
      const text = format === 'pdf' ? (await readPdfText(file.data)).text : await xlsxText(file.data);
      expect(text).toContain('по состоянию на 30.12.2025');
      expect(text).not.toContain('29.12.2025');
    }
  }, 60_000);

  it('an ЕИС import may end on Moscow’s today and not on its tomorrow, by the server’s clock', async () => {
    const importUpTo = (date_to: string) =>
      t.api<{ fields?: Record<string, string[]> }>('POST', '/api/eis/notices/import', {
        token: w.client,
        body: { date_from: UTC_DAY, date_to },
      });
    const tomorrow = await importUpTo(addDays(TODAY, 1));
    expect(tomorrow.status).toBe(400);
    expect(JSON.stringify(tomorrow.body)).toContain(EIS_FUTURE_PERIOD);
    const today = await importUpTo(TODAY);
    expect(JSON.stringify(today.body)).not.toContain(EIS_FUTURE_PERIOD);
    expect(today.status, JSON.stringify(today.body)).not.toBe(400);
  });

  it('the integration service asks ЕИС for Moscow’s yesterday and stamps its requests with Moscow time', async () => {
    const port = (service.server.address() as net.AddressInfo).port;
    const from = eis.soi.requests.length;
    const r = await fetch(`http://127.0.0.1:${port}/eis/check?customer_inn=${DEMO_CUSTOMER.inn}`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ok: true, message: expect.stringContaining('за 29.12.2025') });
    const asked = eis.soi.requests.slice(from);
    expect(asked).toHaveLength(1);
    expect(asked[0].params.exactDate).toBe(UTC_DAY);
    expect(asked[0].createDateTime).toMatch(/^2025-12-30T01:3\d:\d\d$/);
  });
});

/** Every cell's text of a workbook, dates as DD.MM.YYYY strings where the sheet wrote them as text. */
async function xlsxText(data: Buffer): Promise<string> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => out.push(cell.text))));
  return out.join('\n');
}
