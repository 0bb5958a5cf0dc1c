import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';
import { FormatError, assertNotEmpty } from './errors';
import { decodeText, detectBom, isZipArchive, normalizeEncodingName, stripBom } from './text-decode';

/**
 * The one XML entry point for all formats: decode by BOM/declaration, refuse DTDs, check well-formedness, then
 * parse into plain objects. Element and attribute values always stay strings (leading zeros of ИНН/КПП/ОКАТО,
 * decimals); namespace prefixes are dropped because ЕИС renumbers them (ns2…ns25) from file to file.
 */

export type XmlValue = string | XmlNode | XmlValue[];
export interface XmlNode {
  [name: string]: XmlValue;
}

export interface ParsedXml {
  /** Local name of the root element (prefix removed). */
  rootName: string;
  root: XmlNode;
  /** Encoding the bytes were decoded with. */
  encoding: string;
}

export const TEXT_KEY = '#text';
export const ATTR_PREFIX = '@';

/** Reads `encoding="…"` from the XML declaration; the declaration is ASCII in every encoding we accept. */
function declaredEncoding(buf: Uint8Array): string | null {
  const head = Buffer.from(buf.buffer, buf.byteOffset, Math.min(buf.byteLength, 512)).toString('latin1');
  const decl = /^\s*<\?xml\s[^>]*?\?>/.exec(head.replace(/^\u00ef\u00bb\u00bf/, ''));
  if (!decl) return null;
  const m = /\sencoding\s*=\s*["']([^"']*)["']/.exec(decl[0]);
  return m ? m[1] : null;
}

/** Decodes XML bytes to text: a BOM wins over the declaration (XML 1.0, appendix F); UTF-8 is the default. */
export function decodeXml(buf: Uint8Array): { text: string; encoding: string } {
  const bom = detectBom(buf);
  const declared = declaredEncoding(buf);
  const encoding = bom ?? (declared ? normalizeEncodingName(declared) : 'utf-8');
  return { text: stripBom(decodeText(buf, encoding)), encoding };
}

/**
 * Only the five predefined entities and character references are expanded: with DTDs refused there is nothing
 * else legitimate, and fast-xml-parser's default decoder leaves `&#1055;` undecoded.
 */
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY_RE = /&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

function decodeReference(match: string, ref: string): string {
  const named = PREDEFINED[ref];
  if (named !== undefined) return named;
  const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
  // Out-of-range references are not well-formed XML; leave them visible rather than throw mid-parse.
  return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : match;
}

const xmlEntityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (text) => (text.includes('&') ? text.replace(ENTITY_RE, decodeReference) : text),
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR_PREFIX,
  textNodeName: TEXT_KEY,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  entityDecoder: xmlEntityDecoder,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Matcher-based paths are not used here and building jPath strings costs ~40% of parse time on large plans.
  jPath: false,
});

const DTD_RE = /<!DOCTYPE|<!ENTITY/i;

/**
 * Structure limits, far above any real ЕИС, УПД or plan file (depth ≤ 20, attributes in the hundreds) and far below
 * what makes a parse take seconds: a file past them is refused before the parser builds anything.
 */
export const XML_LIMITS = { maxDepth: 100, maxAttributes: 100_000 };

/** One pass over the text counting nesting and attributes; comments and CDATA are skipped. */
function assertStructureLimits(body: string): void {
  let depth = 0;
  let attributes = 0;
  const tag = /<(\/?)([^\s>/!?]+)([^>]*)>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    if (m[2] === undefined) continue;
    if (m[1]) {
      depth--;
      continue;
    }
    const rest = m[3];
    for (let i = rest.indexOf('='); i !== -1; i = rest.indexOf('=', i + 1)) attributes++;
    if (attributes > XML_LIMITS.maxAttributes) {
      throw new FormatError(
        'TOO_COMPLEX',
        `Файл не похож на документ ЕИС, УПД или выписку: в нём больше ${XML_LIMITS.maxAttributes.toLocaleString('ru-RU')} атрибутов`,
      );
    }
    if (!rest.endsWith('/') && ++depth > XML_LIMITS.maxDepth) {
      throw new FormatError(
        'TOO_COMPLEX',
        `Файл не похож на документ ЕИС, УПД или выписку: вложенность элементов больше ${XML_LIMITS.maxDepth}`,
      );
    }
  }
}

/** Checks and parses already-decoded XML text. */
export function parseXmlText(text: string, encoding = 'utf-8'): ParsedXml {
  const body = text.trimStart();
  if (!body.startsWith('<')) throw new FormatError('NOT_XML', 'Файл не является XML');
  if (DTD_RE.test(body)) {
    throw new FormatError('XML_DTD_FORBIDDEN', 'XML с объявлениями DOCTYPE/ENTITY не принимается');
  }
  assertStructureLimits(body);
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    const message = `Файл повреждён или не является корректным XML: ошибка в строке ${line}, позиция ${col}`;
    throw new FormatError('XML_MALFORMED', message, { details: msg });
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(body);
  } catch (e) {
    throw new FormatError('XML_MALFORMED', 'Файл повреждён или не является корректным XML', {
      details: e instanceof Error ? e.message : String(e),
      cause: e,
    });
  }
  const doc = parsed as XmlNode;
  const rootNames = Object.keys(doc).filter((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (rootNames.length !== 1) throw new FormatError('NOT_XML', 'Файл не является XML');
  const rootName = rootNames[0];
  const rootValue = doc[rootName];
  const root: XmlNode = typeof rootValue === 'string' ? { [TEXT_KEY]: rootValue } : Array.isArray(rootValue) ? {} : rootValue;
  return { rootName, root, encoding };
}

/** Decodes and parses an XML file; throws FormatError only. */
export function parseXml(buf: Uint8Array): ParsedXml {
  assertNotEmpty(buf);
  if (isZipArchive(buf)) {
    throw new FormatError('ARCHIVE', 'Файл является ZIP-архивом: распакуйте его и загрузите XML-файл');
  }
  const { text, encoding } = decodeXml(buf);
  return parseXmlText(text, encoding);
}

/**
 * Cheap look at the root element's local name without a full parse, for routing an upload to the right parser.
 * Returns null when the text does not start like XML.
 */
export function sniffXmlRoot(buf: Uint8Array): string | null {
  const head = Buffer.from(buf.buffer, buf.byteOffset, Math.min(buf.byteLength, 64 * 1024));
  let text: string;
  try {
    text = decodeXml(head).text;
  } catch {
    // A multi-byte character may be cut at the 64 KB boundary; the head is only a hint, so retry leniently.
    text = head.toString('utf8');
  }
  // Skip the prolog: declaration, processing instructions, comments, whitespace.
  const rest = text.replace(/^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/, '');
  const m = /^<(?:[^\s/>:!?]+:)?([^\s/>:!?]+)/u.exec(rest);
  return m ? m[1] : null;
}
