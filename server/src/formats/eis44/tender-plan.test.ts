import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures-path';
import { parseEisFile } from '../eis223/parse';
import { parseTenderPlan } from './tender-plan';

const FILE = fixturePath('eis44', 'tenderPlan2020_portal44.xml');

describe('tenderPlan2020 (44-ФЗ план-график)', () => {
  it('reads the plan, its customer and every field the screen shows of each position', () => {
    const p = parseTenderPlan(readFileSync(FILE));
    expect(p).toMatchObject({
      id: '11071866',
      planNumber: '202303722001684001',
      versionNumber: 5,
      planYear: 2023,
      firstYear: 2024,
      secondYear: 2025,
      confirmDate: '2026-04-13T17:35:11',
      publishDate: '2028-04-13T17:37:51+03:00',
      customer: { regNum: '03722001684', inn: '7802139698', kpp: '780201001' },
      totals: { total: '6732998.31', currentYear: '1669958.31', firstYear: '2481120.0', secondYear: '2581920.0', subsecYears: '0.0' },
    });
    // a long name broken over lines in the file reads as one line
    expect(p.customer.fullName).toBe(
      'ГОСУДАРСТВЕННОЕ БЮДЖЕТНОЕ ОБЩЕОБРАЗОВАТЕЛЬНОЕ УЧРЕЖДЕНИЕ ДЛЯ ДЕТЕЙ ДОШКОЛЬНОГО И МЛАДШЕГО ШКОЛЬНОГО ВОЗРАСТА ПРОГИМНАЗИЯ № 130 ВЫБОРГСКОГО РАЙОНА САНКТ-ПЕТЕРБУРГА',
    );
    expect(p.positions).toHaveLength(2);
    expect(p.positions[0]).toEqual({
      positionNumber: '202303722001684001000006',
      extNumber: '4235923',
      ikz: '232780213969878020100100010003811244',
      iku: '27802139698780201001',
      publishYear: 2023,
      purchaseNumber: '0001',
      okpd2: [
        { code: '38.11.21.000', name: 'Услуги по сбору неопасных отходов городского хозяйства, непригодных для повторного использования' },
      ],
      kvr: [{ code: '244', name: 'Прочая закупка товаров, работ и услуг' }],
      purchaseObject: 'Оказание услуг по обращению с твердыми коммунальными отходами',
      canceled: false,
      special: null,
      finance: { total: '148895.28', currentYear: '148895.28', firstYear: '0.0', secondYear: '0.0', subsecYears: '0.0' },
    });
    // the «особая закупка» of п. 4 ч. 1 ст. 93 has no ОКПД2 and its kind for a subject
    expect(p.positions[1]).toMatchObject({
      positionNumber: '202303722001684001000001',
      ikz: '232780213969878020100100060000000244',
      purchaseNumber: '0006',
      okpd2: [],
      kvr: [{ code: '244', name: 'Прочая закупка товаров, работ и услуг' }],
      special: { code: 'P4_1_93', name: 'Закупки в соответствии с п. 4 ч. 1 ст. 93 Федерального закона № 44-ФЗ' },
      finance: { total: '680121.83', currentYear: '680121.83' },
    });
    for (const pos of p.positions) expect(pos.ikz).toMatch(/^\d{36}$/);
  });

  it('comes through the ЕИС file parser as its own kind', () => {
    const f = parseEisFile(readFileSync(FILE));
    expect(f.kind).toBe('tenderPlan');
  });

  it('refuses another 44-ФЗ export with a clear message', () => {
    const xml = '<ns2:export xmlns:ns2="http://zakupki.gov.ru/oos/export/1"><ns2:contract/></ns2:export>';
    expect(() => parseTenderPlan(Buffer.from(xml))).toThrow('Файл не является планом-графиком ЕИС 44-ФЗ (tenderPlan2020)');
  });
});
