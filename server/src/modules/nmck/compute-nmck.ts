import Decimal from 'decimal.js';
import { NMCK_MAX_CV, NMCK_MIN_PRICES, type NmckMethod, type NmckResult } from '@proc/contract';

/**
 * The figures of an НМЦК justification, in decimals (decimal.js with 40 significant digits: nothing is rounded before
 * the figure shown). For the market-prices method the Методические рекомендации (приказ Минэкономразвития России от
 * 02.10.2013 № 567) give:
 * - the mean unit price <ц> = (1/n)·Σ цᵢ over the prices taken into account (п. 3.21);
 * - the standard deviation σ = √(Σ(цᵢ − <ц>)² / (n − 1)) and the coefficient of variation V = σ / <ц> · 100 %; the
 *   prices are uniform when V ≤ 33 % (п. 3.20); otherwise more prices must be gathered or the outliers justified and
 *   left out — the result is shown but not applied;
 * - at least three prices (п. 3.20);
 * - НМЦК = v/n · Σ цᵢ = v · <ц> (п. 3.21), v the quantity.
 * Rounding: money is in roubles and kopecks, so the НМЦК, <ц> and σ are given to the kopeck, rounding half up
 * (арифметическое округление), from the exact values — the formula of п. 3.21 has no intermediate rounding; V to a
 * hundredth of a per cent, compared with 33 % unrounded. The приказ itself gives no rule of rounding that the project's
 * search could find (pages, docs and code corpora; secondary texts quote п. 3.20 — V = σ / <ц> · 100, above
 * 33 % the prices are not uniform — and п. 3.21 with the formulas above, none a rounding step): rounding to the kopeck
 * is the product's, as every sum of money it keeps, and nothing was corrected.
 */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export interface PriceInput {
  unitPrice: string;
  excluded: boolean;
}

export interface NmckInput {
  method: NmckMethod;
  quantity: string;
  unitPrice: string | null;
  prices: PriceInput[];
}

const kopecks = (d: Decimal) => d.toFixed(2, Decimal.ROUND_HALF_UP);

export function computeNmck(input: NmckInput): NmckResult {
  const quantity = new D(input.quantity);
  const problems: string[] = [];
  if (input.method !== 'market') {
    if (input.unitPrice == null) problems.push('Укажите цену единицы');
    const unit = input.unitPrice == null ? null : new D(input.unitPrice);
    return {
      count: 0,
      mean: null,
      std_dev: null,
      cv: null,
      uniform: null,
      enough: unit !== null,
      unit_price: unit && kopecks(unit),
      nmck: unit && kopecks(unit.times(quantity)),
      problems,
    };
  }
  const prices = input.prices.filter((p) => !p.excluded).map((p) => new D(p.unitPrice));
  const n = prices.length;
  const enough = n >= NMCK_MIN_PRICES;
  if (!enough) problems.push(`Нужно не менее ${NMCK_MIN_PRICES} цен, учтено ${n}`);
  if (n === 0) return { count: 0, mean: null, std_dev: null, cv: null, uniform: null, enough, unit_price: null, nmck: null, problems };
  const mean = prices.reduce((s, p) => s.plus(p), new D(0)).div(n);
  let stdDev: Decimal | null = null;
  let cv: Decimal | null = null;
  let uniform: boolean | null = null;
  if (n >= 2) {
    const squares = prices.reduce((s, p) => s.plus(p.minus(mean).pow(2)), new D(0));
    stdDev = squares.div(n - 1).sqrt();
    if (mean.isZero()) problems.push('Средняя цена равна нулю: коэффициент вариации не определён');
    else {
      cv = stdDev.div(mean).times(100);
      uniform = cv.lte(NMCK_MAX_CV);
      if (!uniform)
        problems.push(
          `Коэффициент вариации ${cv.toFixed(2, Decimal.ROUND_HALF_UP).replace('.', ',')} % больше 33 %: совокупность цен неоднородна — добавьте цены или исключите с обоснованием`,
        );
    }
  }
  return {
    count: n,
    mean: kopecks(mean),
    std_dev: stdDev && kopecks(stdDev),
    cv: cv && cv.toFixed(2, Decimal.ROUND_HALF_UP),
    uniform,
    enough,
    unit_price: kopecks(mean),
    nmck: kopecks(mean.times(quantity)),
    problems,
  };
}
