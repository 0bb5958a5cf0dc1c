/**
 * Shared pieces of the Excel builders: the streaming workbook (rows are written to the zip as they are committed,
 * so large registers do not stay in memory), cell values from decimal strings and ISO dates, and common styles.
 */
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import Decimal from 'decimal.js';
import type ExcelJS from 'exceljs';
import { excel } from '../libraries';
import { now } from '../../platform/clock';

export const MONEY_FORMAT = '#,##0.00';
export const DATE_FORMAT = 'dd.mm.yyyy';
export const PERCENT_FORMAT = '0.00%';
export const INTEGER_FORMAT = '#,##0';
export const FRACTION_FORMAT = '#,##0.###';

export type StreamingWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;
export type StreamingWorksheet = ExcelJS.Worksheet;

const thin: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF999999' } };
export const CELL_BORDER: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };

export const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true },
  alignment: { horizontal: 'center', vertical: 'middle', wrapText: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7E6E6' } },
  border: CELL_BORDER,
};

/** Money from a decimal string, rounded to kopecks with decimal.js; the number is made only for the cell. */
export function moneyCell(value: string | Decimal): number {
  return Number(new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP));
}

/** Number format for a quantity: no decimals for whole numbers, up to three otherwise. */
export function quantityFormat(value: string | Decimal): string {
  return new Decimal(value).isInteger() ? INTEGER_FORMAT : FRACTION_FORMAT;
}

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/**
 * A date cell value from an ISO date (`2025-03-15`, or the date part of a timestamp) or a Date. Excel dates have no
 * time zone: the calendar date is kept as midnight UTC, which exceljs writes as that same serial day.
 */
export function dateCell(value: unknown): Date | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()));
  }
  if (typeof value !== 'string') return null;
  const m = ISO_DATE_RE.exec(value.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[:\\/?*[\]]/g, ' ').trim();
  return (cleaned || 'Лист1').slice(0, 31);
}

/**
 * Builds an .xlsx with exceljs' streaming writer. `fill` adds worksheets and commits rows; the workbook is
 * committed afterwards. With `out`, the file is written to that stream and the returned buffer is empty.
 */
export async function buildStreamingXlsx(fill: (workbook: StreamingWorkbook) => Promise<void> | void, out?: Writable): Promise<Buffer> {
  const stream = out ?? new PassThrough();
  const chunks: Buffer[] = [];
  if (!out) stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = finished(stream);
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Procurement';
  workbook.created = now();
  await fill(workbook);
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** Height (points) of a header row whose texts wrap within their columns' widths (in characters). */
export function headerHeight(headers: string[], widths: (number | undefined)[]): number {
  let lines = 1;
  headers.forEach((text, i) => {
    const perLine = Math.max(4, Math.floor((widths[i] ?? 10) * 0.95) - 1);
    // Wrap by words, as Excel does.
    let count = 1;
    let used = 0;
    for (const word of text.split(/\s+/)) {
      if (used > 0 && used + 1 + word.length > perLine) {
        count++;
        used = word.length;
      } else {
        used += (used > 0 ? 1 : 0) + word.length;
      }
    }
    lines = Math.max(lines, count);
  });
  return Math.max(20, lines * 14 + 6);
}

/** Writes a header row styled as a table header; its height fits the wrapped texts unless given. */
export function addHeaderRow(sheet: StreamingWorksheet, headers: string[], height?: number): void {
  const row = sheet.addRow(headers);
  row.height =
    height ??
    headerHeight(
      headers,
      headers.map((_, i) => sheet.getColumn(i + 1).width),
    );
  row.eachCell((cell) => {
    cell.style = HEADER_STYLE;
  });
  row.commit();
}

/** Writes a bold title line (merged across `span` columns). */
export function addTitleRow(sheet: StreamingWorksheet, text: string, span: number, size = 14): void {
  const row = sheet.addRow([text]);
  row.font = { bold: true, size };
  row.height = size * 1.6;
  if (span > 1) sheet.mergeCells(row.number, 1, row.number, span);
  row.commit();
}

/** Writes a plain line of text. */
export function addTextRow(sheet: StreamingWorksheet, text: string, span = 1): void {
  const row = sheet.addRow([text]);
  if (span > 1) sheet.mergeCells(row.number, 1, row.number, span);
  row.commit();
}
