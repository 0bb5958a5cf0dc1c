import { z } from 'zod';
import { BodyId, inn, kpp, ogrn, optionalCleared, optionalString, requiredString, email, isValidAccount, Role } from './common';
import { IKU_MESSAGE, IKU_RE } from './ikz';

/** A change of the company's ИНН, КПП or ОГРН its client asked for: in force once the operator approves it. */
export const IdentityRequestResponse = z.object({
  id: z.number(),
  status: z.enum(['pending', 'approved', 'rejected']),
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  old_inn: z.string().nullable(),
  old_kpp: z.string().nullable(),
  old_ogrn: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type IdentityRequestResponse = z.infer<typeof IdentityRequestResponse>;
/** One line of the operator's queue beside registrations. */
export const IdentityRequestItem = IdentityRequestResponse.extend({
  company_id: z.number(),
  company_title: z.string().nullable(),
  requested_by: z.string().nullable(),
  /** Other active organisations with the ИНН asked for (a pending request): approving it needs a reason. */
  inn_holders: z.array(z.object({ company_id: z.number(), title: z.string().nullable(), kpp: z.string().nullable() })),
});
export type IdentityRequestItem = z.infer<typeof IdentityRequestItem>;
/** The operator's approval; the reason is required when another organisation already has the ИНН asked for. */
export const ApproveIdentityRequest = z
  .object({ reason: optionalString(1000).describe('Почему подтверждается ИНН, который уже есть у другой организации') })
  .nullish();
/** PUT /companies/{id} when the identity waits for the operator (202): the rest of the card is saved. */
export const IdentityPendingResponse = z.object({ message: z.string(), identity_request: IdentityRequestResponse });

export const CompanyResponse = z.object({
  id: z.number(),
  title: z.string().nullable(),
  full_title: z.string().nullable(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: z.string().nullable(),
  /** ИКУ of a 44-FZ customer (20 digits) */
  iku: z.string().nullable(),
  law: z.enum(['223', '44']),
  parent_id: z.number().nullable(),
  created_at: z.string(),
  /** GET /companies/{id} only: the change of ИНН, КПП or ОГРН waiting for the operator, or the last one refused. */
  identity_request: IdentityRequestResponse.nullable().optional(),
});
export type CompanyResponse = z.infer<typeof CompanyResponse>;

export const CompanyRequest = z.object({
  title: requiredString(500),
  full_title: optionalString(1000),
  inn: inn,
  kpp: optionalCleared(kpp),
  ogrn: optionalCleared(ogrn),
  address: optionalString(1000),
  iku: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().regex(IKU_RE, IKU_MESSAGE).nullable())
    .optional()
    .describe('ИКУ — идентификационный код заказчика по 44-ФЗ (20 цифр); не передан — остаётся прежним'),
  law: z.enum(['223', '44']).default('223'),
  parent_id: BodyId.optional().nullable(),
});
export type CompanyRequest = z.infer<typeof CompanyRequest>;

export const ContactRequest = z.object({
  name: requiredString(300),
  position: optionalString(300),
  phone: optionalString(50),
  email: email.optional().nullable(),
  is_active: z.boolean().default(false),
});

export const ContactsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

export const BankRequisitesRequest = z
  .object({
    bank_name: requiredString(500),
    bik: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'БИК состоит из 9 цифр'),
    corr_account: z
      .string()
      .trim()
      .regex(/^\d{20}$/, 'Счёт состоит из 20 цифр'),
    account: z
      .string()
      .trim()
      .regex(/^\d{20}$/, 'Счёт состоит из 20 цифр'),
    is_main: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (/^\d{9}$/.test(v.bik) && /^\d{20}$/.test(v.account) && !isValidAccount(v.account, v.bik, 'settlement'))
      ctx.addIssue({ code: 'custom', path: ['account'], message: 'Расчётный счёт не соответствует БИК (контрольный ключ)' });
    if (/^\d{9}$/.test(v.bik) && /^\d{20}$/.test(v.corr_account) && !isValidAccount(v.corr_account, v.bik, 'correspondent'))
      ctx.addIssue({ code: 'custom', path: ['corr_account'], message: 'Корреспондентский счёт не соответствует БИК (контрольный ключ)' });
  });
export type BankRequisitesRequest = z.infer<typeof BankRequisitesRequest>;

export const BankRequisitesResponse = z.object({
  id: z.number(),
  bank_name: z.string(),
  bik: z.string(),
  corr_account: z.string(),
  account: z.string(),
  is_main: z.boolean(),
});
export type BankRequisitesResponse = z.infer<typeof BankRequisitesResponse>;

export const PermissionsResponse = z.object({
  company_id: z.number(),
  role: Role,
  can_read: z.boolean(),
  can_edit: z.boolean(),
  can_manage_users: z.boolean(),
  can_edit_catalogs: z.boolean(),
  can_manage_tariffs: z.boolean(),
  can_approve_registrations: z.boolean(),
});
export type PermissionsResponse = z.infer<typeof PermissionsResponse>;

export const CompanyUserResponse = z.object({
  id: z.number(),
  title: z.string(),
  login: z.string(),
  email: z.string().nullable(),
  role: Role,
  blocked: z.boolean(),
});
