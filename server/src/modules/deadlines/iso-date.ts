/**
 * Calendar dates 'YYYY-MM-DD' of the deadline rules: validation with a Russian message on top of the one calendar
 * (@proc/contract/calendar, Temporal), so no local-time `Date`, time zone or daylight-saving shift moves a date.
 */
import { addDays as addCalendarDays, daysBetween, daysInMonth, isoWeekday, plainDate } from '@proc/contract/calendar';
import { formatDate } from '@proc/contract/format';

export type IsoDate = string;

export { daysInMonth, isoWeekday };

export interface DateParts {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

/** Parses and validates an ISO date; throws a Russian error message on malformed input. */
export function parseIsoDate(iso: IsoDate): DateParts {
  const d = plainDate(iso);
  if (!d) throw new RangeError(`Некорректная дата: ${JSON.stringify(iso)} (ожидается формат ГГГГ-ММ-ДД)`);
  return { year: d.year, month: d.month, day: d.day };
}

export const isIsoDate = (value: unknown): value is IsoDate => plainDate(value) !== null;

export function formatIsoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const isWeekend = (iso: IsoDate): boolean => isoWeekday(iso) >= 6;

export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Количество дней должно быть целым числом: ${days}`);
  parseIsoDate(iso);
  return addCalendarDays(iso, days);
}

/** Signed number of calendar days from `a` to `b` (b − a); validates both dates. */
export function diffDays(a: IsoDate, b: IsoDate): number {
  parseIsoDate(a);
  parseIsoDate(b);
  return daysBetween(a, b);
}

/** -1, 0 or 1; validates both dates. */
export const compareIsoDates = (a: IsoDate, b: IsoDate): number => Math.sign(diffDays(b, a)) || 0;

export const yearOf = (iso: IsoDate): number => parseIsoDate(iso).year;

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' (the Russian date format of every screen and document); validates the date. */
export function formatRuDate(iso: IsoDate): string {
  parseIsoDate(iso);
  return formatDate(iso);
}
