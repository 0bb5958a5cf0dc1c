import { describe, expect, it } from 'vitest';
import { matchLines, nameSimilarity, scoreLine } from './match-lines';

const positions = [
  { id: 1, name: 'Бумага офисная А4, 500 листов', okpd2: '17.12.14.110', okeiCode: '778', price: '350.00' },
  { id: 2, name: 'Картридж для лазерного принтера', okpd2: '26.20.40.110', okeiCode: '796', price: '4200.00' },
  { id: 3, name: 'Услуги по техническому обслуживанию оргтехники', okpd2: null, okeiCode: null, price: null },
];

describe('line matching', () => {
  it('finds a position by inflected, reordered words', () => {
    expect(nameSimilarity('Бумаги офисной формата А4', 'Бумага офисная А4')).toBeGreaterThan(0.5);
    const [m] = matchLines([{ name: 'Бумага А4 офисная (500 л.)', okeiCode: '778', price: '350.00', okpd2: null }], positions);
    expect(m.positionId).toBe(1);
    expect(m.confidence).toBeGreaterThan(0.7);
  });
  it('ОКПД2 equality lifts a weakly named line, a different code lowers it', () => {
    const line = { name: 'Расходный материал для печати', okeiCode: '796', price: '4100.00', okpd2: '26.20.40.110' };
    expect(matchLines([line], positions)[0].positionId).toBe(2);
    expect(scoreLine({ ...line, okpd2: '17.12.14.110' }, positions[1])).toBeLessThan(scoreLine(line, positions[1]));
  });
  it('leaves an unrelated line unmapped, keeping its best score', () => {
    const [m] = matchLines([{ name: 'Дизельное топливо ЕВРО-5', okeiCode: '112', price: '62.10', okpd2: null }], positions);
    expect(m.positionId).toBeNull();
    expect(m.confidence).toBeLessThan(0.55);
  });
  it('matches services without unit and price', () => {
    expect(
      matchLines([{ name: 'Техническое обслуживание оргтехники за март', okeiCode: null, price: null, okpd2: null }], positions)[0]
        .positionId,
    ).toBe(3);
  });
});
