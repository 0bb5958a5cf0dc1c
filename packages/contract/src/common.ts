import { z } from 'zod';
import { MESSAGES } from './messages';
import {
  NUMERIC_RE,
  KPP_RE,
  KPP_MESSAGE,
  OGRN_MESSAGE,
  PHONE_MESSAGE,
  isValidPhone,
  isValidInn,
  isValidOgrn,
  hasBrokenText,
  hasBidiControls,
  isCalendarDate,
  BROKEN_TEXT_MESSAGE,
  BIDI_MESSAGE,
  DATE_MIN,
  DATE_MAX,
  DATE_RANGE_MESSAGE,
} from './checks';
import { russianIssue } from './zod-russian';
export {
  NUMERIC_RE,
  KPP_RE,
  KPP_MESSAGE,
  OGRN_MESSAGE,
  PHONE_MESSAGE,
  isValidPhone,
  isValidInn,
  isValidOgrn,
  isValidAccount,
  hasBrokenText,
  hasBidiControls,
  isCalendarDate,
  BROKEN_TEXT_MESSAGE,
  BIDI_MESSAGE,
  DATE_MIN,
  DATE_MAX,
  DATE_RANGE_MESSAGE,
} from './checks';

// every schema of the contract (server and web) reports in Russian: this module is loaded by all of them
z.config({ localeError: russianIssue });

export { ROLES, isStaff, canEdit, ROLE_TITLES, REGISTRATION_DECIDERS } from './roles';
import { ROLES } from './roles';
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Free text: no NUL, no lone surrogate, no bidi controls (names and titles are shown beside file names and links). */
export const safeText = () =>
  z
    .string({ error: MESSAGES.required })
    .refine((v) => !hasBrokenText(v), BROKEN_TEXT_MESSAGE)
    .refine((v) => !hasBidiControls(v), BIDI_MESSAGE);
/** The spec's required rule trims strings. */
export const requiredString = (max = 500) => safeText().trim().min(1, MESSAGES.required).max(max, `Не более ${max} символов`);
export const optionalString = (max = 500) => safeText().trim().max(max, `Не более ${max} символов`).optional().nullable();
/**
 * Integer digits of any money or quantity a user types, one bound for every form and schema: the
 * narrowest column that keeps them (a quantity, numeric(20,6)) holds 14, and the documents spell a sum in words up to
 * 15 (`integerDigitsInWords`, «девятьсот девяносто девять триллионов …») — so nothing typed reaches a column or a
 * document that cannot hold it. 14 digits are 99 триллионов рублей, above any real purchase.
 */
export const DECIMAL_INT_DIGITS = 14;
export const decimalString = z
  .union([z.string(), z.number()], { error: MESSAGES.numeric })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => NUMERIC_RE.test(v), MESSAGES.numeric)
  .refine(
    (v) => !NUMERIC_RE.test(v) || v.split('.')[0].replace(/^0+(?=\d)/, '').length <= DECIMAL_INT_DIGITS,
    `Слишком большое число: не более ${DECIMAL_INT_DIGITS} цифр до запятой`,
  );
export const email = z.string().trim().email(MESSAGES.email);
const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date between 1990-01-01 and 2100-12-31: `2026-02-30` and `9999-12-31` are refused. */
export const isoDate = z
  .string({ error: 'Дата в формате ГГГГ-ММ-ДД' })
  .regex(ISO_DATE_RE, 'Дата в формате ГГГГ-ММ-ДД')
  .refine((v) => !ISO_DATE_RE.test(v) || isCalendarDate(v), 'Такой даты нет в календаре')
  .refine((v) => !isCalendarDate(v) || (v >= DATE_MIN && v <= DATE_MAX), DATE_RANGE_MESSAGE);

/** Ids are PostgreSQL `integer`s: anything outside 1 … 2^31−1 is refused as invalid before it reaches a query. */
export const INT4_MAX = 2_147_483_647;
const ID_MESSAGE = 'Некорректный идентификатор';
/** An id in a JSON body. */
export const BodyId = z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(INT4_MAX, ID_MESSAGE);
/** An id in a path or a query string: decimal digits only (no `1e3`, no sign), then the same bounds. */
export const Id = z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), BodyId);
/** Whether a number can be an id (for values read outside the schemas, such as a header). */
export const isId = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= INT4_MAX;
export const IdParams = z.object({ id: Id });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;
/** Every list route sorts by `sort` (a column) and `order`, so the web keeps one sort convention in its URLs. */
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** Select option as the spec names it. */
export interface SelectOption<T = unknown> {
  name: string;
  value: string | number;
  obj?: T;
}

export const inn = z.string().trim().refine(isValidInn, 'Некорректный ИНН: проверьте количество цифр и контрольное число');
export const kpp = z.string().trim().regex(KPP_RE, KPP_MESSAGE);
export const ogrn = z
  .string()
  .trim()
  .refine((v) => isValidOgrn(v), OGRN_MESSAGE);
export const phone = z.string().trim().max(50, 'Не более 50 символов').refine(isValidPhone, PHONE_MESSAGE);
/** An optional field a form may send cleared: an empty (or blank) string is no value, not an invalid one. */
export const optionalCleared = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());
