/**
 * A specialist's day, as a user meets it on the screens: a double click on «Сохранить» in the
 * create dialogs, a list whose request failed, the read-only operator's screens, a refusal's notice header.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@proc/contract';
import { multipart } from '../server/test/factories';
import { ROOT, startE2E, type E2E } from './harness';

let e: E2E;

beforeAll(async () => {
  e = await startE2E();
}, 180_000);
afterAll(async () => e?.close());

const count = async (sqlText: string, params: unknown[]) =>
  (await e.server.deps.database.sql.query<{ n: number }>(sqlText, params)).rows[0].n;

describe('D1: a double click on «Сохранить» creates one record', () => {
  it('a place of delivery, a tariff, a Положение and its version', async () => {
    const admin = await e.newPage();
    await e.login(admin, 'admin');
    await admin.goto('/catalogTariffs');
    await admin.getByRole('button', { name: 'Добавить тариф' }).click();
    const tariff = admin.getByRole('dialog');
    await tariff.getByLabel('Наименование').fill('Тестовый тариф D1');
    await tariff.getByLabel('Цена, ₽').fill('1500');
    await tariff.getByRole('button', { name: 'Сохранить' }).dblclick();
    await tariff.waitFor({ state: 'detached' });
    await admin.getByRole('row', { name: /Тестовый тариф D1/ }).waitFor();
    expect(await count('SELECT count(*)::int AS n FROM tariff_plans WHERE name = $1', ['Тестовый тариф D1'])).toBe(1);
    await admin.goto('/catalogExecPlace');
    await admin.getByRole('button', { name: 'Добавить' }).click();
    const place = admin.getByRole('dialog');
    await place.getByLabel('Наименование').fill('Склад заказчика D1');
    await place.getByRole('button', { name: 'Сохранить' }).dblclick();
    await place.waitFor({ state: 'detached' });
    await admin.getByRole('row', { name: /Склад заказчика D1/ }).waitFor();
    expect(await count('SELECT count(*)::int AS n FROM catalog_exec_terms WHERE name = $1', ['Склад заказчика D1'])).toBe(1);
    // the one record answered twice is one notice, not two
    expect(await admin.getByText('Сохранено: «Склад заказчика D1»').count()).toBe(1);

    await admin.context().close();

    const page = await e.newPage();
    await e.login(page, 'client');
    await page.goto('/procurementsRules');
    await page.getByTestId('rule-create').click();
    await page.getByTestId('rule-title').fill('Положение D1');
    await page.getByTestId('rule-save').dblclick();
    await page.getByTestId('rule-save').waitFor({ state: 'detached' });
    expect(await count('SELECT count(*)::int AS n FROM procurement_rules WHERE title = $1', ['Положение D1'])).toBe(1);
    const [ruleId] = (
      await e.server.deps.database.sql.query<{ id: number }>('SELECT id FROM procurement_rules WHERE title = $1', ['Положение D1'])
    ).rows;
    await page.goto(`/procurementsRules/${ruleId.id}/versions`);
    await page.getByTestId('version-create').click();
    await expect.poll(() => page.getByTestId('version-number').inputValue()).toBe('1');
    await page.getByLabel('Вступает в силу').fill('01.01.2026');
    await page.keyboard.press('Enter');
    await page.getByTestId('version-save').dblclick();
    await page.getByTestId('version-row-1').waitFor();
    expect(await count('SELECT count(*)::int AS n FROM rule_versions WHERE rule_id = $1', [ruleId.id])).toBe(1);
    await page.context().close();
  }, 120_000);
});

describe('D3: a list whose request failed says so and asks again', () => {
  it('the register after a 504 shows «Не удалось загрузить», never «Закупок пока нет»; «Повторить» loads it', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    await page.route('**/api/procurements?*', (route) => route.fulfill({ status: 504, contentType: 'application/json', body: '{}' }));
    await page.goto('/documents');
    const failed = page.getByTestId('load-failed');
    await failed.getByText('Не удалось загрузить').waitFor();
    expect(await page.getByText('Закупок пока нет').count()).toBe(0);
    await page.unroute('**/api/procurements?*');
    const answered = page.waitForResponse((r) => r.url().includes('/api/procurements?') && r.status() === 200);
    await failed.getByRole('button', { name: 'Повторить' }).click();
    await answered;
    await failed.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('D4: actions the role may not take are not offered', () => {
  it('the read-only operator sees no create, import, upload or stop on any screen he reads', async () => {
    const page = await e.newPage();
    await e.login(page, 'operator');
    const offered: string[] = [];
    const screens = [
      '/documents',
      '/eisPlans',
      '/eisPlans/tender',
      '/eisNotices44',
      '/contracts/register',
      '/contracts/execution',
      '/procurementsRules',
    ];
    for (const url of screens) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      for (const name of [/^Создать/, /^Добавить/, /^Загрузить/, /^Скопировать/, /^Остановить/])
        for (const b of await page.getByRole('button', { name }).all()) offered.push(`${url}: ${await b.innerText()}`);
    }
    expect(offered).toEqual([]);
    // and what he may do stays: the register is read, exported, filtered
    await page.goto('/documents');
    await page.getByRole('button', { name: 'Выгрузить в Excel' }).waitFor();
    await page.context().close();
  }, 120_000);
});

describe('D6: the notice header names the cause', () => {
  it('a file that is no УПД comes under the spec’s \'Не удалось обработать УПД "{file}"\', not «Произошла ошибка сервера»', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    const file = path.join(ROOT, 'fixtures/eis223/contract_test.xml');
    const m = multipart(path.basename(file), fs.readFileSync(file));
    const up = await e.server.app.inject({
      method: 'POST',
      url: '/api/eis/upload?confirm_customer=true',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${await e.token(page)}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    // the contract the file brought, read where it is kept
    const [contract] = (
      await e.server.deps.database.sql.query<{ id: number }>(
        'SELECT id FROM contracts WHERE registry_number IS NOT NULL ORDER BY id LIMIT 1',
      )
    ).rows;
    await page.goto(`/contracts/register/${contract.id}`);
    await page.getByTestId('contract-card').waitFor();
    await page
      .locator('[data-testid="upd-upload"]')
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]')
      .locator('input[type=file]')
      .setInputFiles({ name: 'счёт покупателя.xml', mimeType: 'text/xml', buffer: Buffer.from('<?xml version="1.0"?><Файл ИдФайл="x"/>') });
    await page.getByText(MESSAGES.updErrorHeader('счёт покупателя.xml')).waitFor();
    expect(await page.getByText(MESSAGES.httpErrorHeader).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});

describe('D2: the НМЦК tab guards its unsaved edits as the card does', () => {
  it('a link away from an edited Количество asks «Есть несохранённые изменения»; staying keeps it; saved, it lets go', async () => {
    const page = await e.newPage();
    await e.login(page, 'client');
    const res = await e.server.app.inject({
      method: 'POST',
      url: '/api/procurements',
      payload: { title: 'Закупка D2', method: 'auction_e', subject: 'goods', nmcd: '150000.00' },
      headers: { authorization: `Bearer ${await e.token(page)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (JSON.parse(res.body) as { id: number }).id;
    await page.goto(`/documents/${id}?tab=nmck`);
    const quantity = page.getByLabel('Количество (v)');
    await quantity.waitFor();
    await quantity.fill('12,5');
    await page.getByRole('link', { name: 'Исполнение договоров' }).click();
    const leave = page.getByRole('dialog').filter({ hasText: 'Есть несохранённые изменения' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Остаться' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/documents/${id}`);
    expect(await quantity.inputValue()).toBe('12,5');
    // the card's own tab is the same page: no question
    await page.getByRole('tab', { name: 'Карточка закупки' }).click();
    await page.getByRole('tab', { name: 'Обоснование НМЦК' }).click();
    await page.getByRole('button', { name: 'Сохранить расчёт' }).click();
    await page.getByText('Расчёт НМЦК сохранён').waitFor();
    await page.getByRole('link', { name: 'Исполнение договоров' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/contracts'));
    expect(await page.getByText('Есть несохранённые изменения').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
