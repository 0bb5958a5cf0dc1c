/**
 * Reads a PDF with Mozilla's PDF.js (pdfjs-dist), a reader independent of the pdfkit that writes ours: what a viewer
 * shows is what the tests check. Page count, the text of each page (lines as PDF.js puts them together), and the fonts
 * the pages use, with whether their files are embedded.
 */
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfFont {
  /** The font's PostScript name, with a subset prefix (ABCDEF+DejaVuSans). */
  name: string;
  embedded: boolean;
}

export interface PdfRead {
  pageCount: number;
  pages: string[];
  text: string;
  fonts: PdfFont[];
}

export async function readPdfText(data: Buffer): Promise<PdfRead> {
  // PDF.js takes its own copy's ownership: a fresh array, never the Buffer's shared pool
  const doc = await getDocument({
    data: new Uint8Array(data),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    const fonts = new Map<string, PdfFont>();
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join(''));
      const ops = await page.getOperatorList();
      for (let k = 0; k < ops.fnArray.length; k++) {
        if (ops.fnArray[k] !== OPS.setFont) continue;
        const id = ops.argsArray[k][0] as string;
        const font = page.commonObjs.get(id) as { name: string; missingFile?: boolean };
        fonts.set(font.name, { name: font.name, embedded: !font.missingFile });
      }
    }
    return { pageCount: doc.numPages, pages, text: pages.join('\n'), fonts: [...fonts.values()] };
  } finally {
    await doc.destroy();
  }
}
