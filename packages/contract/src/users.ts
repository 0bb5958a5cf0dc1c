import { z } from 'zod';
import { BodyId, Role, SortOrder, requiredString, email, optionalString } from './common';
import { IdentityRequestResponse } from './companies';

export const UserResponse = z.object({
  id: z.number(),
  title: z.string(),
  login: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: Role,
  company_id: z.number(),
  company_title: z.string().nullable(),
  blocked: z.boolean(),
  granted_company_ids: z.array(z.number()),
  created_at: z.string(),
});
export type UserResponse = z.infer<typeof UserResponse>;

export const UsersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().optional(),
  role: Role.optional(),
  sort: z.enum(['title', 'login', 'created_at']).default('title'),
  order: SortOrder.default('asc'),
});

export const CreateUserRequest = z.object({
  title: requiredString(200),
  login: requiredString(100).regex(/^[A-Za-z0-9._@-]+$/, 'Логин: латинские буквы, цифры и . _ @ -'),
  email: email.optional().nullable(),
  phone: optionalString(50),
  role: Role,
  company_id: BodyId,
  password: z.string().min(8, 'Пароль не короче 8 символов').max(200),
});
export const UpdateUserRequest = z.object({
  title: requiredString(200).optional(),
  email: email.optional().nullable(),
  phone: optionalString(50),
  role: Role.optional(),
  blocked: z.boolean().optional(),
});
export const GrantsRequest = z.object({ company_ids: z.array(BodyId) });
export const ResetPasswordRequest = z.object({ password: z.string().min(8, 'Пароль не короче 8 символов').max(200) });

export const ProfileRequest = z.object({
  title: requiredString(200),
  email: email.optional().nullable(),
  phone: optionalString(50),
});
export const ProfileResponse = z.object({
  id: z.number(),
  title: z.string(),
  login: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: Role,
  company_id: z.number(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;
export const ChangePasswordRequest = z.object({
  current_password: requiredString(200),
  new_password: z.string().min(8, 'Пароль не короче 8 символов').max(200),
});

export const EisSettingsRequest = z.object({
  inn: z
    .string()
    .trim()
    .regex(/^\d{10}$|^\d{12}$/, 'ИНН состоит из 10 или 12 цифр'),
  kpp: z
    .string()
    .trim()
    .regex(/^\d{4}[\dA-Z]{2}\d{3}$/, 'КПП состоит из 9 символов')
    .optional()
    .nullable(),
  ogrn: z
    .string()
    .trim()
    .regex(/^\d{13}$|^\d{15}$/, 'ОГРН состоит из 13 или 15 цифр')
    .optional()
    .nullable(),
  registry_code: z
    .string()
    .trim()
    .regex(/^\d{8,11}$/, 'Код по реестру (СПЗ) состоит из 8–11 цифр')
    .optional()
    .nullable(),
  login: optionalString(200),
  /** Write-only: never sent back. Empty keeps the stored secret. */
  password: z.string().max(200).optional().nullable(),
  /** The person's token for ЕИС's СОИ; write-only like the password. Empty keeps the stored one. */
  token: z.string().trim().max(2000).optional().nullable(),
  region_code: z
    .string()
    .trim()
    .regex(/^\d{2}$/, 'Код региона — две цифры (например, 01 или 77)')
    .optional()
    .nullable(),
});
/** What «Проверить подключение» found: one real request to ЕИС's СОИ and its answer in words. */
export const EisCheckResponse = z.object({ ok: z.boolean(), message: z.string() });
export type EisCheckResponse = z.infer<typeof EisCheckResponse>;
export const EisSettingsResponse = z.object({
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  registry_code: z.string().nullable(),
  login: z.string().nullable(),
  has_password: z.boolean(),
  has_token: z.boolean(),
  region_code: z.string().nullable(),
  /** The company's change of ИНН, КПП or ОГРН waiting for the operator (or the last one refused). */
  identity_request: IdentityRequestResponse.nullable().optional(),
  /** Why the daily sync stopped acting for the company; null while it runs. */
  sync_stopped: z.string().nullable().optional(),
  /** ЕИС refused the saved token (its words): «нужен новый токен»; null once a new one is saved. */
  token_rejected: z.string().nullable(),
});
export type EisSettingsResponse = z.infer<typeof EisSettingsResponse>;

/** One of the user's own sessions, for the «Сеансы» list in the profile. */
export const SessionResponse = z.object({
  id: z.number(),
  device: z.string().describe('Браузер и система по User-Agent'),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;
