import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentsResponse, ProcurementResponse } from '@proc/contract';
import { readDocxText } from '../server/src/formats/docx';
import { PAPER_PURCHASE } from '../server/test/factories';
import { startE2E, type E2E } from './harness';
import { fillForgottenFields, generateAfterRows } from './documentation-form';

/**
 * The documentation form is a draft that survives a reload, the purchase's facts are typed once,
 * a change of НМЦД on the card marks the generated documents «Устарел…» and takes «Опубликовать» away, one click
 * builds them again from the purchase as it is.
 */
let e: E2E;
let page: Page;
let id: number;
const NBSP = '\u00a0';
const CONTRACT = 'Проект договора';

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
});
afterAll(async () => e?.close());

async function api<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<{ status: number; body: T; raw: Buffer }> {
  const token = await e.token(page);
  const res = await e.server.app.inject({ method, url, payload: body as never, headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.statusCode,
    body: (String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(res.body) : null) as T,
    raw: res.rawPayload,
  };
}

const panel = (title: string) => page.locator('.ant-collapse-item').filter({ hasText: title }).first();

describe('the documentation of one purchase', () => {
  it('keeps a half-filled form across a reload: the documents’ own fields and the purchase’s facts', async () => {
    await e.login(page, 'client');
    const created = await api<ProcurementResponse>('POST', '/api/procurements', {
      ...PAPER_PURCHASE,
      title: 'Поставка офисной бумаги формата А4 (e2e)',
      delivery_terms: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    id = created.body.id;

    await page.goto(`/procurement_documents/${id}`);
    const facts = page.getByTestId('purchase-facts');
    // place is typed once for the four documents that print it
    await expect
      .poll(() => facts.getByLabel('Место поставки', { exact: true }).inputValue())
      .toBe('г. Майкоп, ул. Победы, д. 1, склад № 2');
    expect(await page.getByLabel(/^Место поставки/).count()).toBe(1);
    const city = panel(CONTRACT).getByLabel('Место заключения договора (город)', { exact: true });
    await city.fill('г. Майкоп');
    await facts.getByLabel('Сроки поставки', { exact: true }).fill('В течение 10 рабочих дней с даты заключения договора');
    // dozens of required fields are still empty: the draft is saved all the same
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Поля документов сохранены').waitFor();

    await page.reload();
    await expect.poll(() => city.inputValue()).toBe('г. Майкоп');
    await expect
      .poll(() => facts.getByLabel('Сроки поставки', { exact: true }).inputValue())
      .toBe('В течение 10 рабочих дней с даты заключения договора');
    // the fact went to the purchase itself, not into a copy kept by the documentation
    expect((await api<ProcurementResponse>('GET', `/api/procurements/${id}`)).body.delivery_terms).toBe(
      'В течение 10 рабочих дней с даты заключения договора',
    );
    await e.shot(page, 'documentation-draft');
  }, 180_000);

  it('generates the documents after the list of what is missing, each a link to its field', async () => {
    const docs = (await api<DocumentsResponse>('GET', `/api/procurements/${id}/documents`)).body.documents;
    await fillForgottenFields(page, docs, { signer: 'Петров Пётр Петрович', date: '20.11.2026', tag: 'e2e' });
    // the specification's rows are checked too: what only the specialist knows is typed in
    await generateAfterRows(page, 'e2e');
    await page.getByTestId('generated-files').waitFor();
    expect((await api<ProcurementResponse>('GET', `/api/procurements/${id}`)).body.status).toBe('docs_ready');
  }, 240_000);

  it('marks the documents «Устарел…» when НМЦД changes on the card; one click regenerates them with the new figure', async () => {
    await page.goto(`/documents/${id}`);
    const publish = page.getByRole('button', { name: 'Опубликовать', exact: true });
    await publish.waitFor();
    await page.getByLabel('НМЦД', { exact: true }).fill('999999.99');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const outdated = page.getByTestId('outdated-documents');
    await outdated.waitFor();
    await expect
      .poll(() => outdated.innerText())
      .toContain(`«Извещение о проведении закупки» — Устарел: НМЦД изменилась с 1${NBSP}500${NBSP}000,50 на 999${NBSP}999,99`);
    // an out-of-date set is not published: the card says why instead of offering it
    expect(await publish.count()).toBe(0);
    await expect.poll(() => page.getByTestId('publish-blockers').innerText()).toContain('Документы устарели — сформируйте их заново');
    await e.shot(page, 'card-outdated-documents');

    await outdated.getByRole('button', { name: 'Сформировать заново' }).click();
    await outdated.waitFor({ state: 'detached', timeout: 60_000 });
    await publish.waitFor();
    const docs = (await api<DocumentsResponse>('GET', `/api/procurements/${id}/documents`)).body.documents;
    expect(docs.map((d) => d.file?.outdated)).toEqual(docs.map(() => []));
    for (const template of ['notice', 'documentation', 'draft-contract', 'nmcd-justification']) {
      const file = docs.find((d) => d.template === template)!.file!;
      expect(file.version, template).toBe(2);
      const text = readDocxText((await api<null>('GET', `/api/procurements/${id}/files/${file.id}/download`)).raw);
      expect(text, template).toContain(`999${NBSP}999,99`);
      expect(text, template).not.toContain(`1${NBSP}500${NBSP}000,50`);
    }
  }, 180_000);
});
