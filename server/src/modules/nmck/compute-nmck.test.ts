import { describe, expect, it } from 'vitest';
import { computeNmck } from './compute-nmck';

const prices = (...ps: string[]) => ps.map((unitPrice) => ({ unitPrice, excluded: false }));

// Figures checked by hand and with Python's decimal module (40 digits, ROUND_HALF_UP).
describe('НМЦК by comparable market prices (приказ № 567)', () => {
  it('a uniform sample: mean, σ (n − 1), V and НМЦК to the kopeck from the unrounded mean', () => {
    const r = computeNmck({ method: 'market', quantity: '7', unitPrice: null, prices: prices('1250.00', '1300.50', '1199.99') });
    // Σ = 3 750,49; <ц> = 1 250,163333…; v·<ц> = 8 751,143333… → 8 751,14 (8 751,12 had the mean been rounded first)
    expect(r).toEqual({
      count: 3,
      mean: '1250.16',
      std_dev: '50.26',
      cv: '4.02',
      uniform: true,
      enough: true,
      unit_price: '1250.16',
      nmck: '8751.14',
      problems: [],
    });
  });
  it('a coefficient of variation over 33 %: computed, flagged, with the reason', () => {
    const r = computeNmck({ method: 'market', quantity: '12', unitPrice: null, prices: prices('100.00', '150.00', '300.00') });
    expect(r).toMatchObject({ count: 3, mean: '183.33', std_dev: '104.08', cv: '56.77', uniform: false, enough: true, nmck: '2200.00' });
    expect(r.problems).toEqual([
      'Коэффициент вариации 56,77 % больше 33 %: совокупность цен неоднородна — добавьте цены или исключите с обоснованием',
    ]);
  });
  it('an excluded price leaves the sample; fewer than three prices is not enough', () => {
    const r = computeNmck({
      method: 'market',
      quantity: '12',
      unitPrice: null,
      prices: [...prices('100.00', '150.00'), { unitPrice: '300.00', excluded: true }],
    });
    expect(r).toMatchObject({ count: 2, mean: '125.00', std_dev: '35.36', cv: '28.28', uniform: true, enough: false, nmck: '1500.00' });
    expect(r.problems).toEqual(['Нужно не менее 3 цен, учтено 2']);
  });
  it('a fractional quantity', () => {
    const r = computeNmck({ method: 'market', quantity: '12.5', unitPrice: null, prices: prices('100.00', '150.00', '160.00') });
    // 12,5 × 136,666666… = 1 708,333333… → 1 708,33
    expect(r).toMatchObject({ mean: '136.67', std_dev: '32.15', cv: '23.52', uniform: true, nmck: '1708.33', problems: [] });
  });
  it('no prices', () => {
    expect(computeNmck({ method: 'market', quantity: '1', unitPrice: null, prices: [] })).toMatchObject({
      count: 0,
      mean: null,
      nmck: null,
      problems: ['Нужно не менее 3 цен, учтено 0'],
    });
  });
  it('large sums stay exact', () => {
    const r = computeNmck({
      method: 'market',
      quantity: '3',
      unitPrice: null,
      prices: prices('9999999999999.99', '9999999999999.98', '9999999999999.97'),
    });
    expect(r).toMatchObject({ mean: '9999999999999.98', std_dev: '0.01', cv: '0.00', nmck: '29999999999999.94' });
  });
});

describe('НМЦК by the other methods', () => {
  it('unit price × quantity, to the kopeck', () => {
    expect(computeNmck({ method: 'tariff', quantity: '1234.567', unitPrice: '5.43', prices: [] })).toMatchObject({
      unit_price: '5.43',
      nmck: '6703.70',
      problems: [],
    });
  });
  it('no price yet', () => {
    expect(computeNmck({ method: 'normative', quantity: '1', unitPrice: null, prices: [] })).toMatchObject({
      nmck: null,
      problems: ['Укажите цену единицы'],
    });
  });
});
