/**
 * The one clock of every server process (the main server, the integration service, jobs, reports): the current
 * instant and Moscow calendar dates. Procurement dates, tariff periods, reporting deadlines and ЕИС periods are Moscow
 * dates whatever the server's zone, so «today» is never UTC's: between 00:00 and 03:00 Moscow time the two disagree.
 *
 * Calendar arithmetic is Temporal's (temporal-polyfill, through @proc/contract/calendar), not ours: a Moscow day's start takes the zone's history
 * (+04:00 in 2011–2014, summer time before), and month lengths and leap years come with it.
 *
 * Tests set the time with setClock('2026-11-25T01:30:00+03:00'): the clock then runs on from that instant for the whole
 * process, so the server, its jobs and the integration service built in the same test all see the same «today».
 */
import { addDays, type IsoDay } from '@proc/contract/calendar';
import { now, setProcessClock } from '@proc/contract/clock';
import { moscowDateOf, MOSCOW_TZ } from '@proc/contract';
import { Temporal } from 'temporal-polyfill';

export { MOSCOW_TZ, type IsoDay };
export { addDays, addMonths, daysBetween, eachDay, monthRange } from '@proc/contract/calendar';

export { now, nowMs } from '@proc/contract/clock';

/**
 * Tests: make the process's clock show `at` now and run on from there (timers and durations are unaffected); null
 * returns to the system clock.
 */
export function setClock(at: Date | string | number | null): void {
  setProcessClock(at);
  lastDay = { minute: NaN, day: '' };
}

let lastDay = { minute: NaN, day: '' };

/** Today's Moscow date, or the Moscow date of the instant given. */
export function moscowToday(at: Date = now()): IsoDay {
  // Moscow's offsets since 1919 are whole minutes, so a day begins on a whole minute: one formatting per minute is
  // exact, and a write reads the date several times (numbering, the rule in force, deadlines)
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: moscowDateOf(at) };
  return lastDay.day;
}

/** The Moscow date of an instant (a timestamp from the database, a file's time). */
export const moscowDate = (instant: Date): IsoDay => moscowDateOf(instant);

/** The instant a Moscow day begins (00:00 Moscow time). */
export function moscowDayStart(day: IsoDay): Date {
  return new Date(Temporal.PlainDate.from(day).toZonedDateTime(MOSCOW_TZ).epochMilliseconds);
}

/** The instant after a Moscow day: the start of the next one (for `< end` bounds). */
export const moscowDayEnd = (day: IsoDay): Date => moscowDayStart(addDays(day, 1));

export const previousDay = (day: IsoDay): IsoDay => addDays(day, -1);
export const nextDay = (day: IsoDay): IsoDay => addDays(day, 1);

/** Moscow wall-clock time 'YYYY-MM-DDTHH:mm:ss' without an offset (how СОИ writes its createDateTime). */
export function moscowDateTime(at: Date = now()): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(MOSCOW_TZ)
    .toPlainDateTime()
    .toString({ smallestUnit: 'second' });
}

/** UTC time 'YYYY-MM-DDTHH:mm:ssZ' to the second (ЕИС packet stamps that carry their zone). */
export function utcDateTime(at: Date = now()): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toString({ smallestUnit: 'second' });
}

/** The calendar date of a date-only value held as a UTC midnight (exceljs date cells, Date.UTC): no zone applies. */
export function utcCalendarDate(d: Date): IsoDay {
  return Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO('UTC').toPlainDate().toString();
}
