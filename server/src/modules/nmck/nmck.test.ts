import { routes } from '@proc/contract/routes';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NmckContractPosition, NmckResponse, ProcurementResponse } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { readDocxText } from '../../formats/docx';
import { fixturePath } from '../../formats/fixtures-path';
import { as, download, upload, world, type World } from '../../../test/factories';

let t: TestServer;
let w: World;
const NBSP = '\u00a0';

const card = {
  title: 'Поставка картриджей для принтеров',
  method: 'auction_e',
  subject: 'goods',
  nmcd: '1.00',
  okpd2: [{ code: '26.20.40.120' }],
  rule_id: null,
};

async function procurement(): Promise<ProcurementResponse> {
  const r = await t.api<ProcurementResponse>('POST', '/api/procurements', { token: w.client, body: card });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function call(method: string, url: string, body?: unknown, token = w.client) {
  return t.api<NmckResponse & { message?: string; fields?: Record<string, string[]> }>(method, url, { token, body });
}

async function ok(method: string, url: string, body?: unknown): Promise<NmckResponse> {
  const r = await call(method, url, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function cellsOf(data: Buffer) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as never);
  const rows: { label: string; value: unknown }[] = [];
  wb.worksheets[0].eachRow((row) => rows.push({ label: String(row.getCell(2).value ?? ''), value: row.getCell(3).value }));
  return { wb, rows, figure: (label: string) => rows.find((r) => r.label.startsWith(label))?.value as { formula: string; result: number } };
}

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
});
afterAll(async () => t?.close());

describe('НМЦК calculator on a procurement', () => {
  it('justifies a price by comparable market prices to the kopeck, refuses a non-uniform sample, applies the result', async () => {
    const p = await procurement();
    const base = `/api/procurements/${p.id}/nmck`;
    const blank = await ok('GET', base);
    expect(blank).toMatchObject({
      method: 'market',
      quantity: '1',
      sources: [],
      editable: true,
      procurement_nmcd: '1.00',
      result: { count: 0, nmck: null },
    });

    await ok('PUT', base, { method: 'market', subject: 'Картридж лазерный', unit: 'шт', quantity: '12' });
    await ok('POST', `${base}/sources`, {
      kind: 'quote',
      supplier: 'ООО «Альфа»',
      requisites: 'Исх. № 15, ИНН 7701000001',
      price_date: '2026-11-02',
      unit_price: '100.00',
    });
    await ok('POST', `${base}/sources`, {
      kind: 'quote',
      supplier: 'ООО «Бета»',
      requisites: 'Исх. № 7',
      price_date: '2026-11-03',
      unit_price: '150,00',
    });
    const wide = await ok('POST', `${base}/sources`, {
      kind: 'manual',
      supplier: 'Интернет-магазин',
      requisites: 'https://shop.example/cartridge',
      unit_price: '300',
    });
    // worked example 2: V = 56,77 % > 33 %
    expect(wide.result).toMatchObject({ count: 3, mean: '183.33', std_dev: '104.08', cv: '56.77', uniform: false, nmck: '2200.00' });
    const refused = await call('POST', `${base}/apply`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'НМЦК нельзя применить: Коэффициент вариации 56,77 % больше 33 %: совокупность цен неоднородна — добавьте цены или исключите с обоснованием',
    );

    // excluding needs a reason
    const outlier = wide.sources[2];
    const noReason = await call('PUT', `${base}/sources/${outlier.id}`, { ...outlier, excluded: true, exclude_reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toMatchObject({ exclude_reason: ['Укажите причину исключения цены'] });
    const excluded = await ok('PUT', `${base}/sources/${outlier.id}`, {
      ...outlier,
      excluded: true,
      exclude_reason: 'Розничная цена, не сопоставима с оптовой поставкой',
    });
    expect(excluded.result).toMatchObject({ count: 2, enough: false, problems: ['Нужно не менее 3 цен, учтено 2'] });

    await ok('POST', `${base}/sources`, {
      kind: 'quote',
      supplier: 'ООО «Гамма»',
      requisites: 'Исх. № 3',
      price_date: '2026-11-05',
      unit_price: '160.00',
    });
    const fractional = await ok('PUT', base, { method: 'market', subject: 'Картридж лазерный', unit: 'шт', quantity: '12,5' });
    // worked example: 12,5 × 136,666… = 1 708,33
    expect(fractional.result).toEqual({
      count: 3,
      mean: '136.67',
      std_dev: '32.15',
      cv: '23.52',
      uniform: true,
      enough: true,
      unit_price: '136.67',
      nmck: '1708.33',
      problems: [],
    });
    expect(fractional.quantity).toBe('12.5');

    const applied = await ok('POST', `${base}/apply`);
    expect(applied).toMatchObject({ applied_nmck: '1708.33', procurement_nmcd: '1708.33' });
    const after = await t.call(routes.procurements.getById, { params: { id: p.id }, token: w.client });
    expect(after.body.nmcd).toBe('1708.33');

    // the justification in Word: the sources, the formulas with the figures, the legal basis
    const docx = await download(t, `${base}/justification.docx`, w.client);
    expect(docx.status).toBe(200);
    const text = readDocxText(docx.data);
    expect(text).toContain('Обоснование начальной (максимальной) цены контракта');
    expect(text).toContain('Метод определения НМЦК: Метод сопоставимых рыночных цен (анализа рынка)');
    expect(text).toContain('приказом Минэкономразвития России от 02.10.2013 № 567');
    expect(text).toContain('Не учтена: Розничная цена, не сопоставима с оптовой поставкой');
    expect(text).toContain(`Средняя цена единицы <ц> = (ц₁ + … + цₙ) / n = 410,00 / 3 = 136,67 руб.`);
    expect(text).toContain('Среднее квадратичное отклонение σ = √(Σ(цᵢ − <ц>)² / (n − 1)) = 32,15 руб.');
    expect(text).toContain('Коэффициент вариации V = σ / <ц> × 100 % = 23,52 % — не больше 33 %: совокупность цен однородна');
    expect(text).toContain(`НМЦК = v × <ц> = 12,5 × 136,67 = 1${NBSP}708,33 руб.`);
    expect(text).toContain(`Начальная (максимальная) цена контракта: 1${NBSP}708,33 руб. (Одна тысяча семьсот восемь рублей 33 копейки).`);

    // the same in Excel, the figures as formulas whose cached results are the server's
    const xlsx = await download(t, `${base}/justification.xlsx`, w.client);
    expect(xlsx.status).toBe(200);
    const { figure, rows } = await cellsOf(xlsx.data);
    expect(figure('Количество учтённых цен')).toMatchObject({ formula: expect.stringMatching(/^COUNT\(H\d+:H\d+\)$/), result: 3 });
    expect(figure('Средняя цена')).toMatchObject({ formula: expect.stringMatching(/^ROUND\(AVERAGE\(H\d+:H\d+\),2\)$/), result: 136.67 });
    expect(figure('Среднее квадратичное')).toMatchObject({
      formula: expect.stringMatching(/^ROUND\(STDEV\(H\d+:H\d+\),2\)$/),
      result: 32.15,
    });
    expect(figure('Коэффициент вариации')).toMatchObject({ result: 0.2352 });
    expect(figure('НМЦК = v')).toMatchObject({
      formula: expect.stringMatching(/^ROUND\(C\d+\*AVERAGE\(H\d+:H\d+\),2\)$/),
      result: 1708.33,
    });
    expect(rows.some((r) => r.label === 'Розничная цена' || String(r.value ?? '').includes('Интернет-магазин'))).toBe(true);
  });

  it('takes a price from a contract of the register with its requisites', async () => {
    // the fixture's position has no price of its own: give it one, as a position of a supply contract has (contractPosition/price)
    const xml = Buffer.from(
      fs
        .readFileSync(path.join(fixturePath('eis223'), 'contract_test.xml'), 'utf8')
        .replace('<ns2:ordinalNumber>1</ns2:ordinalNumber>', '<ns2:ordinalNumber>1</ns2:ordinalNumber><ns2:price>1850.50</ns2:price>'),
      'utf8',
    );
    expect((await upload(t, 'POST', '/api/eis/upload?confirm_customer=true', w.client, 'contract_test.xml', xml)).status).toBe(200);
    const p = await procurement();
    const base = `/api/procurements/${p.id}/nmck`;
    const list = await t.api<{ items: NmckContractPosition[] }>('GET', `${base}/contract-positions`, { token: w.client });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    const position = list.body.items[0];
    expect(position).toMatchObject({ name: 'поставка компьютерной техники', unit_price: '1850.50' });
    const r = await ok('POST', `${base}/sources`, { kind: 'contract', contract_position_id: position.id });
    expect(r.sources[0]).toMatchObject({
      kind: 'contract',
      contract_id: position.contract_id,
      contract_position_id: position.id,
      unit_price: position.unit_price,
      supplier: position.supplier_name,
    });
    expect(r.sources[0].requisites).toContain(`позиция «${position.name}»`);
    // another company's contracts are not offered, nor taken
    const foreign = await call(
      'POST',
      `/api/procurements/${p.id}/nmck/sources`,
      { kind: 'contract', contract_position_id: position.id },
      w.otherClient,
    );
    expect(foreign.status).toBe(404);
  });

  it('other methods: unit price × quantity; validation in Russian; tenancy; the operator only reads', async () => {
    const p = await procurement();
    const base = `/api/procurements/${p.id}/nmck`;
    const missing = await call('PUT', base, { method: 'tariff', quantity: '1234.567' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Укажите цену единицы');
    const tariff = await ok('PUT', base, {
      method: 'tariff',
      quantity: '1234.567',
      unit_price: '5.43',
      basis: 'Приказ РЭК № 12 от 01.12.2025',
    });
    expect(tariff.result).toMatchObject({ unit_price: '5.43', nmck: '6703.70', problems: [] });
    const text = readDocxText((await download(t, `${base}/justification.docx`, w.client)).data);
    expect(text).toContain('Правовое основание: пункт 3 части 1, часть 8 статьи 22 Федерального закона от 05.04.2013 № 44-ФЗ');
    expect(text).toContain(`НМЦК = v × Ц = 1${NBSP}234,567 × 5,43 = 6${NBSP}703,70 руб.`);

    const quote = await call('POST', `${base}/sources`, { kind: 'quote', supplier: 'ООО «Альфа»', unit_price: '-5' });
    expect(quote.status).toBe(400);
    expect(quote.body.fields).toMatchObject({
      unit_price: ['Значение не может быть отрицательным'],
      price_date: ['Укажите дату коммерческого предложения'],
    });
    const zero = await call('PUT', base, { method: 'market', quantity: '0' });
    expect(zero.body.fields).toMatchObject({ quantity: ['Количество должно быть больше нуля'] });

    // numbers too large for words never reach the document (issue 40, S9): each figure keeps the one bound, and so
    // does their product; the justification saved before stays and still downloads
    const endless = await call('PUT', base, { method: 'tariff', quantity: '999999999999999', unit_price: '1' });
    expect(endless.status).toBe(400);
    expect(endless.body.fields).toMatchObject({ quantity: ['Количество: слишком большое значение: не более 14 цифр до запятой'] });
    const product = await call('PUT', base, { method: 'tariff', quantity: '99999999999999.999999', unit_price: '1000' });
    expect(product.status).toBe(400);
    expect(product.body.message).toBe(
      'НМЦК (количество × цена единицы) больше допустимой суммы: не более 14 цифр до запятой. Проверьте количество и цены',
    );
    const kept = await ok('GET', base);
    expect(kept).toMatchObject({ method: 'tariff', quantity: '1234.567', unit_price: '5.43' });
    expect((await download(t, `${base}/justification.docx`, w.client)).status).toBe(200);

    expect((await call('GET', base, undefined, w.otherClient)).status).toBe(404);
    expect((await call('PUT', base, { method: 'other', quantity: '1', unit_price: '1' }, w.otherClient)).status).toBe(404);
    expect((await t.api('GET', `${base}/justification.xlsx`, { token: w.otherClient })).status).toBe(404);
    const operator = await t.api('PUT', base, {
      token: w.operator,
      headers: as(w.demoId),
      body: { method: 'other', quantity: '1', unit_price: '1' },
    });
    expect(operator.status).toBe(403);
  });
});
