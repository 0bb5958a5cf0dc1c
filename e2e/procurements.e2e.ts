import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentsResponse, Paged, ProcurementResponse, ProcurementRuleResponse, RuleVersionResponse } from '@proc/contract';
import { readDocxText } from '../server/src/formats/docx';
import { TEMPLATE_RULE_TITLE } from '../server/src/modules/rules/seed-template';
import { startE2E, type E2E } from './harness';
import { fillForgottenFields, generateAfterRows } from './documentation-form';
import { moscowDateOf } from '@proc/contract';

let e: E2E;
let page: Page;
let procurementId: number;
const RULE_TITLE = 'Положение о закупке АО «Демо-Заказчик» (e2e)';
const TITLE = 'Поставка офисной бумаги формата А4 для e2e';
const SIGNER = 'Петров Пётр Петрович';

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
});
afterAll(async () => e?.close());

/** A call with the browser's session and picked company, for set-up the screens do not cover. */
async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await e.token(page);
  const company = await page.evaluate(() => localStorage.getItem('selectedCompany'));
  const res = await e.server.app.inject({
    method,
    url,
    payload: body as never,
    headers: { authorization: `Bearer ${token}`, ...(company ? { 'x-company-id': company } : {}) },
  });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}

const visibleOptions = (p: Page) => p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

describe('rules → procurement → documentation → DOCX', () => {
  it('a specialist picks the demo customer, copies the template rule and approves a version', async () => {
    await e.login(page, 'specialist');
    await page.getByTestId('company-picker').click();
    await page.keyboard.type('Демо');
    await visibleOptions(page).first().click();
    await page.getByTestId('acting-company').getByText('АО «Демо-Заказчик»').waitFor();

    await page.goto('/procurementsRules');
    await page.getByTestId('rule-copy').click();
    await page.getByTestId('rule-copy-source').click();
    await visibleOptions(page).filter({ hasText: TEMPLATE_RULE_TITLE }).first().click();
    await page.getByTestId('rule-copy-title').fill(RULE_TITLE);
    await page.getByTestId('rule-copy-submit').click();
    await page.getByText('Положение о закупке скопировано').waitFor({ timeout: 30_000 });

    const rules = await api<Paged<ProcurementRuleResponse>>('GET', '/api/procurement_rules?limit=100');
    const rule = rules.body.items.find((r) => r.title === RULE_TITLE)!;
    expect(rule).toBeTruthy();
    // a new edition in force from today with the copied document rules (created through the API: the version form is not under test here)
    const today = moscowDateOf(new Date());
    const version = await api<RuleVersionResponse>('POST', `/api/procurement_rules/${rule.id}/versions`, {
      number: 'e2e-1',
      in_force_from: today,
      based_on_version_id: rule.version_in_force?.id,
    });
    expect(version.status, JSON.stringify(version.body)).toBe(200);

    await page.goto(`/procurementsRules/${rule.id}/versions`);
    await page.getByTestId(`version-approve-${version.body.id}`).click();
    await page.getByTestId('version-approve-submit').click();
    await expect.poll(() => page.getByTestId(`version-status-${version.body.id}`).innerText()).toBe('Утверждена');
  });

  it('creates a procurement in the card and sees its lawful deadline', async () => {
    await page.goto('/documents');
    await page.getByRole('button', { name: 'Создать закупку' }).click();
    await page.waitForURL('**/documents/new');
    await page.getByLabel('Наименование закупки').fill(TITLE);
    await page.getByLabel('Способ закупки').click();
    await visibleOptions(page)
      .filter({ hasText: /^Запрос котировок в электронной форме$/ })
      .click();
    await page.getByLabel('Положение о закупке').click();
    await visibleOptions(page).filter({ hasText: RULE_TITLE }).click();
    await page.getByLabel('Предмет договора').fill('Бумага офисная А4, 80 г/м², 3 000 пачек');
    await page.getByLabel('НМЦД', { exact: true }).fill('450000.00');
    await page.getByLabel('Место поставки', { exact: true }).fill('г. Майкоп, ул. Победы, д. 1');
    const before = (await api<{ total: number }>('GET', '/api/procurements')).body.total;
    const creations: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/procurements') creations.push(r.url());
    });
    for (const [label, date] of [
      ['Дата размещения извещения', '01.12.2026'],
      ['Окончание подачи заявок', '15.12.2026'],
      ['Рассмотрение заявок', '16.12.2026'],
      ['Подведение итогов', '17.12.2026'],
    ]) {
      await page.getByLabel(label).fill(date);
      // Enter in a date field commits the date and nothing else: it must not create the procurement
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
    }
    await page.getByLabel('Наименование закупки').press('Enter');
    // a double click saves once; the Enters before it saved nothing: every request they could have caused was sent
    // before this click's, and only one creation was ever asked for
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/procurements');
    await page.getByRole('button', { name: 'Сохранить' }).dblclick();
    expect((await created).status()).toBe(200);
    await page.waitForURL(/\/documents\/\d+$/);
    procurementId = Number(/\/documents\/(\d+)$/.exec(page.url())![1]);
    // the title names the number; the law's tag follows it
    await expect.poll(() => page.getByTestId('procurement-title').innerText()).toMatch(/^Закупка № \d{4}-\d{4}(223-ФЗ)?$/);
    // the card has loaded after the creation: a second click's request would have been sent by now
    expect(creations).toHaveLength(1);
    expect((await api<{ total: number }>('GET', '/api/procurements')).body.total).toBe(before + 1);
    expect(await page.getByTestId('procurement-status').innerText()).toBe('Черновик');
    expect(await page.getByTestId('earliest-deadline').innerText()).toMatch(/^\d{2}\.\d{2}\.2026$/);
    const card = await api<ProcurementResponse>('GET', `/api/procurements/${procurementId}`);
    expect(card.body).toMatchObject({
      title: TITLE,
      method: 'quotation_e',
      nmcd: '450000.00',
      published_on: '2026-12-01',
      application_deadline: '2026-12-15',
    });
    expect(card.body.rule?.title).toBe(RULE_TITLE);
    expect(card.body.rule_version?.number).toBe('e2e-1');
    await e.shot(page, 'procurement-card');
  });

  it('fills the user fields, generates the documentation and downloads a DOCX holding the values', async () => {
    await page.getByRole('link', { name: 'Документация' }).click();
    await page.waitForURL(`**/procurement_documents/${procurementId}`);
    const docs = (await api<DocumentsResponse>('GET', `/api/procurements/${procurementId}/documents`)).body.documents;
    expect(docs.length).toBeGreaterThan(0);
    const notice = docs.find((d) => d.template === 'notice')!;
    expect(notice).toBeTruthy();
    await page.getByText(notice.title).first().waitFor();
    const missing = docs.flatMap((d) =>
      d.fields.filter((f) => f.required && f.type !== 'list' && (f.value === null || f.value === undefined || f.value === '')),
    );
    expect(missing.length).toBeGreaterThan(0);
    // a forgotten required field: the editor says so and takes the user to it, however far up it is; then every
    // required field the server could not fill gets a value typed in the editor
    await fillForgottenFields(page, docs, { signer: SIGNER, date: '20.11.2026', tag: 'e2e' });
    const signer = page
      .locator('.ant-collapse-item')
      .filter({ hasText: notice.title })
      .first()
      .getByLabel(notice.fields.find((f) => f.name === 'signerName')!.label, { exact: true });
    await signer.fill(SIGNER);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Поля документов сохранены').waitFor();

    // generation checks the specification's rows too: what only the specialist knows is typed where it is marked
    await generateAfterRows(page, 'e2e');
    const files = page.getByTestId('generated-files');
    await files.waitFor();
    const link = files.getByRole('button', { name: /Извещение/ }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const data = fs.readFileSync((await download.path())!);
    expect(data.subarray(0, 2).toString('latin1')).toBe('PK');
    const text = readDocxText(data);
    expect(text).toContain(TITLE);
    expect(text).toContain(SIGNER);
    await e.shot(page, 'procurement-documentation');

    // the files screen lists the generated documents
    await page.getByRole('link', { name: 'Файлы' }).click();
    await page
      .getByTestId('files-table')
      .getByText(/Извещение/)
      .first()
      .waitFor();
    await e.shot(page, 'procurement-files');
  }, 240_000);

  it('cancels another procurement with a comment and filters the register by the URL', async () => {
    const other = await api<ProcurementResponse>('POST', '/api/procurements', {
      title: 'Закупка для отмены e2e',
      method: 'quotation_e',
      subject: 'services',
      nmcd: '90000',
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const draft = await api<ProcurementResponse>('POST', '/api/procurements', {
      title: 'Черновик для фильтра e2e',
      method: 'auction_e',
      subject: 'works',
      nmcd: '1200000',
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    await page.goto(`/documents/${other.body.id}`);
    await page.getByRole('button', { name: 'Отменить закупку' }).click();
    await page.getByLabel('Комментарий').fill('Потребность отпала');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => page.getByTestId('procurement-status').innerText()).toBe('Отменена');

    await page.goto('/documents');
    const table = page.getByTestId('register-table');
    await table.getByText('Закупка для отмены e2e').waitFor();
    await table.getByText(TITLE).waitFor();
    await e.shot(page, 'procurement-register');

    // the generated documentation moved the first one to docs_ready
    await page.goto('/documents?status=draft');
    await table.getByText('Черновик для фильтра e2e').waitFor();
    expect(await table.getByText('Закупка для отмены e2e').count()).toBe(0);
    expect(await table.getByText(TITLE).count()).toBe(0);
    const tags = await table.locator('tbody .ant-tag').allInnerTexts();
    expect(tags.length).toBeGreaterThan(0);
    expect(new Set(tags)).toEqual(new Set(['Черновик']));

    // a row opens the card
    await table.getByText('Черновик для фильтра e2e').click();
    await page.waitForURL(`**/documents/${draft.body.id}`);
  });
});

describe('audit trail', () => {
  it('the card shows its history with before → after, and /audit finds the object', async () => {
    await page.goto(`/documents/${procurementId}`);
    await page.getByTestId('audit-panel').getByText('Журнал изменений').click();
    const history = page.getByTestId('audit-history');
    // newest first: the generation moved the draft on
    await history.getByText('Смена статуса').first().waitFor();
    expect(await history.getByTestId('audit-changes').first().innerText()).toMatch(/Статус: Черновик → Документация сформирована/);
    await history.getByText('Формирование документации').waitFor();
    await e.shot(page, 'procurement-audit-history');
    // the oldest entry, the creation, is on the last page
    const pages = history.locator('.ant-pagination-item');
    if (await pages.count()) await pages.last().click();
    await history.getByText('Создание').waitFor();

    await page.getByTestId('gear-menu').click();
    await page.getByRole('menuitem', { name: 'Журнал изменений' }).click();
    await page.waitForURL('**/audit');
    await page.getByLabel('Номер объекта').fill(String(procurementId));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/audit?entity_id=${procurementId}`);
    const table = page.getByTestId('audit-table');
    // the trail names the procurement by its business number, not its id
    const { number } = (await api<ProcurementResponse>('GET', `/api/procurements/${procurementId}`)).body;
    await table.getByText(`Закупка ${number}`).first().waitFor();
    await table.getByText('Формирование документации').first().waitFor();
    await e.shot(page, 'audit-search');
  });
});
