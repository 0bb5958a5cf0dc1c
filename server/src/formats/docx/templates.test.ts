import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATE_FILES, builtinTemplatePath } from './builtin-templates';
import { readDocxText } from './render-docx';
import { CATALOGUE_FIELDS, CATALOGUE_LOOPS } from './tag-catalogue';
import { checkTemplate } from './template-check';

const headings: Record<string, Record<string, RegExp>> = {
  '223': {
    notice: /^Извещение\nо проведении закупки/m,
    documentation: /Документация о закупке/,
    'draft-contract': /^Договор №/m,
    'tech-spec': /^Техническое задание/m,
    'nmcd-justification': /Обоснование начальной \(максимальной\) цены договора/,
  },
  '44': {
    notice: /^Извещение\nоб осуществлении закупки/m,
    documentation: /Требования к содержанию, составу заявки/,
    'draft-contract': /^Контракт №/m,
    'tech-spec': /^Описание объекта закупки/m,
    'nmcd-justification': /Обоснование начальной \(максимальной\) цены контракта/,
  },
};

describe('built-in Word templates', () => {
  it('has one per document kind and law, the contract and the specification one per subject kind', () => {
    expect(BUILTIN_TEMPLATE_FILES).toHaveLength(18);
    expect(new Set(BUILTIN_TEMPLATE_FILES.map((t) => t.file)).size).toBe(18);
  });

  for (const t of BUILTIN_TEMPLATE_FILES) {
    describe(t.file, () => {
      const committed = readFileSync(builtinTemplatePath(t));
      const text = readDocxText(committed);

      it('is a complete OOXML package', () => {
        const parts = Object.keys(new PizZip(committed).files);
        for (const part of ['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/_rels/document.xml.rels', 'word/styles.xml'])
          expect(parts).toContain(part);
      });

      it('uses only tags of the catalogue, every loop closed', () => {
        const tags = checkTemplate(committed);
        for (const f of tags.fields) expect(CATALOGUE_FIELDS.has(f), f).toBe(true);
        for (const [loop, columns] of Object.entries(tags.loops))
          for (const c of columns) expect(CATALOGUE_LOOPS.get(loop)!.columns.map((x) => x.name)).toContain(c);
        // every document is signed: the signer and the basis of the signer's authority
        expect(tags.fields).toEqual(expect.arrayContaining(['signerPosition', 'signerName', 'signerBasis']));
      });

      it("speaks its law's words and only its law's", () => {
        expect(text).toMatch(headings[t.law][t.kind]);
        if (t.law === '44') {
          expect(text).toContain('№ 44-ФЗ');
          expect(text).not.toMatch(/223/);
          expect(text).not.toMatch(/Положени[ея] о закупке|НМЦД|(^|[^а-яё])[Дд]оговор(а|у|ом|е)?([^а-яё]|$)/m);
        } else {
          expect(text).toContain('№ 223-ФЗ');
          expect(text).not.toMatch(/44-ФЗ|№ 44/);
          expect(text).not.toMatch(/НМЦК|(^|[^а-яё])[Кк]онтракт(а|у|ом|е)?([^а-яё]|$)/m);
        }
        expect(text).not.toMatch(/_{5,}/);
      });

      if (t.subject && t.subject !== 'goods')
        it('is not the goods document', () => {
          expect(text).not.toMatch(/поставить Товар|Требования к упаковке|Наименование товара/);
          expect(text).toContain(t.subject === 'works' ? 'Работ' : 'Услуг');
          expect(text).toMatch(/Этап/);
        });
    });
  }
});
