/**
 * One rule set for money and quantities typed by a user, shared by the web's inputs and the server's schemas: the text is normalised («1 500 000,50» → "1500000.50"), must be a number, has at most `scale` decimals and at
 * most DECIMAL_INT_DIGITS integer digits (what every column and the words in documents hold), and is positive where the domain says so. Values stay decimal
 * strings: nothing here goes through a float.
 */
import { z } from 'zod';
import { DECIMAL_INT_DIGITS } from './common';
import { pluralRu } from './format';
import { MESSAGES } from './messages';

export const MONEY_MESSAGES = {
  /** The spec's numeric message. */
  notNumber: MESSAGES.numeric,
  decimals: (scale: number) => (scale === 2 ? 'Не более двух знаков после запятой' : `Не более ${scale} знаков после запятой`),
  positive: 'Сумма должна быть больше нуля',
  positiveQuantity: 'Количество должно быть больше нуля',
  negative: 'Значение не может быть отрицательным',
  tooLarge: `Слишком большое значение: не более ${DECIMAL_INT_DIGITS} цифр до запятой`,
} as const;

export interface DecimalRule {
  /** Zero is refused too (a price, a НМЦД, a limit). */
  positive?: boolean;
  /** Decimals allowed: 2 for money (default). */
  scale?: number;
  /** A quantity: the messages speak of a quantity. */
  quantity?: boolean;
  /** What the value is, when the messages should name it: «Цена не может быть отрицательной». */
  subject?: DecimalSubject;
}

/** Names of what a decimal field holds, with the gender the messages agree with. */
const DECIMAL_SUBJECTS = {
  price: ['Цена', 'f'],
  sum: ['Сумма', 'f'],
  nmcd: ['НМЦД', 'f'],
  quantity: ['Количество', 'n'],
  value: ['Значение', 'n'],
} as const satisfies Record<string, readonly [string, 'f' | 'n']>;
export type DecimalSubject = keyof typeof DECIMAL_SUBJECTS;

/**
 * «-100» is a negative value whatever the field's own rule (it used to read «Сумма должна быть больше нуля»), and zero
 * where a positive one is wanted is said so; each message names the field's subject in agreement with its gender.
 */
function signProblem(kind: 'negative' | 'zero', rule: DecimalRule): string {
  const subject = rule.subject ?? (rule.quantity ? 'quantity' : rule.positive ? 'sum' : 'value');
  const [name, gender] = DECIMAL_SUBJECTS[subject];
  const f = gender === 'f';
  return kind === 'negative'
    ? `${name} не может быть ${f ? 'отрицательной' : 'отрицательным'}`
    : `${name} ${f ? 'должна' : 'должно'} быть больше нуля`;
}

/** A typed amount without group separators, with a point: «1 500 000,50» → "1500000.50"; a minus sign kept. */
export const normalizeDecimal = (v: string | number): string =>
  String(v)
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^[\u2212\u2013]/, '-')
    .replace(',', '.');

/** The first thing wrong with a typed amount (already normalised or not), or null when it is acceptable. */
export function decimalProblem(raw: string | number, rule: DecimalRule = {}): string | null {
  const v = normalizeDecimal(raw);
  const scale = rule.scale ?? 2;
  const m = /^([-+]?)(\d+)(?:\.(\d*))?$/.exec(v);
  if (!m) return MONEY_MESSAGES.notNumber;
  const [, sign, int, frac = ''] = m;
  const zero = /^0+$/.test(int) && /^0*$/.test(frac);
  if (sign === '-' && !zero) return signProblem('negative', rule);
  if (int.replace(/^0+(?=\d)/, '').length > DECIMAL_INT_DIGITS) return MONEY_MESSAGES.tooLarge;
  if (frac.replace(/0+$/, '').length > scale) return MONEY_MESSAGES.decimals(scale);
  if (rule.positive && zero) return signProblem('zero', rule);
  return null;
}

/** The stored form of an acceptable amount: no sign, no leading zeros, a point ("007,5" → "7.5"). */
export const canonicalDecimal = (raw: string | number): string => {
  const v = normalizeDecimal(raw).replace(/^[-+]/, '');
  const [int, frac] = v.split('.');
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  return frac ? `${i}.${frac}` : i;
};

/**
 * A money (or quantity) field of a request: a string or a number, normalised, checked by `decimalProblem`, stored as
 * the canonical decimal string.
 */
export const decimalField = (rule: DecimalRule = {}) =>
  z
    .union([z.string(), z.number()], { error: MONEY_MESSAGES.notNumber })
    .superRefine((v, ctx) => {
      const problem = decimalProblem(v, rule);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => canonicalDecimal(v));

/** A quantity > 0 with up to six decimals (numeric(20,6)): "12.5". */
export const positiveQuantity = () =>
  decimalField({ positive: true, scale: 6, quantity: true }).describe('Количество строкой, больше нуля, до шести знаков после запятой');
/** Money ≥ 0, two decimals: "600000.00". */
export const moneyAmount = () => decimalField().describe('Сумма в рублях строкой, например "600000.00"');
/** Money > 0, two decimals (НМЦД, a price, a limit). */
export const positiveMoney = () => decimalField({ positive: true }).describe('Сумма в рублях строкой, больше нуля, например "600000.00"');

/** A stored amount as typed in an input: «1 500 000,50» (groups by a space, a decimal comma); other text unchanged. */
export function formatDecimalInput(v: string | number | null | undefined, scale = 2): string {
  if (v === null || v === undefined) return '';
  const s = normalizeDecimal(v);
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return String(v);
  const [, sign, int, frac] = m;
  const grouped = (int.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  // money shows its kopecks; a quantity (scale 6) drops the column's trailing zeros: «10,5», not «10,500000»
  const f =
    frac === undefined || frac === ''
      ? ''
      : scale === 2 && frac.length <= 2
        ? frac.padEnd(2, '0')
        : scale === 2
          ? frac
          : frac.replace(/0+$/, '');
  return `${sign}${grouped}${f ? `,${f}` : ''}`;
}

// ---- sum in words (the documents and the card's live «НМЦД прописью» read the same words) -------------------------

const ONES_M = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const ONES_F = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];
const SCALES: { forms: [string, string, string]; feminine: boolean }[] = [
  { forms: ['', '', ''], feminine: false },
  { forms: ['тысяча', 'тысячи', 'тысяч'], feminine: true },
  { forms: ['миллион', 'миллиона', 'миллионов'], feminine: false },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], feminine: false },
  { forms: ['триллион', 'триллиона', 'триллионов'], feminine: false },
];

function tripletWords(n: number, feminine: boolean): string[] {
  const words: string[] = [];
  const rest = n % 100;
  if (n >= 100) words.push(HUNDREDS[Math.floor(n / 100)]);
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else {
    if (rest >= 20) words.push(TENS[Math.floor(rest / 10)]);
    if (rest % 10) words.push((feminine ? ONES_F : ONES_M)[rest % 10]);
  }
  return words;
}

/** Integer digits in words, masculine («один», «два») or feminine («одна», «две») for the last group; up to 15 digits. */
export function integerDigitsInWords(digits: string, feminine = false): string {
  const d = digits.replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(d)) throw new Error(`Ожидалось целое неотрицательное число: ${digits}`);
  if (d === '0') return 'ноль';
  if (d.length > 15) throw new Error('Слишком большое число для записи прописью');
  const groups: number[] = [];
  for (let end = d.length; end > 0; end -= 3) groups.push(Number(d.slice(Math.max(0, end - 3), end)));
  const words: string[] = [];
  for (let g = groups.length - 1; g >= 0; g--) {
    const n = groups[g];
    if (!n) continue;
    words.push(...tripletWords(n, g === 0 ? feminine : SCALES[g].feminine));
    if (g > 0) words.push(pluralRu(n, ...SCALES[g].forms));
  }
  return words.join(' ');
}

/**
 * A rouble sum with at most two decimals in words, as contracts write it: "1234.5" → «Одна тысяча двести тридцать
 * четыре рубля 50 копеек»; null for text that is not such a sum (the card's form shows nothing then).
 */
export function rublesInWordsRu(amount: string | number): string | null {
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(normalizeDecimal(amount));
  if (!m || m[1].replace(/^0+(?=\d)/, '').length > 15) return null;
  const rubles = m[1];
  const kopecks = Number((m[2] ?? '').padEnd(2, '0'));
  const rubleWord = pluralRu(Number(rubles.slice(-3)), 'рубль', 'рубля', 'рублей');
  const kopeckWord = pluralRu(kopecks, 'копейка', 'копейки', 'копеек');
  const text = `${integerDigitsInWords(rubles)} ${rubleWord} ${String(kopecks).padStart(2, '0')} ${kopeckWord}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A decimal field named `what` (a percent, a quantity) of a fixed shape `shape`, normalised as typed («12,5»): the real
 * problem in words («-100» is negative, «abc» no number) as every money field says it, prefixed by its name.
 */
export const namedDecimal = (what: string, shape: RegExp, rule: DecimalRule = {}) =>
  z
    .union([z.string(), z.number()])
    .transform((v) =>
      String(v)
        .trim()
        .replace(/[\s\u00a0]/g, '')
        .replace(',', '.'),
    )
    .superRefine((v, c) => {
      const problem = decimalProblem(v, rule) ?? (shape.test(v) ? null : MONEY_MESSAGES.tooLarge);
      if (problem)
        c.addIssue({
          code: 'custom',
          message: problem.startsWith(what) ? problem : `${what}: ${problem[0].toLowerCase()}${problem.slice(1)}`,
        });
    });
