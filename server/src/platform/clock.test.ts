import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  eachDay,
  monthRange,
  moscowDateTime,
  moscowDayEnd,
  moscowDayStart,
  moscowToday,
  now,
  setClock,
  utcCalendarDate,
  utcDateTime,
} from './clock';

afterEach(() => setClock(null));

describe('moscowToday', () => {
  it('turns the date at Moscow midnight, whatever was asked just before', () => {
    const day = (iso: string) => moscowToday(new Date(iso));
    expect(day('2026-03-31T20:59:59.999Z')).toBe('2026-03-31');
    expect(day('2026-03-31T21:00:00.000Z')).toBe('2026-04-01');
    expect(day('2026-03-31T20:59:30.000Z')).toBe('2026-03-31');
    expect(day('2026-03-31T21:00:59.999Z')).toBe('2026-04-01');
    expect(day('2010-10-30T19:59:59.000Z')).toBe('2010-10-30'); // summer time (UTC+4) then
    expect(day('2010-10-30T20:00:00.000Z')).toBe('2010-10-31');
  });

  it('follows a clock a test sets, and runs on from it', () => {
    setClock('2026-01-01T01:30:00+03:00');
    expect(moscowToday()).toBe('2026-01-01');
    expect(Math.abs(now().getTime() - Date.parse('2025-12-31T22:30:00Z'))).toBeLessThan(5_000);
    expect(moscowDateTime()).toMatch(/^2026-01-01T01:30:0\d$/);
    expect(utcDateTime()).toMatch(/^2025-12-31T22:30:0\dZ$/);
    setClock(null);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});

describe('Moscow day boundaries', () => {
  it('starts a day at 00:00 Moscow time, with the zone of that day', () => {
    expect(moscowDayStart('2025-11-25').toISOString()).toBe('2025-11-24T21:00:00.000Z');
    expect(moscowDayEnd('2025-11-25').toISOString()).toBe('2025-11-25T21:00:00.000Z');
    expect(moscowDayStart('2013-07-01').toISOString()).toBe('2013-06-30T20:00:00.000Z'); // UTC+4 in 2011–2014
  });
});

describe('calendar arithmetic', () => {
  it('adds days and months across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(eachDay('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(eachDay('2024-03-02', '2024-03-01')).toEqual([]);
    expect(monthRange('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(utcCalendarDate(new Date(Date.UTC(2025, 2, 15)))).toBe('2025-03-15');
  });
});
