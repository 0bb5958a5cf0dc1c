/**
 * The one calendar of both sides: arithmetic on calendar dates 'YYYY-MM-DD' is Temporal's (temporal-polyfill), never
 * milliseconds or day numbers of our own, so month lengths, leap years and weekdays come from one implementation. The
 * server's clock (server/src/platform/clock.ts) adds the current instant and Moscow day bounds to these.
 */
import { Temporal } from 'temporal-polyfill';

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDay = string;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Answers kept by their arguments: the polyfill parses a date string and builds its fields on every call (~10 µs), and
 * a dashboard of 1,000 contracts asked for the same few hundred dates tens of thousands of times — 0.3 s of the
 * server's CPU per dashboard (issue 45). Temporal's values are immutable, so a kept one can be handed out again.
 * Bounded: emptied when full, as its contents are cheap to make again.
 */
function kept<A, R>(make: (key: string, a: A) => R): (key: string, a: A) => R {
  const m = new Map<string, R>();
  return (key, a) => {
    let r = m.get(key);
    if (r === undefined && !m.has(key)) {
      r = make(key, a);
      if (m.size >= 20_000) m.clear();
      m.set(key, r);
    }
    return r as R;
  };
}

const keptPlainDate = kept((iso: string) => {
  if (!ISO_DAY.test(iso)) return null;
  try {
    return Temporal.PlainDate.from(iso, { overflow: 'reject' });
  } catch {
    return null;
  }
});

/** The date as a Temporal value; null when `iso` is not an existing calendar date 'YYYY-MM-DD'. */
export function plainDate(iso: unknown): Temporal.PlainDate | null {
  return typeof iso === 'string' ? keptPlainDate(iso, undefined) : null;
}

/** An existing date's value, else Temporal's own error (as `Temporal.PlainDate.from` throws it). */
const dateOf = (day: IsoDay): Temporal.PlainDate => plainDate(day) ?? Temporal.PlainDate.from(day);

const keptAddDays = kept((_key, a: { day: IsoDay; days: number }) => dateOf(a.day).add({ days: a.days }).toString());

/** The calendar date `days` after (or before, if negative) `day`. */
export function addDays(day: IsoDay, days: number): IsoDay {
  return keptAddDays(`${day}|${days}`, { day, days });
}

/** The same date `months` later (clamped to the month's end: 31.01 + 1 month = 28/29.02). */
export function addMonths(day: IsoDay, months: number): IsoDay {
  return Temporal.PlainDate.from(day).add({ months }).toString();
}

/** Calendar days from `a` to `b` (b − a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return dateOf(a).until(dateOf(b), { largestUnit: 'days' }).days;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (day: IsoDay): number => dateOf(day).dayOfWeek;

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
