/**
 * A small reader for the PDFs this project makes with pdfkit, for tests and sanity checks: page count, fonts and
 * whether they are embedded, and the text of each page decoded through the fonts' ToUnicode maps.
 *
 * It understands what pdfkit writes (uncompressed object dictionaries, FlateDecode streams, Type0 fonts with
 * Identity-H encoding and a ToUnicode CMap, hex strings in TJ arrays). It is not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

export interface PdfFontInfo {
  resourceNames: string[];
  baseFont: string;
  subtype: string;
  embedded: boolean;
}

export interface PdfInspection {
  version: string;
  pageCount: number;
  fonts: PdfFontInfo[];
  /** Text of each page; lines of text objects separated by \n. */
  pages: string[];
  text: string;
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function parseObjects(buf: Buffer): Map<number, PdfObject> {
  const s = buf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const id = Number(m[1]);
    const start = m.index + m[0].length;
    const end = s.indexOf('endobj', start);
    if (end < 0) break;
    const body = s.slice(start, end);
    const streamAt = body.search(/\bstream\r?\n/);
    if (streamAt < 0) {
      objects.set(id, { dict: body });
    } else {
      const dict = body.slice(0, streamAt);
      const dataStart = start + streamAt + (body[streamAt + 6] === '\r' ? 8 : 7);
      const length = /\/Length (\d+)/.exec(dict);
      const dataEnd = length ? dataStart + Number(length[1]) : s.indexOf('endstream', dataStart);
      let data: Buffer = buf.subarray(dataStart, dataEnd);
      if (/\/Filter\s*\/FlateDecode/.test(dict)) data = inflateSync(data);
      objects.set(id, { dict, stream: data });
    }
    re.lastIndex = end;
  }
  return objects;
}

const ref = (dict: string, key: string): number | null => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : null;
};

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexToString = (hex: string) =>
    String.fromCharCode(...hex.trim().split(/\s+/).flatMap((h) => h.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F ]+>)/g)) {
      const from = parseInt(line[1], 16);
      const to = parseInt(line[2], 16);
      if (line[3].startsWith('[')) {
        [...line[3].matchAll(/<([0-9a-fA-F ]+)>/g)].forEach((e, i) => map.set(from + i, hexToString(e[1])));
      } else {
        const first = parseInt(line[3].slice(1, -1).replace(/\s/g, ''), 16);
        for (let c = from; c <= to; c++) map.set(c, String.fromCharCode(first + c - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const line of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g)) {
      map.set(parseInt(line[1], 16), hexToString(line[2]));
    }
  }
  return map;
}

function fontDict(dict: string): Record<string, number> {
  const m = /\/Font\s*<<([\s\S]*?)>>/.exec(dict);
  const out: Record<string, number> = {};
  if (!m) return out;
  for (const f of m[1].matchAll(/\/([^\s/]+)\s+(\d+) 0 R/g)) out[f[1]] = Number(f[2]);
  return out;
}

function decodeContent(content: string, fonts: Record<string, Map<number, string> | undefined>): string {
  const lines: string[] = [];
  let current: Map<number, string> | undefined;
  let line = '';
  const token = /\/([^\s/]+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
  const decodeHex = (hex: string) => {
    let out = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) out += current?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\ufffd';
    return out;
  };
  for (const m of content.matchAll(token)) {
    if (m[1] !== undefined) current = fonts[m[1]];
    else if (m[2] !== undefined) for (const h of m[2].matchAll(/<([0-9a-fA-F]*)>/g)) line += decodeHex(h[1]);
    else if (m[3] !== undefined) line += decodeHex(m[3]);
    else {
      if (line) lines.push(line);
      line = '';
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** Reads a pdfkit-made PDF: version, pages, fonts and text. */
export function inspectPdf(buf: Buffer): PdfInspection {
  const header = /^%PDF-(\d\.\d)/.exec(buf.subarray(0, 16).toString('latin1'));
  if (!header) throw new Error('Не PDF: файл не начинается с %PDF-');
  const objects = parseObjects(buf);

  const toUnicode = new Map<number, Map<number, string>>();
  const fonts = new Map<number, PdfFontInfo>();
  for (const [id, obj] of objects) {
    if (!/\/Type\s*\/Font\b/.test(obj.dict)) continue;
    const baseFont = /\/BaseFont\s*\/([^\s/>]+)/.exec(obj.dict)?.[1] ?? '';
    const subtype = /\/Subtype\s*\/(\w+)/.exec(obj.dict)?.[1] ?? '';
    let embedded = false;
    const descendants = /\/DescendantFonts\s*\[\s*(\d+) 0 R/.exec(obj.dict);
    const descendant = descendants ? objects.get(Number(descendants[1])) : undefined;
    const descriptorRef = ref(descendant?.dict ?? obj.dict, 'FontDescriptor');
    const descriptor = descriptorRef !== null ? objects.get(descriptorRef) : undefined;
    if (descriptor && /\/FontFile[23]?\s+\d+ 0 R/.test(descriptor.dict)) embedded = true;
    // Descendant CID fonts are parts of their Type0 font, not fonts of their own.
    if (!subtype.startsWith('CIDFontType')) fonts.set(id, { resourceNames: [], baseFont, subtype, embedded });
    const tu = ref(obj.dict, 'ToUnicode');
    const cmap = tu !== null ? objects.get(tu)?.stream : undefined;
    if (cmap) toUnicode.set(id, parseToUnicode(cmap.toString('latin1')));
  }

  // Pages in document order: the /Kids of the page tree (pdfkit writes a flat one), else in object order.
  const root = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.dict) && !/\/Parent\s/.test(o.dict));
  const kids = [...(/\/Kids\s*\[([^\]]*)\]/.exec(root?.dict ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  const pageObjects = kids.length
    ? kids.map((id) => objects.get(id)).filter((o): o is PdfObject => o !== undefined)
    : [...objects.values()].filter((o) => /\/Type\s*\/Page\b(?!s)/.test(o.dict));

  const pages: string[] = [];
  for (const obj of pageObjects) {
    const resId = ref(obj.dict, 'Resources');
    const resources = resId !== null ? (objects.get(resId)?.dict ?? '') : obj.dict;
    const names = fontDict(resources);
    const byName: Record<string, Map<number, string> | undefined> = {};
    for (const [name, fontId] of Object.entries(names)) {
      byName[name] = toUnicode.get(fontId);
      const info = fonts.get(fontId);
      if (info && !info.resourceNames.includes(name)) info.resourceNames.push(name);
    }
    const contentIds = [...(/\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(obj.dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map(
      (m) => Number(m[1]),
    );
    const content = contentIds.map((id) => objects.get(id)?.stream?.toString('latin1') ?? '').join('\n');
    pages.push(decodeContent(content, byName));
  }

  return {
    version: header[1],
    pageCount: pages.length,
    fonts: [...fonts.values()],
    pages,
    text: pages.join('\n\f\n'),
  };
}
