/**
 * The customer's own Word templates on their screen (/documentTemplates, the budget institution's 44-ФЗ set; migration
 * 0037): the built-in one downloaded to start from, a template with an unknown tag and one with a loop left open refused
 * with the paragraph named, the legal department's own taken, tried on a purchase (preview), the purchase's notice
 * generated from it and read back, then deleted — the built-in one applies again. The templates are built here with the
 * repo's own DOCX tooling (server/src/formats/docx/ooxml.ts), the way tools/docx-templates builds the built-in set.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import type { DocumentsResponse, ProcurementResponse, TenderPlanPositionsResponse, TenderPlanResponse } from '@proc/contract';
import { readDocxText } from '../server/src/formats/docx';
import { buildDocxPackage, p as para } from '../server/src/formats/docx/ooxml';
import { PAPER_PURCHASE } from '../server/test/factories';
import { startE2E, type E2E } from './harness';
import { fillRequired } from './documentation-form';

let e: E2E;
let page: Page;
let id = 0;
const OWN = 'извещение юротдела.docx';

const docx = (...lines: string[]) => ({
  name: OWN,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: buildDocxPackage({ title: 'Шаблон юротдела', body: lines.map((l) => para(l)).join('') }),
});

beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage();
  await e.login(page, 'budget');
  // the server's start (migrations, the demo's data) on a machine shared by several test runs
}, 600_000);
afterAll(async () => e?.close());

async function api<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await e.token(page);
  const res = await e.server.app.inject({ method, url, payload: body as never, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(res.body) : null) as T };
}

const textOf = async (d: Download) => readDocxText(fs.readFileSync((await d.path())!));
/** The notice for goods: the screen's row of the slot the test fills. */
const noticeRow = (): Locator =>
  page
    .getByTestId('template-slots')
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: /^Извещение/ }) })
    .filter({ has: page.getByRole('cell', { name: 'Товары', exact: true }) });

describe('templates the customer owns, on their screen', () => {
  it('downloads the built-in notice to start from: an ordinary DOCX with the catalogue’s tags', async () => {
    await page.goto('/documentTemplates');
    await page.getByRole('heading', { name: 'Шаблоны документов' }).waitFor();
    const row = noticeRow();
    await row.waitFor();
    expect(await row.getByText('Встроенный', { exact: true }).count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), row.getByText('Скачать встроенный').click()]);
    const text = await textOf(download);
    expect(text).toContain('{ikz}');
    expect(text).toContain('44-ФЗ');
  });

  it('refuses an unknown tag and a loop left open, naming the paragraph; takes the legal department’s own', async () => {
    const input = () => noticeRow().locator('input[type=file]');
    await input().setInputFiles(docx('Извещение № {procurementNumber}', 'Участник: {hackerTag}'));
    const problem = page.getByTestId('template-problem');
    await problem.waitFor();
    await expect.poll(() => problem.innerText()).toContain('неизвестный тег «{hackerTag}»');
    expect(await problem.innerText()).toContain('абзац 2: «Участник: {hackerTag}»');
    expect(await noticeRow().getByText('Встроенный', { exact: true }).count()).toBe(1);

    await input().setInputFiles(docx('{#items}{name} — {quantity}', 'Итого {nmcd}'));
    await expect.poll(() => problem.innerText()).toMatch(/«\{#items\}» открыт, но не закрыт тегом «\{\/items\}» \(абзац 1/);
    expect(await noticeRow().getByText('Встроенный', { exact: true }).count()).toBe(1);
    await e.shot(page, 'templates-refused');

    await input().setInputFiles(
      docx(
        'Извещение юридического отдела № {procurementNumber}',
        'ИКЗ {ikz}; НМЦК {nmcd} ({nmcdInWords})',
        '{#items}{index}. {name}{/items}',
        'Подписал: {signerPosition} {signerName}, на основании {signerBasis}',
      ),
    );
    await noticeRow().getByText(OWN, { exact: true }).waitFor();
    await problem.waitFor({ state: 'detached' });
    expect(await noticeRow().getByText('Встроенный', { exact: true }).count()).toBe(0);
    await e.shot(page, 'templates-own');
  });

  it('previews a purchase’s notice with the template, then generates it and reads the text back', async () => {
    // an ИКЗ of the institution's план-график: the card's ИКЗ is checked against the company's ИКУ and year
    const plans = await api<TenderPlanResponse[]>('GET', '/api/eis/tender-plans');
    const positions = await api<TenderPlanPositionsResponse>('GET', `/api/eis/tender-plans/${plans.body[0].plan_number}/positions`);
    const ikz = positions.body.items[0].ikz!;
    const created = await api<ProcurementResponse>('POST', '/api/procurements', {
      ...PAPER_PURCHASE,
      law: '44',
      method: 'auction_e',
      ikz: `${ikz.slice(0, 26)}0090000${ikz.slice(33)}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    id = created.body.id;
    const number = created.body.number;

    await page.goto(`/procurement_documents/${id}`);
    const [preview] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByTestId('preview-notice').click({ timeout: 90_000 }),
    ]);
    const previewed = await textOf(preview);
    expect(previewed).toContain(`Извещение юридического отдела № ${number}`);
    // what the purchase still lacks is marked in place
    expect(previewed).toContain('[не заполнено:');

    await fillRequired(api, id, {
      platformName: 'АО «Сбербанк-АСТ»',
      platformUrl: 'https://www.sberbank-ast.ru',
      signerName: 'Сидорова Анна Викторовна',
      signerPosition: 'Директор',
      signerBasis: 'Устава',
    });
    await page.reload();
    await page.getByRole('button', { name: 'Сформировать документы' }).click({ timeout: 90_000 });
    await page.getByText('Документация сформирована').first().waitFor({ timeout: 90_000 });
    const notice = (await api<DocumentsResponse>('GET', `/api/procurements/${id}/documents`)).body.documents.find(
      (d) => d.template === 'notice',
    )!;
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page
        .locator('.ant-collapse-item')
        .filter({ hasText: notice.title })
        .first()
        .locator('button.ant-btn', { hasText: notice.file!.name })
        .click(),
    ]);
    const text = await textOf(file);
    expect(text).toContain(`Извещение юридического отдела № ${number}`);
    expect(text).toContain(`ИКЗ ${ikz.slice(0, 26)}0090000${ikz.slice(33)}`);
    expect(text).toContain('1. Бумага печатная прочая');
    expect(text).toContain('Подписал: Директор Сидорова Анна Викторовна, на основании Устава');
    expect(text).not.toContain('[не заполнено');
  }, 240_000);

  it('deletes the own template: the built-in one applies again', async () => {
    await page.goto('/documentTemplates');
    await noticeRow().getByText(OWN, { exact: true }).waitFor();
    await noticeRow().getByText('Удалить', { exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Удалить' }).click();
    await noticeRow().getByText('Встроенный', { exact: true }).waitFor();
    expect(await noticeRow().getByText(OWN, { exact: true }).count()).toBe(0);
    const [preview] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      (async () => {
        await page.goto(`/procurement_documents/${id}`);
        await page.getByTestId('preview-notice').click({ timeout: 90_000 });
      })(),
    ]);
    expect(await textOf(preview)).not.toContain('Извещение юридического отдела');
  });
});
