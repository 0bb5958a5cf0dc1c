import { describe, expect, it } from 'vitest';
import { generateIkz, ikzOfPurchase, ikzOkpd2Part, ikzPositionKey, splitIkz, validateIkz } from './ikz';

// the customer code of the examples: level 3, ИНН 7815001261, КПП 781501001 (20 digits)
const IKU = '37815001261781501001';
const IKZ = `26${IKU}00120032620244`;

describe('ИКЗ generation', () => {
  it('puts the parts in the order of приказ Минфина № 55н', () => {
    const r = generateIkz({ year: 2026, iku: IKU, positionNumber: 12, purchaseNumber: 3, okpd2: '26.20.15.000', kvr: '244' });
    expect(r).toEqual({ ikz: `26${IKU}00120032620244`, issues: [] });
    expect(r.ikz).toHaveLength(36);
  });
  it('writes 0000 for no single ОКПД2 and 000 for no КВР, and takes a two-digit year', () => {
    expect(generateIkz({ year: '26', iku: IKU, positionNumber: '1', purchaseNumber: '1', okpd2: null }).ikz).toBe(`26${IKU}00010010000000`);
  });
  it('names every wrong part', () => {
    const r = generateIkz({ year: 26000, iku: '123', positionNumber: 0, purchaseNumber: 1000, okpd2: '2.1', kvr: '24' });
    expect(r.ikz).toBeNull();
    expect(r.issues.map((i) => i.part)).toEqual(['year', 'iku', 'position', 'purchase', 'okpd2', 'kvr']);
    expect(r.issues.find((i) => i.part === 'iku')!.message).toBe('ИКУ заказчика (разряды 3–22 ИКЗ) состоит из 20 цифр');
    expect(r.issues.find((i) => i.part === 'position')!.message).toBe(
      'Номер позиции плана-графика (разряды 23–26 ИКЗ): целое число от 1 до 9999',
    );
    expect(r.issues.find((i) => i.part === 'purchase')!.message).toBe(
      'Номер закупки в позиции плана-графика (разряды 27–29 ИКЗ): целое число от 1 до 999',
    );
    expect(r.issues.find((i) => i.part === 'kvr')!.message).toBe('КВР (разряды 34–36 ИКЗ) состоит из трёх цифр, например 244');
  });
  it('takes the ОКПД2 class and subclass digits without dots', () => {
    expect(ikzOkpd2Part('17.12.14.129')).toBe('1712');
    expect(ikzOkpd2Part('62.01')).toBe('6201');
    expect(ikzOkpd2Part('')).toBe('0000');
    expect(ikzOkpd2Part('62')).toBeNull();
    expect(ikzOkpd2Part('62-01')).toBeNull();
  });
});

describe('ИКЗ split', () => {
  it('labels the six parts', () => {
    const parts = splitIkz(`26${IKU}00120032620244`)!;
    expect(parts.map((p) => [p.key, p.value, `${p.from}–${p.to}`])).toEqual([
      ['year', '26', '1–2'],
      ['iku', IKU, '3–22'],
      ['position', '0012', '23–26'],
      ['purchase', '003', '27–29'],
      ['okpd2', '2620', '30–33'],
      ['kvr', '244', '34–36'],
    ]);
    expect(parts[1].title).toBe('Идентификационный код заказчика (ИКУ)');
    expect(splitIkz('123')).toBeNull();
  });
});

describe('ИКЗ validation', () => {
  const good = `26${IKU}00120032620244`;
  it('accepts an ИКЗ that agrees with the customer and the position', () => {
    expect(validateIkz(good, { iku: IKU, okpd2: ['26.20.15.000'], kvr: '244', year: 2026, positionNumber: 12 })).toEqual([]);
    expect(validateIkz(`26${IKU}00120030000244`, { okpd2: '26.20.15.000' })).toEqual([]); // 0000 is always allowed
  });
  it('refuses a wrong structure', () => {
    expect(validateIkz('26123')).toEqual([{ part: 'structure', message: 'ИКЗ состоит из 36 цифр, а введено 5' }]);
    expect(validateIkz(`${good.slice(0, 35)}X`)).toEqual([{ part: 'structure', message: 'ИКЗ состоит только из цифр' }]);
    expect(IKZ).toHaveLength(36);
  });
  it('refuses zero position and purchase numbers', () => {
    expect(validateIkz(`26${IKU}00000002620244`).map((i) => i.part)).toEqual(['position', 'purchase']);
  });
  it('takes 000 in digits 27–29 on a план-график position, as ЕИС fills it (Порядок 55н, п. 5), never on a purchase', () => {
    // the real tenderPlan2020 export of fixtures/eis44: position 0001 with purchase number 000
    const position = '232780213969878020100100010003811244';
    expect(validateIkz(position, { of: 'position' })).toEqual([]);
    expect(validateIkz(position)).toEqual([{ part: 'purchase', message: 'Номер закупки в позиции (разряды 27–29 ИКЗ) не может быть 000' }]);
    // position 0000 stays wrong on a plan too
    expect(validateIkz(`26${IKU}00000002620244`, { of: 'position' }).map((i) => i.part)).toEqual(['position']);
  });
  it('keys a position, its notice and its purchases by year, ИКУ and position number, and numbers the purchases', () => {
    const position = '232780213969878020100100010003811244';
    const second = ikzOfPurchase(position, 2);
    expect(second).toBe('232780213969878020100100010023811244');
    expect(ikzPositionKey(second)).toBe(ikzPositionKey(position));
    expect(ikzPositionKey(position)).toBe('23278021396987802010010001');
    // another position of the same customer and year is another key
    expect(ikzPositionKey('232780213969878020100100020013811244')).not.toBe(ikzPositionKey(position));
    expect(ikzPositionKey('2327802')).toBeNull();
    expect(() => ikzOfPurchase(position, 1000)).toThrow(RangeError);
  });
  it('names a year that is not the notice’s', () => {
    expect(validateIkz(good, { year: 2027 })).toEqual([
      { part: 'year', message: 'Год в ИКЗ (разряды 1–2) — 26, а извещение размещается в 2027 году' },
    ]);
  });
  it('names another customer’s ИКУ', () => {
    const other = '37700000000770001001';
    expect(validateIkz(good, { iku: other })).toEqual([
      { part: 'iku', message: `ИКУ в ИКЗ (разряды 3–22) — ${IKU}, а у заказчика ИКУ ${other}` },
    ]);
  });
  it('names a position number that is not the plan’s', () => {
    expect(validateIkz(good, { positionNumber: 13 })[0].message).toBe(
      'Номер позиции в ИКЗ (разряды 23–26) — 0012, а в плане-графике позиция № 13',
    );
  });
  it('names an ОКПД2 that does not match the position', () => {
    expect(validateIkz(good, { okpd2: ['17.12.14.129', '17.23'] })).toEqual([
      {
        part: 'okpd2',
        message: 'ОКПД2 в ИКЗ (разряды 30–33) — 2620, а у позиции ОКПД2 17.12.14.129, 17.23 (ожидается 1712 или 1723 либо 0000)',
      },
    ]);
  });
  it('names a КВР that does not match the position', () => {
    expect(validateIkz(good, { kvr: '243' })).toEqual([{ part: 'kvr', message: 'КВР в ИКЗ (разряды 34–36) — 244, а у позиции КВР 243' }]);
  });
});
