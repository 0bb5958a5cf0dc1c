/**
 * Generic table export (the procurement register's «Выгрузить в Excel» and any other list): a header row and one
 * row per record, cells typed by column (text, date, money, number). Rows may come from an async iterator (a
 * database cursor), and are streamed to the file as they are written.
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { toDecimal } from '../docx/format';
import { MoneySum } from './money-sum';
import type { RegisterColumn, RegisterOptions, RegisterRow } from './types';
import {
  CELL_BORDER,
  DATE_FORMAT,
  FRACTION_FORMAT,
  INTEGER_FORMAT,
  MONEY_FORMAT,
  addHeaderRow,
  addTitleRow,
  buildStreamingXlsx,
  dateCell,
  moneyCell,
  quantityFormat,
  safeSheetName,
  type StreamingWorkbook,
} from './workbook';

const DEFAULT_WIDTH: Record<NonNullable<RegisterColumn['type']>, number> = {
  string: 30,
  date: 12,
  money: 18,
  number: 12,
};

const MONEY_RE = /^-?\d+(\.\d{1,2})?$/;
const INTEGER_RE = /^-?\d+$/;
const FRACTION_RE = /^-?\d+\.\d+$/;
const ZERO_FRACTION_RE = /\.0+$/;
/**
 * Style of every data row. exceljs gives each new row its own empty style object and looks its style id up by
 * object, so every row would have its (empty) style serialised again; one shared, frozen object is looked up once.
 */
const DATA_ROW_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

interface TypedCell {
  value: ExcelJS.CellValue;
  numFmt?: string;
}

/** Converts a raw value to a cell of the column's type; a value that does not parse is written as text. */
export function registerCell(column: RegisterColumn, raw: unknown): TypedCell {
  if (raw === undefined || raw === null || raw === '') return { value: null };
  switch (column.type ?? 'string') {
    case 'date': {
      const d = dateCell(raw);
      return d ? { value: d, numFmt: DATE_FORMAT } : { value: String(raw) };
    }
    case 'money': {
      // A decimal string with at most two decimals parses to the same double as its rounded Decimal: skip decimal.js.
      if (typeof raw === 'string' && MONEY_RE.test(raw)) return { value: Number(raw), numFmt: MONEY_FORMAT };
      const d = toDecimal(raw);
      return d ? { value: moneyCell(d), numFmt: MONEY_FORMAT } : { value: String(raw) };
    }
    case 'number': {
      if (typeof raw === 'number' && Number.isFinite(raw)) {
        return { value: raw, numFmt: Number.isInteger(raw) ? INTEGER_FORMAT : FRACTION_FORMAT };
      }
      if (typeof raw === 'string' && INTEGER_RE.test(raw)) return { value: Number(raw), numFmt: INTEGER_FORMAT };
      // A plain decimal string: Number() gives the same double as Decimal#toNumber, and a fraction of zeros is whole.
      if (typeof raw === 'string' && FRACTION_RE.test(raw)) {
        return { value: Number(raw), numFmt: ZERO_FRACTION_RE.test(raw) ? INTEGER_FORMAT : FRACTION_FORMAT };
      }
      const d = toDecimal(raw);
      return d ? { value: d.toNumber(), numFmt: quantityFormat(d) } : { value: String(raw) };
    }
    default:
      return { value: typeof raw === 'string' ? raw : String(raw) };
  }
}

export interface TableSheetOptions {
  name: string;
  columns: RegisterColumn[];
  /** Records (plain objects) read by the columns' keys. */
  rows: Iterable<object> | AsyncIterable<object>;
  title?: string;
  /** Adds a row «Итого» with the sums of money columns (computed with decimal.js). */
  totals?: boolean;
  /** Label of the totals row; `{count}` is replaced by the number of rows. */
  totalsLabel?: string;
  landscape?: boolean;
}

/**
 * Adds a worksheet with a (frozen, filterable) header row and typed cells; returns the number of data rows.
 * Rows are committed one by one, so a streaming workbook keeps none of them in memory.
 */
export async function addTableSheet(workbook: StreamingWorkbook, options: TableSheetOptions): Promise<number> {
  const { columns } = options;
  if (columns.length === 0) throw new Error('Для выгрузки в Excel нужна хотя бы одна колонка');
  const headerRowNumber = options.title ? 2 : 1;
  const sheet = workbook.addWorksheet(safeSheetName(options.name), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRowNumber }],
    pageSetup: {
      orientation: options.landscape === false ? 'portrait' : 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      paperSize: 9,
    },
  });
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width ?? DEFAULT_WIDTH[c.type ?? 'string'] }));
  if (options.title) addTitleRow(sheet, options.title, columns.length, 12);
  addHeaderRow(
    sheet,
    columns.map((c) => c.header),
  );
  sheet.autoFilter = {
    from: { row: headerRowNumber, column: 1 },
    to: { row: headerRowNumber, column: columns.length },
  };

  // exceljs caches the style id per style object: sharing one object per format (never mutated afterwards) keeps
  // it from serialising a style for every cell, which is most of the cost of a large sheet.
  const sharedStyles = new Map<string, Partial<ExcelJS.Style>>();
  const styleFor = (numFmt: string | undefined): Partial<ExcelJS.Style> => {
    const key = numFmt ?? '';
    let style = sharedStyles.get(key);
    if (!style) {
      style = numFmt ? { numFmt } : {};
      sharedStyles.set(key, style);
    }
    return style;
  };
  const moneyTotals = columns.map(() => new MoneySum());
  let count = 0;
  for await (const record of options.rows) {
    const row = sheet.addRow([]);
    (row as ExcelJS.Row & { style: Partial<ExcelJS.Style> }).style = DATA_ROW_STYLE; // a field exceljs does not type
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      const raw = (record as RegisterRow)[column.key];
      const typed = registerCell(column, raw);
      const cell = row.getCell(i + 1);
      cell.value = typed.value;
      cell.style = styleFor(typed.numFmt);
      if (column.type === 'money' && typeof typed.value === 'number') {
        moneyTotals[i].add(typeof raw === 'string' && MONEY_RE.test(raw) ? raw : toDecimal(raw)!);
      }
    }
    row.commit();
    count++;
  }

  const totalled = (c: RegisterColumn) => c.type === 'money' && c.total !== false;
  if (options.totals && columns.some(totalled)) {
    const row = sheet.addRow([]);
    row.font = { bold: true };
    const labelIndex = Math.max(
      0,
      columns.findIndex((c) => (c.type ?? 'string') === 'string'),
    );
    row.getCell(labelIndex + 1).value = (options.totalsLabel ?? 'Итого (записей: {count})').replace('{count}', String(count));
    columns.forEach((column, i) => {
      if (!totalled(column)) return;
      const cell = row.getCell(i + 1);
      cell.value = moneyCell(moneyTotals[i].value);
      cell.numFmt = MONEY_FORMAT;
      cell.border = CELL_BORDER;
    });
    row.commit();
  }
  sheet.commit();
  return count;
}

async function registerXlsx(
  out: Writable | undefined,
  rows: Iterable<object> | AsyncIterable<object>,
  columns: RegisterColumn[],
  options: RegisterOptions,
): Promise<Buffer> {
  if (columns.length === 0) throw new Error('Для выгрузки в Excel нужна хотя бы одна колонка');
  return buildStreamingXlsx(async (workbook) => {
    await addTableSheet(workbook, {
      name: options.sheetName ?? 'Реестр',
      title: options.title,
      columns,
      rows,
      totals: options.totals,
    });
  }, out);
}

/** Writes the register to a stream (e.g. an HTTP response); resolves when the file is complete. */
export async function writeRegisterXlsx(
  out: Writable,
  rows: Iterable<object> | AsyncIterable<object>,
  columns: RegisterColumn[],
  options: RegisterOptions = {},
): Promise<void> {
  await registerXlsx(out, rows, columns, options);
}

/**
 * Builds a register as an .xlsx buffer: header row + rows; column types string/date/money/number.
 * Money comes as decimal strings and is written as numbers with the format `#,##0.00`.
 */
export function buildRegisterXlsx(
  rows: Iterable<object> | AsyncIterable<object>,
  columns: RegisterColumn[],
  options: RegisterOptions = {},
): Promise<Buffer> {
  return registerXlsx(undefined, rows, columns, options);
}
