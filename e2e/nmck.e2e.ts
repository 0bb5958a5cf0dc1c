import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProcurementResponse } from '@proc/contract';
import { readDocxText } from '../server/src/formats/docx';
import { startE2E, type E2E } from './harness';

let e: E2E;
let page: Page;
let procurementId: number;
const NBSP = '\u00a0';

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
});
afterAll(async () => e?.close());

/** Set-up the screens under test do not cover, with the browser's session. */
async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await e.token(page);
  const res = await e.server.app.inject({ method, url, payload: body as never, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}

async function addQuote(supplier: string, date: string, price: string) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Добавить цену' }) });
  await form.getByLabel('Поставщик').fill(supplier);
  await form.getByLabel('Цена единицы, ₽').fill(price);
  await form.getByLabel('Реквизиты (номер и дата документа, ИНН, ссылка)').fill(`Коммерческое предложение от ${date}`);
  await form.getByLabel('Дата', { exact: true }).fill(date);
  await page.keyboard.press('Enter');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/nmck/sources`));
  // a double click adds the price once
  await form.getByRole('button', { name: 'Добавить цену' }).dblclick();
  expect((await saved).status()).toBe(200);
  await page.getByRole('cell', { name: supplier }).first().waitFor();
}

describe('«Обоснование НМЦК» on the procurement card', () => {
  it('justifies the НМЦК by market prices with the figures to the kopeck, a CV over 33 % flagged, and applies it', async () => {
    await e.login(page, 'client');
    const created = await api<ProcurementResponse>('POST', '/api/procurements', {
      title: 'Поставка картриджей (e2e НМЦК)',
      method: 'auction_e',
      subject: 'goods',
      nmcd: '1.00',
      okpd2: [{ code: '26.20.40.120' }],
      rule_id: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    procurementId = created.body.id;

    await page.goto(`/documents/${procurementId}`);
    await page.getByTestId('procurement-title').waitFor();
    await page.getByRole('tab', { name: 'Обоснование НМЦК' }).click();
    await page.waitForURL(/tab=nmck/);
    await page.getByText('Цен пока нет').waitFor();
    await page.getByLabel('Количество (v)').fill('12,5');
    await page.getByLabel('Единица измерения').fill('шт');
    await page.getByRole('button', { name: 'Сохранить расчёт' }).click();
    await page.getByText('Расчёт НМЦК сохранён').waitFor();

    await addQuote('ООО «Альфа»', '02.11.2026', '100');
    await addQuote('ООО «Бета»', '03.11.2026', '150,00');
    await addQuote('ООО «Розница»', '04.11.2026', '300');
    await expect.poll(() => page.getByTestId('nmck-cv').innerText()).toBe(`56,77${NBSP}%`);
    expect(await page.getByTestId('nmck-mean').innerText()).toBe(`183,33${NBSP}₽`);
    expect(await page.getByTestId('nmck-sd').innerText()).toBe(`104,08${NBSP}₽`);
    await page.getByText('> 33 %: неоднородна').waitFor();
    await page.getByText('Коэффициент вариации 56,77 % больше 33 %').waitFor();
    expect(await page.getByRole('button', { name: 'Применить как НМЦК закупки' }).isDisabled()).toBe(true);

    // the outlier leaves with a reason: the button waits for it
    await page
      .getByRole('row', { name: /ООО «Розница»/ })
      .getByRole('button', { name: 'Исключить' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Исключить цену из расчёта' });
    expect(await dialog.getByRole('button', { name: 'Исключить' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Причина исключения').fill('Розничная цена, не сопоставима');
    await dialog.getByRole('button', { name: 'Исключить' }).click();
    await page.getByText('Исключена: Розничная цена, не сопоставима').waitFor();
    await page.getByText('Нужно не менее 3 цен, учтено 2').waitFor();

    await addQuote('ООО «Гамма»', '05.11.2026', '160');
    await expect.poll(() => page.getByTestId('nmck-cv').innerText()).toBe(`23,52${NBSP}%`);
    expect(await page.getByTestId('nmck-count').innerText()).toBe('3');
    expect(await page.getByTestId('nmck-mean').innerText()).toBe(`136,67${NBSP}₽`);
    expect(await page.getByTestId('nmck-sd').innerText()).toBe(`32,15${NBSP}₽`);
    // 12,5 × 136,666… = 1 708,333… → 1 708,33 (not 12,5 × 136,67 = 1 708,38)
    expect(await page.getByTestId('nmck-total').innerText()).toBe(`1${NBSP}708,33${NBSP}₽`);
    await page.getByText('≤ 33 %: однородна').waitFor();

    await page.getByRole('button', { name: 'Применить как НМЦК закупки' }).click();
    await page.getByText(`НМЦК 1${NBSP}708,33${NBSP}₽ стала ценой закупки`).waitFor();
    await expect.poll(() => page.getByTestId('nmck-procurement-nmcd').innerText()).toBe(`1${NBSP}708,33${NBSP}₽`);
    // the procurement's own НМЦД is the result (the card's input shows it as «1 708,33»)
    expect((await api<ProcurementResponse>('GET', `/api/procurements/${procurementId}`)).body.nmcd).toBe('1708.33');
  });

  it('after «Применить» the card tab holds the new НМЦД and is not dirty: leaving it asks nothing', async () => {
    await page.getByRole('tab', { name: 'Карточка закупки' }).click();
    const nmcd = page.getByLabel('НМЦД', { exact: true });
    await expect.poll(() => nmcd.inputValue()).toBe(`1${NBSP}708,33`);
    await page.getByRole('link', { name: 'Файлы' }).click();
    // the unsaved-changes question would hold the page here
    await page.getByTestId('files-table').waitFor();
    expect(await page.getByText('Есть несохранённые изменения').count()).toBe(0);
    await page.goBack();
    await page.getByTestId('procurement-title').waitFor();
  });

  it('a refetch keeps what the user typed on the card, which still guards leaving until typed back', async () => {
    const place = page.getByLabel('Место поставки', { exact: true });
    await place.fill('г. Майкоп, ул. Пионерская, 1');
    await page.getByRole('tab', { name: 'Обоснование НМЦК' }).click();
    // «Применить» again: the card is fetched anew while the typed place is not saved
    const refetched = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/procurements/${procurementId}`,
    );
    await page.getByRole('button', { name: 'Применить как НМЦК закупки' }).click();
    expect((await refetched).status()).toBe(200);
    await page.getByRole('tab', { name: 'Карточка закупки' }).click();
    await expect.poll(() => place.inputValue()).toBe('г. Майкоп, ул. Пионерская, 1');
    expect(await page.getByLabel('НМЦД', { exact: true }).inputValue()).toBe(`1${NBSP}708,33`);
    const question = page.getByRole('dialog').filter({ hasText: 'Есть несохранённые изменения' });
    await page.getByRole('link', { name: 'Файлы' }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Остаться' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/documents/${procurementId}`);
    // typed back to what the server holds (nothing): no edit left, nothing to ask
    await place.fill('');
    await page.getByRole('link', { name: 'Файлы' }).click();
    await page.getByTestId('files-table').waitFor();
    expect(await question.count()).toBe(0);
    await page.goBack();
    await page.getByTestId('procurement-title').waitFor();
  });

  it('downloads the justification as Word and Excel with the same figures', async () => {
    await page.getByRole('tab', { name: 'Обоснование НМЦК' }).click();
    const [word] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Обоснование (Word)' }).click()]);
    expect(word.suggestedFilename()).toMatch(/^Обоснование НМЦК \d{4}-\d{4}\.docx$/);
    const text = readDocxText(fs.readFileSync((await word.path())!));
    expect(text).toContain('Коэффициент вариации V = σ / <ц> × 100 % = 23,52 % — не больше 33 %: совокупность цен однородна');
    expect(text).toContain(`Начальная (максимальная) цена контракта: 1${NBSP}708,33 руб.`);
    expect(text).toContain('Не учтена: Розничная цена, не сопоставима');

    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Обоснование (Excel)' }).click()]);
    expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await excel.path())!);
    const values: Record<string, unknown> = {};
    wb.worksheets[0].eachRow((row) => (values[String(row.getCell(2).value ?? '')] = row.getCell(3).value));
    expect(values['НМЦК = v × <ц>, руб.']).toMatchObject({ result: 1708.33 });
    expect(values['Средняя цена <ц>, руб.']).toMatchObject({ result: 136.67 });
  });
});
