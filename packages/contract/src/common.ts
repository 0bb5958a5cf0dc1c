import { z } from 'zod';
import { MESSAGES } from './messages';

export const ROLES = ['client', 'admin', 'administrator', 'specialist', 'operator'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
export const isStaff = (role: Role | string | undefined | null): boolean => !!role && role !== 'client';

export const ROLE_TITLES: Record<Role, string> = {
  client: 'Клиент',
  admin: 'Главный администратор',
  administrator: 'Администратор',
  specialist: 'Специалист',
  operator: 'Оператор',
};

/** The spec's required rule trims strings. */
export const requiredString = (max = 500) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, `Не более ${max} символов`);
export const optionalString = (max = 500) =>
  z.string().trim().max(max, `Не более ${max} символов`).optional().nullable();
/** Digits with an optional decimal part (spec section 5). */
export const NUMERIC_RE = /^\d+([.,]\d+)?$/;
export const decimalString = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => NUMERIC_RE.test(v), MESSAGES.numeric);
export const email = z.string().trim().email(MESSAGES.email);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД');

export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

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

/** Validates an INN (10 digits for organisations, 12 for individuals) by its control digits. */
export function isValidInn(inn: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(inn)) return false;
  const d = inn.split('').map(Number);
  const check = (weights: number[]) => (weights.reduce((s, w, i) => s + w * d[i], 0) % 11) % 10;
  if (inn.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return (
    check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11]
  );
}
export const inn = z.string().trim().refine(isValidInn, 'Некорректный ИНН: проверьте количество цифр и контрольное число');
export const kpp = z.string().trim().regex(/^\d{4}[\dA-Z]{2}\d{3}$/, 'КПП состоит из 9 символов');
export const ogrn = z
  .string()
  .trim()
  .refine((v) => isValidOgrn(v), 'Некорректный ОГРН');

export function isValidOgrn(v: string): boolean {
  if (/^\d{13}$/.test(v)) return Number(BigInt(v.slice(0, 12)) % 11n % 10n) === Number(v[12]);
  if (/^\d{15}$/.test(v)) return Number(BigInt(v.slice(0, 14)) % 13n % 10n) === Number(v[14]);
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
