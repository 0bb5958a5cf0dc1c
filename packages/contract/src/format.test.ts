import { describe, expect, it } from 'vitest';
import {
  daysText,
  daysUnitText,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatShare,
  formatSize,
  genitiveAfterNumberRu,
  leadTimeText,
  NBSP,
  pluralRu,
} from './format';

const s = (text: string) => text.replace(/ /g, NBSP);

describe('Russian display rules', () => {
  it('formats money from decimal strings without floats', () => {
    expect(formatMoney('1234567.8')).toBe(s('1 234 567,80 ₽'));
    expect(formatMoney('10000', null)).toBe(s('10 000,00'));
    expect(formatMoney('-784.805', null)).toBe(s('−784,81'));
    expect(formatMoney('99999999999999999.995', null)).toBe(s('100 000 000 000 000 000,00'));
    expect(formatMoney('-0.001', null)).toBe('0,00');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('abc')).toBe('—');
  });

  it('drops trailing zeros of quantities', () => {
    expect(formatQuantity('16.00000000000')).toBe('16');
    expect(formatQuantity('500.000000')).toBe('500');
    expect(formatQuantity('2.500')).toBe('2,5');
    expect(formatQuantity('12345.125')).toBe(s('12 345,125'));
    expect(formatQuantity('0.0000004')).toBe('0');
  });

  it('formats percentages and shares the same way', () => {
    expect(formatPercent('16.666')).toBe(s('16,67 %'));
    expect(formatPercent(0)).toBe(s('0,00 %'));
    expect(formatShare('1', '6')).toBe(s('16,67 %'));
    expect(formatShare('784.80', '184000.00')).toBe(s('0,43 %'));
    expect(formatShare('5', '0')).toBe(s('0,00 %'));
  });

  it('formats sizes with a decimal comma', () => {
    expect(formatSize(512)).toBe(s('512 Б'));
    expect(formatSize(7373)).toBe(s('7,2 КБ'));
    expect(formatSize(2048)).toBe(s('2 КБ'));
    expect(formatSize(1572864)).toBe(s('1,5 МБ'));
  });

  it('formats calendar dates without a time-zone shift and moments in a given zone', () => {
    expect(formatDate('2016-01-21')).toBe('21.01.2016');
    expect(formatDate('2026-11-24T21:30:00Z', 'Europe/Moscow')).toBe('25.11.2026');
    expect(formatDateTime('2026-11-24T21:30:00Z', 'Europe/Moscow')).toBe('25.11.2026 00:30');
    expect(formatDate(null)).toBe('—');
  });
});

describe('Russian forms after a number', () => {
  it('pluralRu takes the CLDR form: 1, 21 запись; 2, 4, 22 записи; 5, 11, 12, 14, 111 записей; a fraction «few»', () => {
    const f = (n: number) => pluralRu(n, 'запись', 'записи', 'записей');
    expect([1, 21, 101].map(f)).toEqual(['запись', 'запись', 'запись']);
    expect([2, 4, 22, 104].map(f)).toEqual(['записи', 'записи', 'записи', 'записи']);
    expect([0, 5, 11, 12, 14, 111, 1000].map(f)).toEqual(Array(7).fill('записей'));
    expect(f(1.5)).toBe('записи');
  });
  it('genitive after «не более N»: 1 and 731 take the singular, 2 and 11 the plural', () => {
    expect(genitiveAfterNumberRu(731, 'дня', 'дней')).toBe('дня');
    expect(genitiveAfterNumberRu(1, 'дня', 'дней')).toBe('дня');
    expect(genitiveAfterNumberRu(2, 'дня', 'дней')).toBe('дней');
    expect(genitiveAfterNumberRu(11, 'дня', 'дней')).toBe('дней');
  });
  it('days: «3 календарных дня», «1 рабочий день», «не менее 21 календарного дня»', () => {
    expect(daysText(3, 'calendar')).toBe('3 календарных дня');
    expect(daysText(1, 'working')).toBe('1 рабочий день');
    expect(daysText(5, 'working')).toBe('5 рабочих дней');
    expect([1, 3, 5, 21].map((n) => daysUnitText(n, 'calendar'))).toEqual([
      'календарный день',
      'календарных дня',
      'календарных дней',
      'календарный день',
    ]);
    expect(daysText(11, 'calendar')).toBe('11 календарных дней');
    expect(leadTimeText(21, 'calendar')).toBe('не менее 21 календарного дня');
    expect(leadTimeText(3, 'working')).toBe('не менее 3 рабочих дней');
  });
});
