import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProcurementResponse } from '@proc/contract';
import { startE2E, type E2E } from './harness';

let e: E2E;
let page: Page;
const NBSP = '\u00a0';

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
});
afterAll(async () => e?.close());

describe('the object of a 44-ФЗ purchase on its card', () => {
  it('a line takes a КТРУ position: ОКПД2, name, unit and characteristics from the catalogue, the sum from the figures', async () => {
    await e.login(page, 'budget');
    const token = await e.token(page);
    const res = await e.server.app.inject({
      method: 'POST',
      url: '/api/procurements',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Поставка бумаги (e2e КТРУ)', law: '44', method: 'auction_e', subject: 'goods', nmcd: '1.00', rule_id: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = JSON.parse(res.body) as ProcurementResponse;

    await page.goto(`/documents/${p.id}`);
    await page.getByTestId('procurement-title').waitFor();
    const lines = page.getByTestId('procurement-lines');
    await lines.getByText('Строк пока нет').waitFor();
    await lines.getByRole('button', { name: 'Добавить строку' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новая строка объекта закупки' });
    await dialog.getByLabel('Позиция КТРУ').fill('бумага');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '17.12.14.110-00000004' })
      .click();
    await dialog.getByText('Характеристики позиции КТРУ войдут в описание объекта закупки').waitFor();
    await dialog.getByLabel('Количество').fill('156');
    await dialog.getByLabel('Цена единицы').fill('350');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/procurements/${p.id}/lines`));
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    expect((await saved).status()).toBe(200);
    await lines.getByText('Бумага для офисной техники').waitFor();
    await lines.getByText('КТРУ 17.12.14.110-00000004 · ОКПД2 17.12.14.129').waitFor();
    await lines.getByText(/Формат: А4/).waitFor();
    expect(await page.getByTestId('lines-total').innerText()).toBe(`54${NBSP}600,00${NBSP}₽`);
  });
});
