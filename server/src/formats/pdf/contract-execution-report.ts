/**
 * «Отчёт об исполнении договора» as a PDF (A4 landscape), from the same input as the Excel report. Text is set in
 * DejaVu Sans embedded from the `dejavu-fonts-ttf` package, so Cyrillic renders on any machine.
 */
import { currencyShort, procurementNumberAndMethod } from '@proc/contract/format';
import { pdfkit } from '../libraries';
import { formatDateRu, formatMoneyRu, formatNumberRu } from '../docx/format';
import { EXECUTION_TOTAL_LABELS, summarizeContractExecution } from '../xlsx/report-figures';
import type { ContractExecutionReportInput } from '../xlsx/types';
import { FONT_BOLD, FONT_REGULAR, pdfFonts } from './fonts';
import { moscowToday } from '../../platform/clock';
import { contentWidth, drawTable, fitColumns, sectionHeading, type Doc, type PdfTableRow } from './pdf-table';

const date = (iso: string | undefined): string => (iso ? (formatDateRu(iso) ?? iso) : '');
const money = (value: string | undefined): string => (value === undefined ? '' : formatMoneyRu(value));
const qty = (value: string): string => formatNumberRu(value);

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * Builds the report as a PDF buffer. Input is validated (ZodError on bad data); figures come from
 * `summarizeContractExecution` (decimal.js), the same as in the Excel report.
 */
export async function buildContractExecutionReportPdf(input: ContractExecutionReportInput): Promise<Buffer> {
  const { report, positions, totals } = summarizeContractExecution(input);
  const { contract, customer, supplier } = report;
  const reportDate = report.reportDate ?? moscowToday();
  const title = `Отчёт об исполнении договора № ${contract.number} от ${date(contract.date)}`;
  const currency = currencyShort(contract.currency);

  const doc: Doc = new (pdfkit())({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 36, bottom: 40, left: 36, right: 36 },
    bufferPages: true,
    info: { Title: title, Subject: contract.subject, Creator: 'Procurement', Author: customer.name },
  });
  const done = collect(doc);
  const fonts = pdfFonts();
  doc.registerFont(FONT_REGULAR, fonts.regular);
  doc.registerFont(FONT_BOLD, fonts.bold);
  const left = doc.page.margins.left;
  const width = contentWidth(doc);

  doc.font(FONT_BOLD).fontSize(15).text('ОТЧЁТ ОБ ИСПОЛНЕНИИ ДОГОВОРА', left, doc.y, { width, align: 'center' });
  doc
    .font(FONT_REGULAR)
    .fontSize(11)
    .text(`№ ${contract.number} от ${date(contract.date)}`, { width, align: 'center' });
  doc
    .fontSize(9)
    .fillColor('#444444')
    .text(`по состоянию на ${date(reportDate)}`, { width, align: 'center' });
  doc.fillColor('black');

  // 1. Requisites
  sectionHeading(doc, '1. Сведения о договоре и сторонах');
  const info: [string, string][] = [
    ['Реестровый номер договора в ЕИС', contract.registryNumber ?? '—'],
    ['Предмет договора', contract.subject],
    ['Номер и способ закупки', procurementNumberAndMethod(contract.procurementNumber, contract.procurementMethod)],
    ['Срок исполнения', contract.startDate || contract.endDate ? `с ${date(contract.startDate)} по ${date(contract.endDate)}` : '—'],
    ['Статус', contract.status ?? '—'],
    ['Цена договора', `${money(totals.contractPrice)} ${currency}`],
    ['Заказчик', `${customer.name}, ИНН ${customer.inn}${customer.kpp ? `, КПП ${customer.kpp}` : ''}`],
    [
      'Поставщик (подрядчик, исполнитель)',
      `${supplier.name}, ИНН ${supplier.inn}${supplier.kpp ? `, КПП ${supplier.kpp}` : ''}` +
        (supplier.isSme === undefined ? '' : supplier.isSme ? ' (субъект МСП)' : ' (не является субъектом МСП)'),
    ],
  ];
  const kvColumns = [
    { header: '', width: width * 0.3 },
    { header: '', width: width * 0.7 },
  ];
  drawTable(
    doc,
    kvColumns,
    info.map(([k, v]) => ({ cells: [k, v] })),
    { header: false, fontSize: 9 },
  );

  // 2. Positions
  sectionHeading(doc, '2. Исполнение по позициям договора');
  const positionColumns = fitColumns(doc, [
    { header: '№', weight: 3, align: 'center' },
    { header: 'Наименование', weight: 21 },
    { header: 'Ед. изм.', weight: 6, align: 'center' },
    { header: 'Кол-во по договору', weight: 9, align: 'right' },
    { header: 'Цена за ед.', weight: 9, align: 'right' },
    { header: 'Сумма по договору', weight: 10, align: 'right' },
    { header: 'Поставлено, кол-во', weight: 9, align: 'right' },
    { header: 'Поставлено, сумма', weight: 10, align: 'right' },
    { header: 'Остаток к поставке, сумма', weight: 10, align: 'right' },
  ]);
  const positionRows: Iterable<PdfTableRow> = {
    *[Symbol.iterator]() {
      for (const p of positions) {
        yield {
          cells: [
            String(p.index),
            p.name,
            p.unit ?? '',
            qty(p.quantity),
            money(p.price),
            money(p.amount),
            qty(p.deliveredQuantity),
            money(p.deliveredAmount),
            money(p.remainingAmount),
          ],
        };
      }
      yield {
        cells: [
          '',
          'Итого',
          '',
          '',
          '',
          money(totals.positionsAmount),
          '',
          money(totals.positionsDeliveredAmount),
          money(totals.positionsRemainingAmount),
        ],
        bold: true,
      };
    },
  };
  drawTable(doc, positionColumns, positionRows);

  // 3. Acceptance documents
  sectionHeading(doc, '3. Документы о приёмке');
  if (report.documents.length === 0) {
    doc.font(FONT_REGULAR).fontSize(9).text('Документы о приёмке отсутствуют.', left, doc.y, { width });
  } else {
    const docColumns = fitColumns(doc, [
      { header: '№', weight: 3, align: 'center' },
      { header: 'Вид документа', weight: 16 },
      { header: 'Номер', weight: 10 },
      { header: 'Дата', weight: 8, align: 'center' },
      { header: 'Сумма', weight: 12, align: 'right' },
      { header: 'в т. ч. НДС', weight: 11, align: 'right' },
      { header: 'Статус', weight: 14 },
    ]);
    drawTable(doc, docColumns, [
      ...report.documents.map((d, i) => ({
        cells: [String(i + 1), d.kind, d.number, date(d.date), money(d.amount), money(d.vatAmount), d.status ?? ''],
      })),
      {
        cells: ['', 'Итого', '', '', money(totals.acceptedAmount), money(totals.acceptedVatAmount), ''],
        bold: true,
      },
    ]);
  }

  // 4. Payments
  sectionHeading(doc, '4. Оплата');
  if (report.payments.length === 0) {
    doc.font(FONT_REGULAR).fontSize(9).text('Платежи по договору отсутствуют.', left, doc.y, { width });
  } else {
    const payColumns = fitColumns(doc, [
      { header: '№', weight: 3, align: 'center' },
      { header: 'Номер платёжного поручения', weight: 12 },
      { header: 'Дата', weight: 8, align: 'center' },
      { header: 'Сумма', weight: 12, align: 'right' },
      { header: 'Назначение платежа', weight: 39 },
    ]);
    drawTable(doc, payColumns, [
      ...report.payments.map((p, i) => ({
        cells: [String(i + 1), p.number, date(p.date), money(p.amount), p.purpose ?? ''],
      })),
      { cells: ['', 'Итого', '', money(totals.paidAmount), ''], bold: true },
    ]);
  }

  // 5. Totals
  sectionHeading(doc, '5. Итоги исполнения');
  drawTable(
    doc,
    [
      { header: '', width: width * 0.45 },
      { header: '', width: width * 0.2, align: 'right' },
    ],
    [
      ...EXECUTION_TOTAL_LABELS.map(([key, label]) => ({ cells: [label, `${money(totals[key])} ${currency}`] })),
      { cells: ['Исполнено, % от цены договора', `${totals.acceptedPercent.replace('.', ',')} %`] },
      { cells: ['Оплачено, % от цены договора', `${totals.paidPercent.replace('.', ',')} %`] },
    ],
    { header: false, fontSize: 9 },
  );

  doc.moveDown(2);
  if (doc.y + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc
    .font(FONT_REGULAR)
    .fontSize(10)
    .text('Ответственное лицо заказчика: ______________________ / ______________________ /', left, doc.y, { width });

  // Page numbers, written into the bottom margin of every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT_REGULAR)
      .fontSize(7)
      .fillColor('#555555')
      .text(`${title}. Страница ${i + 1} из ${range.count}`, left, doc.page.height - 26, { width, align: 'center' });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
