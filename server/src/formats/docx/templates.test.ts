import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { buildTemplate } from '../../../../tools/docx-templates/build-templates';
import { getDocxTemplateTags, readDocxText, templatePath } from './render-docx';
import { TEMPLATE_CODES, TEMPLATE_DEFINITIONS, TEMPLATE_LIST } from './template-fields';

function entries(buf: Buffer): Record<string, string> {
  const zip = new PizZip(buf);
  return Object.fromEntries(
    Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => [f.name, f.asText()]),
  );
}

describe('committed Word templates', () => {
  it('has five templates with unique codes, file names and field names', () => {
    expect(TEMPLATE_LIST.map((t) => t.code)).toEqual(['notice', 'documentation', 'draft-contract', 'tech-spec', 'nmcd-justification']);
    expect(new Set(TEMPLATE_LIST.map((t) => t.fileName)).size).toBe(5);
    for (const t of TEMPLATE_LIST) {
      const names = t.fields.map((f) => f.name);
      expect(new Set(names).size, `${t.code}: duplicate field`).toBe(names.length);
      for (const loop of t.loops) {
        expect(names, `${t.code}: loop ${loop.name} clashes with a field`).not.toContain(loop.name);
        expect(new Set(loop.fields.map((f) => f.name)).size).toBe(loop.fields.length);
      }
    }
  });

  for (const code of TEMPLATE_CODES) {
    describe(code, () => {
      const committed = readFileSync(templatePath(code));

      it('is up to date with build-templates.ts', () => {
        expect(entries(committed)).toEqual(entries(buildTemplate(code)));
      });

      it('is a complete OOXML package', () => {
        const parts = Object.keys(entries(committed));
        for (const part of ['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/_rels/document.xml.rels', 'word/styles.xml']) {
          expect(parts).toContain(part);
        }
      });

      it('uses exactly the placeholders listed in template-fields.ts', () => {
        const def = TEMPLATE_DEFINITIONS[code];
        const tags = getDocxTemplateTags(committed);
        expect(tags.fields).toEqual(def.fields.map((f) => f.name).sort());
        expect(tags.loops).toEqual(Object.fromEntries(def.loops.map((l) => [l.name, l.fields.map((f) => f.name).sort()])));
      });

      it('is written in Russian with its title', () => {
        const text = readDocxText(committed);
        const headings: Record<string, string> = {
          notice: 'Извещение',
          documentation: 'Документация о закупке',
          'draft-contract': 'Договор №',
          'tech-spec': 'Техническое задание',
          'nmcd-justification': 'Обоснование начальной (максимальной) цены договора',
        };
        expect(text).toContain(headings[code]);
        expect(text).toMatch(/[а-яё]{5,}/);
      });
    });
  }
});
