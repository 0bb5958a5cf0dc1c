import PizZip from 'pizzip';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { prepareTemplateData } from './format';
import { buildDocxPackage, p } from './ooxml';
import { BLANK, DocxTemplateError, emptyLabelFindings, readDocxText, readTemplate, renderDocx, renderTemplate } from './render-docx';
import { SAMPLE_TEMPLATE_DATA } from './sample-data';
import { TEMPLATE_CODES, TEMPLATE_DEFINITIONS } from './template-fields';

const docx = (...paragraphs: string[]) => buildDocxPackage({ title: 'test', body: paragraphs.join('') });

describe('no label is followed by nothing', () => {
  for (const code of TEMPLATE_CODES) {
    it(`${code}: every empty field prints «${BLANK}», filled or not`, async () => {
      const empty = readDocxText(await renderTemplate(code, {}));
      expect(emptyLabelFindings(empty)).toEqual([]);
      expect(empty).toContain(BLANK);
      const blanks = Object.fromEntries(Object.keys(SAMPLE_TEMPLATE_DATA[code]).map((k) => [k, '']));
      expect(emptyLabelFindings(readDocxText(await renderTemplate(code, blanks)))).toEqual([]);
      expect(emptyLabelFindings(readDocxText(await renderTemplate(code, SAMPLE_TEMPLATE_DATA[code])))).toEqual([]);
    });
  }

  it("prints the draft contract's unknown supplier as blanks to fill in, not «и , именуемое … в лице ,»", async () => {
    const text = readDocxText(
      await renderTemplate('draft-contract', {
        ...SAMPLE_TEMPLATE_DATA['draft-contract'],
        supplierName: null,
        supplierSignerInPreamble: '',
        supplierSignerBasis: null,
      }),
    );
    expect(text).toContain(
      `и ${BLANK}, именуемое в дальнейшем «Поставщик», в лице ${BLANK}, действующего на основании ${BLANK}, с другой стороны`,
    );
    expect(emptyLabelFindings('Общество «Ромашка», именуемое в дальнейшем «Поставщик», в лице , действующего на основании ,')).toHaveLength(
      1,
    );
  });
});

describe('renderDocx with the committed templates', () => {
  for (const code of TEMPLATE_CODES) {
    it(`fills ${code} with sample Russian data`, async () => {
      const raw = SAMPLE_TEMPLATE_DATA[code];
      const data = prepareTemplateData(code, raw);
      const out = renderDocx(await readTemplate(code), data);

      const zip = new PizZip(out);
      const xml = zip.file('word/document.xml')?.asText();
      expect(xml).toBeDefined();
      expect(XMLValidator.validate(xml!)).toBe(true);

      const text = readDocxText(out);
      expect(text).not.toMatch(/[{}]/);

      const def = TEMPLATE_DEFINITIONS[code];
      for (const field of def.fields) {
        const value = data[field.name];
        if (typeof value === 'string' && value !== '') expect(text, `${code}.${field.name}`).toContain(value);
      }
      for (const loop of def.loops) {
        const rows = data[loop.name] as Record<string, unknown>[];
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          for (const field of loop.fields) {
            const value = row[field.name];
            if (typeof value === 'string' && value !== '') expect(text, `${code}.${loop.name}.${field.name}`).toContain(value);
          }
        }
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
    expect(bare).toMatch(/далее — ЕИС\)\.\n1\.4\./);
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

  it('leaves missing values empty', async () => {
    for (const code of TEMPLATE_CODES) {
      const text = readDocxText(renderDocx(await readTemplate(code), {}));
      expect(text, code).not.toMatch(/[{}]|undefined|null/);
    }
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
