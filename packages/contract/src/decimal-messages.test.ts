import { describe, expect, it } from 'vitest';
import { NmckRequest } from './nmck';
import { CatalogEnsuringRequest } from './catalogs';

/** «-100» or «abc» said «число с не более чем двумя знаками»; each now names its real problem. */
describe('a wrong amount is named for what is wrong with it', () => {
  const quantity = (v: string) =>
    NmckRequest.safeParse({ method: 'market', quantity: v }).error?.issues.find((i) => i.path[0] === 'quantity')?.message;
  it('a quantity: below zero, no number, too many decimals, zero', () => {
    expect(quantity('-100')).toBe('Количество не может быть отрицательным');
    expect(quantity('abc')).toBe('Количество: значение должно быть числовое');
    expect(quantity('1,1234567')).toBe('Количество: не более 6 знаков после запятой');
    expect(quantity('0')).toBe('Количество должно быть больше нуля');
    expect(quantity('12,5')).toBeUndefined();
  });
  it('an ensuring percent: below zero and letters are said so', () => {
    const percent = (v: string) =>
      CatalogEnsuringRequest.safeParse({ name: 'Обеспечение заявки', kind: 'application', percent: v }).error?.issues.find(
        (i) => i.path[0] === 'percent',
      )?.message;
    expect(percent('-100')).toBe('Процент: значение не может быть отрицательным');
    expect(percent('abc')).toBe('Процент: значение должно быть числовое');
    expect(percent('5,5')).toBeUndefined();
  });
});
