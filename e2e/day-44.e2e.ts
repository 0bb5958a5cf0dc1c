/**
 * A day of a 44-ФЗ customer (the demo's budget institution, user `budget`), through the screens: its
 * план-график, a purchase from a position with its ИКЗ shown in parts, the НМЦК justified by three market prices and
 * applied, the deadlines of 44-ФЗ on the card and in the register, and «Контракт заключён» checked by ст. 51.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProcurementResponse, RegisterPage, TenderPlanPositionsResponse } from '@proc/contract';
import { DEMO_BUDGET } from '../server/src/modules/demo/seed-demo';
import { startE2E, type E2E } from './harness';

let e: E2E;
let page: Page;
let procurementId: number;
const NBSP = '\u00a0';
const YEAR = new Date().getFullYear();
// the demo stores the план-график the fake ЕИС publishes for the institution (seed-demo-44.ts)
const PLAN = `${YEAR}${DEMO_BUDGET.regNum}001`;

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
});
afterAll(async () => e?.close());

/** What the screens are checked against, read with the browser's session. */
async function api<T>(method: 'GET' | 'PUT', url: string, body?: unknown): Promise<{ status: number; body: T }> {
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
  await form.getByRole('button', { name: 'Добавить цену' }).click();
  expect((await saved).status()).toBe(200);
  await page.getByRole('cell', { name: supplier }).first().waitFor();
}

describe('a day of a 44-ФЗ customer', () => {
  it('opens its план-график and makes a purchase of a position, the ИКЗ shown in its parts', async () => {
    await e.login(page, 'budget');
    await page.goto('/eisPlans/tender');
    const link = page.getByTestId(`tender-plan-${PLAN}-2`);
    await link.click();
    await page.waitForURL(`**/eisPlans/tender/${PLAN}`);
    const rows = page.getByTestId('tender-positions-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(6);
    // every ИКЗ is the institution's: no position is flagged
    expect(await page.locator('[data-testid^="ikz-finding-"]').count()).toBe(0);
    await page.getByTestId('tender-position-create-7').click();
    await page.waitForURL(/\/documents\/\d+$/);
    procurementId = Number(page.url().split('/').pop());
    await page.getByTestId('procurement-law').getByText('44-ФЗ').waitFor();
    const card = (await api<ProcurementResponse>('GET', `/api/procurements/${procurementId}`)).body;
    const ikz = card.ikz!;
    expect(ikz).toBe(`${String(YEAR).slice(2)}${DEMO_BUDGET.iku}0007001${'6110'}244`);
    // split into year, ИКУ, position, purchase, ОКПД2, КВР
    const parts = page.getByTestId('procurement-ikz').locator('[data-part]');
    await expect.poll(() => parts.allInnerTexts()).toEqual([ikz.slice(0, 2), DEMO_BUDGET.iku, '0007', '001', '6110', '244']);
    expect(await page.getByTestId('procurement-status').innerText()).toBe('Черновик');
    expect(await page.getByLabel('ИКЗ (идентификационный код закупки)').inputValue()).toBe(ikz);
    await e.shot(page, 'day-44-card');
  });

  it('justifies the НМЦК by three market prices, the CV checked, and applies it', async () => {
    await page.getByRole('tab', { name: 'Обоснование НМЦК' }).click();
    await page.waitForURL(/tab=nmck/);
    await page.getByLabel('Количество (v)').fill('12');
    await page.getByLabel('Единица измерения').fill('мес.');
    await page.getByRole('button', { name: 'Сохранить расчёт' }).click();
    await page.getByText('Расчёт НМЦК сохранён').waitFor();
    await addQuote('ПАО «Ростелеком»', `02.02.${YEAR}`, '7900');
    await addQuote('ООО «Связь-Юг»', `03.02.${YEAR}`, '8000');
    await addQuote('ООО «Телеком-Сервис»', `04.02.${YEAR}`, '8300');
    await expect.poll(() => page.getByTestId('nmck-cv').innerText()).toBe(`2,58${NBSP}%`);
    expect(await page.getByTestId('nmck-mean').innerText()).toBe(`8${NBSP}066,67${NBSP}₽`);
    expect(await page.getByTestId('nmck-sd').innerText()).toBe(`208,17${NBSP}₽`);
    await page.getByText('≤ 33 %: однородна').waitFor();
    // 12 × 8 066,666… = 96 800,00
    expect(await page.getByTestId('nmck-total').innerText()).toBe(`96${NBSP}800,00${NBSP}₽`);
    await page.getByRole('button', { name: 'Применить как НМЦК закупки' }).click();
    await page.getByText(`НМЦК 96${NBSP}800,00${NBSP}₽ стала ценой закупки`).waitFor();
    expect((await api<ProcurementResponse>('GET', `/api/procurements/${procurementId}`)).body.nmcd).toBe('96800.00');
  });

  it('shows the deadlines of 44-ФЗ on the card and the mark in the register', async () => {
    const card = (await api<ProcurementResponse>('GET', `/api/procurements/${procurementId}`)).body;
    // an electronic auction's notice five days before the end of applications: ст. 49 asks seven
    const saved = await api<ProcurementResponse>('PUT', `/api/procurements/${procurementId}`, {
      title: card.title,
      method: card.method,
      subject: card.subject,
      nmcd: card.nmcd,
      okpd2: card.okpd2,
      published_on: `${YEAR}-03-02`,
      application_deadline: `${YEAR}-03-06`,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await page.goto(`/documents/${procurementId}`);
    const deadline = page.getByTestId('deadline-card');
    await deadline.getByText('по 44-ФЗ').waitFor();
    await deadline.getByText('не менее 7 календарных дней (44-ФЗ, ч. 2 ст. 49 (электронный аукцион))').waitFor();
    expect(await page.getByTestId('earliest-deadline').innerText()).toBe(`09.03.${YEAR}`);
    expect(await page.getByTestId('violations').innerText()).toContain(
      `Срок подачи заявок должен быть не ранее 09.03.${YEAR} (не менее 7 календарных дней с даты размещения извещения)`,
    );
    const register = await api<RegisterPage>('GET', '/api/procurements?law=44&limit=100');
    expect(register.body.items.find((p) => p.id === procurementId)).toMatchObject({ has_violations: true, status_title: 'Черновик' });
    await page.goto('/documents');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: card.number, exact: true }) });
    await row.getByTestId('law-44').waitFor();
    await row.getByTestId('violation-mark').hover();
    await page.getByText('Нарушены сроки 44-ФЗ').waitFor();
  });

  it('checks «Контракт заключён» by ст. 51 44-ФЗ and moves on with a reason', async () => {
    const positions = await api<TenderPlanPositionsResponse>('GET', `/api/eis/tender-plans/${PLAN}/positions?kvr=243`);
    const roof = positions.body.items[0].procurement_id!;
    await page.goto(`/documents/${roof}`);
    await expect.poll(() => page.getByTestId('procurement-status').innerText()).toBe('Подведение итогов определения поставщика');
    await page.getByRole('button', { name: 'Контракт заключён' }).click();
    const dialog = page.getByRole('dialog', { name: 'Контракт заключён: сроки нарушены' });
    await expect
      .poll(() => dialog.getByTestId('term-rules').innerText())
      .toMatch(
        /^Контракт заключается не ранее чем через 10 дней с даты размещения протокола подведения итогов определения поставщика \(44-ФЗ, ст\. 51\)/,
      );
    await dialog.getByLabel('Причина (сохранится в журнале)').fill('Решение контрольного органа о досрочном заключении');
    await dialog.getByRole('button', { name: 'Перевести вопреки сроку' }).click();
    await expect.poll(() => page.getByTestId('procurement-status').innerText()).toBe('Контракт заключён');
    await e.shot(page, 'day-44-contract');
  });
});
