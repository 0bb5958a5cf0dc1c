export { buildContractExecutionReportPdf } from './contract-execution-report';
export { FONT_BOLD, FONT_REGULAR, pdfFontFiles, pdfFonts, type PdfFontFiles } from './fonts';
export {
  drawTable,
  fitColumns,
  sectionHeading,
  ensureSpace,
  contentWidth,
  type PdfColumn,
  type PdfTableRow,
  type PdfTableOptions,
} from './pdf-table';
