import { z } from 'zod';
import { MESSAGES } from './messages';
import { NUMERIC_RE, isValidInn, isValidOgrn } from './checks';
export { NUMERIC_RE, isValidInn, isValidOgrn, isValidAccount } from './checks';

export { ROLES, isStaff, ROLE_TITLES } from './roles';
import { ROLES } from './roles';
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** The spec's required rule trims strings. */
export const requiredString = (max = 500) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, `Не более ${max} символов`);
export const optionalString = (max = 500) =>
  z.string().trim().max(max, `Не более ${max} символов`).optional().nullable();
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

export const inn = z.string().trim().refine(isValidInn, 'Некорректный ИНН: проверьте количество цифр и контрольное число');
export const kpp = z.string().trim().regex(/^\d{4}[\dA-Z]{2}\d{3}$/, 'КПП состоит из 9 символов');
export const ogrn = z
  .string()
  .trim()
  .refine((v) => isValidOgrn(v), 'Некорректный ОГРН');

