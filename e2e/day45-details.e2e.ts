/**
 * Issue 45 (a specialist's day, round 3), the details a user meets: D9 a day the calendar has not and a negative price
 * named for what they are; D10 the trail's names, «Завершить все остальные», the storage note, the reports' contract,
 * no «Подписать и направить» for a contract «Недействителен», the picker naming the company the pages act for; D4 the
 * read-only operator's procurement and contract cards offer nothing the server would refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProcurementResponse } from '@proc/contract';
import { DEMO_PASSWORD, startE2E, type E2E } from './harness';

let e: E2E;

beforeAll(async () => {
  e = await startE2E();
}, 180_000);
afterAll(async () => e?.close());

const sql = async <T>(text: string, params: unknown[] = []) =>
  (await e.server.deps.database.sql.query<T & Record<string, unknown>>(text, params)).rows;

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await e.server.app.inject({
    method,
    url,
    payload: body as never,
    headers: { authorization: `Bearer ${await e.token(page)}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}

async function newProcurement(page: Page, title: string): Promise<ProcurementResponse> {
  const r = await api<ProcurementResponse>(page, 'POST', '/api/procurements', {
    title,
    method: 'quotation_e',
    subject: 'goods',
    nmcd: '500000',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** The company a demo user belongs to. */
const homeOf = async (login: string) =>
  (
    await sql<{ id: number; title: string }>(
      'SELECT c.id, c.title FROM users u JOIN companies c ON c.id = u.company_id WHERE u.login = $1',
      [login],
    )
  )[0];

describe('D9: forms say the real problem', () => {
  it('a typed 30.02.2026 is named and kept, the card is not sent; a good date is', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    const card = await newProcurement(page, 'Бумага (D9)');
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === `/api/procurements/${card.id}`) puts.push(r.postData() ?? '');
    });
    await page.goto(`/documents/${card.id}`);
    const published = page.getByLabel('Дата размещения извещения');
    await published.fill('30.02.2026');
    await published.press('Tab');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Такой даты нет: 30.02.2026', { exact: true }).waitFor();
    expect(await published.inputValue()).toBe('30.02.2026');
    expect(puts).toEqual([]);

    await published.fill('02.03.2026');
    await published.press('Enter');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/procurements/${card.id}`,
    );
    await page.getByRole('button', { name: 'Сохранить' }).click();
    expect((await saved).status()).toBe(200);
    expect(puts.map((b) => (JSON.parse(b) as { published_on: string }).published_on)).toEqual(['2026-03-02']);
    await page.context().close();
  }, 120_000);

  it('«-100» as a tariff price reads «Цена не может быть отрицательной», «abc» the spec’s numeric message', async () => {
    const page = await e.newPage();
    await e.login(page, 'admin');
    await page.goto('/catalogTariffs');
    await page.getByRole('button', { name: 'Добавить тариф' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Наименование').fill('Тариф D9');
    const price = dialog.getByLabel('Цена, ₽');
    await price.fill('-100');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Цена не может быть отрицательной', { exact: true }).waitFor();
    await price.fill('abc');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Значение должно быть числовое', { exact: true }).waitFor();
    expect(await sql('SELECT 1 FROM tariff_plans WHERE name = $1', ['Тариф D9'])).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('D10: as a careful product would', () => {
  it('«Завершить все остальные» ends the other sessions and keeps this one', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    const other = await e.server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'client', password: DEMO_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    });
    const otherToken = (JSON.parse(other.body) as { token: string }).token;
    await page.goto('/profile/my');
    await page.getByTestId('sessions-end-others').click();
    await page.getByRole('button', { name: 'Да' }).click();
    await page.getByText(/^Завершено сеансов: \d+$/).waitFor();
    await page.getByTestId('sessions-end-others').waitFor({ state: 'detached' });
    const me = await e.server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${otherToken}` } });
    expect(me.statusCode).toBe(401);
    expect((await api(page, 'GET', '/api/auth/me')).status).toBe(200);
    await page.context().close();
  }, 120_000);

  it('/audit names ЕИС documents, actions and fields in Russian', async () => {
    const provider = await homeOf('admin');
    await sql(
      `INSERT INTO audit_log (company_id, user_id, entity, entity_id, action, before, after) VALUES
        ($1, NULL, 'eis44_notice', '3', 'import_create', NULL,
         '{"document_type":"epNotificationEF2020","purchase_number":"0373100000126000451","version":1,"source":"eis"}'),
        ($1, NULL, 'contract', '999999', 'execution_prepare', NULL, '{"execution_record_id":5,"stages":1}')`,
      [provider.id],
    );
    const page = await e.newPage();
    await e.login(page, 'admin');
    await page.goto('/audit');
    const table = page.getByTestId('audit-table');
    await table.getByText('Документ закупки из ЕИС (44-ФЗ) 0373100000126000451').waitFor();
    await table.getByText('Загрузка из ЕИС', { exact: true }).waitFor();
    await table.getByText('Подготовка сведений об исполнении к подписи', { exact: true }).waitFor();
    const text = await table.innerText();
    expect(text).toContain('Номер закупки в ЕИС');
    for (const raw of ['eis44_notice', 'execution_prepare', 'Прочее поле', 'document_type']) expect(text).not.toContain(raw);
    await page.context().close();
  }, 120_000);

  it('contracts: the reports list names the contract; a contract «Недействителен» is not offered for sending', async () => {
    const provider = await homeOf('admin');
    const [c] = await sql<{ id: number }>(
      `INSERT INTO contracts (company_id, registry_number, number, subject, supplier_name, supplier_inn, price, status, source)
       VALUES ($1, '57705123450260000451', 'Д10-451/2026', 'Поставка бумаги', 'ООО «Бумага»', '7707083893', '1000.00', 'invalid', 'manual')
       RETURNING id`,
      [provider.id],
    );
    await sql(
      `INSERT INTO reports (company_id, code, kind, format, contract_id, status, error) VALUES ($1, 'd10-report', 'contract_execution', 'pdf', $2, 'error', 'проверка')`,
      [provider.id, c.id],
    );
    const page = await e.newPage();
    await e.login(page, 'admin');
    await page.goto('/contracts/export');
    await page.getByTestId(`execution-not-sent-${c.id}`).waitFor();
    expect(await page.getByTestId(`execution-sign-${c.id}`).count()).toBe(0);
    expect(await page.getByTestId(`execution-send-${c.id}`).count()).toBe(0);
    await page.getByTestId('reports-table').getByRole('link', { name: 'Д10-451/2026' }).waitFor();
    await page.context().close();
  }, 120_000);

  it('the storage note is a line of its own; the picker names the company the pages act for', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    await page.goto('/profile/companies');
    const bar = page.locator('[data-testid^="storage-"] .ant-progress').first();
    const note = page.getByTestId('storage-note').first();
    await note.waitFor();
    const [b, n] = [await bar.boundingBox(), await note.boundingBox()];
    expect(n!.y).toBeGreaterThanOrEqual(b!.y + b!.height - 1);
    await page.context().close();

    const specialist = await e.newPage();
    await e.login(specialist, 'specialist');
    const home = await homeOf('specialist');
    const picker = specialist.getByTestId('company-picker');
    await picker.waitFor();
    await expect.poll(() => picker.innerText()).toContain(home.title);
    await specialist.context().close();
  }, 120_000);
});

describe('D4: the read-only operator’s cards offer nothing the server would refuse', () => {
  it('the procurement card, its files and documentation, and the contract card', async () => {
    const admin = await e.newPage();
    await e.login(admin, 'admin');
    const card = await newProcurement(admin, 'Картриджи (D4)');
    // what the operator must not be offered is there for a user who may change data
    await admin.goto(`/documents/${card.id}`);
    await admin.getByRole('button', { name: 'Сохранить' }).waitFor();
    await admin.context().close();

    const page = await e.newPage();
    await e.login(page, 'operator');
    await page.goto(`/documents/${card.id}`);
    await page.getByTestId('procurement-status').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    expect(
      await page
        .getByTestId('procurement-status')
        .locator('xpath=ancestor::div[contains(@class,"ant-card")][1]')
        .getByRole('button')
        .count(),
    ).toBe(0);

    await page.goto(`/files/${card.id}`);
    await page.getByText(`Документы закупки № ${card.number}`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Загрузить файл' }).count()).toBe(0);

    await page.goto(`/procurement_documents/${card.id}`);
    await page.getByText(`Документация о закупке № ${card.number}`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Сформировать документы' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);

    const provider = await homeOf('operator');
    const [c] = await sql<{ id: number }>(
      `INSERT INTO contracts (company_id, registry_number, number, subject, supplier_name, supplier_inn, price, status, source)
       VALUES ($1, '57705123450260000452', 'Д4-452/2026', 'Поставка картриджей', 'ООО «Картридж»', '7707083893', '1000.00', 'registered', 'manual')
       RETURNING id`,
      [provider.id],
    );
    await page.goto(`/contracts/register/${c.id}`);
    await page.getByTestId('contract-card').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('upd-upload').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
