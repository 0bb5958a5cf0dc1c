import { z } from 'zod';
import { Role, requiredString, email, inn, kpp, ogrn, optionalCleared, optionalString, phone } from './common';

export const LoginRequest = z.object({ login: requiredString(100), password: requiredString(200) });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionUser = z.object({
  id: z.number(),
  title: z.string(),
  login: z.string(),
  email: z.string().nullable(),
  role: Role,
  company_id: z.number(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const CompanyBrief = z.object({ id: z.number(), title: z.string().nullable() });
export type CompanyBrief = z.infer<typeof CompanyBrief>;

export const Contact = z.object({
  id: z.number(),
  name: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_active: z.boolean(),
});
export type Contact = z.infer<typeof Contact>;

export const LoginResponse = z.object({
  token: z.string(),
  user: SessionUser,
  company: CompanyBrief,
  contact: Contact.nullable().optional(),
  early_access: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegistrationRequest = z.object({
  company: z.object({
    inn,
    kpp: optionalCleared(kpp),
    ogrn: optionalCleared(ogrn),
    title: requiredString(500),
    full_title: optionalString(1000),
    address: optionalString(1000),
  }),
  user: z.object({
    title: requiredString(200),
    login: requiredString(100).regex(/^[A-Za-z0-9._@-]+$/, 'Логин: латинские буквы, цифры и . _ @ -'),
    email,
    phone: optionalCleared(phone),
    password: z.string().min(8, 'Пароль не короче 8 символов').max(200),
  }),
  email_code: requiredString(10),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;

export const RegistrationStatus = z.enum(['pending', 'approved', 'rejected']);
export const RegistrationResponse = z.object({
  id: z.number(),
  status: RegistrationStatus,
  reason: z.string().nullable(),
  company_title: z.string(),
  user_login: z.string(),
  created_at: z.string(),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;
/** A registration as the operators' list shows it: who asked, for which ИНН. */
export const RegistrationItem = RegistrationResponse.extend({ inn: z.string(), email: z.string(), user_title: z.string() });
export type RegistrationItem = z.infer<typeof RegistrationItem>;
export const RegistrationsQuery = z.object({ status: RegistrationStatus.default('pending') });

export const RejectRegistrationRequest = z.object({ reason: requiredString(1000) });

export const PartyLookupResponse = z.object({
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  title: z.string(),
  full_title: z.string().nullable(),
  address: z.string().nullable(),
  director: z.string().nullable(),
  status: z.string().nullable(),
});
export type PartyLookupResponse = z.infer<typeof PartyLookupResponse>;
