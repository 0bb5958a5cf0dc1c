/**
 * Checks a Word template against the tag catalogue before it is kept: every tag known, every loop and condition
 * opened and closed in order, the file a .docx docxtemplater can fill. Each problem names its place — the paragraph
 * (counted from the start of the document, table cells included) and the text around the tag — in Russian.
 */
import { CATALOGUE_FIELDS, CATALOGUE_LOOPS } from './tag-catalogue';
import { DocxTemplateError, getDocxTemplateTags, readDocxText, type DocxTemplateIssue, type DocxTemplateTags } from './render-docx';

const around = (line: string, at: number) => {
  const from = Math.max(0, at - 30);
  const text = line
    .slice(from, at + 40)
    .replace(/\s+/g, ' ')
    .trim();
  return `${from > 0 ? '…' : ''}${text}${at + 40 < line.length ? '…' : ''}`;
};

/**
 * The problems of a template's tags, each with its place; none for a good template. Reads the paragraphs' text, so a
 * tag Word split into several runs is read whole.
 */
export function templateIssues(buf: Buffer): DocxTemplateIssue[] {
  const lines = readDocxText(buf).split('\n');
  const issues: DocxTemplateIssue[] = [];
  const stack: { name: string; loop: boolean; place: string }[] = [];
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/\{([#^/]?)\s*([^{}]*?)\s*\}/g)) {
      const [, kind, name] = m;
      const place = `абзац ${i + 1}: «${around(line, m.index)}»`;
      const loop = stack.findLast((s) => s.loop);
      const columns = loop ? (CATALOGUE_LOOPS.get(loop.name)?.columns ?? []) : [];
      const isColumn = columns.some((c) => c.name === name);
      if (!name) {
        issues.push({ id: 'empty_tag', message: `пустой тег «{}» (${place})` });
      } else if (kind === '#' || kind === '^') {
        const isLoop = !loop && CATALOGUE_LOOPS.has(name);
        if (!isLoop && !isColumn && !CATALOGUE_FIELDS.has(name))
          issues.push({
            id: 'unknown_tag',
            tag: name,
            message: `неизвестный тег «${name}» в «{${kind}${name}}» — его нет в каталоге полей (${place})`,
          });
        stack.push({ name, loop: isLoop, place });
      } else if (kind === '/') {
        const open = stack.pop();
        if (!open)
          issues.push({
            id: 'unopened_loop',
            tag: name,
            message: `цикл или условие «${name}» закрыт тегом «{/${name}}», но не открыт (${place})`,
          });
        else if (open.name !== name) {
          issues.push({
            id: 'closing_tag_does_not_match_opening_tag',
            tag: name,
            message: `«{#${open.name}}» (${open.place}) закрыт чужим тегом «{/${name}}» (${place})`,
          });
        }
      } else if (!isColumn && !CATALOGUE_FIELDS.has(name)) {
        const hint = loop
          ? ` и среди полей цикла «${loop.name}»`
          : CATALOGUE_LOOPS.has(name)
            ? ` — «${name}» это цикл: {#${name}}…{/${name}}`
            : '';
        issues.push({ id: 'unknown_tag', tag: name, message: `неизвестный тег «{${name}}» — его нет в каталоге полей${hint} (${place})` });
      }
    }
  });
  for (const open of stack.reverse())
    issues.push({
      id: 'unclosed_loop',
      tag: open.name,
      message: `цикл или условие «{#${open.name}}» открыт, но не закрыт тегом «{/${open.name}}» (${open.place})`,
    });
  return issues;
}

/**
 * A template's tags in the order of use, or DocxTemplateError listing every problem with its place. The file is
 * compiled by docxtemplater too, for what the text alone does not show (a loop across table rows, a broken package).
 */
export function checkTemplate(buf: Buffer): DocxTemplateTags {
  let issues: DocxTemplateIssue[];
  try {
    issues = templateIssues(buf);
  } catch (err) {
    if (err instanceof DocxTemplateError) throw err;
    throw new DocxTemplateError('Файл шаблона повреждён: это не документ Word (.docx)', [], { cause: err });
  }
  if (issues.length)
    throw new DocxTemplateError(`Шаблон DOCX содержит ошибки: ${issues.map((it, n) => `${n + 1}) ${it.message}`).join('; ')}`, issues);
  return getDocxTemplateTags(buf, { sorted: false });
}
