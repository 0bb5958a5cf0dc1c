import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatKopecks, kopecksOf, MoneySum, sumMoney } from './money-sum';
import { summarizeContractExecution } from './report-figures';
import { SAMPLE_EXECUTION_REPORT } from './sample-report';

/** What the sums were before the kopeck fast path: decimal.js, one value at a time. */
const decimalSum = (values: string[]) => values.reduce((s, v) => s.plus(v), new Decimal(0));

describe('kopecks', () => {
  it('reads decimal strings with up to two decimals and nothing else', () => {
    expect(kopecksOf('12.5')).toBe(1250);
    expect(kopecksOf('-0.05')).toBe(-5);
    expect(kopecksOf('007')).toBe(700);
    expect(Object.is(kopecksOf('-0.00'), 0)).toBe(true);
    expect(kopecksOf('999999999999.99')).toBe(99999999999999);
    for (const v of ['1.234', '1,5', ' 1', '1e3', '', '-', '.5', '10000000000000.00']) expect(kopecksOf(v), v).toBeNull();
  });

  it('writes kopecks as Decimal#toFixed(2) does', () => {
    for (const v of ['0', '-0', '-0.01', '0.1', '12.5', '-12.05', '1000000', '99999999999999.99', '-7.00']) {
      const k = kopecksOf(v);
      if (k === null) continue;
      expect(formatKopecks(k), v).toBe(new Decimal(v).toFixed(2, Decimal.ROUND_HALF_UP));
    }
  });
});

describe('MoneySum', () => {
  it('gives the decimal.js sum, also when values or the total leave the kopeck range', () => {
    const cases = [
      ['311600.00', '383808.53', '-0.5', '0'],
      ['0.125', '1.10', '2'], // more than two decimals
      ['9999999999999.99', '9999999999999.99', '0.01'], // the total passes 10^13 roubles
      ['123456789012345678.12', '1.01', '0.99'], // a value past the kopeck range
      ['12345678901234567890', '0.4', '0.4'], // decimal.js rounds to 20 digits: kopecks added apart would give …891
    ];
    for (const values of cases) expect(sumMoney(values).toFixed(), values.join(' + ')).toBe(decimalSum(values).toFixed());
  });

  it('adds Decimal values too, and is zero when empty', () => {
    const total = new MoneySum();
    expect(total.value.toFixed(2)).toBe('0.00');
    total.add('10.10');
    total.add(new Decimal('0.005'));
    total.add('5');
    expect(total.value.toFixed()).toBe('15.105');
  });
});

describe('summarizeContractExecution on the kopeck path', () => {
  it('matches decimal.js for positions with and without amounts, whole and fractional quantities', () => {
    const positions = [
      { name: 'a', quantity: '1200', price: '389.50', deliveredQuantity: '800', deliveredAmount: '311600.00' },
      { name: 'b', quantity: '3', price: '0.333', deliveredQuantity: '1.5', deliveredAmount: '0.5' },
      { name: 'c', quantity: '2.5', price: '10.01', amount: '25.03', deliveredQuantity: '3', deliveredAmount: '30.125' },
      { name: 'd', quantity: '999999999', price: '99999999.99', deliveredQuantity: '0', deliveredAmount: '0' },
      { name: 'e', quantity: '-0', price: '5', amount: '-0.00', deliveredQuantity: '0', deliveredAmount: '0.01' },
    ];
    const { positions: lines, totals } = summarizeContractExecution({ ...SAMPLE_EXECUTION_REPORT, positions });
    const money = (d: Decimal) => d.toFixed(2, Decimal.ROUND_HALF_UP);
    const expected = positions.map((p) => {
      const amount = p.amount !== undefined ? new Decimal(p.amount) : new Decimal(p.quantity).times(p.price);
      return {
        amount: money(amount),
        remainingQuantity: new Decimal(p.quantity).minus(p.deliveredQuantity).toFixed(),
        remainingAmount: money(amount.minus(p.deliveredAmount)),
      };
    });
    expect(lines.map(({ amount, remainingQuantity, remainingAmount }) => ({ amount, remainingQuantity, remainingAmount }))).toEqual(
      expected,
    );
    expect(totals.positionsAmount).toBe(money(decimalSum(expected.map((e) => e.amount))));
    expect(totals.positionsRemainingAmount).toBe(money(decimalSum(expected.map((e) => e.remainingAmount))));
    expect(totals.positionsDeliveredAmount).toBe(money(decimalSum(positions.map((p) => p.deliveredAmount))));
  });
});
