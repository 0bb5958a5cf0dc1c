import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentItem, DocumentKind, DocumentsResponse, ProcurementResponse } from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { readDocxText } from '../../formats/docx';
import { download, fillRequired, PAPER_PURCHASE, world, type World } from '../../../test/factories';

/**
 * One home for each fact: the documents print the purchase's НМЦД, dates and place, record what they were
 * rendered from, are marked out of date when a fact changes on the card, the НМЦК tab or the documentation form, and
 * an out-of-date set is not published.
 */
let t: TestServer;
let w: World;

const NBSP = '\u00a0';
const PLATFORM = { platformName: 'АО «Сбербанк-АСТ»', platformUrl: 'https://www.sberbank-ast.ru' };
const body = PAPER_PURCHASE;
const ALL = ['notice', 'documentation', 'draft-contract', 'tech-spec', 'nmcd-justification'];

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
});
afterAll(async () => t?.close());

async function purchase(over: Record<string, unknown> = {}): Promise<ProcurementResponse> {
  const r = await t.api<ProcurementResponse>('POST', '/api/procurements', { token: w.client, body: { ...body, ...over } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function generate(id: number, key: string, templates?: DocumentKind[]) {
  const s = await t.socket('auth', w.client);
  const answer = nextEvent(s, 'readyDocumentResponse', (x) => x.key === key);
  s.emit('readyDocumentRequest', { key, procurement_id: id, templates });
  const r = await answer;
  s.disconnect();
  return r;
}

const documents = async (id: number) =>
  (await t.api<DocumentsResponse>('GET', `/api/procurements/${id}/documents`, { token: w.client })).body.documents;
const card = async (id: number) => (await t.call(routes.procurements.getById, { params: { id }, token: w.client })).body;
const text = async (id: number, d: DocumentItem) =>
  readDocxText((await download(t, `/api/procurements/${id}/files/${d.file!.id}/download`, w.client)).data);
const docOf = (docs: DocumentItem[], template: string) => docs.find((d) => d.template === template)!;

/** A purchase with its documents generated from complete forms (docs_ready). */
async function generated(over: Record<string, unknown> = {}) {
  const p = await purchase(over);
  await fillRequired(t, w.client, p.id, PLATFORM);
  const r = await generate(p.id, `gen-${p.id}`);
  expect(r.result, JSON.stringify(r)).toBe('success');
  expect(r.files).toHaveLength(5);
  return p;
}

/** The card's own save with the whole card: what the card's form sends. */
async function saveCard(p: ProcurementResponse, change: Record<string, unknown>) {
  const r = await t.api<ProcurementResponse>('PUT', `/api/procurements/${p.id}`, {
    token: w.client,
    body: { ...body, ...change },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('documentation drafts', () => {
  it('saves a half-filled form without the required check and reads it back; a fact is refused as the card’s', async () => {
    const p = await purchase();
    const url = `/api/procurements/${p.id}/documents/draft-contract/values`;
    const put = await t.api<DocumentItem>('PUT', url, { token: w.client, body: { values: { contractCity: 'г. Майкоп' } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.fields.find((f) => f.name === 'contractCity')!.value).toBe('г. Майкоп');
    // still many required fields empty: a draft is a draft
    expect(put.body.fields.filter((f) => f.required && f.value === null).length).toBeGreaterThan(5);
    const back = await t.api<{ values: Record<string, unknown> }>('GET', url, { token: w.client });
    expect(back.body.values).toEqual({ contractCity: 'г. Майкоп' });

    const copy = await t.api<{ message: string; fields: Record<string, string[]> }>('PUT', url, {
      token: w.client,
      body: { values: { contractPrice: '1.00', deliveryPlace: 'где-то', warrantyTerms: '12 месяцев' } },
    });
    expect(copy.status).toBe(400);
    expect(Object.keys(copy.body.fields).sort()).toEqual(['contractPrice', 'deliveryPlace']);
    expect(copy.body.fields.contractPrice[0]).toMatch(/^«Цена договора» — сведение закупки: оно меняется в карточке закупки/);
    // nothing of the refused request was stored
    expect((await t.api<{ values: object }>('GET', url, { token: w.client })).body.values).toEqual({ contractCity: 'г. Майкоп' });
  });

  it('answers generation with the list of missing fields, a purchase’s fact once however many documents print it', async () => {
    const p = await purchase({ delivery_place: null, method: 'competition' });
    const r = await generate(p.id, 'missing');
    expect(r.result).toBe('error');
    const fields = (r as unknown as { fields: Record<string, string[]> }).fields;
    expect(fields['procurement.delivery_place']).toEqual([
      'Сведения закупки: не заполнено поле «Место поставки товара, выполнения работ, оказания услуг»',
    ]);
    expect(Object.keys(fields).filter((k) => k.endsWith('deliveryPlace'))).toEqual([]);
    // the signer is the company's active contact; the basis of the signer's authority is typed in
    expect(fields['draft-contract.signerName']).toBeUndefined();
    expect(fields['draft-contract.signerBasis']).toEqual([
      'Проект договора: не заполнено поле «Основание полномочий подписанта (в родительном падеже: «Устава»)»',
    ]);
    // a table's row is checked column by column: the specification's unit is the specialist's to type
    expect(fields['draft-contract.items.0.unit']).toEqual([
      'Проект договора: Позиции закупки (спецификация), строка 1: не заполнено поле «Единица измерения (ОКЕИ)»',
    ]);
    expect(fields['draft-contract.items.0.okpd2']).toBeUndefined();
    expect(r.error).toContain('не заполнено поле «Место поставки товара, выполнения работ, оказания услуг»');
    expect((await t.call(routes.procurements.getFiles, { params: { id: p.id }, token: w.client })).body).toEqual([]);
  });
});

describe('documents rendered from the purchase', () => {
  it('marks every document out of date when НМЦД changes on the card, refuses to publish them, regenerates them', async () => {
    const p = await generated();
    let docs = await documents(p.id);
    for (const template of ['notice', 'documentation', 'draft-contract', 'nmcd-justification'])
      expect(await text(p.id, docOf(docs, template)), template).toContain(`1${NBSP}500${NBSP}000,50`);
    expect(docs.every((d) => d.file!.outdated.length === 0 && d.file!.revision === p.revision)).toBe(true);
    expect((await card(p.id)).allowed_transitions).toContain('published');

    const changed = await saveCard(p, { nmcd: '999999.99' });
    expect(changed.revision).toBe(p.revision + 1);
    const marked = `НМЦД изменилась с 1${NBSP}500${NBSP}000,50 на 999${NBSP}999,99`;
    docs = await documents(p.id);
    // the tech spec prints no НМЦД but records the purchase's facts all the same: it is out of date too
    expect(docs.map((d) => [d.template, d.file!.outdated])).toEqual(ALL.map((template) => [template, [marked]]));
    expect(changed.outdated_documents.map((d) => d.template)).toEqual(ALL);
    expect(changed.allowed_transitions).not.toContain('published');
    expect(changed.publish_blockers).toEqual([
      `Документы устарели — сформируйте их заново: ${changed.outdated_documents.map((d) => `«${d.title}»: ${marked}`).join('; ')}`,
    ]);
    const refused = await t.call(routes.procurements.postTransition, { params: { id: p.id }, token: w.client, body: { to: 'published' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(`^Закупку нельзя опубликовать: документы устарели — «Извещение о проведении закупки»: ${marked}; `),
    );
    expect(refused.body.message).toMatch(/Сформируйте документы заново$/);
    expect((await card(p.id)).status).toBe('docs_ready');

    const again = await generate(
      p.id,
      `regen-${p.id}`,
      changed.outdated_documents.map((d) => d.template),
    );
    expect(again.result, JSON.stringify(again)).toBe('success');
    docs = await documents(p.id);
    expect(docs.every((d) => d.file!.outdated.length === 0 && d.file!.version === 2 && d.file!.revision === changed.revision)).toBe(true);
    for (const template of ['notice', 'documentation', 'draft-contract', 'nmcd-justification']) {
      const body = await text(p.id, docOf(docs, template));
      expect(body, template).toContain(`999${NBSP}999,99`);
      expect(body, template).not.toContain(`1${NBSP}500${NBSP}000,50`);
    }
    const published = await t.call(routes.procurements.postTransition, {
      params: { id: p.id },
      token: w.client,
      body: { to: 'published' },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.status).toBe('published');
  });

  it('names each changed date and the place when they change through the documentation form’s facts', async () => {
    const p = await generated();
    const r = await t.call(routes.procurements.putFacts, {
      params: { id: p.id },
      token: w.client,
      body: {
        application_deadline: '2026-12-18',
        review_on: '2026-12-21',
        summing_up_on: '2026-12-22',
        delivery_place: 'г. Майкоп, ул. Ленина, д. 5',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ nmcd: '1500000.50', application_deadline: '2026-12-18', delivery_place: 'г. Майкоп, ул. Ленина, д. 5' });
    expect(r.body.outdated_documents[0].reasons).toEqual([
      'Дата окончания подачи заявок изменилась с 16.12.2026 на 18.12.2026',
      'Дата рассмотрения заявок изменилась с 17.12.2026 на 21.12.2026',
      'Дата подведения итогов изменилась с 18.12.2026 на 22.12.2026',
      'Место поставки изменилось с «г. Майкоп, ул. Победы, д. 1, склад № 2» на «г. Майкоп, ул. Ленина, д. 5»',
    ]);
    // the facts' write is the card's: its checks hold (a review before the deadline is a violation, never stored silently)
    const bad = await t.call(routes.procurements.putFacts, { params: { id: p.id }, token: w.client, body: { nmcd: '-5' } });
    expect(bad.status).toBe(400);
    expect((await card(p.id)).nmcd).toBe('1500000.50');

    const again = await generate(p.id, `dates-${p.id}`);
    expect(again.result, JSON.stringify(again)).toBe('success');
    const docs = await documents(p.id);
    const notice = await text(p.id, docOf(docs, 'notice'));
    for (const expected of ['18.12.2026', '21.12.2026', '22.12.2026', 'г. Майкоп, ул. Ленина, д. 5']) expect(notice).toContain(expected);
    expect(notice).not.toContain('16.12.2026');
    for (const template of ['documentation', 'draft-contract', 'tech-spec']) {
      const body = await text(p.id, docOf(docs, template));
      expect(body, template).toContain('г. Майкоп, ул. Ленина, д. 5');
      expect(body, template).not.toContain('склад № 2');
    }
  });

  it('marks the documents out of date when the НМЦК tab applies its result', async () => {
    const p = await generated();
    const base = `/api/procurements/${p.id}/nmck`;
    const ok = async (method: string, url: string, b?: unknown) => {
      const r = await t.api(method, url, { token: w.client, body: b });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await ok('PUT', base, { method: 'market', subject: 'Бумага офисная А4', unit: 'пачка', quantity: '3000' });
    for (const [supplier, price] of [
      ['ООО «Альфа»', '48.00'],
      ['ООО «Бета»', '47.50'],
      ['ООО «Гамма»', '47.72'],
    ])
      await ok('POST', `${base}/sources`, { kind: 'quote', supplier, requisites: 'Исх. № 1', price_date: '2026-11-02', unit_price: price });
    await ok('POST', `${base}/apply`);
    const after = await card(p.id);
    expect(after.nmcd).toBe('143220.00');
    expect(after.outdated_documents.map((d) => d.reasons)).toEqual(
      // the justification priced the object: its line (with the card's ОКПД2 kept) is a fact the documents print too
      ALL.map(() => [
        `НМЦД изменилась с 1${NBSP}500${NBSP}000,50 на 143${NBSP}220,00`,
        `Объект закупки изменился с не указано на «Бумага офисная А4, ОКПД2 17.12.14.129, 3000 пачка, по 47,74»`,
      ]),
    );
    expect(after.allowed_transitions).not.toContain('published');
    expect((await generate(p.id, `nmck-${p.id}`)).result).toBe('success');
    const docs = await documents(p.id);
    for (const template of ['notice', 'documentation', 'draft-contract', 'nmcd-justification'])
      expect(await text(p.id, docOf(docs, template)), template).toContain(`143${NBSP}220,00`);
  });

  it('does not offer «Опубликовать» while the deadlines are unchecked', async () => {
    // a single supplier's purchase needs only the draft contract, which prints no dates: approved without them
    const p = await purchase({
      method: 'single',
      nmcd: '300000',
      published_on: null,
      application_deadline: null,
      review_on: null,
      summing_up_on: null,
    });
    await fillRequired(t, w.client, p.id);
    expect((await generate(p.id, `single-${p.id}`)).result).toBe('success');
    const c = await card(p.id);
    expect(c.status).toBe('docs_ready');
    expect(c.allowed_transitions).not.toContain('published');
    expect(c.publish_blockers).toEqual(['Сроки не проверены: укажите дату размещения и дату окончания подачи заявок']);
    const refused = await t.call(routes.procurements.postTransition, { params: { id: p.id }, token: w.client, body: { to: 'published' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Для публикации укажите дату размещения извещения и дату окончания подачи заявок');
  });
});
