/**
 * Monthly summary of contracts concluded under 223-FZ for a period: number and total sum of contracts by procurement
 * method, and the share of contracts with small and medium businesses (субъекты МСП), with a list of the contracts.
 */
import type { Writable } from 'node:stream';
import Decimal from 'decimal.js';
import { formatDateRu } from '../docx/format';
import { addTableSheet } from './register';
import { MonthlySummarySchema, type MonthlySummary, type MonthlySummaryInput, type RegisterColumn, type SummaryContract } from './types';
import {
  CELL_BORDER,
  INTEGER_FORMAT,
  MONEY_FORMAT,
  PERCENT_FORMAT,
  addHeaderRow,
  addTextRow,
  addTitleRow,
  buildStreamingXlsx,
  moneyCell,
} from './workbook';

export interface MethodSummaryRow {
  method: string;
  count: number;
  /** Total sum, decimal string with two decimals. */
  amount: string;
  smeCount: number;
  smeAmount: string;
  /** SME share of the sum, percent with two decimals ("12.34"). */
  smeShare: string;
}

export interface MonthlySummaryResult {
  summary: MonthlySummary;
  /** Contracts dated within the period, by date. */
  contracts: SummaryContract[];
  /** One row per method, in order of first appearance. */
  byMethod: MethodSummaryRow[];
  total: MethodSummaryRow;
}

interface Acc {
  count: number;
  amount: Decimal;
  smeCount: number;
  smeAmount: Decimal;
}

const share = (part: Decimal, whole: Decimal): string =>
  whole.isZero() ? '0.00' : part.div(whole).times(100).toFixed(2, Decimal.ROUND_HALF_UP);

function toRow(method: string, acc: Acc): MethodSummaryRow {
  return {
    method,
    count: acc.count,
    amount: acc.amount.toFixed(2),
    smeCount: acc.smeCount,
    smeAmount: acc.smeAmount.toFixed(2),
    smeShare: share(acc.smeAmount, acc.amount),
  };
}

/**
 * Validates the input and aggregates contracts dated within [periodFrom, periodTo] (inclusive) by method.
 * Contracts outside the period are left out.
 */
export function summarizeContractsByMethod(input: MonthlySummaryInput): MonthlySummaryResult {
  const summary = MonthlySummarySchema.parse(input);
  const contracts = summary.contracts
    .filter((c) => c.date >= summary.periodFrom && c.date <= summary.periodTo)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const groups = new Map<string, Acc>();
  const total: Acc = { count: 0, amount: new Decimal(0), smeCount: 0, smeAmount: new Decimal(0) };
  for (const c of contracts) {
    const method = c.method.trim();
    let acc = groups.get(method);
    if (!acc) {
      acc = { count: 0, amount: new Decimal(0), smeCount: 0, smeAmount: new Decimal(0) };
      groups.set(method, acc);
    }
    for (const a of [acc, total]) {
      a.count++;
      a.amount = a.amount.plus(c.amount);
      if (c.isSme) {
        a.smeCount++;
        a.smeAmount = a.smeAmount.plus(c.amount);
      }
    }
  }
  return {
    summary,
    contracts,
    byMethod: [...groups].map(([method, acc]) => toRow(method, acc)),
    total: toRow('Итого', total),
  };
}

export const SUMMARY_CONTRACT_COLUMNS: RegisterColumn[] = [
  { key: 'index', header: '№ п/п', type: 'number', width: 7 },
  { key: 'registryNumber', header: 'Реестровый номер в ЕИС', width: 26 },
  { key: 'number', header: 'Номер договора', width: 16 },
  { key: 'date', header: 'Дата заключения', type: 'date', width: 12 },
  { key: 'subject', header: 'Предмет договора', width: 40 },
  { key: 'method', header: 'Способ закупки', width: 30 },
  { key: 'supplierName', header: 'Поставщик', width: 34 },
  { key: 'supplierInn', header: 'ИНН поставщика', width: 14 },
  { key: 'sme', header: 'Субъект МСП', width: 10 },
  { key: 'amount', header: 'Цена договора, руб.', type: 'money', width: 18 },
];

const SUMMARY_HEADERS = [
  'Способ закупки',
  'Количество договоров',
  'Сумма договоров, руб.',
  'в т. ч. с субъектами МСП: количество',
  'в т. ч. с субъектами МСП: сумма, руб.',
  'Доля МСП (по сумме), %',
];

/** Builds the summary as an .xlsx buffer (or writes it to `out`): sheets «Сводка» and «Договоры». */
export async function buildMonthlySummaryXlsx(input: MonthlySummaryInput, out?: Writable): Promise<Buffer> {
  const result = summarizeContractsByMethod(input);
  const { summary } = result;
  const period = `с ${formatDateRu(summary.periodFrom)} по ${formatDateRu(summary.periodTo)}`;

  return buildStreamingXlsx(async (workbook) => {
    workbook.title = `Сводный отчёт о договорах за период ${period}`;
    const headerRow = 5;
    const sheet = workbook.addWorksheet('Сводка', {
      views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow }],
      pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 },
    });
    const widths = [44, 14, 20, 16, 20, 14];
    sheet.columns = widths.map((width) => ({ width }));
    addTitleRow(sheet, 'Сводный отчёт о договорах, заключённых по результатам закупок (223-ФЗ)', 6, 13);
    const { customer } = summary;
    addTextRow(sheet, `Заказчик: ${customer.name}, ИНН ${customer.inn}${customer.kpp ? `, КПП ${customer.kpp}` : ''}`, 6);
    addTextRow(sheet, `Период: ${period}`, 6);
    sheet.addRow([]).commit();
    addHeaderRow(sheet, SUMMARY_HEADERS);

    const writeRow = (r: MethodSummaryRow, bold = false) => {
      const row = sheet.addRow([
        r.method,
        r.count,
        moneyCell(r.amount),
        r.smeCount,
        moneyCell(r.smeAmount),
        Number(new Decimal(r.smeShare).div(100).toFixed(4)),
      ]);
      const formats = [undefined, INTEGER_FORMAT, MONEY_FORMAT, INTEGER_FORMAT, MONEY_FORMAT, PERCENT_FORMAT];
      row.eachCell((cell, col) => {
        const fmt = formats[col - 1];
        if (fmt) cell.numFmt = fmt;
        cell.border = CELL_BORDER;
      });
      row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
      if (bold) row.font = { bold: true };
      row.commit();
    };
    for (const r of result.byMethod) writeRow(r);
    writeRow(result.total, true);
    sheet.commit();

    await addTableSheet(workbook, {
      name: 'Договоры',
      columns: SUMMARY_CONTRACT_COLUMNS,
      rows: result.contracts.map((c, i) => ({ ...c, index: i + 1, sme: c.isSme ? 'Да' : 'Нет' })),
      totals: true,
    });
  }, out);
}
