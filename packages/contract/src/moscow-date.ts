/**
 * Moscow dates for both sides. Procurement dates, tariff periods and reporting deadlines are Moscow calendar dates
 * whatever the server's or the browser's zone: a customer in Vladivostok and a server in UTC must both call
 * 25.11 the day that began at 00:00 Moscow time. The server's clock (server/src/platform/clock.ts) builds on this.
 */
export const MOSCOW_TZ = 'Europe/Moscow';

// built once: a formatter with a time zone costs far more to make than to use
const MOSCOW_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Moscow calendar date 'YYYY-MM-DD' of an instant. */
export function moscowDateOf(instant: Date | number): string {
  return MOSCOW_DAY.format(instant);
}
