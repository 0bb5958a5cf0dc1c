import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { MESSAGES, type ContractResponse, type DashboardResponse, type ExecutionSummaryResponse, type Paged } from '@proc/contract';
import { startFakeEis, UNSIGNED_REASON, type FakeEis } from '../tools/fake-eis/server';
import { buildIntegrationApp } from '../server/src/eis-service/build-integration-app';
import { startE2E, TEST_INTEGRATION_SECRET, type E2E } from './harness';
import { layoutFindings } from './layout-check';

let e: E2E;
let page: Page;
let eis: FakeEis;
let integration: FastifyInstance;

/** A sum as the screens print it: '2130580.00' → '2 130 580,00' with any kind of space between the groups. */
const printed = (amount: string) => new RegExp(amount.replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?'));
const text = async (testId: string) => (await page.getByTestId(testId).innerText()).replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  // a first start as `npm start` makes it: the demo customer's contracts come from the fake ЕИС through the integration service
  eis = await startFakeEis({ port: 0 });
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
  e = await startE2E({
    INTEGRATION_API_URL: `http://127.0.0.1:${(integration.server.address() as { port: number }).port}`,
    EIS_URL: eis.url,
    DEMO_CONTRACTS: true,
  });
  const jobs = e.server.deps.jobs;
  for (const q of ['demo.contracts', 'execution.process-upd', 'execution.import-payments', 'eis.execution-send', 'execution.build-report'])
    await jobs.idle(q, 120_000);
  page = await e.newPage();
  await e.login(page, 'client');
}, 240_000);
afterAll(async () => {
  await e?.close();
  await integration?.close();
  await eis?.close();
});

async function api<T>(url: string): Promise<T> {
  const res = await e.server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await e.token(page)}` } });
  return JSON.parse(res.body) as T;
}

describe('a first start shows demo data on every screen', () => {
  it('the dashboard has the plan, contracts by status and delivered / paid figures', async () => {
    const d = await api<DashboardResponse>('/api/dashboard');
    await page.goto('/');
    await page.getByTestId('dash-money').waitFor();
    expect(await text('dash-plan')).toContain(`Исполнение плана закупки ${new Date().getFullYear()} г.`);
    const contracts = await text('dash-contracts');
    for (const s of ['Размещён', 'Редактируется', 'Недействителен', 'Изменяется']) expect(contracts).toContain(s);
    expect(Number(d.delivered_total)).toBeGreaterThan(0);
    expect(await text('dash-money')).toMatch(printed(d.delivered_total));
    await e.shot(page, 'demo-dashboard');
  });

  it('the contracts register lists the imported contracts and a card shows УПД, payments and the report', async () => {
    await page.goto('/contracts/register');
    const rows = page.getByTestId('contracts-table').locator('tbody tr.ant-table-row');
    // the first visit loads the screen's code and its data: the rows come when they come, then they are counted
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(6);
    await e.shot(page, 'demo-contracts-register');

    // the first registered contract is the one delivered in two УПД, both accepted (one in part) and paid: only what
    // the customer accepted counts as delivered, so its card shows the accepted sum, paid in full, not a bare 100 %
    const list = await api<Paged<ContractResponse>>('/api/contracts?limit=50&sort=contract_date&order=asc');
    const done = list.items.filter((c) => c.status === 'registered')[0];
    const s = await api<ExecutionSummaryResponse>(`/api/contracts/${done.id}/execution-summary`);
    expect(Number(s.delivered_amount)).toBeGreaterThan(0);
    expect(s.paid_amount).toBe(s.delivered_amount);
    await page.goto(`/contracts/register/${done.id}`);
    await page.getByTestId('execution-summary').waitFor();
    await expect.poll(() => text('execution-summary')).toMatch(new RegExp(`Поставлено: ${printed(s.delivered_amount).source}`));
    expect(await text('execution-summary')).toMatch(new RegExp(`Оплачено: ${printed(s.paid_amount).source}`));
    const docs = page.getByTestId('acceptance-documents');
    await expect.poll(() => docs.innerText()).toMatch(/УПД|№/);
    await expect.poll(() => page.getByTestId('payments-table').locator('tbody tr.ant-table-row').count()).toBe(2);
    await expect.poll(() => text('reports-table')).toContain('Готов');
    await e.shot(page, 'demo-contract-card');
  });

  it('the execution screen lists the payments, linked and not, and the export screen the unsigned record ЕИС refused', async () => {
    await page.goto('/contracts/execution');
    const rows = page.getByTestId('payments-table').locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    // paid is what was accepted: the first contract's two УПД, and the payment of no contract; the accepted half of
    // the second contract waits past its term and the third's УПД is under review, so neither is paid
    await expect.poll(() => rows.count()).toBe(3);
    expect(await text('payments-table')).toContain('ПАО «Ростелеком»');
    await e.shot(page, 'demo-execution');

    const list = await api<Paged<ContractResponse>>('/api/contracts?limit=50&sort=contract_date&order=asc');
    const done = list.items.filter((c) => c.status === 'registered')[0];
    await page.goto('/contracts/export');
    const row = page.getByTestId('export-table').locator('tr.ant-table-row').filter({ hasText: done.registry_number! });
    await row.locator('.ant-table-row-expand-icon').click();
    // the demo's record went without a signature: ЕИС refused it, and the screen says why in ЕИС's words
    await expect.poll(() => text('export-table')).toContain('Отклонены ЕИС');
    expect(await text('export-table')).toContain(UNSIGNED_REASON);
    await e.shot(page, 'demo-export');
  });
});

describe('every screen at 1440×900 and 1280×800 has one-row top bar, no cut column, no raw value', () => {
  it('passes for the client and for the administrator', async () => {
    const plans = await api<Paged<{ registration_number: string }>>('/api/eis/plans?limit=5');
    const contracts = await api<Paged<ContractResponse>>('/api/contracts?limit=50&sort=contract_date&order=asc');
    const card = contracts.items.find((c) => c.status === 'registered')!;
    // a saved procurement card with catalogue values (the demo's have a НМЦД method and funding sources)
    const procurement = (await api<Paged<{ id: number }>>('/api/procurements?limit=1')).items[0];
    const clientRoutes = [
      `/documents/${procurement.id}`,
      '/',
      '/procurementsRules',
      '/eisPlans',
      `/eisPlanItems/${encodeURIComponent(plans.items[0].registration_number)}`,
      '/documents',
      '/contracts/register',
      `/contracts/register/${card.id}`,
      '/contracts/execution',
      '/contracts/export',
      '/profile/my',
      '/catalogFundingSources',
      '/catalogEnsuring',
    ];
    const staffRoutes = [
      '/',
      '/users',
      '/registrations',
      '/audit',
      '/catalogMethod',
      '/catalogTariffs',
      '/documents',
      '/contracts/register',
    ];
    const findings: string[] = [];
    const shots: string[] = [];
    for (const [login, routes] of [
      ['client', clientRoutes],
      ['admin', staffRoutes],
    ] as const) {
      const p = await e.newPage();
      await e.login(p, login);
      for (const size of [
        { width: 1440, height: 900 },
        { width: 1280, height: 800 },
      ]) {
        await p.setViewportSize(size);
        for (const route of routes) {
          const failed: string[] = [];
          const onResponse = (r: { url(): string; status(): number }) => {
            if (new URL(r.url()).pathname.startsWith('/api/') && r.status() >= 400)
              failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
          };
          p.on('response', onResponse);
          await p.goto(route);
          await p.waitForLoadState('networkidle');
          // a screen still loading is a finding of its own, not a reason to look at it half-drawn
          await p.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached', timeout: 15_000 });
          p.off('response', onResponse);
          for (const f of await layoutFindings(p)) findings.push(`${login} ${size.width} ${route}: ${f}`);
          for (const f of failed) findings.push(`${login} ${size.width} ${route}: API ${f}`);
          if (await p.getByText(MESSAGES.httpErrorHeader).count()) findings.push(`${login} ${size.width} ${route}: an error notice`);
          // a select shows the stored value's name from the first paint, never a bare id
          for (const shown of await p.locator('.ant-select-selection-item, .ant-select-selection-item-content').allInnerTexts())
            if (/^\s*\d+\s*$/.test(shown))
              findings.push(`${login} ${size.width} ${route}: a select shows the bare number «${shown.trim()}»`);
          if (route === '/audit') {
            // every recorded key in Russian, objects by their business numbers
            await p.getByTestId('audit-changes').first().waitFor();
            for (const line of await p.getByTestId('audit-changes').locator('li').allInnerTexts()) {
              const key = line.split(':')[0].trim();
              if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) findings.push(`${login} ${size.width} /audit: the English key «${key}»`);
            }
            for (const object of await p.getByRole('link', { name: /^(Закупка|Договор) № \d+$/ }).allInnerTexts())
              findings.push(`${login} ${size.width} /audit: «${object}» instead of its number`);
          }
          const name = `layout-${login}-${size.width}-${route.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home'}`;
          shots.push(await e.shot(p, name));
        }
      }
      await e.endSession(p);
      await p.context().close();
    }
    expect(findings).toEqual([]);
    // every screen was looked at: a screenshot per route and size, each a real picture
    expect(shots.filter((f) => fs.statSync(f).size > 10_000)).toHaveLength((clientRoutes.length + staffRoutes.length) * 2);
  }, 300_000);
});
