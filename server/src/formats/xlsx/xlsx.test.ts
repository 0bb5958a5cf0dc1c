import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  buildContractExecutionReportXlsx,
  buildMonthlySummaryXlsx,
  buildRegisterXlsx,
  summarizeContractExecution,
  summarizeContractsByMethod,
  writeRegisterXlsx,
  type RegisterColumn,
} from './index';
import { SAMPLE_EXECUTION_REPORT, SAMPLE_MONTHLY_SUMMARY } from './sample-report';

async function load(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

function rowValues(sheet: ExcelJS.Worksheet, n: number): unknown[] {
  return (sheet.getRow(n).values as unknown[]).slice(1);
}

function findRow(sheet: ExcelJS.Worksheet, firstCell: string): ExcelJS.Row {
  for (let i = 1; i <= sheet.rowCount; i++) {
    const row = sheet.getRow(i);
    if (row.getCell(1).value === firstCell || row.getCell(2).value === firstCell) return row;
  }
  throw new Error(`row «${firstCell}» not found`);
}

const REGISTER_COLUMNS: RegisterColumn[] = [
  { key: 'number', header: 'Номер закупки' },
  { key: 'title', header: 'Наименование' },
  { key: 'publishedAt', header: 'Дата размещения', type: 'date' },
  { key: 'nmcd', header: 'НМЦД, руб.', type: 'money' },
  { key: 'lots', header: 'Лотов', type: 'number' },
];

describe('summarizeContractExecution', () => {
  it('computes lines and totals with decimals', () => {
    const { positions, totals } = summarizeContractExecution(SAMPLE_EXECUTION_REPORT);
    expect(positions[0].amount).toBe('467400.00');
    expect(positions[1].amount).toBe('767167.80');
    expect(positions[1].remainingQuantity).toBe('1749.5');
    expect(positions[1].remainingAmount).toBe('383359.27');
    expect(totals).toMatchObject({
      contractPrice: '1234567.80',
      positionsAmount: '1234567.80',
      acceptedAmount: '695408.53',
      acceptedVatAmount: '115901.42',
      paidAmount: '194750.00',
      remainingToAccept: '539159.27',
      remainingToPay: '1039817.80',
      payable: '500658.53',
      prepaid: '0.00',
      acceptedPercent: '56.33',
      paidPercent: '15.77',
    });
  });

  it('sums cents exactly where floats would drift', () => {
    const { totals } = summarizeContractExecution({
      ...SAMPLE_EXECUTION_REPORT,
      documents: Array.from({ length: 10 }, (_, i) => ({ kind: 'Акт', number: String(i), date: '2025-05-01', amount: '0.10' })),
      payments: [],
    });
    expect(totals.acceptedAmount).toBe('1.00');
  });

  it('rejects floats and malformed dates', () => {
    const bad = { ...SAMPLE_EXECUTION_REPORT, contract: { ...SAMPLE_EXECUTION_REPORT.contract, price: 100.5 } };
    expect(() => summarizeContractExecution(bad as never)).toThrow(ZodError);
    const badDate = { ...SAMPLE_EXECUTION_REPORT, contract: { ...SAMPLE_EXECUTION_REPORT.contract, date: '25.03.2025' } };
    expect(() => summarizeContractExecution(badDate)).toThrow(/ГГГГ-ММ-ДД/);
  });
});

describe('buildContractExecutionReportXlsx', () => {
  it('writes requisites, positions, documents, payments and totals as typed cells', async () => {
    const wb = await load(await buildContractExecutionReportXlsx(SAMPLE_EXECUTION_REPORT));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Сведения', 'Позиции', 'Документы приёмки', 'Платежи']);

    const info = wb.getWorksheet('Сведения')!;
    expect(info.getCell('A1').value).toBe('Отчёт об исполнении договора');
    expect(findRow(info, 'Реестровый номер в ЕИС').getCell(2).value).toBe('57701234567250000120000');
    const price = findRow(info, 'Цена договора').getCell(2);
    expect(price.value).toBe(1234567.8);
    expect(price.numFmt).toBe('#,##0.00');
    const date = findRow(info, 'Дата заключения').getCell(2);
    expect(date.value).toEqual(new Date(Date.UTC(2025, 2, 25)));
    expect(date.numFmt).toBe('dd.mm.yyyy');
    expect(findRow(info, 'Задолженность заказчика (принято, не оплачено)').getCell(2).value).toBe(500658.53);
    expect(findRow(info, 'Исполнено, % от цены договора').getCell(2).value).toBe(0.5633);
    expect(findRow(info, 'ИНН / КПП').getCell(2).value).toBe('7701234567 / 770101001');

    const pos = wb.getWorksheet('Позиции')!;
    expect(pos.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rowValues(pos, 1)).toContain('Наименование товара, работы, услуги');
    expect(pos.getColumn(2).width).toBe(42);
    const first = pos.getRow(2);
    expect(first.getCell(2).value).toBe('Бумага офисная А4, 80 г/м², 500 листов');
    expect(first.getCell(7).value).toBe(467400);
    expect(first.getCell(7).numFmt).toBe('#,##0.00');
    const total = pos.getRow(4);
    expect(total.getCell(2).value).toBe('Итого');
    expect(total.getCell(6).value).toBeNull(); // unit prices are not summed
    expect(total.getCell(7).value).toBe(1234567.8);
    expect(total.getCell(9).value).toBe(695408.53);
    // payments pay the contract, not a position: no «Оплачено» column beside the positions
    expect(rowValues(pos, 1).filter((h) => /Оплачено/.test(String(h)))).toEqual([]);
    expect(String(pos.getRow(1).getCell(11).value)).toMatch(/^Остаток к поставке/);
    expect(total.getCell(11).value).toBe(539159.27);

    const docs = wb.getWorksheet('Документы приёмки')!;
    expect(rowValues(docs, 2)).toEqual([1, 'УПД', '112', new Date(Date.UTC(2025, 3, 10)), 311600, 51933.33, 'Принят']);
    expect(docs.getRow(4).getCell(5).value).toBe(695408.53);

    const pays = wb.getWorksheet('Платежи')!;
    expect(pays.getRow(2).getCell(2).value).toBe('1452');
    expect(pays.getRow(3).getCell(4).value).toBe(194750);
  });

  it('builds a report with 10 000 positions', async () => {
    const positions = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Позиция ${i + 1}`,
      unit: 'шт',
      quantity: '3',
      price: '0.10',
      deliveredQuantity: '1',
      deliveredAmount: '0.10',
    }));
    const wb = await load(await buildContractExecutionReportXlsx({ ...SAMPLE_EXECUTION_REPORT, positions }));
    const sheet = wb.getWorksheet('Позиции')!;
    expect(sheet.actualRowCount).toBe(1 + 10_000 + 1);
    expect(sheet.getRow(10_002).getCell(7).value).toBe(3000);
    expect(sheet.getRow(10_002).getCell(9).value).toBe(1000);
  });
});

describe('buildMonthlySummaryXlsx', () => {
  it('aggregates contracts of the period by method with the SME share', () => {
    const r = summarizeContractsByMethod(SAMPLE_MONTHLY_SUMMARY);
    expect(r.contracts.map((c) => c.number)).toEqual(['50-П/2025', '51-П/2025', '52-П/2025', '53-П/2025']);
    expect(r.byMethod).toEqual([
      { method: 'Аукцион в электронной форме', count: 2, amount: '2000000.00', smeCount: 1, smeAmount: '1500000.10', smeShare: '75.00' },
      { method: 'Запрос котировок в электронной форме', count: 1, amount: '250000.20', smeCount: 0, smeAmount: '0.00', smeShare: '0.00' },
      { method: 'Закупка у единственного поставщика', count: 1, amount: '0.30', smeCount: 1, smeAmount: '0.30', smeShare: '100.00' },
    ]);
    expect(r.total).toEqual({ method: 'Итого', count: 4, amount: '2250000.50', smeCount: 2, smeAmount: '1500000.40', smeShare: '66.67' });
  });

  it('writes the summary and the list of contracts', async () => {
    const wb = await load(await buildMonthlySummaryXlsx(SAMPLE_MONTHLY_SUMMARY));
    const sheet = wb.getWorksheet('Сводка')!;
    expect(sheet.getCell('A3').value).toBe('Период: с 01.05.2025 по 31.05.2025');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    expect(rowValues(sheet, 5)[0]).toBe('Способ закупки');
    expect(rowValues(sheet, 6)).toEqual(['Аукцион в электронной форме', 2, 2000000, 1, 1500000.1, 0.75]);
    const total = findRow(sheet, 'Итого');
    expect(rowValues(total.worksheet, total.number)).toEqual(['Итого', 4, 2250000.5, 2, 1500000.4, 0.6667]);
    expect(total.getCell(6).numFmt).toBe('0.00%');

    const list = wb.getWorksheet('Договоры')!;
    expect(list.actualRowCount).toBe(1 + 4 + 1);
    expect(list.getRow(5).getCell(8).value).toBe('770200000412');
    expect(list.getRow(6).getCell(10).value).toBe(2250000.5);
  });

  it('rejects a period that ends before it starts', async () => {
    await expect(buildMonthlySummaryXlsx({ ...SAMPLE_MONTHLY_SUMMARY, periodFrom: '2025-06-01' })).rejects.toThrow(/Начало периода/);
  });
});

describe('buildRegisterXlsx', () => {
  it('writes a header row and typed cells', async () => {
    const rows = [
      { number: '32514567890', title: 'Поставка бумаги', publishedAt: '2025-03-03', nmcd: '1234567.80', lots: 1 },
      { number: '00012', title: 'Ремонт кровли', publishedAt: '2025-03-04T09:30:00+03:00', nmcd: '15000000', lots: '2' },
      { number: '3', title: null, publishedAt: 'не опубликована', nmcd: 'н/д' },
    ];
    const wb = await load(await buildRegisterXlsx(rows, REGISTER_COLUMNS, { title: 'Реестр закупок', totals: true }));
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('Реестр');
    expect(sheet.getCell('A1').value).toBe('Реестр закупок');
    expect(rowValues(sheet, 2)).toEqual(['Номер закупки', 'Наименование', 'Дата размещения', 'НМЦД, руб.', 'Лотов']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(rowValues(sheet, 3)).toEqual(['32514567890', 'Поставка бумаги', new Date(Date.UTC(2025, 2, 3)), 1234567.8, 1]);
    expect(sheet.getRow(4).getCell(1).value).toBe('00012');
    expect(sheet.getRow(4).getCell(3).value).toEqual(new Date(Date.UTC(2025, 2, 4)));
    expect(sheet.getRow(4).getCell(4).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(5).getCell(2).value).toBeNull();
    expect(sheet.getRow(5).getCell(3).value).toBe('не опубликована');
    expect(sheet.getRow(5).getCell(4).value).toBe('н/д');
    expect(sheet.getRow(6).getCell(1).value).toBe('Итого (записей: 3)');
    expect(sheet.getRow(6).getCell(4).value).toBe(16234567.8);
  });

  it('builds a 10 000-row register from an async source', async () => {
    async function* source() {
      for (let i = 0; i < 10_000; i++) {
        yield { number: String(32500000000 + i), title: `Закупка № ${i + 1}`, publishedAt: '2025-01-15', nmcd: '100.01', lots: 1 };
      }
    }
    const buf = await buildRegisterXlsx(source(), REGISTER_COLUMNS, { sheetName: 'Реестр закупок', totals: true });
    const wb = await load(buf);
    const sheet = wb.getWorksheet('Реестр закупок')!;
    expect(sheet.actualRowCount).toBe(1 + 10_000 + 1);
    expect(sheet.getRow(10_001).getCell(2).value).toBe('Закупка № 10000');
    expect(sheet.getRow(10_002).getCell(4).value).toBe(1000100);
  });

  it('streams into a writable', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeRegisterXlsx(out, [{ number: '1' }], REGISTER_COLUMNS);
    const buf = Buffer.concat(chunks);
    expect(buf.subarray(0, 2).toString()).toBe('PK');
    expect((await load(buf)).worksheets[0].actualRowCount).toBe(2);
  });

  it('needs at least one column', async () => {
    await expect(buildRegisterXlsx([], [])).rejects.toThrow(/хотя бы одна колонка/);
  });
});
