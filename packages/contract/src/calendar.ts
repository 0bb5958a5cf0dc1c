/**
 * The one calendar of both sides: arithmetic on calendar dates 'YYYY-MM-DD' is Temporal's (temporal-polyfill), never
 * milliseconds or day numbers of our own, so month lengths, leap years and weekdays come from one implementation. The
 * server's clock (server/src/platform/clock.ts) adds the current instant and Moscow day bounds to these.
 */
import { Temporal } from 'temporal-polyfill';

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDay = string;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The date as a Temporal value; null when `iso` is not an existing calendar date 'YYYY-MM-DD'. */
export function plainDate(iso: unknown): Temporal.PlainDate | null {
  if (typeof iso !== 'string' || !ISO_DAY.test(iso)) return null;
  try {
    return Temporal.PlainDate.from(iso, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** The calendar date `days` after (or before, if negative) `day`. */
export function addDays(day: IsoDay, days: number): IsoDay {
  return Temporal.PlainDate.from(day).add({ days }).toString();
}

/** The same date `months` later (clamped to the month's end: 31.01 + 1 month = 28/29.02). */
export function addMonths(day: IsoDay, months: number): IsoDay {
  return Temporal.PlainDate.from(day).add({ months }).toString();
}

/** Calendar days from `a` to `b` (b − a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return Temporal.PlainDate.from(a).until(Temporal.PlainDate.from(b), { largestUnit: 'days' }).days;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (day: IsoDay): number => Temporal.PlainDate.from(day).dayOfWeek;

/** Every date from `from` to `to`, both included. */
export function eachDay(from: IsoDay, to: IsoDay): IsoDay[] {
  const out: IsoDay[] = [];
  const end = Temporal.PlainDate.from(to);
  for (let d = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(d, end) <= 0; d = d.add({ days: 1 })) out.push(d.toString());
  return out;
}

/** The first and last date of the month `day` falls in. */
export function monthRange(day: IsoDay): { from: IsoDay; to: IsoDay } {
  const d = Temporal.PlainDate.from(day);
  return { from: d.with({ day: 1 }).toString(), to: d.with({ day: d.daysInMonth }).toString() };
}

/** Days in a month (1–12) of a year. */
export const daysInMonth = (year: number, month: number): number => Temporal.PlainYearMonth.from({ year, month }).daysInMonth;
