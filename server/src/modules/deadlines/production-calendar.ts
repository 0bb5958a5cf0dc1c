/**
 * Working-day arithmetic over the production calendar (see production-calendar-data.ts for the data).
 *
 * Conventions (ГК РФ ст. 191: a period starts on the day after the event):
 * - `addWorkingDays(d, n)` returns the n-th working day AFTER `d` (n > 0), or before `d` (n < 0); `d` itself is
 *   never counted and `addWorkingDays(d, 0) === d`.
 * - `workingDaysBetween(a, b)` counts working days in the half-open interval (a, b]; negative when b < a.
 *   So `workingDaysBetween(d, addWorkingDays(d, n)) === n`.
 * - `nextWorkingDay(d)` is strictly after `d`; `workingDayOnOrAfter(d)` returns `d` itself when it is working
 *   (ГК РФ ст. 193: a deadline falling on a non-working day moves to the next working day).
 * Any date that must be looked up outside the loaded years throws CalendarNotLoadedError
 * ('Производственный календарь на {год} год не загружен').
 */
import { z } from 'zod';
import { addDays, diffDays, isIsoDate, isWeekend, yearOf, type IsoDate } from './iso-date';
import { PRODUCTION_CALENDAR_YEARS, type ProductionCalendarYear } from './production-calendar-data';

export * from './production-calendar-data';

export class CalendarNotLoadedError extends Error {
  readonly year: number;
  constructor(year: number) {
    super(`Производственный календарь на ${year} год не загружен`);
    this.name = 'CalendarNotLoadedError';
    this.year = year;
  }
}

const isoDateSchema = z.string().refine(isIsoDate, { message: 'Ожидается дата в формате ГГГГ-ММ-ДД' });

/** Validates calendar data coming from outside (e.g. a newly published decree stored in the database). */
export const productionCalendarYearSchema = z
  .object({
    year: z.number().int().min(1900).max(2999),
    source: z.enum(['official', 'derived']),
    basis: z.string().min(1),
    holidays: z.array(isoDateSchema),
    transfers: z.array(z.object({ from: isoDateSchema, to: isoDateSchema, basis: z.enum(['decree', 'labour-code-art-112']) })),
    workingWeekendDays: z.array(isoDateSchema),
    shortenedDays: z.array(isoDateSchema),
    note: z.string().optional(),
  })
  .superRefine((y, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    const own = (d: IsoDate) => yearOf(d) === y.year;
    for (const d of y.holidays) if (!own(d)) issue(`Праздничный день ${d} не относится к ${y.year} году`);
    for (const t of y.transfers) {
      if (!own(t.to)) issue(`Перенос на ${t.to} не относится к ${y.year} году`);
      if (!isWeekend(t.from)) issue(`Перенос с ${t.from}: переносится только выходной день (суббота/воскресенье)`);
      if (isWeekend(t.to) || y.holidays.includes(t.to)) issue(`Перенос на ${t.to}: день уже нерабочий`);
    }
    for (const d of y.workingWeekendDays) {
      if (!own(d)) issue(`Рабочий выходной ${d} не относится к ${y.year} году`);
      if (!isWeekend(d)) issue(`${d} не суббота и не воскресенье`);
      if (y.holidays.includes(d)) issue(`${d} — праздничный день, он не может быть рабочим`);
    }
    const daysOff = new Set([...y.holidays, ...y.transfers.map((t) => t.to)]);
    for (const d of y.shortenedDays) {
      if (!own(d)) issue(`Сокращённый день ${d} не относится к ${y.year} году`);
      const working = y.workingWeekendDays.includes(d) || (!isWeekend(d) && !daysOff.has(d));
      if (!working) issue(`Сокращённый день ${d} должен быть рабочим днём`);
    }
  });

export interface ProductionCalendar {
  readonly years: readonly number[];
  yearData(year: number): ProductionCalendarYear;
  isCovered(isoDate: IsoDate): boolean;
  isWorkingDay(isoDate: IsoDate): boolean;
  isHoliday(isoDate: IsoDate): boolean;
  isShortenedDay(isoDate: IsoDate): boolean;
  addWorkingDays(isoDate: IsoDate, n: number): IsoDate;
  addCalendarDays(isoDate: IsoDate, n: number): IsoDate;
  workingDaysBetween(a: IsoDate, b: IsoDate): number;
  nextWorkingDay(isoDate: IsoDate): IsoDate;
  previousWorkingDay(isoDate: IsoDate): IsoDate;
  workingDayOnOrAfter(isoDate: IsoDate): IsoDate;
  workingDaysInYear(year: number): number;
  workingDaysInMonth(year: number, month: number): number;
}

interface CompiledYear {
  data: ProductionCalendarYear;
  holidays: Set<IsoDate>;
  daysOff: Set<IsoDate>; // holidays + transfer targets
  workingWeekend: Set<IsoDate>;
  shortened: Set<IsoDate>;
}

function assertInteger(n: number): void {
  if (!Number.isInteger(n)) throw new RangeError(`Количество дней должно быть целым числом: ${n}`);
}

export function createProductionCalendar(data: readonly ProductionCalendarYear[]): ProductionCalendar {
  const compiled = new Map<number, CompiledYear>();
  for (const raw of data) {
    const y = productionCalendarYearSchema.parse(raw) as ProductionCalendarYear;
    if (compiled.has(y.year)) throw new Error(`Производственный календарь на ${y.year} год задан дважды`);
    compiled.set(y.year, {
      data: y,
      holidays: new Set(y.holidays),
      daysOff: new Set([...y.holidays, ...y.transfers.map((t) => t.to)]),
      workingWeekend: new Set(y.workingWeekendDays),
      shortened: new Set(y.shortenedDays),
    });
  }

  const yearOfDate = (isoDate: IsoDate): CompiledYear => {
    const year = yearOf(isoDate);
    const y = compiled.get(year);
    if (!y) throw new CalendarNotLoadedError(year);
    return y;
  };

  const isWorkingDay = (isoDate: IsoDate): boolean => {
    const y = yearOfDate(isoDate);
    if (y.workingWeekend.has(isoDate)) return true;
    if (y.daysOff.has(isoDate)) return false;
    return !isWeekend(isoDate);
  };

  const step = (isoDate: IsoDate, direction: 1 | -1): IsoDate => {
    let d = isoDate;
    do d = addDays(d, direction);
    while (!isWorkingDay(d));
    return d;
  };

  const addWorkingDays = (isoDate: IsoDate, n: number): IsoDate => {
    assertInteger(n);
    let d = addDays(isoDate, 0); // validates the date
    for (let i = 0; i < Math.abs(n); i++) d = step(d, n > 0 ? 1 : -1);
    return d;
  };

  const workingDaysBetween = (a: IsoDate, b: IsoDate): number => {
    const days = diffDays(a, b);
    if (days < 0) return -workingDaysBetween(b, a);
    let count = 0;
    for (let d = addDays(a, 1), i = 1; i <= days; i++, d = addDays(d, 1)) if (isWorkingDay(d)) count++;
    return count;
  };

  const countRange = (first: IsoDate, last: IsoDate): number => workingDaysBetween(addDays(first, -1), last);

  return {
    years: [...compiled.keys()].sort((a, b) => a - b),
    yearData(year) {
      const y = compiled.get(year);
      if (!y) throw new CalendarNotLoadedError(year);
      return y.data;
    },
    isCovered: (isoDate) => compiled.has(yearOf(isoDate)),
    isWorkingDay,
    isHoliday: (isoDate) => yearOfDate(isoDate).holidays.has(isoDate),
    isShortenedDay: (isoDate) => yearOfDate(isoDate).shortened.has(isoDate),
    addWorkingDays,
    addCalendarDays: (isoDate, n) => addDays(isoDate, n),
    workingDaysBetween,
    nextWorkingDay: (isoDate) => step(isoDate, 1),
    previousWorkingDay: (isoDate) => step(isoDate, -1),
    workingDayOnOrAfter: (isoDate) => (isWorkingDay(isoDate) ? isoDate : step(isoDate, 1)),
    workingDaysInYear(year) {
      if (!compiled.has(year)) throw new CalendarNotLoadedError(year);
      return countRange(`${year}-01-01`, `${year}-12-31`);
    },
    workingDaysInMonth(year, month) {
      if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Некорректный месяц: ${month}`);
      if (!compiled.has(year)) throw new CalendarNotLoadedError(year);
      const first = `${year}-${String(month).padStart(2, '0')}-01`;
      const nextFirst = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      return countRange(first, addDays(nextFirst, -1));
    },
  };
}

/** The built-in calendar: 2024–2026 official, 2027 derived from ТК РФ ст. 112. */
export const DEFAULT_PRODUCTION_CALENDAR: ProductionCalendar = createProductionCalendar(PRODUCTION_CALENDAR_YEARS);

export const isWorkingDay = (isoDate: IsoDate): boolean => DEFAULT_PRODUCTION_CALENDAR.isWorkingDay(isoDate);
export const isHoliday = (isoDate: IsoDate): boolean => DEFAULT_PRODUCTION_CALENDAR.isHoliday(isoDate);
export const isShortenedDay = (isoDate: IsoDate): boolean => DEFAULT_PRODUCTION_CALENDAR.isShortenedDay(isoDate);
export const addWorkingDays = (isoDate: IsoDate, n: number): IsoDate => DEFAULT_PRODUCTION_CALENDAR.addWorkingDays(isoDate, n);
export const addCalendarDays = (isoDate: IsoDate, n: number): IsoDate => DEFAULT_PRODUCTION_CALENDAR.addCalendarDays(isoDate, n);
export const workingDaysBetween = (a: IsoDate, b: IsoDate): number => DEFAULT_PRODUCTION_CALENDAR.workingDaysBetween(a, b);
export const nextWorkingDay = (isoDate: IsoDate): IsoDate => DEFAULT_PRODUCTION_CALENDAR.nextWorkingDay(isoDate);
export const previousWorkingDay = (isoDate: IsoDate): IsoDate => DEFAULT_PRODUCTION_CALENDAR.previousWorkingDay(isoDate);
export const workingDayOnOrAfter = (isoDate: IsoDate): IsoDate => DEFAULT_PRODUCTION_CALENDAR.workingDayOnOrAfter(isoDate);
export const workingDaysInYear = (year: number): number => DEFAULT_PRODUCTION_CALENDAR.workingDaysInYear(year);
export const workingDaysInMonth = (year: number, month: number): number => DEFAULT_PRODUCTION_CALENDAR.workingDaysInMonth(year, month);
