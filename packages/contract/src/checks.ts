/** Pure checks without zod (shared by schemas and the web's forms). */

/** Digits with an optional decimal part. */
export const NUMERIC_RE = /^\d+([.,]\d+)?$/;

/** Validates an INN (10 digits for organisations, 12 for individuals) by its control digits. */
export function isValidInn(inn: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(inn)) return false;
  const d = inn.split('').map(Number);
  const check = (weights: number[]) => (weights.reduce((s, w, i) => s + w * d[i], 0) % 11) % 10;
  if (inn.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}
export function isValidOgrn(v: string): boolean {
  if (/^\d{13}$/.test(v)) return Number((BigInt(v.slice(0, 12)) % 11n) % 10n) === Number(v[12]);
  if (/^\d{15}$/.test(v)) return Number((BigInt(v.slice(0, 14)) % 13n) % 10n) === Number(v[14]);
  return false;
}

/** Settlement/correspondent account control key against the BIC (Bank of Russia rules). */
export function isValidAccount(account: string, bik: string, kind: 'settlement' | 'correspondent'): boolean {
  if (!/^\d{20}$/.test(account) || !/^\d{9}$/.test(bik)) return false;
  const prefix = kind === 'settlement' ? bik.slice(-3) : '0' + bik.slice(4, 6);
  const s = prefix + account;
  const w = [7, 1, 3];
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += (Number(s[i]) * w[i % 3]) % 10;
  return sum % 10 === 0;
}

/** A NUL (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (no character at all: stored as U+FFFD). */
// eslint-disable-next-line no-control-regex -- the NUL is what it looks for
const BROKEN_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Bidi embedding/override/isolate controls: they make `exe.pdf` of `fdp.exe` in a name. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
export const hasBrokenText = (s: string): boolean => BROKEN_TEXT.test(s);
export const hasBidiControls = (s: string): boolean => BIDI_CONTROLS.test(s);
export const BROKEN_TEXT_MESSAGE = 'Текст содержит недопустимые символы';
export const BIDI_MESSAGE = 'Текст содержит управляющие символы направления письма';

/** Dates the system accepts: a real calendar day from 1990-01-01 to 2100-12-31 (ISO `ГГГГ-ММ-ДД`). */
export const DATE_MIN = '1990-01-01';
export const DATE_MAX = '2100-12-31';
const shownDate = (iso: string) => iso.split('-').reverse().join('.');
/** «Дата должна быть между 01.01.1990 и 31.12.2100»: the server's refusal and the web's forms say the same. */
export const DATE_RANGE_MESSAGE = `Дата должна быть между ${shownDate(DATE_MIN)} и ${shownDate(DATE_MAX)}`;
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/**
 * КПП: 9 characters, NNNNPPXXX — the tax office code (4 digits), the reason of registration (2 characters: digits or
 * capital Latin letters A–Z, per Приказ ФНС России от 29.06.2012 № ММВ-7-6/435@, which allows «0–9 и A–Z» there) and a
 * serial number (3 digits). «77АБ01001» with Cyrillic letters is not one.
 */
export const KPP_RE = /^\d{4}[\dA-Z]{2}\d{3}$/;
export const KPP_MESSAGE = 'КПП: 9 знаков — 4 цифры, 2 цифры или заглавные латинские буквы A–Z, 3 цифры';
export const OGRN_MESSAGE = 'Некорректный ОГРН';

/** A phone as people write it («+7 (495) 123-45-67», «8 800 100-00-00»): those characters only, 10–15 digits (E.164 holds 15). */
export function isValidPhone(v: string): boolean {
  if (!/^\+?[\d\s()\-.]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}
export const PHONE_MESSAGE = 'Телефон: 10–15 цифр, например +7 495 123-45-67';
