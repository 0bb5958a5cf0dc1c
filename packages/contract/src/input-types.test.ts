import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalString, isoDate, optionalString, requiredString } from './common';

const messages = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('shared input types', () => {
  it('a date is a real calendar day from 1990 to 2100', () => {
    expect(isoDate.safeParse('2024-02-29').success).toBe(true);
    expect(messages(isoDate, '2026-02-30')).toEqual(['Такой даты нет в календаре']);
    expect(messages(isoDate, '9999-12-31')).toEqual(['Дата должна быть между 01.01.1990 и 31.12.2100']);
    expect(messages(isoDate, '1989-12-31')).toEqual(['Дата должна быть между 01.01.1990 и 31.12.2100']);
    expect(messages(isoDate, '31.12.2024')).toEqual(['Дата в формате ГГГГ-ММ-ДД']);
  });

  it('free text refuses NUL, lone surrogates and bidi controls', () => {
    expect(requiredString().safeParse('Договор 😀 №1').success).toBe(true);
    expect(messages(requiredString(), 'x\u0000y')).toEqual(['Текст содержит недопустимые символы']);
    expect(messages(optionalString(), 'x\ud800')).toEqual(['Текст содержит недопустимые символы']);
    expect(messages(requiredString(), 'счёт\u202Efdp.exe')).toEqual(['Текст содержит управляющие символы направления письма']);
  });

  it('money has an upper bound and huge numbers are refused', () => {
    expect(decimalString.parse('12345678901234,78')).toBe('12345678901234.78');
    expect(messages(decimalString, '123456789012345')).toEqual(['Слишком большое число: не более 14 цифр до запятой']);
    expect(messages(decimalString, 1e30)).toEqual(['Значение должно быть числовое']);
  });

  it("zod's own messages are Russian", () => {
    expect(messages(z.object({ n: z.number().max(365) }), { n: 400 })).toEqual(['Значение не больше 365']);
    expect(messages(z.object({ s: z.string() }), { s: 1 })).toEqual(['Неверный тип значения: ожидается строка']);
    expect(messages(z.object({ s: z.string() }), {})).toEqual(['Обязательное поле']);
  });
});
