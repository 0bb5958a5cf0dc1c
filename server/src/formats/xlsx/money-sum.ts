/**
 * Exact money arithmetic on whole kopecks for the common case of decimal strings with at most two decimals: large
 * reports sum tens of thousands of such values, and decimal.js costs about a microsecond for every parse and
 * addition. Anything else (more decimals, very large amounts) goes through decimal.js, and results are always the
 * same as decimal.js would give.
 */
import Decimal from 'decimal.js';

const MONEY_RE = /^-?\d+(\.\d{1,2})?$/;
/** Up to 15 digits of kopecks (under 10^13 roubles): any sum of two stays a safe integer. */
const MAX_DIGITS = 15;
const LIMIT = 10 ** MAX_DIGITS;

/** Whole kopecks of a decimal string with at most two decimals (`"-12.5"` → -1250), or null for anything else. */
export function kopecksOf(value: string): number | null {
  if (!MONEY_RE.test(value)) return null;
  const dot = value.indexOf('.');
  const digits = dot < 0 ? `${value}00` : value.slice(0, dot) + value.slice(dot + 1).padEnd(2, '0');
  if (digits.length - (digits[0] === '-' ? 1 : 0) > MAX_DIGITS) return null;
  return Number(digits) + 0; // + 0 turns -0 into 0
}

/** Kopecks as `Decimal#toFixed(2)` writes them: `-1250` → `"-12.50"`, zero without a sign. */
export function formatKopecks(kopecks: number): string {
  const abs = Math.abs(kopecks);
  const frac = abs % 100;
  return `${kopecks < 0 ? '-' : ''}${(abs - frac) / 100}.${frac < 10 ? '0' : ''}${frac}`;
}

/**
 * A running total of money values, the same as adding them one by one with decimal.js. Values are added as whole
 * kopecks while every one fits and the total stays below 10^13 roubles, where decimal.js is exact as well; the
 * first value that does not (or a total that grows past it) switches to decimal.js for the rest of the sum.
 */
export class MoneySum {
  private kopecks = 0;
  private decimal: Decimal | null = null;

  add(value: string | Decimal): void {
    if (this.decimal === null) {
      const k = typeof value === 'string' ? kopecksOf(value) : null;
      if (k !== null && Math.abs(this.kopecks + k) < LIMIT) {
        this.kopecks += k;
        return;
      }
      this.decimal = new Decimal(this.kopecks).div(100);
    }
    this.decimal = this.decimal.plus(value);
  }

  get value(): Decimal {
    return this.decimal ?? new Decimal(this.kopecks).div(100);
  }
}

/** Sum of money values (decimal strings); undefined values are skipped. */
export function sumMoney(values: Iterable<string | undefined>): Decimal {
  const total = new MoneySum();
  for (const v of values) if (v !== undefined) total.add(v);
  return total.value;
}
