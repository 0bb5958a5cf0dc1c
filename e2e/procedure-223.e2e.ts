import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { ProcurementResponse } from '@proc/contract';
import { addDays } from '@proc/contract/calendar';
import { procurements } from '../server/src/db/schema';
import { readDocxText } from '../server/src/formats/docx';
import { moscowToday } from '../server/src/platform/clock';
import { startE2E, type E2E } from './harness';

/**
 * A 223-ФЗ запрос предложений through the «Процедура» tab: the commission, three applications typed in after the
 * deadline, one refused with its grounds, the scores, both protocols made, downloaded and read back, the purchase's
 * status following them and the winner's price offered for the contract.
 */

let e: E2E;
let page: Page;
const NBSP = '\u00a0';

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
});
afterAll(async () => e?.close());

async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await e.token(page);
  const res = await e.server.app.inject({ method, url, payload: body as never, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') as T };
}

async function addApplication(name: string, inn: string, at: string, price: string) {
  await page.getByTestId('procedure-application-add').click();
  const dialog = page.getByTestId('procedure-application-dialog');
  await dialog.getByTestId('procedure-app-name').fill(name);
  await dialog.getByTestId('procedure-app-inn').fill(inn);
  await dialog.getByTestId('procedure-app-received').fill(at);
  await dialog.getByTestId('procedure-app-price').fill(price);
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/procedure/applications'));
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  expect((await saved).status()).toBe(200);
  await page.getByRole('cell', { name: new RegExp(name) }).waitFor();
}

async function downloaded(kind: 'review' | 'summary'): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`procedure-protocol-download-${kind}`).click()]);
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  return readDocxText(fs.readFileSync((await download.path())!));
}

describe('the procedure of a 223-ФЗ запрос предложений', () => {
  it('goes from the commission to the summing-up protocol and the winner’s price', async () => {
    await e.login(page, 'client');
    const created = await api<ProcurementResponse>('POST', '/api/procurements', {
      title: 'Оказание услуг по уборке (e2e процедура)',
      method: 'proposal_e',
      subject: 'services',
      nmcd: '300000.00',
      okpd2: [{ code: '81.21.10.000' }],
      rule_id: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id;
    // the publication and the reception of applications are other screens' work: the purchase stands after its deadline
    const today = moscowToday();
    await e.server.deps.db
      .update(procurements)
      .set({ status: 'accepting', publishedOn: addDays(today, -14), applicationDeadline: addDays(today, -1) })
      .where(eq(procurements.id, id));

    await page.goto(`/documents/${id}?tab=procedure`);
    await page.getByTestId('procedure-tab').waitFor();

    // the commission: chair, secretary and a member, all present
    await page.getByTestId('procedure-commission-edit').click();
    const c = page.getByTestId('procedure-commission-dialog');
    await c.getByTestId('procedure-member-name-0').fill('Иванов Иван Иванович');
    await c.getByTestId('procedure-member-name-1').fill('Сидоров Пётр Иванович');
    await c.getByTestId('procedure-member-name-2').fill('Кузнецова Анна Олеговна');
    await c.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Кворум есть: присутствует более половины членов комиссии').waitFor();

    // criteria: price 60 %, qualification 40 %
    await page.getByTestId('procedure-criteria-edit').click();
    const k = page.getByTestId('procedure-criteria-dialog');
    await k.getByTestId('procedure-criterion-weight-0').fill('60');
    await k.getByTestId('procedure-criterion-add').click();
    await k.getByTestId('procedure-criterion-name-1').fill('Квалификация участника');
    await k.getByTestId('procedure-criterion-weight-1').fill('40');
    await k.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Квалификация участника — 40 %').waitFor();

    const day = (n: number) => addDays(today, -n);
    await addApplication('ООО «Альфа»', '7707083893', `${day(5)}T10:00`, '250000');
    await addApplication('ООО «Бета»', '5001007329', `${day(4)}T11:30`, '200000');
    await addApplication('ООО «Гамма»', '7736050003', `${day(3)}T09:15`, '180000');

    // review: Гамма refused with the grounds and the clause
    await page.getByTestId('procedure-admit-1').click();
    await page.getByText('допущена').first().waitFor();
    await page.getByTestId('procedure-admit-2').click();
    await expect.poll(() => page.getByText('допущена').count()).toBe(2);
    await page.getByTestId('procedure-refuse-3').click();
    const r = page.getByTestId('procedure-refuse-dialog');
    await r.getByTestId('procedure-refuse-reason').fill('Не представлена выписка из ЕГРЮЛ');
    await r.getByTestId('procedure-refuse-clause').fill('п. 14 раздела 3 документации');
    await r.getByRole('button', { name: 'Отклонить' }).click();
    await page.getByText('Не представлена выписка из ЕГРЮЛ (п. 14 раздела 3 документации)').waitFor();

    await page.getByTestId('procedure-protocol-review').click();
    await page.getByTestId('procedure-protocol-dialog').getByRole('button', { name: 'Составить' }).click();
    await page.getByTestId('procedure-protocol-download-review').waitFor();
    expect((await api<ProcurementResponse>('GET', `/api/procurements/${id}`)).body.status).toBe('summing_up');
    const review = await downloaded('review');
    expect(review).toContain('Протокол рассмотрения заявок');
    expect(review).toContain('Количество поданных заявок на участие в закупке: 3');
    expect(review).toContain('Не представлена выписка из ЕГРЮЛ (п. 14 раздела 3 документации)');
    expect(review).toContain('Количество отклонённых заявок: 1');

    // scores: Альфа 90 → 80 × 0,6 + 90 × 0,4 = 84; Бета 50 → 100 × 0,6 + 50 × 0,4 = 80
    for (const [n, score] of [
      [1, '90'],
      [2, '50'],
    ] as const) {
      await page.getByTestId(`procedure-score-${n}`).click();
      const s = page.getByTestId('procedure-score-dialog');
      await s.getByTestId('procedure-score-input-0').fill(score);
      await s.getByRole('button', { name: 'Сохранить' }).click();
      await s.waitFor({ state: 'hidden' });
    }
    await expect.poll(() => page.getByTestId('procedure-rank-1').innerText()).toBe('№ 1');
    expect(await page.getByTestId('procedure-rank-2').innerText()).toBe('№ 2');

    await page.getByTestId('procedure-protocol-summary').click();
    await page.getByTestId('procedure-protocol-dialog').getByRole('button', { name: 'Составить' }).click();
    await page.getByTestId('procedure-winner').waitFor();
    expect(await page.getByTestId('procedure-winner').innerText()).toContain(`Цена договора: 250${NBSP}000,00${NBSP}₽`);
    const summary = await downloaded('summary');
    expect(summary).toContain('Протокол подведения итогов');
    expect(summary).toContain('Победителем закупки признан участник ООО «Альфа» (ИНН 7707083893)');
    expect(summary).toMatch(/итоговый рейтинг: 84/);
    expect(summary).not.toContain('__________');
  });
});
