/**
 * A purchase from plan to payment, for each law, in Chromium over the fake ЕИС: the план-график position (44-ФЗ) or
 * the plan item (223-ФЗ), the purchase made from it, its documents, ЕИС's notice, protocol and contract for it, the
 * acceptance and the payment. At each step the same figures — НМЦК/НМЦД, the contract's price, delivered, paid and
 * what remains — on every screen that shows them and in the documents read back.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  formatMoney,
  formatPercent,
  type ContractResponse,
  type DocumentsResponse,
  type EisReconciliation,
  type ExecutionSummaryResponse,
  type Paged,
  type ProcurementResponse,
} from '@proc/contract';
import { DEMO_44_CUSTOMER, DEMO_44_REG_NUM, TENDER_PLAN_YEAR } from '../tools/fake-eis/server';
import { auctionNotice44, protocol44Of, purchaseNumberOf, type Spec } from '../tools/fake-eis/notice44-samples';
import { contract44Xml, contractProcedure44Xml, regNum44 } from '../tools/fake-eis/contract44-samples';
import { demoTenderPlanPositions, ikzOf } from '../tools/fake-eis/tender-plan-samples';
import { readDocxText } from '../server/src/formats/docx';
import { readPdfText } from '../server/test/read-pdf';
import { fillRequired, xlsxRows } from '../server/test/factories';
import type { TestServer } from '../server/test/harness';
import { importContractByNumber, typePeriod } from './eis-import-form';
import { startE2EWithEis, type E2EWithEis } from './with-fake-eis';

let e: E2EWithEis;
const Y = TENDER_PLAN_YEAR;
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
/** A sum as the documents print it: 1950000.00 → «1 950 000,00» (no-break spaces). */
const inWords = (v: string) => formatMoney(v, null);

beforeAll(async () => {
  e = await startE2EWithEis();
}, 400_000);
afterAll(async () => e?.close());

/** The API as the page's user sees it (its token and acting company): what the screens are checked against. */
function apiOf(page: Page) {
  const call = async (method: string, url: string, body?: unknown) => {
    const company = await page.evaluate(() => localStorage.getItem('selectedCompany'));
    const res = await e.server.app.inject({
      method: method as 'GET',
      url,
      payload: body as never,
      headers: { authorization: `Bearer ${await e.token(page)}`, ...(company ? { 'x-company-id': company } : {}) },
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json ? JSON.parse(res.body) : null) as unknown, raw: res.rawPayload };
  };
  const get = async <T>(url: string): Promise<T> => {
    const r = await call('GET', url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as T;
  };
  // factories' helpers take a TestServer: its `api` is this page's call
  const t = {
    api: async (method: string, url: string, opts?: { body?: unknown }) => call(method, url, opts?.body),
  } as unknown as TestServer;
  return { call, get, t };
}

/** The documentation form filled where only the specialist knows the value, then «Сформировать документы» on screen. */
async function generateDocuments(page: Page, id: number) {
  const { t, get } = apiOf(page);
  await fillRequired(t, await e.token(page), id);
  await page.goto(`/procurement_documents/${id}`);
  await page.getByRole('button', { name: 'Сформировать документы' }).click();
  await page.getByText('Документация сформирована').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('generated-files').waitFor();
  return (await get<DocumentsResponse>(`/api/procurements/${id}/documents`)).documents;
}

/** The text of each generated document, read back from its DOCX. */
async function documentTexts(page: Page, id: number, docs: DocumentsResponse['documents']) {
  const { call } = apiOf(page);
  const out: Record<string, string> = {};
  for (const d of docs.filter((x) => x.file)) {
    const r = await call('GET', `/api/procurements/${id}/files/${d.file!.id}/download`);
    expect(r.status).toBe(200);
    out[d.template] = readDocxText(r.raw);
  }
  return out;
}

/** ЕИС's facts beside the card: «Применить» in one confirmation, the status following ЕИС's. */
async function applyEis(page: Page, id: number, status: string) {
  const { get } = apiOf(page);
  await page.goto(`/documents/${id}`);
  const box = page.getByTestId('procurement-eis');
  await box.getByTestId('eis-pending').waitFor();
  await box.getByTestId('eis-apply').click();
  await page.getByTestId('eis-apply-list').waitFor();
  await page.getByRole('button', { name: 'Применить', exact: true }).click();
  await page.getByText('Данные ЕИС применены', { exact: true }).waitFor();
  await expect.poll(() => page.getByTestId('procurement-status').innerText()).toBe(status);
  await box.getByText('Совпадают с карточкой').waitFor();
  return get<EisReconciliation>(`/api/procurements/${id}/eis`);
}

/** A report of the contract built from its card and downloaded: PDF text or XLSX rows. */
async function report(page: Page, format: 'pdf' | 'xlsx') {
  const { get, call } = apiOf(page);
  await page.getByTestId(`report-build-${format}`).click();
  await expect
    .poll(async () => (await get<{ items: { status: string; format: string }[] }>('/api/reports?page=1&limit=1')).items[0], {
      timeout: 30_000,
    })
    .toMatchObject({ status: 'ready', format });
  const [r] = (await get<{ items: { report_code: string }[] }>('/api/reports?page=1&limit=1')).items;
  const file = await call('GET', `/api/reports/${r.report_code}/download`);
  expect(file.status).toBe(200);
  return file.raw;
}

/** The contract's figures on its card, its register row and the dashboard — one set. */
async function contractFigures(page: Page, id: number, price: string, delivered: string, paid: string) {
  const { get } = apiOf(page);
  const summary = await get<ExecutionSummaryResponse>(`/api/contracts/${id}/execution-summary`);
  expect(summary).toMatchObject({ delivered_amount: delivered, paid_amount: paid });
  const remaining = new Decimal(price).minus(paid).toFixed(2);
  expect(summary.remaining_to_pay).toBe(remaining);
  const share = (v: string) => formatPercent(new Decimal(v).div(price).times(100).toFixed(2));

  await page.goto(`/contracts/register/${id}`);
  const bar = (testId: string) => page.getByTestId(testId).locator('title').textContent();
  await expect.poll(() => bar('delivered-share')).toBe(`Поставлено: ${formatMoney(delivered)}: ${share(delivered)}`);
  expect(await bar('paid-share')).toBe(`Оплачено: ${formatMoney(paid)}: ${share(paid)}`);
  expect(await page.getByTestId('execution-summary').innerText()).toContain(`Осталось оплатить: ${formatMoney(remaining)}`);
  expect(spaced(await page.getByTestId('contract-card').innerText())).toContain(spaced(formatMoney(price)));

  await page.goto('/contracts/register');
  const shares = page.getByTestId(`shares-${id}`);
  await shares.waitFor();
  expect(await shares.locator('[aria-label^="Поставлено"]').getAttribute('aria-label')).toBe(
    `Поставлено ${formatMoney(delivered)}, ${share(delivered)}`,
  );
  expect(await shares.locator('[aria-label^="Оплачено"]').getAttribute('aria-label')).toBe(`Оплачено ${formatMoney(paid)}, ${share(paid)}`);
  const row = page.getByTestId('contracts-table').locator('tbody tr.ant-table-row').filter({ has: shares });
  expect(spaced(await row.innerText())).toContain(spaced(formatMoney(price)));

  await page.goto('/');
  const money = page.getByTestId('dash-money');
  await money.waitFor();
  for (const v of [price, delivered, paid])
    await expect.poll(async () => spaced(await money.innerText())).toContain(spaced(formatMoney(v)));
}

describe('44-ФЗ: from a план-график position to the payment', () => {
  let page: Page;
  let id: number;
  let contractId: number;
  const FOOD = demoTenderPlanPositions().find((p) => p.n === 4)!;
  const PLAN = `${Y}${DEMO_44_REG_NUM}001`;
  // the position's money by year: the purchase's НМЦК (Порядок 55н, the plan's financeInfo total)
  const NMCK = FOOD.years.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2);
  const IKZ = ikzOf(DEMO_44_CUSTOMER, Y, FOOD);
  const NUMBER = purchaseNumberOf(DEMO_44_REG_NUM, Y, 5);
  const spec: Spec = {
    c: DEMO_44_CUSTOMER,
    regNum: DEMO_44_REG_NUM,
    year: Y,
    position: FOOD.n,
    purchaseNumber: NUMBER,
    maxPrice: NMCK,
    publish: `${Y}-04-01T10:00:00+03:00`,
    end: `${Y}-04-10T09:00:00+03:00`,
    summarizing: `${Y}-04-14`,
  };
  const WIN = '1755000.00';
  const REG = regNum44(DEMO_44_CUSTOMER, Y, 5);
  const ACCEPTED = '585000.00';
  const PAID = '585000.00';

  beforeAll(async () => {
    page = await e.newPage();
    // a 2-core machine shared with other test runs: a screen may take longer than the harness's 15 s to answer
    page.setDefaultTimeout(60_000);
    await e.login(page, 'budget');
  }, 300_000);

  it('makes the purchase from its position: the position’s ИКЗ with the next free number, its НМЦК on card and register', async () => {
    await page.goto(`/eisPlans/tender/${PLAN}`);
    await page.getByTestId('tender-position-create-4').click();
    await page.waitForURL(/\/documents\/\d+$/);
    id = Number(page.url().split('/').pop());
    const card = await apiOf(page).get<ProcurementResponse>(`/api/procurements/${id}`);
    // digits 27–29: the position carries 000, its first purchase 001 (приказ Минфина № 55н, п. 5)
    expect(card.ikz).toBe(IKZ);
    expect(IKZ.slice(26, 29)).toBe('001');
    expect(card.nmcd).toBe(NMCK);
    await expect.poll(() => page.getByLabel('ИКЗ (идентификационный код закупки)').inputValue()).toBe(IKZ);
    await page.goto(`/documents?q=${card.number}`);
    const row = page.getByTestId('register-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(spaced(await row.innerText())).toContain(spaced(formatMoney(NMCK, null)));
  }, 300_000);

  it('generates the documents; each prints the card’s НМЦК', async () => {
    const { call, get } = apiOf(page);
    const card = await get<ProcurementResponse>(`/api/procurements/${id}`);
    // the facts ЕИС's notice will carry, typed once on the purchase
    const saved = await call('PUT', `/api/procurements/${id}`, {
      title: card.title,
      method: card.method,
      subject: card.subject,
      subject_description: card.subject_description,
      nmcd: card.nmcd,
      okpd2: card.okpd2,
      published_on: `${Y}-04-01`,
      application_deadline: `${Y}-04-10`,
      summing_up_on: `${Y}-04-14`,
      delivery_place: 'Республика Адыгея, г. Майкоп, ул. Пионерская, д. 7',
      delivery_terms: 'Ежедневно по заявкам заказчика до 31.12',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const docs = await generateDocuments(page, id);
    const texts = await documentTexts(page, id, docs);
    expect(Object.keys(texts).length).toBeGreaterThan(0);
    for (const [template, text] of Object.entries(texts)) {
      if (!/\d{1,3}(\s\d{3})*,\d{2}/.test(text)) continue;
      expect(text, template).toContain(inWords(NMCK));
    }
    expect(texts.notice ?? Object.values(texts).join('\n')).toContain(inWords(NMCK));
  }, 300_000);

  it('ЕИС’s notice for the ИКЗ reaches the card; the status follows ЕИС once applied', async () => {
    const notice = auctionNotice44(spec);
    e.eis.publish({
      xml: notice.xml,
      documentType: notice.documentType,
      customerInn: DEMO_44_CUSTOMER.inn,
      contracts: [],
      day: notice.day,
    });
    const protocol = protocol44Of(spec, `${Y}-04-14`, WIN, ['1790000.00', '1820000.00']);
    e.eis.publish({
      xml: protocol.xml,
      documentType: protocol.documentType,
      customerInn: DEMO_44_CUSTOMER.inn,
      contracts: [],
      day: protocol.day,
    });
    await page.goto('/eisNotices44');
    await page.getByTestId('notices44-import').click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка извещений и протоколов 44-ФЗ из ЕИС' });
    await typePeriod(page, dialog, `01.04.${Y}`, `14.04.${Y}`);
    await page.getByTestId('notices44-import-submit').click();
    await page.getByText('Извещения загружены', { exact: true }).waitFor({ timeout: 60_000 });
    const row = page
      .getByTestId('notices44-table')
      .getByRole('row')
      .filter({ has: page.getByTestId(`notice44-${NUMBER}`) });
    expect(spaced(await row.innerText())).toContain(spaced(formatMoney(NMCK)));
    expect(spaced(await row.getByTestId(`notice44-protocol-${NUMBER}`).innerText())).toContain(spaced(formatMoney(WIN)));

    const rec = await applyEis(page, id, 'Подведение итогов определения поставщика');
    expect(rec.notice).toMatchObject({ purchase_number: NUMBER });
    expect(rec.protocol).toMatchObject({ winner_price: WIN });
    expect(rec.facts.find((f) => f.field === 'nmcd')).toMatchObject({ card: NMCK, eis: NMCK, differs: false });
    expect((await apiOf(page).get<ProcurementResponse>(`/api/procurements/${id}`)).nmcd).toBe(NMCK);
  }, 300_000);

  it('ЕИС’s contract on the ИКЗ moves the card to «Контракт заключён»; its price on the contract’s card and register', async () => {
    const supplier = { name: 'ООО «Молочный двор»', inn: '0105020414', kpp: '010501001', ogrn: '1020100001602' };
    const contract = contract44Xml(DEMO_44_CUSTOMER, DEMO_44_REG_NUM, Y, {
      ordinal: 5,
      notice: 5,
      position: FOOD,
      number: `ПП-${Y}/5`,
      signDate: `${Y}-04-28`,
      publishDate: `${Y}-04-29T10:00:00+03:00`,
      quantity: '1',
      unitPrice: WIN,
      stages: [
        { sid: 95000001, start: `${Y}-05-01`, end: `${Y}-08-31`, price: ACCEPTED },
        { sid: 95000002, start: `${Y}-09-01`, end: `${Y}-12-31`, price: new Decimal(WIN).minus(ACCEPTED).toFixed(2) },
      ],
      supplier,
    });
    const rgk = { customerInn: DEMO_44_CUSTOMER.inn, contracts: [{ regNumber: REG, date: null }], subsystem: 'RGK' as const };
    e.eis.publish({ xml: contract, documentType: 'contract', day: `${Y}-04-29`, ...rgk });
    await page.goto('/contracts/register');
    await importContractByNumber(page, REG);
    const list = await apiOf(page).get<Paged<ContractResponse>>(`/api/contracts?q=${REG}&limit=10`);
    contractId = list.items.find((c) => c.registry_number === REG)!.id;
    expect(list.items.find((c) => c.id === contractId)).toMatchObject({ price: WIN });

    const rec = await applyEis(page, id, 'Контракт заключён');
    expect(rec.contract).toMatchObject({ registry_number: REG });
    await contractFigures(page, contractId, WIN, '0.00', '0.00');
  }, 300_000);

  it('ЕИС’s acceptance document and payment order count once on the card, register, dashboard, PDF and XLSX', async () => {
    const stage = { start: `${Y}-05-01`, end: `${Y}-08-31` };
    const rgk = { customerInn: DEMO_44_CUSTOMER.inn, contracts: [{ regNumber: REG, date: null }], subsystem: 'RGK' as const };
    for (const [n, doc] of [
      [
        1,
        {
          acceptance: { number: `ПП-${Y}/5-1`, date: `${Y}-08-31`, acceptDate: `${Y}-09-02`, sum: ACCEPTED },
          publishDate: `${Y}-09-03T09:00:00+03:00`,
        },
      ],
      [2, { payment: { number: '731', date: `${Y}-09-10`, sum: PAID }, publishDate: `${Y}-09-11T09:00:00+03:00` }],
    ] as const) {
      const xml = contractProcedure44Xml({
        id: 250000000 + n,
        regNum: REG,
        stageSid: 95000001,
        stage,
        final: false,
        contractStage: 'E',
        ...doc,
      });
      e.eis.publish({ xml, documentType: 'contractProcedure', day: doc.publishDate.slice(0, 10), ...rgk });
    }
    await page.goto('/contracts/register');
    // asked again by number: the contract, its executions — the contract once
    await importContractByNumber(page, REG);
    await contractFigures(page, contractId, WIN, ACCEPTED, PAID);

    await page.goto(`/contracts/register/${contractId}`);
    const pdf = spaced((await readPdfText(await report(page, 'pdf'))).text.replace(/\s+/g, ' '));
    expect(pdf).toContain(`Принято по документам о приёмке ${spaced(formatMoney(ACCEPTED, null))} руб.`);
    const rows = await xlsxRows(await report(page, 'xlsx'));
    const value = (label: string) => rows.find((r) => r.includes(label))?.find((v, i, a) => i > a.indexOf(label) && v !== '');
    expect(new Decimal(value('Принято по документам о приёмке')!).toFixed(2)).toBe(ACCEPTED);
    expect(new Decimal(value('Оплачено')!).toFixed(2)).toBe(PAID);
  }, 300_000);
});
