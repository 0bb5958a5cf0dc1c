/**
 * A specialist's working day in one go, through the screens only (the API is read to know what to expect):
 * a procurement from a plan item, its card and documentation (with a forgotten required field), «Договор заключён»,
 * the contract from ЕИС, the supplier's УПД and the bank statement, the report — and one set of figures everywhere.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  MESSAGES,
  type ContractCardResponse,
  type ContractResponse,
  type DocumentsResponse,
  type ExecutionSummaryResponse,
  type Paged,
  type ProcurementResponse,
} from '@proc/contract';
import { DEMO_CUSTOMER } from '../tools/fake-eis/server';
import { bank1cStatement, updXml } from '../server/src/modules/demo/demo-documents';
import { typePeriod } from './eis-import-form';
import { DEMO_PASSWORD } from './harness';
import { startE2EWithEis, type E2EWithEis } from './with-fake-eis';
import { layoutFindings } from './layout-check';
import { fillForgottenFields, generateAfterRows } from './documentation-form';
import { reportTimings, timed } from './timings';

let e: E2EWithEis;
let page: Page;
let procurementId: number;
let contract: ContractCardResponse;
let delivered: Decimal;
let paid: Decimal;
const PLAN = `2${DEMO_CUSTOMER.inn.slice(0, 9)}`;
const YEAR = new Date().getFullYear();
const SIGNER = 'Петров Пётр Петрович';
const BASIS = 'Устава';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'day-'));

beforeAll(async () => {
  e = await startE2EWithEis();
  page = await e.newPage();
});
afterAll(async () => {
  reportTimings();
  await e?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function api<T>(url: string): Promise<T> {
  const company = await page.evaluate(() => localStorage.getItem('selectedCompany'));
  const res = await e.server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await e.token(page)}`, ...(company ? { 'x-company-id': company } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as T;
}

/** «Решение о приёмке» on the document's panel, everything accepted: the state turns «Принят». */
async function acceptInFull(documentId: number) {
  await page.getByTestId(`acceptance-decide-${documentId}`).click();
  await page.getByTestId('decision-ok').click();
  await page
    .getByTestId(`acceptance-state-${documentId}`)
    .filter({ hasText: /^Принят \d/ })
    .waitFor();
}

const visibleOptions = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
const fileInput = (testId: string) =>
  page.locator(`[data-testid="${testId}"]`).locator('xpath=ancestor::span[contains(@class,"ant-upload")]').locator('input[type=file]');
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
/** A sum as the screens print it: 12345.6 → «12 345,60». */
const num = (v: unknown) =>
  new Decimal(String(typeof v === 'object' && v && 'result' in v ? (v as { result: unknown }).result : v)).toFixed(2);

/** The first value beside each label of a downloaded XLSX report. */
async function xlsxValues(button: ReturnType<Page['getByRole']>): Promise<Map<string, unknown>> {
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
  return values;
}

const printed = (d: Decimal) =>
  d
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

describe('a specialist’s day, with the same figures on every screen', () => {
  it('creates a procurement from a plan item and fills its card', async () => {
    await page.goto('/login');
    await page.getByLabel('Логин').fill('specialist');
    await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
    await timed(
      'Вход → главная',
      () => page.getByRole('button', { name: 'Войти' }).click(),
      () => page.getByTestId('greeting').waitFor(),
    );
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
    // a double click: one procurement, the second click gets the first one back (Idempotency-Key)
    await page.getByTestId('plan-item-create-2').dblclick();
    await page.waitForURL(/\/documents\/\d+$/);
    procurementId = Number(/\/documents\/(\d+)$/.exec(page.url())![1]);
    const created = await api<ProcurementResponse>(`/api/procurements/${procurementId}`);
    expect(created).toMatchObject({ status: 'draft', plan_item_number: `${PLAN}-2` });

    for (const [label, date] of [
      ['Дата размещения извещения', `01.12.${YEAR}`],
      ['Окончание подачи заявок', `22.12.${YEAR}`],
      ['Рассмотрение заявок', `23.12.${YEAR}`],
      ['Подведение итогов', `24.12.${YEAR}`],
    ]) {
      await page.getByLabel(label).fill(date);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
    }
    await page.getByLabel('Место поставки', { exact: true }).fill('г. Майкоп, ул. Победы, д. 1');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect
      .poll(async () => (await api<ProcurementResponse>(`/api/procurements/${procurementId}`)).application_deadline)
      .toBe(`${YEAR}-12-22`);
    expect((await api<ProcurementResponse>(`/api/procurements/${procurementId}`)).plan_item_id).toBe(created.plan_item_id);
  });

  it('fills the documentation after being shown the forgotten required field, and generates it', async () => {
    const docs = (await api<DocumentsResponse>(`/api/procurements/${procurementId}/documents`)).documents;
    await timed(
      'Редактор документации',
      () => page.getByRole('link', { name: 'Документация' }).click(),
      () => page.getByText(docs[0].title).first().waitFor(),
    );
    await page.waitForURL(`**/procurement_documents/${procurementId}`);
    await fillForgottenFields(page, docs, { signer: SIGNER, basis: BASIS, date: `20.11.${YEAR}`, tag: 'день' });
    // leaving the half-filled form asks first; staying keeps what was typed
    await page.getByRole('link', { name: 'Карточка закупки' }).click();
    const leave = page.getByRole('dialog').filter({ hasText: 'Есть несохранённые изменения' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Остаться' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/procurement_documents/${procurementId}`);
    // the signer's name comes from the organisation's active contact; the basis of the signer's authority is the
    // required field only the specialist knows, and what was typed into it stays
    const basis = docs.flatMap((d) => d.fields).find((f) => f.name === 'signerBasis' && f.required && !f.value);
    expect(basis).toBeTruthy();
    expect(await page.getByLabel(basis!.label, { exact: true }).first().inputValue()).toBe(BASIS);
    // a draft saves as it is; generation lists what is still empty — the specification rows: the plan item gave unit,
    // quantity and sum, what only the specialist knows is typed in
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Поля документов сохранены').waitFor();
    // the forgotten fields are marked at once, all of them by the one answer; the plan item's unit, quantity and sum
    // are not among them
    const left = await generateAfterRows(page, 'день');
    expect(left.filter((l) => /ОКЕИ|^Количество|Цена за единицу$|^Стоимость/.test(l))).toEqual([]);
    await page.getByTestId('generated-files').waitFor();
    expect(await layoutFindings(page)).toEqual([]);
    await e.shot(page, 'day-documentation');
  }, 180_000);

  it('moves the procurement to «Договор заключён»; its files can no longer be replaced or deleted', async () => {
    const status = page.getByTestId('procurement-status');
    await timed(
      'Карточка закупки',
      () => page.goto(`/documents/${procurementId}`),
      () => status.waitFor(),
    );
    // the card's dates are ahead of today and the contract comes a minute after the summing up: each such move opens a
    // dialog naming the rule it breaks, and goes on only with a reason (kept in the status history)
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
    const terms: Record<string, RegExp | null> = {
      'Начать приём заявок':
        today < `${YEAR}-12-01` ? /^Приём заявок начинается не ранее дня размещения извещения \(01\.12\.\d{4}\)/ : null,
      'Подвести итоги': today < `${YEAR}-12-22` ? /^Итоги подводятся не ранее окончания срока подачи заявок \(22\.12\.\d{4}\)/ : null,
      'Договор заключён':
        /^Договор заключается не ранее чем через 10 дней с даты размещения итогового протокола \(223-ФЗ, ч\. 15 ст\. 3\.2\)/,
    };
    for (const step of ['Документация сформирована', 'Опубликовать', 'Начать приём заявок', 'Подвести итоги', 'Договор заключён']) {
      const button = page.getByRole('button', { name: step, exact: true });
      if (step === 'Документация сформирована' && !(await button.isVisible())) continue; // generating may have moved it already
      await button.click();
      const rule = terms[step];
      if (rule) {
        const named = page.getByTestId('term-rules');
        await named.waitFor();
        expect(await named.innerText()).toMatch(rule);
        await page.getByLabel('Причина (сохранится в журнале)').fill(`Проверка: ${step.toLowerCase()} раньше срока`);
        await page.getByRole('button', { name: 'Перевести вопреки сроку' }).click();
        await named.waitFor({ state: 'detached' });
      }
      await button.waitFor({ state: 'detached' });
    }
    await page.getByText('Вопреки сроку: Проверка: договор заключён раньше срока').waitFor();
    await expect.poll(() => status.innerText()).toBe('Договор заключён');
    await page.getByRole('link', { name: 'Файлы' }).click();
    await page
      .getByTestId('files-table')
      .getByText(/Извещение/)
      .first()
      .waitFor();
    expect(
      await page
        .getByTestId('files-table')
        .getByRole('button', { name: /Заменить|Удалить/ })
        .count(),
    ).toBe(0);
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
    // up to today: a period ending in the future is refused (ЕИС has nothing published there)
    await typePeriod(page, dialog, `01.01.${YEAR}`, new Date().toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' }));
    await page.getByTestId('contracts-import-submit').click();
    await page.getByText('Договоры успешно обработаны', { exact: true }).waitFor({ timeout: 30_000 });
    const list = await api<Paged<ContractResponse>>('/api/contracts?limit=50');
    const registered = list.items.find((c) => c.status === 'registered' && c.supplier_inn && c.registry_number)!;
    expect(registered).toBeTruthy();
    contract = await api<ContractCardResponse>(`/api/contracts/${registered.id}`);
    expect(contract.positions.length).toBeGreaterThan(0);
    await page
      .getByTestId('contracts-table')
      .getByRole('row', { name: new RegExp(contract.registry_number!) })
      .click();
    await page.getByTestId('contract-card').waitFor();
  });

  it('uploads the supplier’s УПД (a part of each position) and the bank statement with its payment', async () => {
    const lines = contract.positions.map((p) => ({
      name: p.name,
      okei: p.okei_code,
      unit: p.okei_name,
      quantity: new Decimal(p.quantity ?? '1').div(4).toDecimalPlaces(0, Decimal.ROUND_UP).toString(),
      unitPriceWithVat: p.unit_price ?? '0',
    }));
    const date = contract.contract_date && contract.contract_date > `${YEAR}-01-01` ? contract.contract_date : `${YEAR}-01-15`;
    const seller = { name: contract.supplier_name!, inn: contract.supplier_inn!, kpp: null };
    const buyer = { name: DEMO_CUSTOMER.name, inn: DEMO_CUSTOMER.inn, kpp: DEMO_CUSTOMER.kpp };
    const upd = path.join(tmp, 'ON_NSCHFDOPPR_day.xml');
    fs.writeFileSync(
      upd,
      updXml({
        seller,
        buyer,
        number: 'Д-1',
        date,
        contract: { number: contract.number ?? '1', date: contract.contract_date ?? date },
        lines,
      }),
    );
    await timed(
      'Загрузка УПД',
      () => fileInput('upd-upload').setInputFiles(upd),
      () => page.getByText(MESSAGES.updSuccess('ON_NSCHFDOPPR_day.xml')).first().waitFor({ timeout: 30_000 }),
    );
    const docs = page.getByTestId('acceptance-documents');
    await docs.getByText('№ Д-1').first().waitFor();
    // the УПД fits the contract: attached without a question, every line on its position
    expect(await docs.locator('[data-testid^="acceptance-warnings-"]').count()).toBe(0);
    // the same УПД again: refused, naming the earlier upload; nothing counted twice
    await fileInput('upd-upload').setInputFiles(upd);
    const dup = page.getByRole('dialog').filter({ hasText: 'Такой УПД уже загружен' });
    await dup.getByText(/УПД № Д-1 от .+ уже загружен .+ из файла «ON_NSCHFDOPPR_day\.xml»: повторно он не учитывается/).waitFor();
    await dup.getByRole('button', { name: 'Отмена' }).click();
    await dup.waitFor({ state: 'hidden' });
    expect((await api<ExecutionSummaryResponse>(`/api/contracts/${contract.id}/execution-summary`)).documents).toBe(1);
    // received is not delivered: the customer accepts the УПД in full from its panel, and only then it counts
    const [doc] = await api<{ id: number }[]>(`/api/contracts/${contract.id}/acceptance`);
    expect((await api<ExecutionSummaryResponse>(`/api/contracts/${contract.id}/execution-summary`)).delivered_amount).toBe('0.00');
    await acceptInFull(doc.id);
    const summary = await api<ExecutionSummaryResponse>(`/api/contracts/${contract.id}/execution-summary`);
    expect(summary.unmapped_lines).toBe(0);
    delivered = new Decimal(summary.delivered_amount);
    expect(delivered.gt(0)).toBe(true);

    paid = delivered.div(2).toDecimalPlaces(2);
    const statement = path.join(tmp, 'kl_to_1c_day.txt');
    fs.writeFileSync(
      statement,
      bank1cStatement({
        account: '40702810938000000001',
        bank: 'ПАО СБЕРБАНК',
        bik: '044525225',
        corr: '30101810400000000225',
        from: date,
        to: date,
        opening: '1000000.00',
        payments: [
          {
            number: '901',
            date,
            amount: paid.toFixed(2),
            payer: { ...buyer, account: '40702810938000000001' },
            payee: { ...seller, account: '40702810100000000002', bank: 'АО «АЛЬФА-БАНК»', bik: '044525593', corr: '30101810200000000593' },
            purpose: `Оплата по договору № ${contract.registry_number} за поставку по УПД № Д-1. В т.ч. НДС`,
          },
        ],
      }),
    );
    await page.getByRole('tab', { name: 'Исполнение' }).click();
    await page.waitForURL('**/contracts/execution');
    await timed(
      'Загрузка выписки 1С',
      () => fileInput('statement-upload').setInputFiles(statement),
      () => page.getByText(MESSAGES.paymentSuccessHeader).first().waitFor({ timeout: 30_000 }),
    );
    await expect
      .poll(async () => (await api<ExecutionSummaryResponse>(`/api/contracts/${contract.id}/execution-summary`)).paid_amount)
      .toBe(paid.toFixed(2));
  });

  it('builds the report; the card, the dashboard and the XLSX show the same delivered and paid sums', async () => {
    const summary = page.getByTestId('execution-summary');
    await timed(
      'Карточка договора',
      () => page.goto(`/contracts/register/${contract.id}`),
      () => summary.getByText('Поставлено').first().waitFor(),
    );
    await expect.poll(async () => spaced(await summary.innerText())).toContain(`Поставлено: ${printed(delivered)}`);
    expect(spaced(await summary.innerText())).toContain(`Оплачено: ${printed(paid)}`);

    await timed(
      'Отчёт по договору (XLSX)',
      () => page.getByTestId('report-build-xlsx').click(),
      () => page.getByText(MESSAGES.reportSuccess(contract.registry_number!)).first().waitFor({ timeout: 30_000 }),
    );
    const button = page.getByTestId('reports-table').getByRole('button', { name: 'Скачать' }).first();
    const values = await xlsxValues(button);
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

  it('withdraws a wrong УПД with a reason: the card and the report count only what is in force', async () => {
    await page.goto(`/contracts/register/${contract.id}`);
    const summary = page.getByTestId('execution-summary');
    await expect.poll(async () => spaced(await summary.innerText())).toContain(`Поставлено: ${printed(delivered)}`);
    // a wrong document: another number, the same lines — the figures double
    const lines = contract.positions.map((p) => ({
      name: p.name,
      okei: p.okei_code,
      unit: p.okei_name,
      quantity: new Decimal(p.quantity ?? '1').div(4).toDecimalPlaces(0, Decimal.ROUND_UP).toString(),
      unitPriceWithVat: p.unit_price ?? '0',
    }));
    const date = contract.contract_date && contract.contract_date > `${YEAR}-01-01` ? contract.contract_date : `${YEAR}-01-15`;
    const wrong = path.join(tmp, 'ON_NSCHFDOPPR_wrong.xml');
    fs.writeFileSync(
      wrong,
      updXml({
        seller: { name: contract.supplier_name!, inn: contract.supplier_inn!, kpp: null },
        buyer: { name: DEMO_CUSTOMER.name, inn: DEMO_CUSTOMER.inn, kpp: DEMO_CUSTOMER.kpp },
        number: 'Д-2',
        date,
        contract: { number: contract.number ?? '1', date: contract.contract_date ?? date },
        lines,
      }),
    );
    await fileInput('upd-upload').setInputFiles(wrong);
    await page.getByText(MESSAGES.updSuccess('ON_NSCHFDOPPR_wrong.xml')).first().waitFor({ timeout: 30_000 });
    const docs = (await api<{ id: number; number: string }[]>(`/api/contracts/${contract.id}/acceptance`)).filter(
      (d) => d.number === 'Д-2',
    );
    // accepted by mistake too
    await acceptInFull(docs[0].id);
    await expect.poll(async () => spaced(await summary.innerText())).toContain(`Поставлено: ${printed(delivered.times(2))}`);

    await page.getByTestId(`acceptance-withdraw-${docs[0].id}`).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Отозвать УПД № Д-2' });
    await ask.getByTestId('withdraw-reason').fill('Поставщик прислал документ по ошибке');
    await ask.getByRole('button', { name: 'Отозвать' }).click();
    await page.getByTestId(`acceptance-withdrawn-${docs[0].id}`).waitFor();
    await page.getByText(/Поставщик прислал документ по ошибке\. В суммах не учитывается\./).waitFor();
    await expect.poll(async () => spaced(await summary.innerText())).toContain(`Поставлено: ${printed(delivered)}`);

    await page.getByTestId('report-build-xlsx').click();
    await expect
      .poll(async () => (await api<{ items: { status: string }[] }>('/api/reports?page=1&limit=1')).items[0].status, { timeout: 30_000 })
      .toBe('ready');
    const values = await xlsxValues(page.getByTestId('reports-table').getByRole('button', { name: 'Скачать' }).first());
    expect(num(values.get('Принято по документам о приёмке'))).toBe(delivered.toFixed(2));
    expect(num(values.get('Оплачено'))).toBe(paid.toFixed(2));
    // and the dashboard, which counted the wrong УПД a moment ago
    await page.goto('/');
    const money = page.getByTestId('dash-money');
    await expect.poll(async () => spaced(await money.innerText())).toContain(printed(delivered));
    expect(spaced(await money.innerText())).not.toContain(printed(delivered.times(2)));
  });

  it('sends the execution to ЕИС from the export screen: the answer is on screen', async () => {
    await page.goto('/contracts/export');
    const send = page.getByTestId(`execution-send-${contract.id}`);
    await send.click();
    const before = await page.locator('[role=alert]').count();
    await timed(
      'Направить в ЕИС',
      () => page.getByRole('tooltip').getByRole('button', { name: 'Направить' }).click(),
      () => page.locator('[role=alert]').nth(before).waitFor(),
    );
  });

  it('the plan item shows its one procurement, with a link and its status', async () => {
    const items = await api<Paged<{ ordinal: number; procurements: { id: number; number: string }[] }>>(
      `/api/eis/plans/${PLAN}/items?limit=100`,
    );
    const item = items.items.find((i) => i.ordinal === 2)!;
    expect(item.procurements.map((p) => p.id)).toEqual([procurementId]);
    await page.goto(`/eisPlanItems/${PLAN}`);
    const cell = page.getByTestId('plan-item-procurements-2');
    await cell.getByRole('link', { name: `№ ${item.procurements[0].number}` }).waitFor();
  });
});
