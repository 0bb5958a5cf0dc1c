import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { moscowDateOf } from '@proc/contract';

// the seeded shared template (server/src/modules/rules/seed-template.ts)
const TEMPLATE = 'Типовое положение о закупке (223-ФЗ)';
const COPY = 'Положение о закупке АО «Демо-Заказчик»';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

/** Rule dates are Moscow dates. */
const moscowToday = () => moscowDateOf(new Date());
const ru = (iso: string) => iso.split('-').reverse().join('.');

async function pickDemoCustomer(page: Page) {
  const picker = page.getByTestId('company-picker');
  await picker.click();
  await page.keyboard.type('Демо');
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
    hasText: 'АО «Демо-Заказчик»',
  });
  await option.click();
  await page.getByTestId('acting-company').getByText('АО «Демо-Заказчик»').waitFor();
}

/** Chooses an option of an antd Select opened by clicking `trigger`. */
async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

describe('procurement rules: copy, versions, document rules', () => {
  let versionsUrl = '';
  let docRulesUrl = '';

  it('a specialist copies the template into the picked customer and sees it in the list', async () => {
    const page = await e.newPage();
    await e.login(page, 'specialist');
    await pickDemoCustomer(page);
    await page.goto('/procurementsRules');
    await page.getByRole('heading', { name: 'Положения о закупке' }).waitFor();
    await page.getByTestId('rules-table').locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByTestId('rule-copy').click();
    await choose(page, page.getByTestId('rule-copy-source'), TEMPLATE);
    // the new title follows the source until typed over
    await expect.poll(() => page.getByTestId('rule-copy-title').inputValue()).toBe(TEMPLATE);
    await page.getByTestId('rule-copy-title').fill(COPY);
    await page.getByTestId('rule-copy-submit').click();
    await page.getByText('Положение о закупке скопировано').waitFor({ timeout: 30_000 });
    await page.getByText(`Создано положение «${COPY}»`).waitFor();

    const row = page.getByRole('row', { name: new RegExp(COPY) });
    await row.waitFor();
    // the copy keeps the template's approved version in force since 01.01.2025
    expect(await row.innerText()).toContain('№ 1 в силе с 01.01.2025');
    expect(await row.innerText()).toContain('223-ФЗ');

    // search and the archived filter live in the URL
    await page.getByTestId('rules-search').locator('input').fill('Демо-Заказчик');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === 'Демо-Заказчик');
    await row.waitFor();

    await row.getByRole('link', { name: COPY }).click();
    await page.waitForURL(/\/procurementsRules\/\d+\/versions$/);
    versionsUrl = new URL(page.url()).pathname;
    await page.getByTestId('rule-title').getByText(COPY).waitFor();
  });

  it('creates a draft version based on the first, approves it, and it is in force', async () => {
    const page = await e.newPage();
    await e.login(page, 'specialist');
    await pickDemoCustomer(page);
    await page.goto(versionsUrl);
    const first = page.getByTestId('version-row-1');
    await first.waitFor();
    expect(await first.innerText()).toContain('Утверждена');
    expect(await first.innerText()).toContain('в силе');

    await page.getByTestId('version-create').click();
    await expect.poll(() => page.getByTestId('version-number').inputValue()).toBe('2');
    const today = ru(moscowToday());
    await page.getByLabel('Вступает в силу').fill(today);
    await page.keyboard.press('Enter');
    await choose(page, page.getByTestId('version-based-on'), '№ 1');
    await page.getByTestId('version-single-supplier-max').fill('500000,50');
    // a lead-time override row: its method is required
    await page.getByTestId('lead-time-add').click();
    await choose(page, page.getByTestId('lead-times').getByLabel('Способ'), 'Запрос котировок в электронной форме');
    await page.getByTestId('lead-times').getByLabel('Дней').fill('6');
    await page.getByTestId('version-save').click();

    const second = page.getByTestId('version-row-2');
    await second.waitFor();
    expect(await second.innerText()).toContain('Черновик');
    expect(await second.innerText()).toContain('500\u00a0000,50');
    expect(await second.innerText()).toContain('свои (1)');
    expect(await second.innerText()).not.toContain('в силе');

    await second.getByRole('button', { name: 'Утвердить' }).click();
    await page.getByTestId('version-approve-date').waitFor();
    await page.getByTestId('version-approve-submit').click();
    await expect.poll(() => second.innerText()).toContain('Утверждена');
    expect(await second.innerText()).toContain('в силе');
    expect(await second.innerText()).toContain(today);
    // only one version is in force on a day
    expect(await first.innerText()).not.toContain('в силе');
    await e.shot(page, 'rules-versions');

    await second.getByRole('link', { name: /Правила документов/ }).click();
    await page.waitForURL(/\/documentsRules$/);
    docRulesUrl = new URL(page.url()).pathname;
  });

  it('shows the document rules per method, read-only for an approved version', async () => {
    const page = await e.newPage();
    await e.login(page, 'specialist');
    await pickDemoCustomer(page);
    await page.goto(docRulesUrl);
    const table = page.getByTestId('doc-rules-table');
    await table.getByText('Конкурс', { exact: true }).waitFor();
    await table.getByText('Закупка у единственного поставщика', { exact: true }).waitFor();
    await table.getByText('Извещение о проведении закупки').first().waitFor();
    expect(await page.getByTestId('doc-rule-create').count()).toBe(0);

    await choose(page, page.getByTestId('doc-rules-method'), 'Закупка у единственного поставщика');
    await page.waitForURL((u) => u.searchParams.get('method') === 'single');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(5);
    expect(await table.innerText()).toContain('до 600\u00a0000,00\u00a0₽');
    expect(await table.innerText()).not.toContain('Конкурс');
    await e.shot(page, 'rules-document-rules');
  });

  it('a client opening the document rules route lands on /', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    await page.goto('/procurementsRules');
    await page.getByRole('row', { name: new RegExp(COPY) }).waitFor();
    expect(await page.getByRole('link', { name: /Правила документов/ }).count()).toBe(0);
    await page.goto(docRulesUrl);
    await page.waitForURL((u) => u.pathname === '/');
  });
});
