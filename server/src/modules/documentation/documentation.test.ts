import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentItem, DocumentsResponse, ProcurementFileResponse, ProcurementResponse } from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { BLANK, emptyLabelFindings, readDocxText } from '../../formats/docx';
import {
  buildProcurement,
  download,
  fillRequired,
  PAPER_PURCHASE,
  userByLogin,
  world,
  type BuiltUser,
  type ProcurementInput,
  type World,
} from '../../../test/factories';

let t: TestServer;
let w: World;

const NBSP = '\u00a0';
/** The demo client: the documents are filled from the demo customer's card and contact, which these tests check. */
let demo: BuiltUser;

/** The paper purchase of the demo customer, with `over` changed. */
const procurement = (over: ProcurementInput = {}) => buildProcurement(t, { ...PAPER_PURCHASE, ...over }, { by: demo });

const field = (doc: DocumentItem, name: string) => doc.fields.find((f) => f.name === name);

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
  demo = await userByLogin(t, 'client');
});
afterAll(async () => t?.close());

describe('documents of a procurement', () => {
  it('lists the documents the rules require, with fields filled from the procurement, the company and its contact', async () => {
    const p = await procurement();
    const r = await t.api<DocumentsResponse>('GET', `/api/procurements/${p.id}/documents`, { token: w.client });
    expect(r.status).toBe(200);
    expect(r.body.documents.map((d) => [d.template, d.required])).toEqual([
      ['notice', true],
      ['documentation', true],
      ['draft-contract', true],
      ['tech-spec', true],
      ['nmcd-justification', true],
    ]);
    const notice = r.body.documents[0];
    expect(notice).toMatchObject({ title: 'Извещение о проведении закупки', file: null });
    expect(field(notice, 'procurementNumber')).toEqual({
      name: 'procurementNumber',
      label: 'Номер закупки (извещения)',
      type: 'string',
      required: true,
      value: p.number,
      fact: 'number',
    });
    expect(field(notice, 'customerName')!.value).toBe('Акционерное общество «Демо-Заказчик»');
    expect(field(notice, 'contactPerson')!.value).toBe('Иванова Мария Петровна');
    expect(field(notice, 'procurementMethod')!.value).toBe('Конкурс в электронной форме');
    expect(field(notice, 'nmcd')).toMatchObject({ type: 'money', value: '1500000.50' });
    expect(field(notice, 'applicationDeadline')).toMatchObject({ type: 'date', value: '2026-12-16' });
    expect(field(notice, 'applicationSecurity')!.value).toBe(
      `1 % от начальной (максимальной) цены договора, что составляет 15 000,01 руб.`,
    );
    // every document is signed: by the company's active contact unless the form names another
    expect(field(notice, 'signerName')).toMatchObject({ required: true, value: 'Иванова Мария Петровна' });
    expect(field(notice, 'signerBasis')).toMatchObject({ required: true, value: null });
    const criteria = field(r.body.documents[1], 'criteria')!;
    expect(criteria.type).toBe('list');
    expect(criteria.columns!.map((c) => c.name)).toEqual(['index', 'name', 'weight', 'description']);
    expect((criteria.value as { weight: string }[]).map((c) => c.weight)).toEqual(['60', '40']);
    expect(field(r.body.documents[2], 'customerBankDetails')!.value).toContain('БИК 044525225');

    const quotation = await procurement({ method: 'quotation_e' });
    const q = await t.api<DocumentsResponse>('GET', `/api/procurements/${quotation.id}/documents`, { token: w.client });
    expect(q.body.documents.find((d) => d.template === 'documentation')!.required).toBe(false);
    const single = await procurement({ method: 'single', nmcd: '300000' });
    const s = await t.api<DocumentsResponse>('GET', `/api/procurements/${single.id}/documents`, { token: w.client });
    expect(s.body.documents.map((d) => [d.template, d.required])).toEqual([
      ['draft-contract', true],
      ['nmcd-justification', false],
    ]);
  });

  it('saves the user values over the filled ones, removes them with null and checks the field names', async () => {
    const p = await procurement();
    const url = `/api/procurements/${p.id}/documents/notice/values`;
    const put = await t.api<DocumentItem>('PUT', url, {
      token: w.client,
      body: { values: { signerName: 'Петров Пётр Петрович', signerPosition: 'Генеральный директор', customerPhone: '+7 877 252-00-99' } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(field(put.body, 'signerName')!.value).toBe('Петров Пётр Петрович');
    expect(field(put.body, 'customerPhone')!.value).toBe('+7 877 252-00-99');
    expect((await t.api<{ values: Record<string, unknown> }>('GET', url, { token: w.client })).body.values).toEqual({
      signerName: 'Петров Пётр Петрович',
      signerPosition: 'Генеральный директор',
      customerPhone: '+7 877 252-00-99',
    });
    await t.api('PUT', url, { token: w.client, body: { values: { customerPhone: null } } });
    const after = await t.api<DocumentsResponse>('GET', `/api/procurements/${p.id}/documents?templates=notice`, { token: w.client });
    expect(after.body.documents).toHaveLength(1);
    expect(field(after.body.documents[0], 'customerPhone')!.value).toBe('+7 877 252-00-01'); // the contact's again
    const bad = await t.api<{ fields: Record<string, string[]> }>('PUT', url, {
      token: w.client,
      body: { values: { hackerField: 'x', signerName: { nested: true } } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['hackerField', 'signerName']);
  });
});

describe('documentUserfields triad', () => {
  it('answers with the documents and their fields under the same key', async () => {
    const p = await procurement();
    const s = await t.socket('auth', w.client);
    const received = nextEvent(s, 'documentUserfieldsReceived', (x) => x.key === 'uf-1');
    const response = nextEvent(s, 'documentUserfieldsResponse', (x) => x.key === 'uf-1');
    s.emit('documentUserfieldsRequest', { key: 'uf-1', procurement_id: p.id });
    expect(await received).toEqual({ key: 'uf-1' });
    const res = await response;
    expect(res.result).toBe('success');
    expect(res.documents.map((d) => d.template)).toEqual(['notice', 'documentation', 'draft-contract', 'tech-spec', 'nmcd-justification']);
    expect(res.documents[0].fields[0]).toEqual({
      name: 'procurementNumber',
      label: 'Номер закупки (извещения)',
      type: 'string',
      value: p.number,
      required: true,
      fact: 'number',
    });

    // staff name the customer they act for; a stranger gets an error
    const staff = await t.socket('auth', w.specialist);
    const sr = nextEvent(staff, 'documentUserfieldsResponse', (x) => x.key === 5);
    staff.emit('documentUserfieldsRequest', { key: 5, procurement_id: p.id, company_id: w.demoId, templates: ['draft-contract'] });
    expect((await sr).documents).toHaveLength(1);
    const other = await t.socket('auth', w.otherClient);
    const or = nextEvent(other, 'documentUserfieldsResponse', (x) => x.key === 'x');
    other.emit('documentUserfieldsRequest', { key: 'x', procurement_id: p.id });
    expect(await or).toEqual({ key: 'x', result: 'error', error: 'Закупка не найдена' });
    const op = await t.socket('auth', w.operator);
    const opr = nextEvent(op, 'documentUserfieldsResponse', (x) => x.key === 'op');
    op.emit('documentUserfieldsRequest', { key: 'op', procurement_id: p.id, company_id: w.demoId });
    expect((await opr).result).toBe('error');
  });
});

describe('readyDocument triad', () => {
  it('builds real DOCX files with the filled values, stores them as procurement files and moves the draft to docs_ready', async () => {
    const p = await procurement();
    const s = await t.socket('auth', w.client);
    const received = nextEvent(s, 'readyDocumentReceived', (x) => x.key === 'rd-1');
    const response = nextEvent(s, 'readyDocumentResponse', (x) => x.key === 'rd-1');
    // an electronic procurement names its ЭТП: without it nothing is built and the fields say so
    const listed = await t.api<DocumentsResponse>('GET', `/api/procurements/${p.id}/documents`, { token: w.client });
    expect(field(listed.body.documents[0], 'platformName')).toMatchObject({ label: 'Электронная площадка', required: true, value: null });
    const refused = nextEvent(s, 'readyDocumentResponse', (x) => x.key === 'rd-0');
    s.emit('readyDocumentRequest', { key: 'rd-0', procurement_id: p.id, values: { notice: { signerName: 'Петров Пётр Петрович' } } });
    const noPlatform = await refused;
    expect(noPlatform.result).toBe('error');
    expect(noPlatform.error).toMatch(
      /^Закупка в электронной форме: укажите электронную площадку — «Извещение о проведении закупки»: для закупки в электронной форме укажите поле «Электронная площадка»/,
    );
    expect((await t.api<unknown[]>('GET', `/api/procurements/${p.id}/files`, { token: w.client })).body).toEqual([]);
    const platform = { platformName: 'АО «Сбербанк-АСТ»', platformUrl: 'https://www.sberbank-ast.ru' };
    // the required fields are checked when the documents are generated: the answer lists each, keyed as the form names it
    const incomplete = nextEvent(s, 'readyDocumentResponse', (x) => x.key === 'rd-half');
    s.emit('readyDocumentRequest', {
      key: 'rd-half',
      procurement_id: p.id,
      values: {
        notice: { signerName: 'Петров Пётр Петрович', signerPosition: 'Генеральный директор', ...platform },
        documentation: platform,
      },
    });
    const half = await incomplete;
    expect(half.result).toBe('error');
    expect(half.error).toMatch(/^Документы не сформированы: не заполнены обязательные поля \(\d+\) — /);
    expect(half.fields?.['draft-contract.contractCity']).toEqual([
      'Проект договора: не заполнено поле «Место заключения договора (город)»',
    ]);
    expect(half.fields?.['notice.signerName']).toBeUndefined();
    expect((await t.api<unknown[]>('GET', `/api/procurements/${p.id}/files`, { token: w.client })).body).toEqual([]);
    await fillRequired(t, w.client, p.id);
    s.emit('readyDocumentRequest', {
      key: 'rd-1',
      procurement_id: p.id,
      values: {
        notice: { signerName: 'Петров Пётр Петрович', signerPosition: 'Генеральный директор', ...platform },
        documentation: platform,
      },
    });
    expect(await received).toEqual({ key: 'rd-1' });
    const res = await response;
    expect(res.result, JSON.stringify(res)).toBe('success');
    expect(res.files.map((f) => f.name)).toEqual([
      `Извещение о проведении закупки № ${p.number}.docx`,
      `Документация о закупке № ${p.number}.docx`,
      `Проект договора № ${p.number}.docx`,
      `Техническое задание № ${p.number}.docx`,
      `Обоснование начальной (максимальной) цены договора № ${p.number}.docx`,
    ]);
    expect(res.violations).toEqual([]);

    const notice = await download(t, `/api/procurements/${p.id}/files/${res.files[0].id}/download`, w.client);
    expect(notice.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const text = readDocxText(notice.data);
    expect(emptyLabelFindings(text)).toEqual([]);
    for (const expected of [
      'АО «Сбербанк-АСТ»',
      p.number,
      'Поставка офисной бумаги формата А4',
      'Петров Пётр Петрович',
      'Генеральный директор',
      'Акционерное общество «Демо-Заказчик»',
      `1${NBSP}500${NBSP}000,50`,
      '16.12.2026',
      '17.12.14.129',
      'г. Майкоп, ул. Победы, д. 1, склад № 2',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const contract = readDocxText((await download(t, `/api/procurements/${p.id}/files/${res.files[2].id}/download`, w.client)).data);
    expect(contract).toContain('Бумага печатная прочая');
    // the supplier is not known yet: the contract names it by the winner's application, never «и , именуемое … в лице ,»
    expect(contract).toContain('и участник закупки, с которым заключается договор, именуемый в дальнейшем «Поставщик», с другой стороны');
    expect(contract).not.toContain(BLANK);
    expect(emptyLabelFindings(contract)).toEqual([]);

    const card = await t.api<ProcurementResponse>('GET', `/api/procurements/${p.id}`, { token: w.client });
    expect(card.body.status).toBe('docs_ready');
    const docs = await t.api<DocumentsResponse>('GET', `/api/procurements/${p.id}/documents`, { token: w.client });
    expect(docs.body.documents.every((d) => d.file !== null)).toBe(true);

    // again, with a changed value: the same files get a second version
    const again = nextEvent(s, 'readyDocumentResponse', (x) => x.key === 'rd-2');
    s.emit('readyDocumentRequest', {
      key: 'rd-2',
      procurement_id: p.id,
      templates: ['notice'],
      values: { notice: { signerName: 'Сидорова Анна Ивановна' } },
    });
    const second = await again;
    expect(second.files.map((f) => f.id)).toEqual([res.files[0].id]);
    const file = await t.api<ProcurementFileResponse>('GET', `/api/procurements/${p.id}/files/${res.files[0].id}`, { token: w.client });
    expect(file.body).toMatchObject({ source: 'generated', template: 'notice', version: 2 });
    expect(readDocxText((await download(t, `/api/procurements/${p.id}/files/${res.files[0].id}/download`, w.client)).data)).toContain(
      'Сидорова Анна Ивановна',
    );
    expect(
      readDocxText((await download(t, `/api/procurements/${p.id}/files/${res.files[0].id}/download?version=1`, w.client)).data),
    ).toContain('Петров Пётр Петрович');
  });

  it('refuses a procurement past preparation and one of another company', async () => {
    const p = await procurement({
      rule_id: undefined,
      method: 'single',
      nmcd: '100000',
      published_on: '2026-12-01',
      application_deadline: '2026-12-01',
    });
    await fillRequired(t, w.client, p.id);
    const s = await t.socket('auth', w.client);
    const first = nextEvent(s, 'readyDocumentResponse', (x) => x.key === 'a');
    s.emit('readyDocumentRequest', { key: 'a', procurement_id: p.id });
    expect((await first).result).toBe('success');
    await t.api('POST', `/api/procurements/${p.id}/transition`, { token: w.client, body: { to: 'published' } });
    const late = nextEvent(s, 'readyDocumentResponse', (x) => x.key === 'b');
    s.emit('readyDocumentRequest', { key: 'b', procurement_id: p.id });
    expect(await late).toEqual({
      key: 'b',
      result: 'error',
      error: 'Формировать документацию можно только в статусах «Черновик» и «Документация сформирована»',
    });

    const fresh = await procurement();
    const other = await t.socket('auth', w.otherClient);
    const denied = nextEvent(other, 'readyDocumentResponse', (x) => x.key === 'c');
    other.emit('readyDocumentRequest', { key: 'c', procurement_id: fresh.id, values: { notice: { signerName: 'Взломщик' } } });
    expect(await denied).toEqual({ key: 'c', result: 'error', error: 'Закупка не найдена' });
    expect(
      (await t.api<{ values: object }>('GET', `/api/procurements/${fresh.id}/documents/notice/values`, { token: w.client })).body.values,
    ).toEqual({});
    expect((await t.api<unknown[]>('GET', `/api/procurements/${fresh.id}/files`, { token: w.client })).body).toEqual([]);
  });
});

describe('a procurement from a plan item', () => {
  it('fills the specification row with the item’s unit, quantity, price and sum, and its ОКВЭД2', async () => {
    const { plans, planItems } = await import('../../db/schema');
    const db = t.server.deps.db;
    const [plan] = await db
      .insert(plans)
      .values({ companyId: w.demoId, registrationNumber: '2999000001', year: 2026 } as typeof plans.$inferInsert)
      .returning();
    const [item] = await db
      .insert(planItems)
      .values({
        planId: plan.id,
        companyId: w.demoId,
        ordinal: 1,
        subject: 'Поставка ноутбуков',
        okpd2Code: '26.20.11.110',
        okeiCode: '796',
        okeiName: 'Штука',
        quantity: '12',
        nmcd: '996000.00',
        method: 'auction',
        electronic: true,
        okved2Code: '46.51',
      })
      .returning();
    const r = await t.api<ProcurementResponse>('POST', `/api/eis/plans/2999000001/items/${item.id}/procurement`, { token: w.client });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the card's form saves without the plan item: the link stays
    const saved = await t.api<ProcurementResponse>('PUT', `/api/procurements/${r.body.id}`, {
      token: w.client,
      body: { title: r.body.title, method: r.body.method, subject: r.body.subject, nmcd: r.body.nmcd, okpd2: [{ code: '26.20.11.110' }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ plan_item_id: item.id, plan_item_number: '2999000001-1' });
    const docs = await t.api<DocumentsResponse>('GET', `/api/procurements/${r.body.id}/documents`, { token: w.client });
    const spec = field(
      docs.body.documents.find((d) => d.template === 'draft-contract')!,
      'items',
    )!;
    expect(spec.value).toEqual([
      {
        name: expect.stringMatching(/^Ноутбуки/),
        okpd2: '26.20.11.110',
        unit: 'Штука',
        quantity: '12',
        price: '83000.00',
        amount: '996000.00',
      },
    ]);
    // the item's ОКВЭД2 carried into every document that prints it
    for (const d of docs.body.documents.filter((x) => x.fields.some((f) => f.name === 'okved2')))
      expect(field(d, 'okved2')!.value, d.template).toBe('46.51');
  });
});
