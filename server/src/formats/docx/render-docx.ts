/**
 * Filling Word templates with docxtemplater, reading the text of a .docx back, and listing a template's tags.
 */
import { readFile } from 'node:fs/promises';
import type PizZip from 'pizzip';
import type Docxtemplater from 'docxtemplater';
import { docxtemplater, pizZip } from '../libraries';
import type { TemplateCode } from './template-fields';
import { prepareTemplateData } from './format';
import { builtinTemplateFile, builtinTemplatePath, type TemplateLaw, type TemplateSubject } from './builtin-templates';
import { CATALOGUE_FIELDS, CATALOGUE_LOOPS } from './tag-catalogue';

export { DOCX_TEMPLATES_DIR } from './builtin-templates';

/** Which built-in template: the purchase's law and subject kind (a 223-ФЗ supply by default). */
export interface TemplateVariant {
  law?: TemplateLaw;
  subject?: TemplateSubject;
}

export function templatePath(code: TemplateCode, variant: TemplateVariant = {}): string {
  return builtinTemplatePath(builtinTemplateFile(code, variant.law ?? '223', variant.subject ?? 'goods'));
}

export function readTemplate(code: TemplateCode, variant: TemplateVariant = {}): Promise<Buffer> {
  return readFile(templatePath(code, variant));
}

/** One problem found in a template, in Russian, with the tag it concerns when known. */
export interface DocxTemplateIssue {
  id: string;
  tag?: string;
  message: string;
}

/** Thrown for a template that cannot be opened or filled: `message` is Russian and lists every problem. */
export class DocxTemplateError extends Error {
  readonly issues: DocxTemplateIssue[];
  constructor(message: string, issues: DocxTemplateIssue[] = [], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocxTemplateError';
    this.issues = issues;
  }
}

interface XtErrorProperties {
  id?: string;
  xtag?: string;
  explanation?: string;
  errors?: { properties?: XtErrorProperties; message?: string }[];
  openingtag?: string;
  closingtag?: string;
  file?: string;
}

function describeIssue(props: XtErrorProperties, fallback: string): DocxTemplateIssue {
  const id = props.id ?? 'unknown';
  const tag = props.xtag;
  const q = (t: string | undefined) => `«${t ?? ''}»`;
  const messages: Record<string, string> = {
    unopened_tag: `тег ${q(tag)} закрыт, но не открыт (лишняя «}»)`,
    unclosed_tag: `тег ${q(tag)} открыт, но не закрыт (нет «}»)`,
    duplicate_open_tag: `у тега ${q(tag)} две открывающие скобки «{{»`,
    duplicate_close_tag: `у тега ${q(tag)} две закрывающие скобки «}}»`,
    closing_tag_does_not_match_opening_tag: `цикл ${q(props.openingtag)} закрыт тегом ${q(props.closingtag)}`,
    unopened_loop: `цикл ${q(tag)} закрыт, но не открыт`,
    unclosed_loop: `цикл ${q(tag)} открыт, но не закрыт`,
    unbalanced_loop_tags: 'теги циклов перекрываются (открытие и закрытие циклов не согласованы)',
    loop_position_invalid: `теги цикла ${q(tag)} расположены неверно (например, начало в таблице, а конец вне её)`,
    raw_xml_tag_should_be_only_text_in_paragraph: `тег ${q(tag)} должен быть единственным текстом абзаца`,
    malformed_xml: 'повреждена XML-разметка документа',
    file_has_invalid_xml: 'повреждена XML-разметка документа',
    filetype_not_identified: 'файл не распознан как документ Word (.docx)',
    filetype_not_handled: 'тип файла не поддерживается',
    invalid_xml_characters: `значение поля ${q(tag)} содержит недопустимые символы`,
    scopeparser_compilation_failed: `не удалось разобрать выражение в теге ${q(tag)}`,
    scopeparser_execution_failed: `ошибка при вычислении тега ${q(tag)}`,
  };
  const where = props.file && props.file !== 'word/document.xml' ? ` (часть ${props.file})` : '';
  return { id, tag, message: (messages[id] ?? props.explanation ?? fallback) + where };
}

function toTemplateError(error: unknown, stage: 'open' | 'render'): DocxTemplateError {
  const err = error as { message?: string; properties?: XtErrorProperties };
  const props = err?.properties;
  const head = stage === 'open' ? 'Шаблон DOCX содержит ошибки' : 'Не удалось заполнить шаблон DOCX';
  if (!props) {
    return new DocxTemplateError(`${head}: ${err?.message ?? String(error)}`, [], { cause: error });
  }
  const list = props.errors?.length
    ? props.errors.map((e) => describeIssue(e.properties ?? {}, e.message ?? 'неизвестная ошибка'))
    : [describeIssue(props, err.message ?? 'неизвестная ошибка')];
  const text = list.map((it, n) => `${n + 1}) ${it.message}`).join('; ');
  return new DocxTemplateError(`${head}: ${text}`, list, { cause: error });
}

function openZip(templateBuffer: Buffer | Uint8Array): PizZip {
  try {
    return new (pizZip())(templateBuffer);
  } catch (error) {
    throw new DocxTemplateError('Файл шаблона повреждён: это не документ Word (.docx) — архив ZIP не читается', [], {
      cause: error,
    });
  }
}

function compile(zip: PizZip, missing: (tag: string) => string = () => ''): Docxtemplater<PizZip> {
  if (!zip.file('word/document.xml')) {
    throw new DocxTemplateError('Файл шаблона повреждён: в архиве нет word/document.xml', [
      { id: 'missing_document', message: 'в архиве нет word/document.xml' },
    ]);
  }
  try {
    // a required value is checked before a document is built and an optional one stands in a condition, so nothing is
    // missing here; a preview marks what its purchase lacks (missing), a condition or a loop without a value is left out
    return new (docxtemplater())(zip, {
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: (part) => (part.module ? '' : missing(part.value ?? '')),
    });
  } catch (error) {
    throw toTemplateError(error, 'open');
  }
}

/** The blank line older documents printed for an empty field; no generated document holds it now (tests look for it). */
export const BLANK = '__________';

/** Empty strings count as no value (so they print as BLANK), in rows of loops too. */
function blanksAsMissing(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === 'string' && v.trim() === '') out[k] = null;
    else if (Array.isArray(v))
      out[k] = v.map((r: unknown) => (r && typeof r === 'object' && !Array.isArray(r) ? blanksAsMissing(r as Record<string, unknown>) : r));
    else out[k] = v;
  }
  return out;
}

/**
 * Fills a .docx template with data (`{field}`, loops `{#items}…{/items}`); missing values become empty text.
 * Throws `DocxTemplateError` (Russian message) when the template is broken.
 */
export function renderDocx(templateBuffer: Buffer, data: Record<string, unknown>, missing?: (tag: string) => string): Buffer {
  const doc = compile(openZip(templateBuffer), missing);
  try {
    doc.render(blanksAsMissing(data));
  } catch (error) {
    throw toTemplateError(error, 'render');
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

// The committed templates are build artefacts that do not change while the server runs: each is read once (a failed
// read is not kept, so it is retried), which spares a file open for every document of a documentation pack.
const templateBytes = new Map<string, Promise<Buffer>>();

/** A built-in template's bytes, read once per process. */
export function builtinTemplateBytes(code: TemplateCode, variant: TemplateVariant = {}): Promise<Buffer> {
  const file = templatePath(code, variant);
  let bytes = templateBytes.get(file);
  if (!bytes) {
    bytes = readFile(file);
    templateBytes.set(file, bytes);
    bytes.catch(() => templateBytes.delete(file));
  }
  return bytes;
}

/** Reads a built-in template (once per process), formats raw values by the catalogue's types and renders it. */
export async function renderTemplate(code: TemplateCode, values: Record<string, unknown>, variant: TemplateVariant = {}): Promise<Buffer> {
  return renderDocx(await builtinTemplateBytes(code, variant), prepareTemplateData(code, values));
}

/**
 * Places in a generated document's text (readDocxText) where a label is followed by nothing: «в лице , действующего»,
 * «ИНН ,», «№ .», «()», ««»», a line ending in «ИНН» or «№», or a «…:» line with nothing after it. Each finding is the
 * offending line; none for a document whose every empty field printed BLANK.
 */
export function emptyLabelFindings(text: string): string[] {
  const lines = text.split('\n');
  // a label alone on its line is a table's label cell (its value is the next cell); after other text it is bare
  const label = '(?:№|ИНН|КПП|ОГРН|БИК|р\\/с|к\\/с|тел\\.:?|в лице|на основании)';
  const bare = new RegExp(`(\\s[,.;)]|«\\s*»|\\(\\s*\\)|${label}\\s*[,.;]|[\\p{L}\\d»),]\\s+${label}\\s*$|:\\s*[,.;])`, 'u');
  return lines.filter((line, i) => bare.test(line) || (/:\s*$/.test(line) && !(lines[i + 1] ?? '').trim() && !/^\s*$/.test(line)));
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, ent: string) => {
    if (ent.startsWith('#x')) return String.fromCodePoint(parseInt(ent.slice(2), 16));
    if (ent.startsWith('#')) return String.fromCodePoint(parseInt(ent.slice(1), 10));
    return XML_ENTITIES[ent];
  });
}

/**
 * Plain text of `word/document.xml`: one line per paragraph (table cells are paragraphs too), `<w:br/>` as a line
 * break and `<w:tab/>` as a tab.
 */
export function readDocxText(buf: Buffer): string {
  const zip = openZip(buf);
  const file = zip.file('word/document.xml');
  if (!file) throw new DocxTemplateError('Файл повреждён: в архиве нет word/document.xml');
  const xml = file.asText();
  const token = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br(?:\s[^>]*)?\/>|<w:cr\/>|<\/w:p>|<w:p\/>/g;
  let out = '';
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    const t = m[0];
    if (m[1] !== undefined) out += decodeXml(m[1]);
    else if (t === '<w:tab/>') out += '\t';
    else out += '\n';
  }
  return out.replace(/\n+$/, '');
}

/** Tags of a template: plain fields and loops with the fields used inside them, each in the order of first use. */
export interface DocxTemplateTags {
  fields: string[];
  loops: Record<string, string[]>;
}

/**
 * Lists the tags a .docx template uses. The template is compiled first, so a broken one throws `DocxTemplateError`.
 * A section over a catalogue field (`{#okved2}…{/okved2}`, `{^nationalRegime}…{/nationalRegime}`) is a condition and
 * counts as a use of that field; a section over a catalogue loop is a loop with its own fields; any other section is
 * a loop too (unknown to the catalogue: `checkTemplate` names it).
 */
export function getDocxTemplateTags(templateBuffer: Buffer, opts: { sorted?: boolean } = { sorted: true }): DocxTemplateTags {
  const doc = compile(openZip(templateBuffer));
  const fields: string[] = [];
  const loops: Record<string, string[]> = {};
  const stack: string[] = [];
  const add = (name: string) => {
    const loop = stack.findLast((s) => s in loops);
    const list =
      loop && !(CATALOGUE_FIELDS.has(name) && !CATALOGUE_LOOPS.get(loop)?.columns.some((c) => c.name === name)) ? loops[loop] : fields;
    if (!list.includes(name)) list.push(name);
  };
  for (const target of doc.targets) {
    const text = doc.getFullText(target);
    for (const m of text.matchAll(/\{([#^/]?)\s*([^{}]+?)\s*\}/g)) {
      const [, kind, name] = m;
      if (kind === '#' || kind === '^') {
        const inLoop = stack.findLast((s) => s in loops);
        const column = inLoop && CATALOGUE_LOOPS.get(inLoop)?.columns.some((c) => c.name === name);
        if (!column && !CATALOGUE_FIELDS.has(name)) loops[name] ??= [];
        else add(name);
        stack.push(name);
      } else if (kind === '/') stack.pop();
      else add(name);
    }
  }
  if (!opts.sorted) return { fields, loops };
  return {
    fields: [...fields].sort(),
    loops: Object.fromEntries(Object.entries(loops).map(([name, inner]) => [name, [...inner].sort()])),
  };
}
