import { FormatError } from './errors';

/**
 * Field-level conversions shared by all formats. Money and quantities stay decimal strings (never JS numbers: a
 * float would silently round 0.1 + 0.2 or 23-digit values); the parsers only check and lightly normalise them.
 */

export const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/**
 * Keeps the value as written ('1234.50' stays '1234.50'), except for the harmless clean-ups real files need:
 * surrounding spaces, a decimal comma and a leading '+'. Anything else is refused with the field named.
 */
export function toDecimal(raw: string, field: string): string {
  let v = raw.trim().replace(',', '.');
  if (v.startsWith('+')) v = v.slice(1);
  if (v.startsWith('.')) v = `0${v}`;
  if (v.startsWith('-.')) v = `-0${v.slice(1)}`;
  if (!DECIMAL_RE.test(v)) {
    throw new FormatError('INVALID_DATA', `Поле «${field}» содержит некорректное число «${raw}»`);
  }
  return v;
}

export function toDecimalOrNull(raw: string | null | undefined, field: string): string | null {
  return raw == null || raw.trim() === '' ? null : toDecimal(raw, field);
}

function isValidDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/** Russian documents write dates as dd.mm.yyyy; we store ISO yyyy-mm-dd. */
export function ruDateToIso(raw: string, field: string): string {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(raw.trim());
  if (!m || !isValidDate(Number(m[3]), Number(m[2]), Number(m[1]))) {
    throw new FormatError('INVALID_DATA', `Поле «${field}» содержит некорректную дату «${raw}» (ожидается ДД.ММ.ГГГГ)`);
  }
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export function ruDateToIsoOrNull(raw: string | null | undefined, field: string): string | null {
  return raw == null || raw.trim() === '' ? null : ruDateToIso(raw, field);
}

/**
 * XML Schema dates come as '2019-12-16', '2015-01-20T00:00:00' or with a zone ('2019-12-16+03:00'); a date field
 * only needs the calendar day.
 */
export function xsdDateToIso(raw: string, field: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T|Z|[+-]\d{2}:\d{2}$)/.exec(raw.trim());
  if (!m || !isValidDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
    throw new FormatError('INVALID_DATA', `Поле «${field}» содержит некорректную дату «${raw}»`);
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
}

export function xsdDateToIsoOrNull(raw: string | null | undefined, field: string): string | null {
  return raw == null || raw.trim() === '' ? null : xsdDateToIso(raw, field);
}

export const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Date-times are kept as written (with or without zone): ЕИС mixes both and guessing a zone would lie. */
export function xsdDateTime(raw: string, field: string): string {
  const v = raw.trim();
  if (!DATE_TIME_RE.test(v)) {
    throw new FormatError('INVALID_DATA', `Поле «${field}» содержит некорректные дату и время «${raw}»`);
  }
  return v;
}

export function xsdDateTimeOrNull(raw: string | null | undefined, field: string): string | null {
  return raw == null || raw.trim() === '' ? null : xsdDateTime(raw, field);
}

/** xs:boolean allows 'true'/'false'/'1'/'0'; an absent flag stays null so "not stated" differs from "false". */
export function xsdBoolOrNull(raw: string | null | undefined, field: string): boolean | null {
  if (raw == null || raw.trim() === '') return null;
  const v = raw.trim();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new FormatError('INVALID_DATA', `Поле «${field}» содержит некорректное логическое значение «${raw}»`);
}

export function toIntOrNull(raw: string | null | undefined, field: string): number | null {
  if (raw == null || raw.trim() === '') return null;
  const v = raw.trim();
  if (!/^-?\d{1,15}$/.test(v)) {
    throw new FormatError('INVALID_DATA', `Поле «${field}» содержит некорректное целое число «${raw}»`);
  }
  return Number(v);
}
