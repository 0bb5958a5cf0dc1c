/**
 * The screens a specialist opens most, timed from the action to the screen usable (e2e/timings.ts);
 * the upload, report and ЕИС steps are timed inside e2e/day-in-the-life.e2e.ts, which has their set-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentsResponse, ProcurementResponse } from '@proc/contract';
import { startE2E, DEMO_PASSWORD, type E2E } from './harness';
import { reportTimings, timed } from './timings';

let e: E2E;
let page: Page;

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
});
afterAll(async () => {
  reportTimings('timings-screens.json');
  await e?.close();
});

async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await e.server.app.inject({
    method,
    url,
    payload: body as never,
    headers: { authorization: `Bearer ${await e.token(page)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as T;
}

describe('screen timings', () => {
  it('login → dashboard, the procurement card and the documentation editor', async () => {
    await page.goto('/login');
    await page.getByLabel('Логин').fill('client');
    await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
    await timed(
      'Вход → главная',
      () => page.getByRole('button', { name: 'Войти' }).click(),
      () => page.getByTestId('greeting').waitFor(),
    );
    const p = await api<ProcurementResponse>('POST', '/api/procurements', {
      title: 'Поставка бумаги (замер экранов)',
      method: 'auction_e',
      subject: 'goods',
      nmcd: '500000',
      okpd2: [{ code: '17.12.14.129' }],
    });
    await timed(
      'Карточка закупки',
      () => page.goto(`/documents/${p.id}`),
      () => page.getByTestId('procurement-status').waitFor(),
    );
    const docs = (await api<DocumentsResponse>('GET', `/api/procurements/${p.id}/documents`)).documents;
    expect(docs.length).toBeGreaterThan(0);
    await timed(
      'Редактор документации',
      () => page.getByRole('link', { name: 'Документация' }).click(),
      () => page.getByText(docs[0].title).first().waitFor(),
    );
  });
});
