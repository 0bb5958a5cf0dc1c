import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';
import type PizZip from 'pizzip';
import type Docxtemplater from 'docxtemplater';
import { lazyModule } from '../platform/lazy-module';

// The libraries that write XLSX, PDF and DOCX, each loaded when a first file of its kind is made (lazy-module.ts).
export const excel = lazyModule<typeof ExcelJS>('exceljs');
export const pdfkit = lazyModule<typeof PDFDocument>('pdfkit');
export const pizZip = lazyModule<typeof PizZip>('pizzip');
export const docxtemplater = lazyModule<typeof Docxtemplater>('docxtemplater');
