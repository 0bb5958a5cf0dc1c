import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { SAMPLE_EXECUTION_REPORT } from '../xlsx/sample-report';
import { readPdfText } from '../../../test/read-pdf';
import { buildContractExecutionReportPdf, pdfFontFiles } from './index';

const NBSP = '\u00a0';

/** /Count of the root page tree, read straight from the file. */
function declaredPageCount(buf: Buffer): number {
  const m = /\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(buf.toString('latin1'));
  if (!m) throw new Error('no page tree');
  return Number(m[1]);
}

describe('buildContractExecutionReportPdf', () => {
  it('makes a PDF with embedded DejaVu fonts and the report in Russian', async () => {
    const buf = await buildContractExecutionReportPdf(SAMPLE_EXECUTION_REPORT);
    expect(buf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(buf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);

    // read with PDF.js, not with anything of ours: what a viewer shows
    const pdf = await readPdfText(buf);
    expect(pdf.pageCount).toBe(declaredPageCount(buf));
    expect(pdf.pageCount).toBe(2);

    // Every font used is an embedded DejaVu subset: no standard (non-Cyrillic) PDF font slipped in.
    expect(pdf.fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(pdf.fonts.every((f) => f.embedded)).toBe(true);
    expect(buf.toString('latin1')).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);

    expect(pdf.text).not.toContain('\ufffd');
    // Cells wrap their text onto several lines: compare with runs of white space (NBSP too) collapsed.
    const flat = (t: string) => t.replace(/\s+/g, ' ');
    const text = flat(pdf.text);
    for (const expected of [
      'ОТЧЁТ ОБ ИСПОЛНЕНИИ ДОГОВОРА',
      '№ 45-П/2025 от 25.03.2025',
      'по состоянию на 30.06.2025',
      '57701234567250000120000',
      'Общество с ограниченной ответственностью «Канцторг», ИНН 5001012345, КПП 500101001 (субъект МСП)',
      'Бумага офисная А4, 80 г/м², 500 листов',
      `1${NBSP}234${NBSP}567,80 руб.`,
      `695${NBSP}408,53`,
      `500${NBSP}658,53 руб.`,
      'Оплата по УПД № 112 от 10.04.2025, в т. ч. НДС 20 %',
      '56,33 %',
    ]) {
      expect(text).toContain(flat(expected));
    }
    expect(pdf.pages[0]).toContain('Страница 1 из 2');
    expect(pdf.pages[1]).toContain('Страница 2 из 2');
    expect(pdf.pages[1]).toContain('5. Итоги исполнения');
  });

  it('breaks long tables across pages and repeats the header', async () => {
    const positions = Array.from({ length: 150 }, (_, i) => ({
      name: `Позиция номер ${i + 1}`,
      unit: 'шт',
      quantity: '2',
      price: '10.05',
      deliveredQuantity: '1',
      deliveredAmount: '10.05',
    }));
    const buf = await buildContractExecutionReportPdf({ ...SAMPLE_EXECUTION_REPORT, positions, documents: [], payments: [] });
    const pdf = await readPdfText(buf);
    expect(pdf.pageCount).toBe(declaredPageCount(buf));
    expect(pdf.pageCount).toBeGreaterThan(3);
    for (let i = 1; i < pdf.pageCount - 1; i++) {
      expect(pdf.pages[i], `page ${i + 1}`).toContain('Наименование');
      expect(pdf.pages[i]).toContain(`Страница ${i + 1} из ${pdf.pageCount}`);
    }
    for (let i = 1; i <= 150; i++) expect(pdf.text).toMatch(new RegExp(`Позиция номер ${i}(?!\\d)`));
    // PDF.js gives the no-break space of grouped digits as a plain one
    expect(pdf.text.replace(/\s+/g, ' ')).toContain('3 015,00'); // 150 × 2 × 10.05
    expect(pdf.text).toContain('Документы о приёмке отсутствуют.');
    expect(pdf.text).toContain('Платежи по договору отсутствуют.');
  });

  it('validates its input', async () => {
    await expect(
      buildContractExecutionReportPdf({ ...SAMPLE_EXECUTION_REPORT, positions: [{ name: 'x', quantity: 'много', price: '1' }] }),
    ).rejects.toThrow(ZodError);
  });
});

describe('fonts', () => {
  it('takes the TTF files from node_modules, not the system', () => {
    const files = pdfFontFiles();
    expect(files.regular).toMatch(/node_modules\/dejavu-fonts-ttf\/ttf\/DejaVuSans\.ttf$/);
    expect(files.bold).toMatch(/DejaVuSans-Bold\.ttf$/);
  });
});
