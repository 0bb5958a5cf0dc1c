/**
 * A 223-ФЗ card meets ЕИС's notice of its number on the screens (issue 39): the card has its documents, the user uploads
 * ЕИС's real notice export (fixtures/eis223/purchaseNotice_test.xml, another customer's file confirmed as the
 * company's own), the notice says otherwise (НМЦД, method, dates) — the card lists each difference beside its own value,
 * the register marks the row, «Применить» in one confirmation writes ЕИС's values into the card, and the documents
 * made from the old values are marked «Устарел».
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney, type DocumentsResponse, type ProcurementResponse } from '@proc/contract';
import { PAPER_PURCHASE } from '../server/test/factories';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { startE2E, type E2E } from './harness';
import { fillRequired } from './documentation-form';

let e: E2E;
let page: Page;
let id = 0;
// the registration number of the fixture's notice: the card carries it, as a purchase ЕИС placed does
const NUMBER = '31603913641';
const NOTICE_TITLE = 'Лот 93-16-КС (ТЗ) "Высоконапорный водовод тв.р.куст №65- куст  №77"';
const PLATFORM = { platformName: 'АО «Сбербанк-АСТ»', platformUrl: 'https://www.sberbank-ast.ru' };

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
  await e.login(page, 'client');
  // the server's start (migrations, the demo's data) on a machine shared by several test runs
}, 600_000);
afterAll(async () => e?.close());

async function api<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await e.token(page);
  const res = await e.server.app.inject({ method, url, payload: body as never, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(res.body) : null) as T };
}

describe('ЕИС’s 223-ФЗ notice beside its card', () => {
  it('a card prepared in the product gets the number ЕИС gave its notice, then its documents', async () => {
    const created = await api<ProcurementResponse>('POST', '/api/procurements', { ...PAPER_PURCHASE, title: NOTICE_TITLE });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    id = created.body.id;
    // the specialist creates the notice in ЕИС, which numbers it, and types the number into the card
    await page.goto(`/documents/${id}`);
    const number = page.getByLabel('Номер извещения в ЕИС', { exact: true });
    await number.fill('3160391364');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Номер извещения в ЕИС: 11 цифр').waitFor();
    await number.fill(NUMBER);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await api<ProcurementResponse>('GET', `/api/procurements/${id}`)).body.notice_number).toBe(NUMBER);
    // nothing of ЕИС is known yet: the card shows no comparison
    expect(await page.getByTestId('procurement-eis').count()).toBe(0);

    await fillRequired(api, id, PLATFORM);
    await page.goto(`/procurement_documents/${id}`);
    // the form's button is enabled once the documents' fields have loaded
    await page.getByRole('button', { name: 'Сформировать документы' }).click({ timeout: 90_000 });
    await page.getByText('Документация сформирована').first().waitFor({ timeout: 90_000 });
    const docs = (await api<DocumentsResponse>('GET', `/api/procurements/${id}/documents`)).body.documents;
    expect(docs.filter((d) => d.file).map((d) => d.file!.outdated)).toEqual(docs.filter((d) => d.file).map(() => []));
    expect(docs.filter((d) => d.file).length).toBeGreaterThan(0);
  }, 240_000);

  it('uploads ЕИС’s notice that says otherwise: the card lists the differences, the register marks the row', async () => {
    await page.goto('/eisPlans');
    await page.getByTestId('plans-upload-input').setInputFiles(fixturePath('eis223', 'purchaseNotice_test.xml'));
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title').filter({ hasText: 'Файл другой организации' }).waitFor();
    await confirm.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByText('Файл «purchaseNotice_test.xml» загружен').waitFor({ timeout: 30_000 });

    await page.goto(`/documents/${id}`);
    const box = page.getByTestId('procurement-eis');
    await box.getByTestId('eis-pending').waitFor();
    expect(await box.innerText()).toContain(`№ ${NUMBER}`);
    const facts = box.getByTestId('eis-facts');
    // each difference: the card's value in its own column, ЕИС's marked beside it
    const row = (title: string) => facts.locator('tbody tr').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
    expect(await row('НМЦД').locator('td').allInnerTexts()).toEqual(['НМЦД', formatMoney('1500000.50'), formatMoney('3077055.86')]);
    await box.getByTestId('eis-differs-nmcd').waitFor();
    await box.getByTestId('eis-differs-method').waitFor();
    expect(await box.getByTestId('eis-differs-method').innerText()).not.toBe('Конкурс в электронной форме');
    expect(await box.getByTestId('eis-differs-published_on').innerText()).toBe('22.07.2016');
    expect(await box.getByTestId('eis-differs-application_deadline').innerText()).toBe('05.08.2016');
    // the same name on both sides is no difference
    expect(await box.getByTestId('eis-differs-title').count()).toBe(0);
    // the deadline check gives no green light while ЕИС's dates differ
    await page.getByTestId('terms-eis-differs').waitFor();
    expect(await page.getByTestId('terms-ok').count()).toBe(0);
    await e.shot(page, 'eis-223-reconciliation');

    await page.goto(`/documents?q=${NUMBER}`);
    const found = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => found.count()).toBe(1);
    await found.getByTestId('eis-differs-mark').waitFor();
  });

  it('applies ЕИС’s values in one confirmation: the card changes, the mark goes, the documents are out of date', async () => {
    await page.goto(`/documents/${id}`);
    const box = page.getByTestId('procurement-eis');
    await box.getByTestId('eis-apply').click();
    const list = page.getByTestId('eis-apply-list');
    await list.waitFor();
    const listed = await list.innerText();
    expect(listed).toContain(`НМЦД: ${formatMoney('1500000.50')} → ${formatMoney('3077055.86')}`);
    expect(listed).toContain('Дата размещения извещения: 01.12.2026 → 22.07.2016');
    // the fixture's «Открытый запрос цен в электронной форме» is ЕИС's quotation in electronic form
    expect(listed).toContain('Способ закупки: Открытый конкурс в электронной форме → Запрос котировок в электронной форме');
    await page.getByRole('button', { name: 'Применить', exact: true }).click();
    await page.getByText('Данные ЕИС применены', { exact: true }).waitFor();
    await box.getByText('Совпадают с карточкой').waitFor();
    expect(await box.getByTestId('eis-apply').count()).toBe(0);

    const card = (await api<ProcurementResponse>('GET', `/api/procurements/${id}`)).body;
    expect(card).toMatchObject({ nmcd: '3077055.86', published_on: '2016-07-22', application_deadline: '2016-08-05' });
    expect(card.method).not.toBe('competition_e');
    // the documents were made from the card's old figure: each says so, and the set is not offered for publication
    const outdated = page.getByTestId('outdated-documents');
    await outdated.waitFor();
    await expect
      .poll(() => outdated.innerText())
      .toContain(`НМЦД изменилась с ${formatMoney('1500000.50', null)} на ${formatMoney('3077055.86', null)}`);
    // every reason of a document follows its «Устарел:», НМЦД among the dates and the method ЕИС changed too
    expect(await outdated.innerText()).toMatch(/— Устарел: .*НМЦД изменилась/);
    const docs = (await api<DocumentsResponse>('GET', `/api/procurements/${id}/documents`)).body.documents;
    for (const d of docs.filter((x) => x.file)) expect(d.file!.outdated.length, d.template).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Опубликовать', exact: true }).count()).toBe(0);
    await e.shot(page, 'eis-223-applied');

    await page.goto(`/documents?q=${NUMBER}`);
    const found = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => found.count()).toBe(1);
    await expect.poll(() => found.getByTestId('eis-differs-mark').count()).toBe(0);
  });
});
