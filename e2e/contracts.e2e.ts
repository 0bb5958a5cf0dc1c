import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { MESSAGES, type ContractResponse, type Paged } from '@proc/contract';
import { multipart } from '../server/test/factories';
import { bank1cStatement } from '../server/src/modules/demo/demo-documents';
import { DEMO_CUSTOMER } from '../tools/fake-eis/server';
import { ROOT, startE2E, type E2E } from './harness';
import { typePeriod } from './eis-import-form';

const FIX = path.join(ROOT, 'fixtures');
// the Adygeya file's contracts name no supplier, which the execution report requires: contract_test.xml has one
const CONTRACT_FILES = ['contract_Adygeya_Resp_20191217_000000_20191217_235959_daily_001.xml', 'contract_test.xml'].map((f) =>
  path.join(FIX, 'eis223', f),
);
const UPD = path.join(FIX, 'upd/upd_970_v5_02_seller.xml');
const STATEMENT = path.join(FIX, 'bank1c/statement_cp1251.txt');

let e: E2E;
let page: Page;
let contract: ContractResponse;

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
});
afterAll(async () => e?.close());

const token = () => e.token(page);

describe('contract execution screens and the dashboard', () => {
  it('the demo customer has a contract in the register (imported from an ЕИС file as set-up) and opens its card', async () => {
    await e.login(page, 'client');
    // the demo seed has no contracts: the ЕИС upload screen is another issue's, so the file goes through the API
    for (const file of CONTRACT_FILES) {
      const m = multipart(path.basename(file), fs.readFileSync(file));
      const up = await e.server.app.inject({
        method: 'POST',
        url: '/api/eis/upload?confirm_customer=true',
        payload: m.payload,
        headers: { ...m.headers, authorization: `Bearer ${await token()}` },
      });
      expect(up.statusCode, up.body).toBe(200);
    }
    const list = await e.server.app.inject({
      method: 'GET',
      url: '/api/contracts?limit=50',
      headers: { authorization: `Bearer ${await token()}` },
    });
    const items = (JSON.parse(list.body) as Paged<ContractResponse>).items;
    expect(items.length).toBeGreaterThan(0);
    contract = items.find((c) => c.registry_number && c.supplier_inn && c.supplier_name)!;
    expect(contract).toBeTruthy();

    await page.goto('/contracts');
    await page.waitForURL('**/contracts/register');
    const row = page
      .getByTestId('contracts-table')
      .getByRole('row', { name: new RegExp(contract.registry_number ?? String(contract.number)) });
    await row.waitFor();
    // the main tab stays highlighted inside the section
    await expect.poll(() => page.locator('.ant-tabs-tab-active').innerText()).toBe('Реестр договоров');
    await row.click();
    await page.waitForURL(`**/contracts/register/${contract.id}`);
    await page.getByTestId('contract-card').waitFor();
    await expect.poll(() => page.locator('.ant-tabs-tab-active').innerText()).toBe('Реестр договоров');
    await page.getByTestId('execution-summary').getByText('Поставлено').first().waitFor();
  });

  it('uploads the УПД in the card and sees the spec notice and the mapped lines', async () => {
    await page
      .locator('[data-testid="upd-upload"]')
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]')
      .locator('input[type=file]')
      .setInputFiles(UPD);
    // the fixture is another seller's, buyer's and date's than the contract: the user reads why and uploads anyway (item 11)
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByTestId('confirm-findings').waitFor();
    const findings = await confirm.getByTestId('confirm-findings').innerText();
    expect(findings).toContain(
      `Продавец в УПД — «СвЮЛУч-НаимОрг» (ИНН 9103624367), а поставщик по договору — «${contract.supplier_name}» (ИНН ${contract.supplier_inn})`,
    );
    await confirm.getByRole('button', { name: 'Загрузить всё равно' }).click();
    await page.getByText(MESSAGES.updSuccessHeader).first().waitFor({ timeout: 30_000 });
    await page.getByText(MESSAGES.updSuccess('upd_970_v5_02_seller.xml')).first().waitFor();
    // the finished job refreshes the acceptance list: the document with its lines and a position picker per line
    const docs = page.getByTestId('acceptance-documents');
    await docs.waitFor();
    await docs.getByText('№ 123').first().waitFor();
    await docs.locator('[data-testid^="acceptance-warnings-"]').getByText('Продавец в УПД', { exact: false }).waitFor();
    expect(await docs.locator('[data-testid^="line-mapping-"]').count()).toBeGreaterThan(0);
    await e.shot(page, 'contract-card');
  });

  it('builds the contract report and downloads it as XLSX', async () => {
    await page.getByTestId('report-build-xlsx').click();
    await page
      .getByText(MESSAGES.reportSuccess(contract.registry_number ?? ''))
      .first()
      .waitFor({ timeout: 30_000 });
    const button = page.getByTestId('reports-table').getByRole('button', { name: 'Скачать' }).first();
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    const head = fs.readFileSync(file!).subarray(0, 4);
    // XLSX is a zip: PK\x03\x04
    expect([...head]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('uploads the 1C statement on the execution tab and sees the spec notice and the payment orders', async () => {
    await page.getByRole('tab', { name: 'Исполнение' }).click();
    await page.waitForURL('**/contracts/execution');
    await page
      .locator('[data-testid="statement-upload"]')
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]')
      .locator('input[type=file]')
      .setInputFiles(STATEMENT);
    // the fixture is a statement of strangers (payer and payee ИНН 123123123123): asked first, uploaded anyway
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByTestId('confirm-findings').waitFor();
    const findings = await confirm.getByTestId('confirm-findings').innerText();
    expect(findings).toContain('Выписка по счёту 40702810200000000001, а в банковских реквизитах');
    expect(findings).toContain('плательщик «Some random payer» (ИНН 123123123123), получатель «Some random payee» (ИНН 123123123123)');
    await confirm.getByRole('button', { name: 'Загрузить всё равно' }).click();
    await page.getByText(MESSAGES.paymentSuccessHeader).first().waitFor({ timeout: 30_000 });
    await page.getByText(MESSAGES.paymentSuccess('statement_cp1251.txt')).first().waitFor();
    const table = page.getByTestId('payments-table');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // the unmatched filter travels in the URL
    await page.getByTestId('payments-unmatched').click();
    await page.waitForURL(/unmatched=true/);
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await e.shot(page, 'contracts-execution');
  });

  it('finds payments by words and narrows them by a period; the URL keeps both over a reload', async () => {
    // the demo customer's own statement (its seeded account 40702810938000000001): three payments to two sellers
    const bank = { bank: 'АО «АЛЬФА-БАНК»', bik: '044525593', corr: '30101810200000000593' };
    const stationer = { name: 'ООО «Канцтовары Юг»', inn: '0105020396', kpp: '010501001', account: '40702810100000000002', ...bank };
    const telecom = { name: 'ПАО «Ростелеком»', inn: '7707049388', kpp: '010543001', account: '40702810130000001234', ...bank };
    const payer = { name: DEMO_CUSTOMER.name, inn: DEMO_CUSTOMER.inn, kpp: DEMO_CUSTOMER.kpp, account: '40702810938000000001' };
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payments-')), 'kl_to_1c_feb_mar.txt');
    fs.writeFileSync(
      file,
      bank1cStatement({
        account: payer.account,
        bank: 'ПАО СБЕРБАНК',
        bik: '044525225',
        corr: '30101810400000000225',
        from: '2026-02-01',
        to: '2026-03-31',
        opening: '500000.00',
        payments: [
          {
            number: '501',
            date: '2026-02-03',
            amount: '12000.00',
            payer,
            payee: stationer,
            purpose: 'Оплата за бумагу офисную по счёту № 17',
          },
          { number: '502', date: '2026-02-17', amount: '45600.00', payer, payee: telecom, purpose: 'Оплата услуг связи за январь 2026' },
          { number: '503', date: '2026-03-05', amount: '8900.00', payer, payee: stationer, purpose: 'Оплата за картриджи по счёту № 21' },
        ],
      }),
    );
    await page.goto('/contracts/execution');
    const table = page.getByTestId('payments-table');
    await table.waitFor();
    await page
      .locator('[data-testid="statement-upload"]')
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]')
      .locator('input[type=file]')
      .setInputFiles(file);
    await page.getByText(MESSAGES.paymentSuccess('kl_to_1c_feb_mar.txt')).first().waitFor({ timeout: 30_000 });
    const numbers = async () =>
      (await table.locator('tbody tr.ant-table-row td.ant-table-row-expand-icon-cell + td').allInnerTexts()).sort();
    const search = page.getByLabel('Поиск платёжных поручений');
    // the execution page has one period picker: the payments'
    const period = page.locator('.ant-picker-range');

    // by the seller's name: its two payments, nothing of the other seller or of the earlier statement
    await search.fill('Канцтовары');
    await search.press('Enter');
    await page.waitForURL(/q=/);
    await expect.poll(numbers).toEqual(['501', '503']);
    // by words of the purpose
    await search.fill('услуг связи');
    await search.press('Enter');
    await expect.poll(numbers).toEqual(['502']);

    // the seller again, narrowed to March
    await search.fill('Канцтовары');
    await search.press('Enter');
    await expect.poll(numbers).toEqual(['501', '503']);
    await typePeriod(page, period, '01.03.2026', '31.03.2026');
    await page.waitForURL(/date_to=2026-03-31/);
    await expect.poll(numbers).toEqual(['503']);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('Канцтовары');
    expect(url.searchParams.get('date_from')).toBe('2026-03-01');

    // a reload keeps the search, the period and the rows
    await page.reload();
    await expect.poll(numbers).toEqual(['503']);
    expect(await search.inputValue()).toBe('Канцтовары');
    expect(await period.getByPlaceholder('Дата с').inputValue()).toBe('01.03.2026');
    expect(await period.getByPlaceholder('Дата по').inputValue()).toBe('31.03.2026');

    // the other seller paid only in February: nothing in March, said so
    await search.fill('Ростелеком');
    await search.press('Enter');
    await table.getByText('Ничего не найдено').waitFor();
    expect(await numbers()).toEqual([]);

    // one bound of the period from a link: it shows, applies, and an empty result still reads «Ничего не найдено»
    await page.goto('/contracts/execution?date_from=2026-02-10');
    await expect.poll(numbers).toEqual(['502', '503']);
    expect(await period.getByPlaceholder('Дата с').inputValue()).toBe('10.02.2026');
    await page.goto('/contracts/execution?date_to=2015-12-31');
    await table.getByText('Ничего не найдено').waitFor();
    // a date no calendar has, typed into a link, is no filter: the list is shown, not refused by the server
    const refused: string[] = [];
    const watch = (r: Response) => {
      if (new URL(r.url()).pathname === '/api/payments' && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    };
    page.on('response', watch);
    await page.goto('/contracts/execution?date_from=2026-02-30');
    await expect.poll(numbers).toContain('503');
    page.off('response', watch);
    expect(refused).toEqual([]);
  });

  it('the export tab lists contracts with their execution records', async () => {
    await page.getByRole('tab', { name: 'Выгрузка в ЕИС' }).click();
    await page.waitForURL('**/contracts/export');
    await page.getByTestId(`execution-send-${contract.id}`).waitFor();
    await page.getByTestId('monthly-build').waitFor();
  });

  it('the dashboard on / draws its charts for the demo company', async () => {
    await page.goto('/');
    await page.getByTestId('dashboard').waitFor();
    const contracts = page.getByTestId('chart-contracts');
    await contracts.waitFor();
    expect(await contracts.getAttribute('role')).toBe('img');
    expect(await contracts.locator('title').first().textContent()).toBe('Договоры по статусам');
    const slices = await contracts
      .locator('circle[data-value]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-value'))));
    expect(slices.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const money = page.getByTestId('chart-money');
    await money.waitFor();
    const bars = await money.locator('g[data-value]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-value'))));
    expect(bars[0]).toBeGreaterThan(0);
    expect(await page.getByTestId('chart-plan-progress').count()).toBe(1);
    expect(await page.getByTestId('dash-deadlines').count()).toBe(1);
    await e.shot(page, 'dashboard');
  });
});
