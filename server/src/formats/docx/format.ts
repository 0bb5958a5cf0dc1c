/**
 * Russian formatting of values for documents: money, numbers, dates, a sum in words, and the preparation of
 * template data by the field types of `template-fields.ts`. Money is handled with decimal.js only.
 */
import Decimal from 'decimal.js';
import { formatDate, formatMoney, formatQuantity } from '@proc/contract/format';
import { integerDigitsInWords, rublesInWordsRu } from '@proc/contract/money';
import type { TemplateCode, TemplateField } from './template-fields';
import { CATALOGUE_FIELDS, CATALOGUE_LOOPS } from './tag-catalogue';

/** Non-breaking space: groups of digits in Russian documents must not be split across lines. */
export const NBSP = '\u00a0';

export type DecimalInput = string | number | Decimal;

/** Parses a decimal string ("1234.5", "1 234,50") or a number; null for anything that is not a number. */
export function toDecimal(value: unknown): Decimal | null {
  if (value instanceof Decimal) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(cleaned)) return null;
  return new Decimal(cleaned);
}

// Money and numbers go through the contract's one set of display rules (the web's screens use the same), so a sum
// reads alike on the card, in the XLSX and in the Word document; only the group separator may differ.
const withSeparator = (text: string, separator: string) => (separator === NBSP ? text : text.replace(/\u00a0/g, separator));

/** `1234567.8` → `1 234 567,80` (non-breaking spaces by default). */
export function formatMoneyRu(value: DecimalInput, separator = NBSP): string {
  const d = toDecimal(value);
  if (!d) throw new Error(`Не число: ${String(value)}`);
  return withSeparator(formatMoney(d.toFixed(), null), separator);
}

/** `1234.500` → `1 234,5`: trailing zeros dropped, as many decimals as the value has. */
export function formatNumberRu(value: DecimalInput, separator = NBSP): string {
  const d = toDecimal(value);
  if (!d) throw new Error(`Не число: ${String(value)}`);
  return withSeparator(formatQuantity(d.toFixed(), Math.max(d.decimalPlaces(), 0)), separator);
}

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** `2025-03-15` (or a Date, read in UTC) → `15.03.2025`; null when the value is not a date. */
export function formatDateRu(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatDate(value, 'UTC');
  if (typeof value !== 'string') return null;
  const m = ISO_DATE_RE.exec(value.trim());
  return m ? formatDate(`${m[1]}-${m[2]}-${m[3]}`) : null;
}

const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** `2025-03-15` → `«15» марта 2025 г.`, the form used at the head of contracts. */
export function formatDateLongRu(value: string): string | null {
  const m = ISO_DATE_RE.exec(value.trim());
  if (!m) return null;
  return `«${m[3]}» ${MONTHS_GENITIVE[Number(m[2]) - 1]} ${m[1]} г.`;
}

// ---- sum in words ------------------------------------------------------------------------------------------------

/** Integer part in words, masculine ("один", "два") or feminine ("одна", "две") for the last group (contract's words). */
export function integerInWordsRu(value: DecimalInput, feminine = false): string {
  const d = toDecimal(value);
  if (!d || !d.isInteger() || d.isNegative()) throw new Error(`Ожидалось целое неотрицательное число: ${String(value)}`);
  return integerDigitsInWords(d.toFixed(0), feminine);
}

/**
 * A rouble sum in words, as written in contracts: `1234.5` → `Одна тысяча двести тридцать четыре рубля 50 копеек`.
 * Rounded half up to kopecks here; the words are the contract's (the card's form shows the same live).
 */
export function rublesInWords(value: DecimalInput): string {
  const d = toDecimal(value);
  if (!d || d.isNegative()) throw new Error(`Сумма должна быть неотрицательным числом: ${String(value)}`);
  const words = rublesInWordsRu(d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
  if (!words) throw new Error('Слишком большое число для записи прописью');
  return words;
}

// ---- template data -----------------------------------------------------------------------------------------------

const RUBLE_CURRENCY_RE = /руб|rub|643|₽/i;

function formatField(field: TemplateField, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  switch (field.type) {
    case 'money': {
      const d = toDecimal(value);
      return d ? formatMoneyRu(d) : value;
    }
    case 'number': {
      const d = toDecimal(value);
      return d ? formatNumberRu(d) : value;
    }
    case 'date':
      return formatDateRu(value) ?? value;
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

function formatFields(fields: TemplateField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) {
    if (field.name in values) out[field.name] = formatField(field, values[field.name]);
  }
  // "<money>InWords" fields are filled from the money field when the currency is the rouble (or not given).
  for (const field of fields) {
    if (!field.name.endsWith('InWords') || (values[field.name] !== undefined && values[field.name] !== null)) continue;
    const source = fields.find((f) => f.type === 'money' && `${f.name}InWords` === field.name);
    const amount = source ? toDecimal(values[source.name]) : null;
    const currency = values.currency;
    if (amount && !amount.isNegative() && (currency === undefined || RUBLE_CURRENCY_RE.test(String(currency)))) {
      out[field.name] = rublesInWords(amount);
    }
  }
  return out;
}

/**
 * Formats raw values (ISO dates, decimal strings) for a template: dates as ДД.ММ.ГГГГ, money with two decimals
 * and grouped thousands, numbers without trailing zeros; fills loop rows' `index` (1, 2, …) when absent and
 * `…InWords` from the matching money field. Keys that the template does not know are passed through unchanged.
 */
export function prepareTemplateData(_code: TemplateCode | null, values: Record<string, unknown>): Record<string, unknown> {
  // every template, built-in or the customer's, takes its tags from the one catalogue: a tag formats alike everywhere
  const out = formatFields(ALL_FIELDS, values);
  for (const loop of CATALOGUE_LOOPS.values()) {
    const rows = values[loop.name];
    if (!Array.isArray(rows)) continue;
    out[loop.name] = rows.map((row: unknown, idx) => {
      const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      const withIndex = r.index === undefined || r.index === null ? { ...r, index: idx + 1 } : r;
      return formatFields(loop.columns, withIndex);
    });
  }
  return out;
}

const ALL_FIELDS: TemplateField[] = [...CATALOGUE_FIELDS.values()];
