import { describe, expect, it } from 'vitest';
import { isWeekend } from './iso-date';
import {
  CalendarNotLoadedError,
  DEFAULT_PRODUCTION_CALENDAR,
  PRODUCTION_CALENDAR_YEARS,
  addCalendarDays,
  addWorkingDays,
  createProductionCalendar,
  isHoliday,
  isShortenedDay,
  isWorkingDay,
  nextWorkingDay,
  previousWorkingDay,
  productionCalendarYearSchema,
  workingDayOnOrAfter,
  workingDaysBetween,
  workingDaysInMonth,
  workingDaysInYear,
  type ProductionCalendarYear,
} from './production-calendar';

// Official figures of the production calendar (five-day week), independent of the data under test.
const OFFICIAL = {
  2024: { total: 248, hours40: 1979, months: [17, 20, 20, 21, 20, 19, 23, 22, 21, 23, 21, 21] },
  2025: { total: 247, hours40: 1972, months: [17, 20, 21, 22, 18, 19, 23, 21, 22, 23, 19, 22] },
  2026: { total: 247, hours40: 1972, months: [15, 19, 21, 22, 19, 21, 23, 21, 22, 22, 20, 22] },
} as const;

describe('production calendar data', () => {
  it.each(Object.entries(OFFICIAL))('%s: yearly and monthly working-day totals match the official calendar', (y, o) => {
    const year = Number(y);
    expect(workingDaysInYear(year)).toBe(o.total);
    expect(Array.from({ length: 12 }, (_, i) => workingDaysInMonth(year, i + 1))).toEqual(o.months);
  });

  it.each(Object.entries(OFFICIAL))('%s: 40-hour norm matches the official hours (shortened days)', (y, o) => {
    const year = Number(y);
    const shortened = DEFAULT_PRODUCTION_CALENDAR.yearData(year).shortenedDays.length;
    expect(workingDaysInYear(year) * 8 - shortened).toBe(o.hours40);
  });

  it('marks 2024–2026 official and 2027 derived', () => {
    expect(PRODUCTION_CALENDAR_YEARS.map((y) => [y.year, y.source])).toEqual([
      [2024, 'official'],
      [2025, 'official'],
      [2026, 'official'],
      [2027, 'derived'],
    ]);
    expect(DEFAULT_PRODUCTION_CALENDAR.years).toEqual([2024, 2025, 2026, 2027]);
    // derived: ст. 112 moves 01.05 (Sat), 09.05 (Sun), 12.06 (Sat); the January weekends are not moved
    expect(workingDaysInYear(2027)).toBe(249);
  });

  it.each(PRODUCTION_CALENDAR_YEARS.map((y) => [y.year, y] as const))('%s: data are consistent', (_, y) => {
    expect(() => productionCalendarYearSchema.parse(y)).not.toThrow();
    expect(y.holidays).toHaveLength(14); // ТК РФ ст. 112: 1–8 Jan, 23 Feb, 8 Mar, 1 May, 9 May, 12 Jun, 4 Nov
    // a weekend day moved away by a transfer becomes a working day unless it is itself a holiday
    const movedWorkingWeekends = y.transfers
      .filter((t) => isWeekend(t.from) && !y.holidays.includes(t.from))
      .map((t) => t.from)
      .sort();
    expect([...y.workingWeekendDays].sort()).toEqual(movedWorkingWeekends);
    for (const d of y.shortenedDays) expect(isWorkingDay(d)).toBe(true);
    for (const t of y.transfers) expect(isWorkingDay(t.to)).toBe(false);
  });
});

describe('isWorkingDay', () => {
  it.each([
    ['2024-01-08', false], // holiday
    ['2024-01-09', true],
    ['2024-02-23', false],
    ['2024-04-27', true], // working Saturday
    ['2024-04-28', false],
    ['2024-04-29', false], // moved from 27.04
    ['2024-04-30', false], // moved from 02.11
    ['2024-05-10', false], // moved from 06.01
    ['2024-11-02', true], // working Saturday
    ['2024-11-04', false],
    ['2024-12-28', true], // working Saturday
    ['2024-12-30', false],
    ['2024-12-31', false],
    ['2025-01-09', true],
    ['2025-02-24', true], // 23.02 (Sun) was moved to 08.05 by decree, not to Monday
    ['2025-03-10', true], // 08.03 (Sat) was moved to 13.06
    ['2025-05-02', false],
    ['2025-05-08', false],
    ['2025-06-13', false],
    ['2025-11-01', true], // working Saturday
    ['2025-11-03', false],
    ['2025-12-31', false],
    ['2026-01-09', false],
    ['2026-01-12', true],
    ['2026-03-09', false], // 08.03 (Sun) → Monday
    ['2026-05-11', false], // 09.05 (Sat) → Monday
    ['2026-12-31', false],
    ['2027-01-02', false],
    ['2027-05-03', false],
    ['2027-05-10', false],
    ['2027-06-14', false],
    ['2027-12-31', true],
    ['2025-07-15', true],
    ['2025-07-19', false], // ordinary Saturday
  ])('%s → %s', (date, working) => {
    expect(isWorkingDay(date)).toBe(working);
  });

  it('knows holidays and shortened days', () => {
    expect(isHoliday('2025-03-08')).toBe(true);
    expect(isHoliday('2025-06-13')).toBe(false);
    expect(isShortenedDay('2025-11-01')).toBe(true);
    expect(isShortenedDay('2024-11-02')).toBe(true);
    expect(isShortenedDay('2025-12-30')).toBe(false);
  });

  it('throws a clear Russian error outside the loaded years', () => {
    expect(() => isWorkingDay('2028-01-03')).toThrow('Производственный календарь на 2028 год не загружен');
    expect(() => isWorkingDay('2023-12-29')).toThrow('Производственный календарь на 2023 год не загружен');
    expect(() => isWorkingDay('2028-01-03')).toThrow(CalendarNotLoadedError);
    expect(() => addWorkingDays('2027-12-30', 5)).toThrow('Производственный календарь на 2028 год не загружен');
    expect(() => isWorkingDay('2025-02-30')).toThrow(/Некорректная дата/);
  });
});

describe('addWorkingDays', () => {
  it('crosses a weekend', () => {
    expect(addWorkingDays('2025-03-14', 1)).toBe('2025-03-17'); // Fri → Mon
    expect(addWorkingDays('2025-03-13', 3)).toBe('2025-03-18');
    expect(addWorkingDays('2025-03-15', 1)).toBe('2025-03-17'); // from a Saturday
  });

  it('crosses public holidays (1–4 May 2025 and 8–11 May 2025)', () => {
    // 29.04 (1), 30.04 (2), 05.05 (3), 06.05 (4), 07.05 (5)
    expect(addWorkingDays('2025-04-28', 5)).toBe('2025-05-07');
    expect(addWorkingDays('2025-04-28', 6)).toBe('2025-05-12');
    expect(workingDaysBetween('2025-04-28', '2025-05-07')).toBe(5);
  });

  it('counts moved working Saturdays', () => {
    expect(addWorkingDays('2025-10-30', 2)).toBe('2025-11-01');
    expect(addWorkingDays('2025-10-31', 2)).toBe('2025-11-05');
    expect(addWorkingDays('2024-04-26', 1)).toBe('2024-04-27');
    expect(addWorkingDays('2024-04-26', 2)).toBe('2024-05-02');
    expect(addWorkingDays('2024-10-31', 2)).toBe('2024-11-02');
    expect(addWorkingDays('2024-12-27', 1)).toBe('2024-12-28');
  });

  it('crosses New Year between two loaded years', () => {
    expect(addWorkingDays('2024-12-27', 2)).toBe('2025-01-09');
    expect(workingDaysBetween('2024-12-27', '2025-01-09')).toBe(2);
    expect(addWorkingDays('2025-12-30', 1)).toBe('2026-01-12');
  });

  it('supports zero and negative counts', () => {
    expect(addWorkingDays('2025-05-03', 0)).toBe('2025-05-03');
    expect(addWorkingDays('2025-05-05', -1)).toBe('2025-04-30');
    expect(addWorkingDays('2025-11-05', -1)).toBe('2025-11-01');
    expect(addWorkingDays('2025-11-05', -2)).toBe('2025-10-31');
    expect(() => addWorkingDays('2025-05-05', 1.5)).toThrow(/целым/);
  });

  it('is the inverse of workingDaysBetween', () => {
    for (let d = '2024-01-01'; d < '2027-11-01'; d = addCalendarDays(d, 11)) {
      for (const n of [1, 3, 5, 7, 10, 22]) {
        const end = addWorkingDays(d, n);
        expect(isWorkingDay(end)).toBe(true);
        expect(workingDaysBetween(d, end)).toBe(n);
        expect(workingDaysBetween(end, d)).toBe(-n);
      }
    }
  });
});

describe('other helpers', () => {
  it('addCalendarDays is plain UTC arithmetic, also outside the loaded years', () => {
    expect(addCalendarDays('2025-04-28', 15)).toBe('2025-05-13');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('workingDaysBetween counts the half-open interval (a, b]', () => {
    expect(workingDaysBetween('2025-03-10', '2025-03-10')).toBe(0);
    expect(workingDaysBetween('2025-03-10', '2025-03-14')).toBe(4);
    expect(workingDaysBetween('2024-12-31', '2025-12-31')).toBe(247);
    expect(workingDaysBetween('2023-12-31', '2024-12-31')).toBe(248); // 31.12.2023 itself is not looked up
  });

  it('nextWorkingDay / previousWorkingDay / workingDayOnOrAfter', () => {
    expect(nextWorkingDay('2025-12-30')).toBe('2026-01-12');
    expect(nextWorkingDay('2025-03-10')).toBe('2025-03-11');
    expect(previousWorkingDay('2026-01-12')).toBe('2025-12-30');
    expect(workingDayOnOrAfter('2025-03-10')).toBe('2025-03-10');
    expect(workingDayOnOrAfter('2025-05-10')).toBe('2025-05-12');
  });
});

describe('createProductionCalendar', () => {
  const y2028: ProductionCalendarYear = {
    year: 2028,
    source: 'derived',
    basis: 'test',
    holidays: ['2028-01-01', '2028-01-02', '2028-01-03', '2028-01-04', '2028-01-05', '2028-01-06', '2028-01-07', '2028-01-08'],
    transfers: [],
    workingWeekendDays: [],
    shortenedDays: [],
  };

  it('accepts more years as data', () => {
    const cal = createProductionCalendar([...PRODUCTION_CALENDAR_YEARS, y2028]);
    expect(cal.addWorkingDays('2027-12-30', 2)).toBe('2028-01-10');
    expect(cal.years).toContain(2028);
  });

  it('rejects inconsistent data', () => {
    expect(() => createProductionCalendar([{ ...y2028, workingWeekendDays: ['2028-01-10'] }])).toThrow(/не суббота/);
    expect(() => createProductionCalendar([{ ...y2028, holidays: ['2027-01-01'] }])).toThrow(/не относится/);
    expect(() => createProductionCalendar([{ ...y2028, transfers: [{ from: '2028-01-01', to: '2028-01-09', basis: 'decree' }] }])).toThrow(
      /уже нерабочий/,
    );
    expect(() => createProductionCalendar([y2028, y2028])).toThrow(/дважды/);
  });
});
