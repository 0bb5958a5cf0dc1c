/**
 * A small WordprocessingML writer used by `build-templates.ts` to produce the Word templates.
 *
 * It emits only what the templates need (paragraphs, runs, tables, a footer with the page number) and keeps the
 * element order that the OOXML schema prescribes, so Word opens the files without a repair prompt.
 * Sizes are in twentieths of a point (twips) unless said otherwise; font sizes are in points.
 */
import { pizZip } from '../libraries';

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// ---- runs and paragraphs -------------------------------------------------------------------------------------

export interface RunSpec {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  size?: number;
}

export type Inline = string | RunSpec;

export const b = (text: string): RunSpec => ({ text, bold: true });
export const i = (text: string): RunSpec => ({ text, italic: true });

export type Align = 'left' | 'center' | 'right' | 'both';

export interface ParagraphOptions {
  style?: string;
  align?: Align;
  bold?: boolean;
  italic?: boolean;
  size?: number;
  keepNext?: boolean;
  pageBreakBefore?: boolean;
  spacingBefore?: number;
  spacingAfter?: number;
  indentLeft?: number;
  indentFirstLine?: number;
  indentHanging?: number;
}

function runProps(run: RunSpec, para: ParagraphOptions): string {
  const bold = run.bold ?? para.bold;
  const italic = run.italic ?? para.italic;
  const size = run.size ?? para.size;
  let xml = '';
  if (bold) xml += '<w:b/><w:bCs/>';
  if (italic) xml += '<w:i/><w:iCs/>';
  if (size) xml += `<w:sz w:val="${size * 2}"/><w:szCs w:val="${size * 2}"/>`;
  if (run.underline) xml += '<w:u w:val="single"/>';
  return xml ? `<w:rPr>${xml}</w:rPr>` : '';
}

function run(item: Inline, para: ParagraphOptions): string {
  const spec: RunSpec = typeof item === 'string' ? { text: item } : item;
  return `<w:r>${runProps(spec, para)}<w:t xml:space="preserve">${escapeXml(spec.text)}</w:t></w:r>`;
}

function paragraphProps(o: ParagraphOptions): string {
  let xml = '';
  if (o.style) xml += `<w:pStyle w:val="${o.style}"/>`;
  if (o.keepNext) xml += '<w:keepNext/>';
  if (o.pageBreakBefore) xml += '<w:pageBreakBefore/>';
  if (o.spacingBefore !== undefined || o.spacingAfter !== undefined) {
    xml += '<w:spacing';
    if (o.spacingBefore !== undefined) xml += ` w:before="${o.spacingBefore}"`;
    if (o.spacingAfter !== undefined) xml += ` w:after="${o.spacingAfter}"`;
    xml += '/>';
  }
  if (o.indentLeft !== undefined || o.indentFirstLine !== undefined || o.indentHanging !== undefined) {
    xml += '<w:ind';
    if (o.indentLeft !== undefined) xml += ` w:left="${o.indentLeft}"`;
    if (o.indentHanging !== undefined) xml += ` w:hanging="${o.indentHanging}"`;
    else if (o.indentFirstLine !== undefined) xml += ` w:firstLine="${o.indentFirstLine}"`;
    xml += '/>';
  }
  if (o.align) xml += `<w:jc w:val="${o.align}"/>`;
  return xml ? `<w:pPr>${xml}</w:pPr>` : '';
}

/** One paragraph. */
export function p(content: Inline | Inline[] = '', options: ParagraphOptions = {}): string {
  const items = Array.isArray(content) ? content : [content];
  const runs = items.filter((it) => (typeof it === 'string' ? it : it.text) !== '').map((it) => run(it, options));
  return `<w:p>${paragraphProps(options)}${runs.join('')}</w:p>`;
}

export const title = (text: string, options: ParagraphOptions = {}): string => p(text, { style: 'Title', ...options });
export const h1 = (text: string, options: ParagraphOptions = {}): string => p(text, { style: 'Heading1', ...options });
export const h2 = (text: string, options: ParagraphOptions = {}): string => p(text, { style: 'Heading2', ...options });
/** A body paragraph of a legal text: justified, first line indented by 1.25 cm. */
export const para = (content: Inline | Inline[], options: ParagraphOptions = {}): string =>
  p(content, { indentFirstLine: 709, ...options });
/** A numbered clause: "1.1. text" with the number set off. */
export const clause = (num: string, content: Inline | Inline[], options: ParagraphOptions = {}): string =>
  p([`${num} `, ...(Array.isArray(content) ? content : [content])], { indentFirstLine: 709, ...options });
export const empty = (): string => '<w:p/>';

// ---- tables --------------------------------------------------------------------------------------------------

export interface CellSpec {
  content: Inline | Inline[] | Inline[][];
  span?: number;
  align?: Align;
  bold?: boolean;
  shade?: string;
  vAlign?: 'top' | 'center' | 'bottom';
}

export type Cell = Inline | Inline[] | CellSpec;

export interface RowSpec {
  cells: Cell[];
  header?: boolean;
  bold?: boolean;
  align?: Align;
  shade?: string;
}

export interface TableOptions {
  borders?: boolean;
  fontSize?: number;
}

function isCellSpec(cell: Cell): cell is CellSpec {
  return typeof cell === 'object' && !Array.isArray(cell) && 'content' in cell;
}

function cellParagraphs(content: CellSpec['content'], o: ParagraphOptions): string {
  // Inline[][] = several paragraphs; Inline[] = one paragraph of runs; a string with \n = several paragraphs.
  if (Array.isArray(content) && content.length > 0 && Array.isArray(content[0])) {
    return (content as Inline[][]).map((runs) => p(runs, o)).join('');
  }
  if (typeof content === 'string' && content.includes('\n')) {
    return content
      .split('\n')
      .map((line) => p(line, o))
      .join('');
  }
  return p(content as Inline | Inline[], o);
}

export function table(widths: number[], rows: RowSpec[], options: TableOptions = {}): string {
  const total = widths.reduce((a, c) => a + c, 0);
  const borders =
    options.borders === false
      ? '<w:tblBorders><w:top w:val="nil"/><w:left w:val="nil"/><w:bottom w:val="nil"/><w:right w:val="nil"/><w:insideH w:val="nil"/><w:insideV w:val="nil"/></w:tblBorders>'
      : '';
  let xml =
    `<w:tbl><w:tblPr><w:tblStyle w:val="${options.borders === false ? 'TableNormal' : 'TableGrid'}"/>` +
    `<w:tblW w:w="${total}" w:type="dxa"/>${borders}<w:tblLayout w:type="fixed"/>` +
    `<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>` +
    `<w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>`;
  for (const row of rows) {
    const trPr = `<w:trPr><w:cantSplit/>${row.header ? '<w:tblHeader/>' : ''}</w:trPr>`;
    xml += `<w:tr>${trPr}`;
    let col = 0;
    for (const raw of row.cells) {
      const cell: CellSpec = isCellSpec(raw) ? raw : { content: raw };
      const span = cell.span ?? 1;
      const width = widths.slice(col, col + span).reduce((a, c) => a + c, 0);
      col += span;
      const shade = cell.shade ?? row.shade ?? (row.header ? 'E7E6E6' : undefined);
      let tcPr = `<w:tcW w:w="${width}" w:type="dxa"/>`;
      if (span > 1) tcPr += `<w:gridSpan w:val="${span}"/>`;
      if (shade) tcPr += `<w:shd w:val="clear" w:color="auto" w:fill="${shade}"/>`;
      tcPr += `<w:vAlign w:val="${cell.vAlign ?? (row.header ? 'center' : 'top')}"/>`;
      const po: ParagraphOptions = {
        style: 'TableText',
        align: cell.align ?? row.align ?? (row.header ? 'center' : undefined),
        bold: cell.bold ?? row.bold ?? row.header,
        size: options.fontSize,
      };
      xml += `<w:tc><w:tcPr>${tcPr}</w:tcPr>${cellParagraphs(cell.content, po)}</w:tc>`;
    }
    if (col !== widths.length) throw new Error(`table row has ${col} columns, grid has ${widths.length}`);
    xml += '</w:tr>';
  }
  return `${xml}</w:tbl>`;
}

// ---- package -------------------------------------------------------------------------------------------------

export interface PageSetup {
  landscape?: boolean;
}

export const PORTRAIT_TEXT_WIDTH = 11906 - 1701 - 850; // A4, margins 3 cm left, 1.5 cm right
export const LANDSCAPE_TEXT_WIDTH = 16838 - 1134 - 1134; // A4 landscape, margins 2 cm

export interface DocxPackageOptions {
  title: string;
  body: string;
  page?: PageSetup;
  /** Timestamp of the zip entries and core properties; fixed by default so the build is reproducible. */
  date?: Date;
}

const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W_NS}">
<w:docDefaults>
<w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="Times New Roman" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="ru-RU" w:eastAsia="ru-RU" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>
<w:pPrDefault><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr></w:pPrDefault>
</w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="60"/><w:jc w:val="both"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="0" w:after="60"/><w:jc w:val="center"/></w:pPr><w:rPr><w:b/><w:bCs/><w:caps/><w:sz w:val="28"/><w:szCs w:val="28"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="120"/><w:jc w:val="center"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:bCs/><w:sz w:val="24"/><w:szCs w:val="24"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="120" w:after="60"/><w:jc w:val="left"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/><w:bCs/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="TableText"><w:name w:val="Table Text"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:before="20" w:after="20"/><w:jc w:val="left"/></w:pPr><w:rPr><w:sz w:val="20"/><w:szCs w:val="20"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/><w:pPr><w:jc w:val="right"/></w:pPr><w:rPr><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>
<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>
<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tblBorders></w:tblPr></w:style>
</w:styles>`;

const SETTINGS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:settings xmlns:w="${W_NS}"><w:zoom w:percent="100"/><w:defaultTabStop w:val="708"/><w:characterSpacingControl w:val="doNotCompress"/><w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>`;

const FOOTER_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:ftr xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="right"/></w:pPr><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:ftr>`;

const CONTENT_TYPES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/><Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;

const ROOT_RELS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`;

const DOCUMENT_RELS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/></Relationships>`;

function coreXml(docTitle: string, date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00Z`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(docTitle)}</dc:title><dc:language>ru-RU</dc:language><cp:lastModifiedBy></cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified></cp:coreProperties>`;
}

const APP_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Procurement templates</Application><DocSecurity>0</DocSecurity></Properties>`;

function documentXml(body: string, page: PageSetup): string {
  const pgSz = page.landscape ? '<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/>' : '<w:pgSz w:w="11906" w:h="16838"/>';
  const pgMar = page.landscape
    ? '<w:pgMar w:top="1134" w:right="1134" w:bottom="850" w:left="1134" w:header="709" w:footer="425" w:gutter="0"/>'
    : '<w:pgMar w:top="1134" w:right="850" w:bottom="1134" w:left="1701" w:header="709" w:footer="567" w:gutter="0"/>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body}<w:sectPr><w:footerReference w:type="default" r:id="rId3"/>${pgSz}${pgMar}<w:cols w:space="708"/></w:sectPr></w:body></w:document>`;
}

/** Packs a document body into a .docx (a zip with the parts Word needs). */
export function buildDocxPackage(options: DocxPackageOptions): Buffer {
  // Zip entries carry local (DOS) time: a local midnight gives the same bytes in every time zone.
  const date = options.date ?? new Date(2025, 0, 1);
  const zip = new (pizZip())();
  const add = (name: string, content: string) => zip.file(name, content, { date, createFolders: false });
  add('[Content_Types].xml', CONTENT_TYPES_XML);
  add('_rels/.rels', ROOT_RELS_XML);
  add('docProps/core.xml', coreXml(options.title, date));
  add('docProps/app.xml', APP_XML);
  add('word/document.xml', documentXml(options.body, options.page ?? {}));
  add('word/_rels/document.xml.rels', DOCUMENT_RELS_XML);
  add('word/styles.xml', STYLES_XML);
  add('word/settings.xml', SETTINGS_XML);
  add('word/footer1.xml', FOOTER_XML);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}
