import PizZip from 'pizzip';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { prepareTemplateData } from './format';
import { buildDocxPackage, p } from './ooxml';
import { BUILTIN_TEMPLATE_FILES } from './builtin-templates';
import {
  BLANK,
  DocxTemplateError,
  emptyLabelFindings,
  getDocxTemplateTags,
  readDocxText,
  readTemplate,
  renderDocx,
  renderTemplate,
} from './render-docx';
import { SAMPLE_TEMPLATE_DATA } from './sample-data';
import { CATALOGUE_FIELDS } from './tag-catalogue';
import { TEMPLATE_CODES } from './template-fields';

const docx = (...paragraphs: string[]) => buildDocxPackage({ title: 'test', body: paragraphs.join('') });

/** The sample data of every template at once, plus the tags the newer templates print (signature, 44-ФЗ). */
const SAMPLE: Record<string, unknown> = {
  ...Object.assign({}, ...TEMPLATE_CODES.map((c) => SAMPLE_TEMPLATE_DATA[c])),
  ...SAMPLE_TEMPLATE_DATA.notice,
  signerBasis: 'Устава',
  ikz: '262010500003801050100100010010000244',
  smpAdvantage: 'Не установлено',
  nationalRegimeStatement: 'Не установлены',
};
const OPTIONAL = [...CATALOGUE_FIELDS.values()].filter((f) => !f.required).map((f) => f.name);

describe('nothing blank', () => {
  for (const t of BUILTIN_TEMPLATE_FILES) {
    it(`${t.file}: no label followed by nothing and no blank line, with or without the optional fields`, async () => {
      const variant = { law: t.law, subject: t.subject ?? 'goods' };
      const full = readDocxText(await renderTemplate(t.kind, SAMPLE, variant));
      expect(emptyLabelFindings(full)).toEqual([]);
      expect(full).not.toContain(BLANK);
      const bare = readDocxText(
        await renderTemplate(t.kind, { ...SAMPLE, ...Object.fromEntries(OPTIONAL.map((k) => [k, null])) }, variant),
      );
      expect(emptyLabelFindings(bare)).toEqual([]);
      expect(bare).not.toContain(BLANK);
      expect(bare).not.toMatch(/[{}]|undefined|null/);
    });
  }

  it("names the draft contract's counterparty by the winner's application while it is unknown", async () => {
    const text = readDocxText(
      await renderTemplate('draft-contract', { ...SAMPLE, supplierName: null, supplierSignerInPreamble: '', supplierSignerBasis: null }),
    );
    expect(text).toContain('и участник закупки, с которым заключается договор, именуемый в дальнейшем «Поставщик», с другой стороны');
    expect(emptyLabelFindings('Общество «Ромашка», именуемое в дальнейшем «Поставщик», в лице , действующего на основании ,')).toHaveLength(
      1,
    );
  });
});

describe('renderDocx with the built-in templates', () => {
  for (const t of BUILTIN_TEMPLATE_FILES) {
    it(`fills ${t.file} with sample Russian data`, async () => {
      const variant = { law: t.law, subject: t.subject ?? 'goods' };
      const data = prepareTemplateData(t.kind, SAMPLE);
      const out = renderDocx(await readTemplate(t.kind, variant), data);
      const xml = new PizZip(out).file('word/document.xml')?.asText();
      expect(XMLValidator.validate(xml!)).toBe(true);
      const text = readDocxText(out);
      expect(text).not.toMatch(/[{}]/);
      const tags = getDocxTemplateTags(await readTemplate(t.kind, variant));
      for (const name of tags.fields) {
        const value = data[name];
        if (typeof value === 'string' && value !== '') expect(text, `${t.file}.${name}`).toContain(value.split('\n')[0]);
      }
      for (const [loop, columns] of Object.entries(tags.loops)) {
        for (const row of (data[loop] as Record<string, unknown>[] | undefined) ?? [])
          for (const c of columns)
            if (typeof row[c] === 'string' && row[c] !== '') expect(text, `${t.file}.${loop}.${c}`).toContain(row[c]);
      }
    });
  }

  it('writes formatted money, dates and the sum in words into the notice', async () => {
    const text = readDocxText(await renderTemplate('notice', SAMPLE_TEMPLATE_DATA.notice));
    expect(text).toContain('1\u00a0234\u00a0567,80');
    expect(text).toContain('Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей 80 копеек');
    expect(text).toContain('12.03.2025 10:00 (время московское)');
    expect(text).toContain('Акционерное общество «Городские тепловые сети»');
  });

  it('prints an optional fragment only with its value: no «площадке  ()», «КПП ,» or «ОКВЭД2: » left empty', async () => {
    const filled = readDocxText(await renderTemplate('documentation', SAMPLE_TEMPLATE_DATA.documentation));
    const data = SAMPLE_TEMPLATE_DATA.documentation as Record<string, string>;
    expect(filled).toContain(`Закупка проводится на электронной площадке ${data.platformName} (${data.platformUrl}).`);
    expect(filled).toContain(`по ОКВЭД2: ${data.okved2}`);
    const contract = readDocxText(await renderTemplate('draft-contract', SAMPLE_TEMPLATE_DATA['draft-contract']));
    expect(contract).toContain(`, КПП ${(SAMPLE_TEMPLATE_DATA['draft-contract'] as Record<string, string>).customerKpp}`);

    const bare = readDocxText(
      await renderTemplate('documentation', { ...SAMPLE_TEMPLATE_DATA.documentation, platformName: '', platformUrl: null, okved2: null }),
    );
    expect(bare).toMatch(/\(ч\. 5 ст\. 4 Закона № 223-ФЗ\)\.\n1\.4\./);
    expect(bare).not.toContain('электронной площадке');
    expect(bare).not.toContain('ОКВЭД2');
    expect(bare).not.toMatch(/\(\s*\)/);
    const noKpp = readDocxText(
      await renderTemplate('draft-contract', { ...SAMPLE_TEMPLATE_DATA['draft-contract'], customerKpp: null, customerEmail: null }),
    );
    const inn = (SAMPLE_TEMPLATE_DATA['draft-contract'] as Record<string, string>).customerInn;
    expect(noKpp).toContain(`ИНН ${inn}\n`);
    expect(noKpp).not.toMatch(/КПП\s*$|Эл\. почта:\s*(,|$)/m);
  });

  it('repeats the specification row for every position', async () => {
    const items = Array.from({ length: 25 }, (_, i) => ({
      name: `Позиция ${i + 1}`,
      unit: 'шт',
      quantity: '1',
      price: '10',
      amount: '10',
    }));
    const out = await renderTemplate('draft-contract', { ...SAMPLE_TEMPLATE_DATA['draft-contract'], items });
    const text = readDocxText(out);
    for (let i = 1; i <= 25; i++) expect(text).toContain(`Позиция ${i}\n`);
    const xml = new PizZip(out).file('word/document.xml')!.asText();
    const start = xml.lastIndexOf('Спецификация');
    const specTable = xml.slice(start, xml.indexOf('</w:tbl>', start));
    expect(specTable.match(/<w:tr>/g)?.length).toBe(25 + 2); // header, rows, total
  });

  it('turns line breaks of text fields into Word line breaks', () => {
    const out = renderDocx(docx(p('Условия: {terms}')), { terms: 'первая строка\nвторая строка' });
    expect(new PizZip(out).file('word/document.xml')!.asText()).toContain('<w:br/>');
    expect(readDocxText(out)).toBe('Условия: первая строка\nвторая строка');
  });

  it('escapes XML special characters in values', () => {
    const out = renderDocx(docx(p('{name}')), { name: 'ООО «A & B» <тест>' });
    expect(readDocxText(out)).toBe('ООО «A & B» <тест>');
  });
});

describe('renderDocx errors', () => {
  it('explains an unclosed tag in Russian', () => {
    const broken = docx(p('Заказчик: {customerName'), p('{#items}{name}'));
    let error: unknown;
    try {
      renderDocx(broken, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DocxTemplateError);
    const err = error as DocxTemplateError;
    expect(err.message).toMatch(/^Шаблон DOCX содержит ошибки: /);
    expect(err.message).toContain('не закрыт');
    expect(err.issues.length).toBeGreaterThanOrEqual(2);
  });

  it('reports a loop closed by another tag', () => {
    expect(() => renderDocx(docx(p('{#items}{name}{/rows}')), {})).toThrow(/цикл «items» закрыт тегом «rows»/);
  });

  it('rejects a file that is not a .docx', () => {
    expect(() => renderDocx(Buffer.from('not a zip'), {})).toThrow(/повреждён/);
    const zip = new PizZip();
    zip.file('hello.txt', 'x');
    const noDocument = zip.generate({ type: 'nodebuffer' });
    expect(() => renderDocx(noDocument, {})).toThrow(DocxTemplateError);
    expect(() => renderDocx(noDocument, {})).toThrow(/word\/document\.xml/);
  });
});

describe('readDocxText', () => {
  it('reads paragraphs, tabs, breaks and entities', () => {
    const zip = new PizZip();
    zip.file(
      'word/document.xml',
      '<w:document xmlns:w="x"><w:body><w:p><w:r><w:t>A &amp; B</w:t><w:tab/><w:t xml:space="preserve">C </w:t></w:r></w:p>' +
        '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="1"/></w:tabs></w:pPr><w:r><w:t>D</w:t><w:br/><w:t>&#1046;</w:t></w:r></w:p><w:tbl><w:tr><w:tc><w:p/></w:tc></w:tr></w:tbl></w:body></w:document>',
    );
    expect(readDocxText(zip.generate({ type: 'nodebuffer' }))).toBe('A & B\tC \nD\nЖ');
  });
});
