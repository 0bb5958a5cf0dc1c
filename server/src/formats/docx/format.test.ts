import { describe, expect, it } from 'vitest';
import {
  formatDateLongRu,
  formatDateRu,
  formatMoneyRu,
  formatNumberRu,
  integerInWordsRu,
  NBSP,
  prepareTemplateData,
  rublesInWords,
} from './format';

const sp = (s: string) => s.replace(/ /g, NBSP);

describe('formatMoneyRu', () => {
  it('groups thousands and keeps two decimals without float errors', () => {
    expect(formatMoneyRu('1234567.8')).toBe(sp('1 234 567,80'));
    expect(formatMoneyRu('0.1')).toBe('0,10');
    expect(formatMoneyRu('999.995')).toBe(sp('1 000,00'));
    expect(formatMoneyRu('-1500')).toBe(sp('−1 500,00')); // the typographic minus, as on every screen
    expect(formatMoneyRu('12345678901234567.89')).toBe(sp('12 345 678 901 234 567,89'));
    expect(formatMoneyRu('1 234,5', ' ')).toBe('1 234,50');
  });
  it('rejects what is not a number', () => {
    expect(() => formatMoneyRu('abc')).toThrow(/Не число/);
  });
});

describe('formatNumberRu / dates', () => {
  it('formats quantities without trailing zeros', () => {
    expect(formatNumberRu('1200')).toBe(sp('1 200'));
    expect(formatNumberRu('1234.500')).toBe(sp('1 234,5'));
    expect(formatNumberRu(3.25)).toBe('3,25');
  });
  it('formats ISO dates', () => {
    expect(formatDateRu('2025-03-05')).toBe('05.03.2025');
    expect(formatDateRu('2025-03-05T10:00:00+03:00')).toBe('05.03.2025');
    expect(formatDateRu(new Date(Date.UTC(2024, 11, 31)))).toBe('31.12.2024');
    expect(formatDateRu('05.03.2025')).toBeNull();
    expect(formatDateLongRu('2025-03-05')).toBe('«05» марта 2025 г.');
  });
});

describe('sum in words', () => {
  it('declines numbers', () => {
    expect(integerInWordsRu('0')).toBe('ноль');
    expect(integerInWordsRu('21')).toBe('двадцать один');
    expect(integerInWordsRu('2', true)).toBe('две');
    expect(integerInWordsRu('1001')).toBe('одна тысяча один');
    expect(integerInWordsRu('2000')).toBe('две тысячи');
    expect(integerInWordsRu('5011')).toBe('пять тысяч одиннадцать');
    expect(integerInWordsRu('1000000')).toBe('один миллион');
    expect(integerInWordsRu('3002000000')).toBe('три миллиарда два миллиона');
  });
  it('writes roubles and kopecks', () => {
    expect(rublesInWords('1234567.8')).toBe('Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей 80 копеек');
    expect(rublesInWords('1.01')).toBe('Один рубль 01 копейка');
    expect(rublesInWords('22.02')).toBe('Двадцать два рубля 02 копейки');
    expect(rublesInWords('111')).toBe('Сто одиннадцать рублей 00 копеек');
    expect(rublesInWords('0')).toBe('Ноль рублей 00 копеек');
    expect(rublesInWords('0.999')).toBe('Один рубль 00 копеек');
  });
});

describe('prepareTemplateData', () => {
  it('formats fields by type, numbers loop rows and fills the sum in words', () => {
    const data = prepareTemplateData('draft-contract', {
      contractDate: '2025-03-25',
      contractPrice: '1500',
      currency: 'Российский рубль',
      customerName: 'АО «Тест»',
      unknownKey: 42,
      items: [
        { name: 'Бумага', quantity: '10.50', price: '100', amount: '1050' },
        { name: 'Ручки', quantity: '3', price: '150', amount: '450', index: 7 },
      ],
    });
    expect(data.contractDate).toBe('25.03.2025');
    expect(data.contractPrice).toBe(sp('1 500,00'));
    expect(data.contractPriceInWords).toBe('Одна тысяча пятьсот рублей 00 копеек');
    expect(data.unknownKey).toBe(42);
    expect(data.items).toEqual([
      { name: 'Бумага', quantity: '10,5', price: '100,00', amount: sp('1 050,00'), index: '1' },
      { name: 'Ручки', quantity: '3', price: '150,00', amount: '450,00', index: '7' },
    ]);
  });
  it('does not write roubles in words for another currency and keeps given words', () => {
    expect(prepareTemplateData('notice', { nmcd: '10', currency: 'Евро' }).nmcdInWords).toBeUndefined();
    expect(prepareTemplateData('notice', { nmcd: '10', nmcdInWords: 'Десять' }).nmcdInWords).toBe('Десять');
  });
  it('leaves values that do not parse as they are', () => {
    const data = prepareTemplateData('notice', { nmcd: 'не установлена', publicationDate: 'по готовности' });
    expect(data.nmcd).toBe('не установлена');
    expect(data.publicationDate).toBe('по готовности');
  });
});
