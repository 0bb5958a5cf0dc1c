/**
 * Minimal table and layout helpers on top of pdfkit: bordered tables whose rows wrap text, break across pages and
 * repeat the header row on every page.
 */
import type PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR } from './fonts';

export type Doc = InstanceType<typeof PDFDocument>;

export interface PdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'center' | 'right';
}

export interface PdfTableRow {
  cells: string[];
  bold?: boolean;
  fill?: string;
}

export interface PdfTableOptions {
  fontSize?: number;
  padding?: number;
  /** Draw the header row (repeated on each page). Default true. */
  header?: boolean;
}

const BORDER = '#7F7F7F';
const HEADER_FILL = '#E7E6E6';

export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `space` points fit below the current position. */
export function ensureSpace(doc: Doc, space: number): void {
  if (doc.y + space > bottom(doc)) doc.addPage();
}

/** A bold section heading kept together with at least the next few lines. */
export function sectionHeading(doc: Doc, text: string): void {
  doc.moveDown(0.8);
  ensureSpace(doc, 60);
  doc
    .font(FONT_BOLD)
    .fontSize(11)
    .fillColor('black')
    .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

/** Draws a table; returns the number of rows drawn (without the header). */
export function drawTable(doc: Doc, columns: PdfColumn[], rows: Iterable<PdfTableRow>, options: PdfTableOptions = {}): number {
  const fontSize = options.fontSize ?? 8;
  const pad = options.padding ?? 3;
  const left = doc.page.margins.left;

  const measure = (cells: string[], bold: boolean): number => {
    doc.font(bold ? FONT_BOLD : FONT_REGULAR).fontSize(fontSize);
    let h = 0;
    cells.forEach((text, i) => {
      h = Math.max(h, doc.heightOfString(text || ' ', { width: columns[i].width - 2 * pad }));
    });
    return h + 2 * pad;
  };

  const draw = (row: PdfTableRow, isHeader: boolean): void => {
    const bold = isHeader || !!row.bold;
    const height = measure(row.cells, bold);
    const usable = bottom(doc) - doc.page.margins.top;
    if (doc.y + height > bottom(doc) && height < usable) {
      doc.addPage();
      if (!isHeader && options.header !== false) draw({ cells: columns.map((c) => c.header) }, true);
    }
    const top = doc.y;
    let x = left;
    row.cells.forEach((text, i) => {
      const col = columns[i];
      const fill = isHeader ? HEADER_FILL : row.fill;
      if (fill) doc.rect(x, top, col.width, height).fillColor(fill).fill();
      doc.rect(x, top, col.width, height).lineWidth(0.5).strokeColor(BORDER).stroke();
      doc
        .fillColor('black')
        .font(bold ? FONT_BOLD : FONT_REGULAR)
        .fontSize(fontSize)
        .text(text ?? '', x + pad, top + pad, {
          width: col.width - 2 * pad,
          align: isHeader ? 'center' : (col.align ?? 'left'),
        });
      x += col.width;
    });
    doc.x = left;
    doc.y = top + height;
  };

  if (options.header !== false) {
    ensureSpace(
      doc,
      measure(
        columns.map((c) => c.header),
        true,
      ) + 20,
    );
    draw({ cells: columns.map((c) => c.header) }, true);
  }
  let count = 0;
  for (const row of rows) {
    draw(row, false);
    count++;
  }
  return count;
}

/** Scales column widths given in relative units to the page's content width. */
export function fitColumns(doc: Doc, columns: (Omit<PdfColumn, 'width'> & { weight: number })[]): PdfColumn[] {
  const total = columns.reduce((a, c) => a + c.weight, 0);
  const width = contentWidth(doc);
  return columns.map(({ weight, ...c }) => ({ ...c, width: (width * weight) / total }));
}
