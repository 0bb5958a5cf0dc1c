import { describe, expect, it } from 'vitest';
import { FormatError } from './errors';
import { ruDateToIso, toDecimal, xsdBoolOrNull, xsdDateTime, xsdDateToIso } from './values';

describe('decimal strings', () => {
  it('keeps the value as written', () => {
    expect(toDecimal('1234.50', 'x')).toBe('1234.50');
    expect(toDecimal('0007', 'x')).toBe('0007');
    expect(toDecimal('102339.18129', 'x')).toBe('102339.18129');
    expect(toDecimal('-5', 'x')).toBe('-5');
    expect(toDecimal('123456789012345678901234.12345', 'x')).toBe('123456789012345678901234.12345');
  });

  it('applies only harmless clean-ups', () => {
    expect(toDecimal(' 12,5 ', 'x')).toBe('12.5');
    expect(toDecimal('+3', 'x')).toBe('3');
    expect(toDecimal('.5', 'x')).toBe('0.5');
  });

  it('refuses anything that is not a plain decimal, naming the field', () => {
    for (const bad of ['', 'abc', '1e5', '1 000', '12.', '1.2.3', 'NaN', '0x10']) {
      expect(() => toDecimal(bad, 'Сумма')).toThrow(FormatError);
    }
    expect(() => toDecimal('1e5', 'Сумма')).toThrow('Поле «Сумма» содержит некорректное число «1e5»');
  });
});

describe('dates', () => {
  it('converts dd.mm.yyyy to ISO and checks the calendar', () => {
    expect(ruDateToIso('01.02.2023', 'Дата')).toBe('2023-02-01');
    expect(ruDateToIso('29.02.2024', 'Дата')).toBe('2024-02-29');
    expect(() => ruDateToIso('29.02.2023', 'Дата')).toThrow(FormatError);
    expect(() => ruDateToIso('2023-02-01', 'Дата')).toThrow('Поле «Дата» содержит некорректную дату «2023-02-01» (ожидается ДД.ММ.ГГГГ)');
    expect(() => ruDateToIso('1.2.2023', 'Дата')).toThrow(FormatError);
  });

  it('reduces xs:date and xs:dateTime to the calendar day', () => {
    expect(xsdDateToIso('2019-12-16', 'd')).toBe('2019-12-16');
    expect(xsdDateToIso('2015-01-20T00:00:00', 'd')).toBe('2015-01-20');
    expect(xsdDateToIso('2019-12-16+03:00', 'd')).toBe('2019-12-16');
    expect(() => xsdDateToIso('2019-13-01', 'd')).toThrow(FormatError);
    expect(() => xsdDateToIso('16.12.2019', 'd')).toThrow(FormatError);
  });

  it('keeps date-times as written', () => {
    expect(xsdDateTime('2019-12-17T17:01:03', 'd')).toBe('2019-12-17T17:01:03');
    expect(xsdDateTime('2023-11-20T14:24:31.123+03:00', 'd')).toBe('2023-11-20T14:24:31.123+03:00');
    expect(() => xsdDateTime('yesterday', 'd')).toThrow(FormatError);
  });
});

describe('xs:boolean', () => {
  it('reads true/false/1/0 and keeps absence as null', () => {
    expect(xsdBoolOrNull('true', 'f')).toBe(true);
    expect(xsdBoolOrNull('0', 'f')).toBe(false);
    expect(xsdBoolOrNull(null, 'f')).toBeNull();
    expect(() => xsdBoolOrNull('yes', 'f')).toThrow(FormatError);
  });
});
