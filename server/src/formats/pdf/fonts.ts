/**
 * Cyrillic fonts for PDFs: DejaVu Sans (regular and bold) from the npm package `dejavu-fonts-ttf`, so reports do
 * not depend on the fonts installed on the machine. The files are read once and reused.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const FONT_REGULAR = 'DejaVuSans';
export const FONT_BOLD = 'DejaVuSans-Bold';

export interface PdfFontFiles {
  regular: string;
  bold: string;
}

/** Absolute paths of the TTF files inside node_modules. */
export function pdfFontFiles(): PdfFontFiles {
  return {
    regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
}

let cache: { regular: Buffer; bold: Buffer } | null = null;

/** The font files' contents (read on first use). */
export function pdfFonts(): { regular: Buffer; bold: Buffer } {
  if (!cache) {
    const files = pdfFontFiles();
    cache = { regular: readFileSync(files.regular), bold: readFileSync(files.bold) };
  }
  return cache;
}
