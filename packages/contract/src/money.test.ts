import { describe, expect, it } from 'vitest';
import { decimalField, decimalProblem, formatDecimalInput, positiveMoney, rublesInWordsRu } from './money';
import { ProcurementRequest, RegisterQuery } from './procurements';
import { TariffRequest } from './catalogs';

describe('money typed by a user', () => {
  it('refuses a sign, zero where a sum must be positive, an endless number and a third decimal — in words', () => {
    expect(decimalProblem('-100', { positive: true })).toBe('Сумма не может быть отрицательной');
    expect(decimalProblem('-100', { positive: true, subject: 'price' })).toBe('Цена не может быть отрицательной');
    expect(decimalProblem('0', { positive: true, subject: 'price' })).toBe('Цена должна быть больше нуля');
    expect(decimalProblem('-1', { quantity: true, positive: true })).toBe('Количество не может быть отрицательным');
    expect(decimalProblem('abc', { subject: 'price' })).toBe('Значение должно быть числовое');
    expect(decimalProblem('0', { positive: true })).toBe('Сумма должна быть больше нуля');
    expect(decimalProblem('0,00', { positive: true })).toBe('Сумма должна быть больше нуля');
    expect(decimalProblem('-5000')).toBe('Значение не может быть отрицательным');
    expect(decimalProblem('99999999999999999999')).toBe('Слишком большое значение: не более 14 цифр до запятой');
    // the bound every money and quantity input shares: 14 integer digits pass, 15 do not
    expect(decimalProblem('99999999999999.99')).toBeNull();
    expect(decimalProblem('999999999999999')).toBe('Слишком большое значение: не более 14 цифр до запятой');
    expect(decimalProblem('99999999999999.999999', { scale: 6, quantity: true, positive: true })).toBeNull();
    expect(decimalProblem('1,005')).toBe('Не более двух знаков после запятой');
    expect(decimalProblem('абв')).toBe('Значение должно быть числовое');
    expect(decimalProblem('1 500 000,50', { positive: true })).toBeNull();
    expect(decimalProblem('1,500')).toBeNull();
  });

  it('stores what is typed as a decimal string, never a float', () => {
    expect(positiveMoney().parse('1 500 000,50')).toBe('1500000.50');
    expect(decimalField().parse('007,5')).toBe('7.5');
    expect(decimalField().parse(0.1)).toBe('0.1');
    expect(formatDecimalInput('996000.00')).toBe('996\u00a0000,00');
    expect(formatDecimalInput('1500000.5')).toBe('1\u00a0500\u00a0000,50');
    expect(formatDecimalInput('12абв')).toBe('12абв');
    expect(formatDecimalInput('10.500000', 6)).toBe('10,5');
    expect(formatDecimalInput('10.000000', 6)).toBe('10');
  });

  it('is the rule of the card, the tariff and the register filter', () => {
    const card = ProcurementRequest.safeParse({ title: 'Бумага', method: 'auction_e', subject: 'goods', nmcd: '0' });
    expect(card.success || card.error.issues.map((i) => i.message)).toEqual(['Сумма должна быть больше нуля']);
    const tariff = TariffRequest.safeParse({ name: 'Базовый', price: '-5000', period: 'month' });
    expect(tariff.success || tariff.error.issues.map((i) => i.message)).toEqual(['Цена не может быть отрицательной']);
    const filter = RegisterQuery.safeParse({ nmcd_min: 'abc' });
    expect(filter.success || filter.error.issues.map((i) => i.message)).toEqual(['Значение должно быть числовое']);
  });

  it('writes a sum in words as contracts do', () => {
    expect(rublesInWordsRu('1234.5')).toBe('Одна тысяча двести тридцать четыре рубля 50 копеек');
    expect(rublesInWordsRu('1 500 000,00')).toBe('Один миллион пятьсот тысяч рублей 00 копеек');
    expect(rublesInWordsRu('12абв')).toBeNull();
  });
});
