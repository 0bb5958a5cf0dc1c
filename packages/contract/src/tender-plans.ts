import { z } from 'zod';
import { moneyString } from './rules';

/**
 * The 44-ФЗ план-график (ПП РФ № 1279 of 30.09.2019) as imported from ЕИС (subsystem RPGZ, tenderPlan2020): its
 * versions and positions, each with its ИКЗ, ОКПД2, КВР and finance by year. Money is decimal strings.
 */

/** The law a company or a procurement works under. */
export const LAWS = ['223', '44'] as const;
export type Law = (typeof LAWS)[number];
export const LAW_TITLES: Record<Law, string> = { '223': '223-ФЗ', '44': '44-ФЗ' };

/** ИКЗ: 36 digits (ЕИС's base:ikzCodeType). Its parts are checked by the ИКЗ module; here only the shape. */
export const IKZ_RE = /^\d{36}$/;
export const ikzString = z.string().trim().regex(IKZ_RE, 'ИКЗ: 36 цифр');
/** КВР: three digits (приказ Минфина № 85н), e.g. 244. */
export const kvrString = z
  .string()
  .trim()
  .regex(/^\d{3}$/, 'КВР: три цифры');

export const TenderPlansQuery = z.object({
  year: z.coerce.number().int().min(2020, 'Планы-графики ведутся с 2020 года').max(2100).optional(),
  /** only the newest version of each plan (default) or every version */
  versions: z.enum(['latest', 'all']).default('latest'),
});

export const TenderPlanResponse = z.object({
  id: z.number(),
  plan_number: z.string(),
  version: z.number(),
  latest: z.boolean(),
  year: z.number(),
  first_year: z.number().nullable(),
  second_year: z.number().nullable(),
  customer_name: z.string().nullable(),
  customer_inn: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  published_at: z.string().nullable(),
  position_count: z.number(),
  total: z.string(),
});
export type TenderPlanResponse = z.infer<typeof TenderPlanResponse>;

const amount = moneyString.optional();
/** Keyset paging: `after` is the last position's id of the previous page; the answer says where the next one starts. */
export const TenderPlanPositionsQuery = z
  .object({
    /** a version of the plan; the newest when not given */
    version: z.coerce.number().int().min(1).optional(),
    q: z.string().trim().max(200).optional(),
    /** ОКПД2 code or its beginning: 38.11 */
    okpd2: z
      .string()
      .trim()
      .regex(/^\d{2}(\.\d{1,3}){0,3}\.?$/, 'ОКПД2: код или его начало, например 38.11')
      .optional(),
    kvr: kvrString.optional(),
    /** a calendar year: positions with money in it (the plan's year and the two of the planning period) */
    year: z.coerce.number().int().min(2020).max(2100).optional(),
    amount_from: amount,
    amount_to: amount,
    after: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(20),
  })
  .refine((v) => !v.amount_from || !v.amount_to || Number(v.amount_from) <= Number(v.amount_to), {
    message: 'Сумма «от» больше суммы «до»',
    path: ['amount_to'],
  });
export type TenderPlanPositionsQuery = z.infer<typeof TenderPlanPositionsQuery>;

export const TenderPlanFinance = z.object({
  total: z.string(),
  current_year: z.string(),
  first_year: z.string(),
  second_year: z.string(),
  subsec_years: z.string(),
});
export type TenderPlanFinance = z.infer<typeof TenderPlanFinance>;

export const TenderPlanPositionResponse = z.object({
  id: z.number(),
  position_number: z.string(),
  ikz: z.string().nullable(),
  purchase_number: z.string().nullable(),
  publish_year: z.number().nullable(),
  subject: z.string().nullable(),
  okpd2: z.array(z.object({ code: z.string(), name: z.string().nullable() })),
  kvr_code: z.string().nullable(),
  kvr_name: z.string().nullable(),
  /** an «особая закупка» (ч. 1 ст. 93 …): its kind */
  special_code: z.string().nullable(),
  canceled: z.boolean(),
  finance: TenderPlanFinance,
  /** the procurement created from this position, if any */
  procurement_id: z.number().nullable(),
  /** the 44-ФЗ notice published in ЕИС with this position's ИКЗ, and its final protocol's outcome */
  notice44: z
    .object({
      purchase_number: z.string(),
      published_at: z.string().nullable(),
      href: z.string().nullable(),
      protocol_date: z.string().nullable(),
      winner_price: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** what is wrong with the position's ИКЗ (structure, the company's ИКУ, the position's ОКПД2 and КВР, year): a finding, not a refusal */
  ikz_findings: z.array(z.string()),
});
export type TenderPlanPositionResponse = z.infer<typeof TenderPlanPositionResponse>;

export const TenderPlanPositionsResponse = z.object({
  plan: TenderPlanResponse,
  items: z.array(TenderPlanPositionResponse),
  total: z.number(),
  /** `after` of the next page; null on the last one */
  next_after: z.number().nullable(),
});
export type TenderPlanPositionsResponse = z.infer<typeof TenderPlanPositionsResponse>;
