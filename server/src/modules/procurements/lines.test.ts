import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentsResponse, ProcurementResponse } from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { readDocxText } from '../../formats/docx';
import { download, fillRequired, PAPER_PURCHASE, world, type World } from '../../../test/factories';

/**
 * The purchase's object as one home (issue 39) with КТРУ (issue 42): lines on the card, a КТРУ position filling a
 * line and its characteristics printed, the 44-ФЗ warning where a position exists, the НМЦК pricing a line, and a
 * change of a line marking the documents out of date.
 */
let t: TestServer;
let w: World;
let budget: string;

const KTRU = '17.12.14.110-00000004';
const PLATFORM = { platformName: 'АО «Сбербанк-АСТ»', platformUrl: 'https://www.sberbank-ast.ru' };

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
  budget = await t.login('budget');
});
afterAll(async () => t?.close());

async function purchase(token: string, over: Record<string, unknown> = {}): Promise<ProcurementResponse> {
  const r = await t.api<ProcurementResponse>('POST', '/api/procurements', { token, body: { ...PAPER_PURCHASE, ...over } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const lines = (id: number, token = w.client) => t.call(routes.procurements.getProcurementsLines, { params: { id }, token });
const add = (id: number, body: Record<string, unknown>, token = w.client) =>
  t.call(routes.procurements.postProcurementsLines, { params: { id }, token, body: body as never });
const card = async (id: number, token = w.client) => (await t.call(routes.procurements.getById, { params: { id }, token })).body;

describe('КТРУ reference', () => {
  it('is loaded from the real sample and searched by code, ОКПД2 and words', async () => {
    const byWords = await t.call(routes.catalogs.getClassifiersKtru, { query: { q: 'бумага офисной' }, token: w.client });
    expect(byWords.status).toBe(200);
    expect(byWords.body.items.map((k) => k.code)).toContain(KTRU);
    const byOkpd2 = await t.call(routes.catalogs.getClassifiersKtru, { query: { q: '17.12.14' }, token: w.client });
    expect(byOkpd2.body.items[0]).toMatchObject({ code: KTRU, okpd2_code: '17.12.14.129', unit_name: 'Пачка', okei_code: '728' });
    const one = await t.call(routes.catalogs.getClassifiersKtruByCode, { params: { code: KTRU }, token: w.client });
    expect(one.body.characteristics.map((c) => c.name)).toEqual(['Количество листов в пачке', 'Марка бумаги', 'Формат']);
    expect(one.body.characteristics.every((c) => c.mandatory)).toBe(true);
    const missing = await t.call(routes.catalogs.getClassifiersKtruByCode, { params: { code: '01.11.11.111-00000001' }, token: w.client });
    expect(missing.status).toBe(404);
    expect((missing.body as unknown as { message: string }).message).toContain('не найдена');
  });
});

describe('lines of a purchase', () => {
  it('a 44-ФЗ line: warned without КТРУ, filled by the position, summed; the revision counts each change', async () => {
    const p = await purchase(budget, { law: '44', method: 'auction_e', okpd2: [] });
    const plain = await add(
      p.id,
      { okpd2_code: '17.12.14.129', name: 'Бумага', okei_code: '796', quantity: '156', unit_price: '350' },
      budget,
    );
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.items[0]).toMatchObject({ okpd2_code: '17.12.14.129', unit_name: 'Штука', quantity: '156', sum: '54600.00' });
    expect(plain.body.items[0].warnings).toEqual([
      'Для кода ОКПД2 17.12.14.129 в КТРУ есть позиции: выберите позицию КТРУ — её применение обязательно (ПП РФ № 145, п. 4)',
    ]);
    expect(plain.body.revision).toBe(p.revision + 1);

    const lineId = plain.body.items[0].id;
    const chosen = await t.call(routes.procurements.putProcurementsLinesByLineId, {
      params: { id: p.id, lineId },
      token: budget,
      body: { ktru_code: KTRU, quantity: '156,5', unit_price: '350.10' },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.items[0]).toMatchObject({
      ktru_code: KTRU,
      okpd2_code: '17.12.14.129',
      name: 'Бумага для офисной техники',
      unit_name: 'Пачка',
      quantity: '156.5',
      // 156,5 × 350,10 = 54 790,65
      sum: '54790.65',
      warnings: [],
    });
    expect(chosen.body.items[0].characteristics).toHaveLength(3);
    expect(chosen.body.total).toBe('54790.65');
    expect(chosen.body.revision).toBe(p.revision + 2);
    // the card's ОКПД2 codes are the lines' own
    expect((await card(p.id, budget)).okpd2.map((o) => o.code)).toEqual(['17.12.14.129']);

    // the НМЦК justification prices the same line: no second copy of the object
    const nmck = await t.api<{ subject: string; unit: string; quantity: string }>('GET', `/api/procurements/${p.id}/nmck`, {
      token: budget,
    });
    expect(nmck.body).toMatchObject({ subject: 'Бумага для офисной техники', unit: 'Пачка', quantity: '156.5' });

    const gone = await t.call(routes.procurements.deleteProcurementsLinesByLineId, { params: { id: p.id, lineId }, token: budget });
    expect(gone.body.items).toEqual([]);
    expect((await card(p.id, budget)).okpd2).toEqual([]);
  });

  it('refuses bad input in Russian, keeps tenants apart, the operator only reads', async () => {
    const p = await purchase(w.client);
    const badKtru = await add(p.id, { ktru_code: '17.12.14.110-99999999', quantity: '1' });
    expect(badKtru.status).toBe(400);
    expect((badKtru.body as unknown as { message: string }).message).toContain('Позиция КТРУ 17.12.14.110-99999999 не найдена');
    const noName = await add(p.id, { okpd2_code: '17.12.14.129', quantity: '1' });
    expect(noName.status).toBe(400);
    expect((noName.body as unknown as { message: string }).message).toContain('Укажите наименование');
    const badQty = await add(p.id, { name: 'Бумага', quantity: '-1' });
    expect(badQty.status).toBe(400);
    const badCode = await add(p.id, { name: 'Бумага', okpd2_code: '99.99.99.999', quantity: '1' });
    expect(badCode.status).toBe(400);
    expect((badCode.body as unknown as { message: string }).message).toContain('не найден в классификаторе');

    expect((await lines(p.id, w.otherClient)).status).toBe(404);
    expect((await add(p.id, { name: 'Чужая', quantity: '1' }, w.otherClient)).status).toBe(404);
    expect((await add(p.id, { name: 'Оператор', quantity: '1' }, w.operator)).status).toBeGreaterThanOrEqual(403);
    expect((await lines(p.id)).body.items).toEqual([]);
  });

  it('documents print the lines with the КТРУ characteristics and go out of date when a line changes', async () => {
    const p = await purchase(w.client, { okpd2: [] });
    const made = await add(p.id, { ktru_code: KTRU, quantity: '100', unit_price: '350.00' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await fillRequired(t, w.client, p.id, PLATFORM);
    const s = await t.socket('auth', w.client);
    const answer = nextEvent(s, 'readyDocumentResponse', (x) => x.key === `lines-${p.id}`);
    s.emit('readyDocumentRequest', { key: `lines-${p.id}`, procurement_id: p.id, templates: ['tech-spec'] });
    const r = await answer;
    s.disconnect();
    expect(r.result, JSON.stringify(r)).toBe('success');

    const docs = (await t.api<DocumentsResponse>('GET', `/api/procurements/${p.id}/documents`, { token: w.client })).body.documents;
    const spec = docs.find((d) => d.template === 'tech-spec')!;
    const text = readDocxText((await download(t, `/api/procurements/${p.id}/files/${spec.file!.id}/download`, w.client)).data);
    expect(text).toContain('Бумага для офисной техники');
    expect(text).toContain('Формат: А4');
    expect(text).toContain('Марка бумаги: Не ниже С');
    expect((await card(p.id)).outdated_documents).toEqual([]);

    await t.call(routes.procurements.putProcurementsLinesByLineId, {
      params: { id: p.id, lineId: made.body.items[0].id },
      token: w.client,
      body: { ktru_code: KTRU, quantity: '120', unit_price: '350.00' },
    });
    const outdated = (await card(p.id)).outdated_documents;
    expect(outdated).toHaveLength(1);
    expect(outdated[0].reasons).toEqual([
      'Объект закупки изменился с «Бумага для офисной техники, КТРУ 17.12.14.110-00000004, 100 Пачка, по 350,00» на «Бумага для офисной техники, КТРУ 17.12.14.110-00000004, 120 Пачка, по 350,00»',
    ]);
  });
});
