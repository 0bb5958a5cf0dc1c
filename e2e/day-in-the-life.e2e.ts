/**
 * Issue 17: a specialist's working day in one go, through the screens only (the API is read to know what to expect):
 * a procurement from a plan item, its card and documentation (with a forgotten required field), «Договор заключён»,
 * the contract from ЕИС, the supplier's УПД and the bank statement, the report — and one set of figures everywhere.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { MESSAGES, type ContractCardResponse, type ContractResponse, type DocumentsResponse, type ExecutionSummaryResponse, type Paged, type ProcurementResponse } from '@proc/contract';
import { startFakeEis, DEMO_CUSTOMER, type FakeEis } from '../tools/fake-eis/server';
import { buildIntegrationApp } from '../server/src/eis-service/build-integration-app';
import { bank1cStatement, updXml } from '../server/src/modules/demo/demo-documents';
import { typePeriod } from './eis-import-form';
import { startE2E, TEST_INTEGRATION_SECRET, type E2E } from './harness';
import { layoutFindings } from './layout-check';
import { fillForgottenFields } from './documentation-form';

let e: E2E;
let page: Page;
let eis: FakeEis;
let integration: FastifyInstance;
let procurementId: number;
let contract: ContractCardResponse;
let delivered: Decimal;
let paid: Decimal;
const PLAN = `2${DEMO_CUSTOMER.inn.slice(0, 9)}`;
const YEAR = new Date().getFullYear();
const SIGNER = 'Петров Пётр Петрович';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'day-'));

beforeAll(async () => {
  eis = await startFakeEis({ port: 0 });
  // the fake has no request limit: ЕИС's budget of 90 a minute would stretch the demo's two years of days to minutes
  integration = await buildIntegrationApp({ eisUrl: eis.url, token: 'test-individual-token', tokenFallback: true, secret: TEST_INTEGRATION_SECRET, archiveRetryMs: 50, timeoutMs: 5_000, logLevel: 'silent', requestsPerMinute: 100_000 });
  await integration.listen({ port: 0, host: '127.0.0.1' });
  e = await startE2E({ INTEGRATION_API_URL: `http://127.0.0.1:${(integration.server.address() as { port: number }).port}`, EIS_URL: eis.url });
  page = await e.newPage();
}, 120_000);
afterAll(async () => {
  await e?.close();
  await integration?.close();
  await eis?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function api<T>(url: string): Promise<T> {
  const company = await page.evaluate(() => localStorage.getItem('selectedCompany'));
  const res = await e.server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await e.token(page)}`, ...(company ? { 'x-company-id': company } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as T;
}

const visibleOptions = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
const fileInput = (testId: string) => page.locator(`[data-testid="${testId}"]`).locator('xpath=ancestor::span[contains(@class,"ant-upload")]').locator('input[type=file]');
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
/** A sum as the screens print it: 12345.6 → «12 345,60». */
const printed = (d: Decimal) => d.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

describe('issue 17: a specialist’s day, with the same figures on every screen', () => {
  it('creates a procurement from a plan item and fills its card', async () => {
    await e.login(page, 'specialist');
    await page.getByTestId('company-picker').click();
    await page.keyboard.type('Демо');
    await visibleOptions().first().click();
    await page.getByTestId('acting-company').getByText(DEMO_CUSTOMER.name).waitFor();

    await page.goto('/eisPlans');
    await page.getByTestId('plans-import').click();
    // the 2024 plan went out in December 2023, before the period offered (from 1 December of last year)
    await typePeriod(page, page.getByRole('dialog', { name: 'Загрузка планов закупки из ЕИС' }), '01.12.2023', '31.12.2023');
    await page.getByTestId('plans-import-submit').click();
    await page.getByText('Планы закупки загружены', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByTestId(`plan-${PLAN}`).click();
    await page.waitForURL(`**/eisPlanItems/${PLAN}`);
    await page.getByTestId('plan-item-create-2').click();
    await page.waitForURL(/\/documents\/\d+$/);
    procurementId = Number(/\/documents\/(\d+)$/.exec(page.url())![1]);
    const created = await api<ProcurementResponse>(`/api/procurements/${procurementId}`);
    expect(created).toMatchObject({ status: 'draft', plan_item_number: `${PLAN}-2` });

    for (const [label, date] of [['Дата размещения извещения', `01.12.${YEAR}`], ['Окончание подачи заявок', `22.12.${YEAR}`], ['Рассмотрение заявок', `23.12.${YEAR}`], ['Подведение итогов', `24.12.${YEAR}`]]) {
      await page.getByLabel(label).fill(date);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
    }
    await page.getByLabel('Место поставки', { exact: true }).fill('г. Майкоп, ул. Победы, д. 1');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await api<ProcurementResponse>(`/api/procurements/${procurementId}`)).application_deadline).toBe(`${YEAR}-12-22`);
    expect((await api<ProcurementResponse>(`/api/procurements/${procurementId}`)).plan_item_id).toBe(created.plan_item_id);
  });

  it('fills the documentation after being shown the forgotten required field, and generates it', async () => {
    await page.getByRole('link', { name: 'Документация' }).click();
    await page.waitForURL(`**/procurement_documents/${procurementId}`);
    const docs = (await api<DocumentsResponse>(`/api/procurements/${procurementId}/documents`)).documents;
    await page.getByText(docs[0].title).first().waitFor();
    await fillForgottenFields(page, docs, { signer: SIGNER, date: `20.11.${YEAR}`, tag: 'день' });
    // the specification rows: the plan item gave unit, quantity and sum; what only the specialist knows is typed in
    const errors = page.locator('.ant-form-item-has-error');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    // the forgotten fields are marked at once, all of them by one validation
    await errors.first().waitFor();
    const left = await errors.evaluateAll((els) => els.map((el) => (el.querySelector('label') as HTMLElement | null)?.innerText ?? ''));
    expect(left.filter((l) => /ОКЕИ|^Количество|Цена за единицу$|^Стоимость/.test(l))).toEqual([]);
    for (let i = (await errors.count()) - 1; i >= 0; i--) {
      const item = errors.nth(i);
      const label = (await item.locator('label').first().innerText()).trim();
      await item.locator('input, textarea').first().fill(/цена|коэффициент|НМЦД|количество|стоимость/i.test(label) ? '100' : `${label} (день)`);
    }
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Поля документов сохранены').waitFor();
    await page.getByRole('button', { name: 'Сформировать документы' }).click();
    await page.getByText('Документация сформирована').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('generated-files').waitFor();
    expect(await layoutFindings(page)).toEqual([]);
    await e.shot(page, 'day-documentation');
  }, 180_000);

  it('moves the procurement to «Договор заключён»; its files can no longer be replaced or deleted', async () => {
    await page.goto(`/documents/${procurementId}`);
    const status = page.getByTestId('procurement-status');
    await status.waitFor();
    for (const step of ['Документация сформирована', 'Опубликовать', 'Начать приём заявок', 'Подвести итоги', 'Договор заключён']) {
      const button = page.getByRole('button', { name: step, exact: true });
      if (step === 'Документация сформирована' && !(await button.isVisible())) continue; // generating may have moved it already
      await button.click();
      await button.waitFor({ state: 'detached' });
    }
    await expect.poll(() => status.innerText()).toBe('Договор заключён');
    await page.getByRole('link', { name: 'Файлы' }).click();
    await page.getByTestId('files-table').getByText(/Извещение/).first().waitFor();
    expect(await page.getByTestId('files-table').getByRole('button', { name: /Заменить|Удалить/ }).count()).toBe(0);
    expect(await layoutFindings(page)).toEqual([]);
    await page.goto(`/documents/${procurementId}`);
    await page.getByTestId('procurement-status').waitFor();
    expect(await layoutFindings(page)).toEqual([]);
    await e.shot(page, 'day-procurement-card');
  });

  it('imports the contracts of the year from ЕИС and opens the contract', async () => {
    await page.goto('/contracts/register');
    await page.getByTestId('contracts-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка договоров из ЕИС' });
    await typePeriod(page, dialog, `01.01.${YEAR}`, `31.12.${YEAR}`);
    await page.getByTestId('contracts-import-submit').click();
    await page.getByText('Договоры успешно обработаны', { exact: true }).waitFor({ timeout: 30_000 });
    const list = await api<Paged<ContractResponse>>('/api/contracts?limit=50');
    const registered = list.items.find((c) => c.status === 'registered' && c.supplier_inn && c.registry_number)!;
    expect(registered).toBeTruthy();
    contract = await api<ContractCardResponse>(`/api/contracts/${registered.id}`);
    expect(contract.positions.length).toBeGreaterThan(0);
    await page.getByTestId('contracts-table').getByRole('row', { name: new RegExp(contract.registry_number!) }).click();
    await page.getByTestId('contract-card').waitFor();
  });

  it('uploads the supplier’s УПД (a part of each position) and the bank statement with its payment', async () => {
    const lines = contract.positions.map((p) => ({ name: p.name, okei: p.okei_code, unit: p.okei_name, quantity: new Decimal(p.quantity ?? '1').div(4).toDecimalPlaces(0, Decimal.ROUND_UP).toString(), unitPriceWithVat: p.unit_price ?? '0' }));
    const date = contract.contract_date && contract.contract_date > `${YEAR}-01-01` ? contract.contract_date : `${YEAR}-01-15`;
    const seller = { name: contract.supplier_name!, inn: contract.supplier_inn!, kpp: null };
    const buyer = { name: DEMO_CUSTOMER.name, inn: DEMO_CUSTOMER.inn, kpp: DEMO_CUSTOMER.kpp };
    const upd = path.join(tmp, 'ON_NSCHFDOPPR_day.xml');
    fs.writeFileSync(upd, updXml({ seller, buyer, number: 'Д-1', date, contract: { number: contract.number ?? '1', date: contract.contract_date ?? date }, lines }));
    await fileInput('upd-upload').setInputFiles(upd);
    await page.getByText(MESSAGES.updSuccess('ON_NSCHFDOPPR_day.xml')).first().waitFor({ timeout: 30_000 });
    const docs = page.getByTestId('acceptance-documents');
    await docs.getByText('№ Д-1').first().waitFor();
    // the УПД fits the contract: attached without a question, every line on its position
    expect(await docs.locator('[data-testid^="acceptance-warnings-"]').count()).toBe(0);
    const summary = await api<ExecutionSummaryResponse>(`/api/contracts/${contract.id}/execution-summary`);
    expect(summary.unmapped_lines).toBe(0);
    delivered = new Decimal(summary.delivered_amount);
    expect(delivered.gt(0)).toBe(true);

    paid = delivered.div(2).toDecimalPlaces(2);
    const statement = path.join(tmp, 'kl_to_1c_day.txt');
    fs.writeFileSync(
      statement,
      bank1cStatement({
        account: '40702810938000000001', bank: 'ПАО СБЕРБАНК', bik: '044525225', corr: '30101810400000000225', from: date, to: date, opening: '1000000.00',
        payments: [{
          number: '901', date, amount: paid.toFixed(2),
          payer: { ...buyer, account: '40702810938000000001' },
          payee: { ...seller, account: '40702810100000000002', bank: 'АО «АЛЬФА-БАНК»', bik: '044525593', corr: '30101810200000000593' },
          purpose: `Оплата по договору № ${contract.registry_number} за поставку по УПД № Д-1. В т.ч. НДС`,
        }],
      }),
    );
    await page.getByRole('tab', { name: 'Исполнение' }).click();
    await page.waitForURL('**/contracts/execution');
    await fileInput('statement-upload').setInputFiles(statement);
    await page.getByText(MESSAGES.paymentSuccessHeader).first().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await api<ExecutionSummaryResponse>(`/api/contracts/${contract.id}/execution-summary`)).paid_amount).toBe(paid.toFixed(2));
  });

  it('builds the report; the card, the dashboard and the XLSX show the same delivered and paid sums', async () => {
    await page.goto(`/contracts/register/${contract.id}`);
    const summary = page.getByTestId('execution-summary');
    await expect.poll(async () => spaced(await summary.innerText())).toContain(`Поставлено: ${printed(delivered)}`);
    expect(spaced(await summary.innerText())).toContain(`Оплачено: ${printed(paid)}`);

    await page.getByTestId('report-build-xlsx').click();
    await page.getByText(MESSAGES.reportSuccess(contract.registry_number!)).first().waitFor({ timeout: 30_000 });
    const button = page.getByTestId('reports-table').getByRole('button', { name: 'Скачать' }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const values = new Map<string, unknown>();
    wb.eachSheet((ws) =>
      ws.eachRow((row) => {
        const cells = (row.values as unknown[]).slice(1);
        const label = cells.find((v) => typeof v === 'string') as string | undefined;
        const value = cells.slice(cells.indexOf(label) + 1).find((v) => v !== null && v !== undefined && v !== '');
        if (label && !values.has(label)) values.set(label, value);
      }),
    );
    const num = (v: unknown) => new Decimal(String(typeof v === 'object' && v && 'result' in v ? (v as { result: unknown }).result : v)).toFixed(2);
    expect(num(values.get('Принято по документам о приёмке'))).toBe(delivered.toFixed(2));
    expect(num(values.get('Оплачено'))).toBe(paid.toFixed(2));

    // the dashboard sums the company: this contract is the only one with documents and payments
    await page.goto('/');
    const money = page.getByTestId('dash-money');
    await money.waitFor();
    await expect.poll(async () => spaced(await money.innerText())).toContain(printed(delivered));
    expect(spaced(await money.innerText())).toContain(printed(paid));
    await e.shot(page, 'day-dashboard');
  });
});
