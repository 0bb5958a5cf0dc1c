/**
 * Calendar-date arithmetic on ISO 'YYYY-MM-DD' strings.
 *
 * Dates are converted to a day number (days since 1970-01-01) with pure integer arithmetic
 * (the proleptic Gregorian "days from civil" algorithm), so no local-time `Date` object, time zone or
 * daylight-saving shift can ever move a date by one day.
 */

export type IsoDate = string;

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateParts {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses and validates an ISO date; throws a Russian error message on malformed input. */
export function parseIsoDate(iso: IsoDate): DateParts {
  const m = typeof iso === 'string' ? ISO_DATE_RE.exec(iso) : null;
  if (m) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    const day = Number(m[3]);
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) {
      return { year, month, day };
    }
  }
  throw new RangeError(`Некорректная дата: ${JSON.stringify(iso)} (ожидается формат ГГГГ-ММ-ДД)`);
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  try {
    parseIsoDate(value);
    return true;
  } catch {
    return false;
  }
}

/** Days since 1970-01-01 (may be negative). */
export function toDayNumber(iso: IsoDate): number {
  const { year, month, day } = parseIsoDate(iso);
  return dayNumberFromParts(year, month, day);
}

export function dayNumberFromParts(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12; // March = 0
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return formatIsoDate(year, month, day);
}

export function formatIsoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(iso: IsoDate): number {
  // 1970-01-01 was a Thursday (4).
  return ((((toDayNumber(iso) + 3) % 7) + 7) % 7) + 1;
}

export function isWeekend(iso: IsoDate): boolean {
  return isoWeekday(iso) >= 6;
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Количество дней должно быть целым числом: ${days}`);
  return fromDayNumber(toDayNumber(iso) + days);
}

/** Signed number of calendar days from `a` to `b` (b − a). */
export function diffDays(a: IsoDate, b: IsoDate): number {
  return toDayNumber(b) - toDayNumber(a);
}

/** -1, 0 or 1; validates both dates. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  const d = toDayNumber(a) - toDayNumber(b);
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

export function yearOf(iso: IsoDate): number {
  return parseIsoDate(iso).year;
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' (the Russian document format). */
export function formatRuDate(iso: IsoDate): string {
  const { year, month, day } = parseIsoDate(iso);
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${String(year).padStart(4, '0')}`;
}
