import { z } from 'zod';
import { PageQuery, isoDate } from './common';
import { genitiveAfterNumberRu } from './format';
import { daysBetweenIso, moscowDateOf } from './moscow-date';

/** ЕИС integration: plans, contracts register, execution records, open data. Money and quantities are strings. */

const registry23 = z
  .string()
  .trim()
  .regex(/^\d{23}$/, 'Реестровый номер договора: 23 цифры');

export const JobAccepted = z.object({ key: z.string() });

/**
 * The kinds of documents a period import asks ЕИС's СОИ for, one request per day and kind: the 223-ФЗ ones and the
 * 44-ФЗ план-график (tenderPlan2020), which the daily sync asks for only for companies working under 44-ФЗ.
 */
export const EIS_DOCUMENT_TYPES = ['contract', 'purchasePlan', 'purchaseNotice', 'tenderPlan2020'] as const;
export const EIS_223_DOCUMENT_TYPES = ['contract', 'purchasePlan', 'purchaseNotice'] as const;
export type EisDocumentType = (typeof EIS_DOCUMENT_TYPES)[number];
export const EIS_FUTURE_PERIOD = 'Период не может заканчиваться позже сегодняшнего дня: ЕИС отдаёт только опубликованные документы';

/** The longest period one import walks (two years of days). */
export const EIS_MAX_PERIOD_DAYS = 731;

/** A period of an import, its end no later than `today()` (a Moscow date): the server gives its own clock's. */
const periodUpTo = (today: () => string) =>
  z
    .object({ date_from: isoDate, date_to: isoDate })
    .refine((v) => v.date_from <= v.date_to, { message: 'Дата начала периода позже даты окончания', path: ['date_to'] })
    .refine((v) => daysBetweenIso(v.date_from, v.date_to) < EIS_MAX_PERIOD_DAYS, {
      message: `Период не длиннее ${EIS_MAX_PERIOD_DAYS} ${genitiveAfterNumberRu(EIS_MAX_PERIOD_DAYS, 'дня', 'дней')}`,
      path: ['date_to'],
    })
    // ЕИС gives out what is published: days ahead of today (Moscow) have nothing and would only spend the token's budget
    .refine((v) => v.date_to <= today(), { message: EIS_FUTURE_PERIOD, path: ['date_to'] });

/**
 * The import requests with «today» read from `today`: the server validates against its own (injectable) clock, so a
 * test at a set instant sees the same day as the rest of the server.
 */
export const eisImportRequests = (today: () => string) => {
  const period = periodUpTo(today);
  return {
    contracts: z
      .union([period, z.object({ eais_registry_number: registry23 })])
      .describe('Загрузка договоров из ЕИС: за период (date_from, date_to) или один по реестровому номеру'),
    /** Plans of a period (by their publication in ЕИС); without one, from 1 December of last year to today. */
    plans: period.nullish().describe('Загрузка планов закупки из ЕИС за период публикации'),
    /** Notices of every 223-ФЗ type published in a period (the procurement register takes the company's own). */
    notices: period.describe('Загрузка извещений о закупках из ЕИС за период размещения'),
  };
};

/** The requests as a browser checks them: today by its own clock, in Moscow. */
const byRealClock = eisImportRequests(() => moscowDateOf(new Date()));
export const EisContractsImportRequest = byRealClock.contracts;
export type EisContractsImportRequest = z.infer<typeof EisContractsImportRequest>;
export const EisPlansImportRequest = byRealClock.plans;
export type EisPlansImportRequest = z.infer<typeof EisPlansImportRequest>;
export const EisNoticesImportRequest = byRealClock.notices;
export type EisNoticesImportRequest = z.infer<typeof EisNoticesImportRequest>;

/** One period import from ЕИС (a user's or the daily sync): its progress and how it ended. */
export const EisImportResponse = z.object({
  key: z.string(),
  origin: z.enum(['manual', 'daily']),
  document_types: z.array(z.string()),
  date_from: z.string(),
  date_to: z.string(),
  days_total: z.number(),
  days_done: z.number(),
  documents: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** cancelled: the user stopped it («Остановить»); the days stored before stay. */
  status: z.enum(['running', 'success', 'error', 'cancelled']),
  message: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type EisImportResponse = z.infer<typeof EisImportResponse>;
export const EIS_IMPORT_KINDS = ['contracts', 'plans', 'notices', 'tenderPlans'] as const;
export type EisImportKind = (typeof EIS_IMPORT_KINDS)[number];
export const EisImportStatusQuery = z.object({ kind: z.enum(EIS_IMPORT_KINDS) });
/** What the contracts, plans and procurements screens show: the import under way or last finished, and the last daily sync. */
export const EisImportStatusResponse = z.object({
  current: EisImportResponse.nullable(),
  last_sync: EisImportResponse.nullable(),
  /** The company has a token of its own, so the daily sync runs for it. */
  sync_enabled: z.boolean(),
  /** Why the daily sync stopped acting for the company (its token's user may no longer act for it); null while it runs. */
  sync_stopped: z.string().nullable().optional(),
  /** ЕИС refused the company's token (its words): a new token is needed in the ЕИС settings. */
  token_rejected: z.string().nullable(),
  /** EIS_REQUESTS_PER_MINUTE: the token's budget of requests, from which the dialog estimates a period's time. */
  requests_per_minute: z.number(),
  /** Requests ЕИС needs for one day of this kind (one per document type: 12 for notices). */
  requests_per_day: z.number().int().positive().optional(),
});
export type EisImportStatusResponse = z.infer<typeof EisImportStatusResponse>;

export const ContractsQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional(),
  status: z.string().trim().max(50).optional(),
  supplier_inn: z
    .string()
    .trim()
    .regex(/^\d{10}(\d{2})?$/, 'ИНН: 10 или 12 цифр')
    .optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  sort: z
    .enum(['contract_date', '-contract_date', 'price', '-price', 'subject', '-subject', 'created_at', '-created_at'])
    .default('-contract_date'),
});

export const ContractPositionResponse = z.object({
  id: z.number(),
  ordinal: z.number(),
  name: z.string(),
  /** ОКПД2 only: null for a position an older record classifies by ОКДП or ОКПД */
  okpd2_code: z.string().nullable(),
  okpd2_name: z.string().nullable(),
  /** The classifier the ЕИС record classifies the position by (ОКДП and ОКПД in records before 2017), and its code */
  classifier: z.enum(['okpd2', 'okpd', 'okdp']),
  classifier_code: z.string().nullable(),
  classifier_name: z.string().nullable(),
  okei_code: z.string().nullable(),
  okei_name: z.string().nullable(),
  quantity: z.string().nullable(),
  unit_price: z.string().nullable(),
  amount: z.string().nullable(),
});

/** How the contract card names each classifier. */
export const CLASSIFIER_TITLES: Record<'okpd2' | 'okpd' | 'okdp', string> = { okpd2: 'ОКПД2', okpd: 'ОКПД', okdp: 'ОКДП' };

export const ContractResponse = z.object({
  id: z.number(),
  registry_number: z.string().nullable(),
  version: z.number(),
  guid: z.string().nullable(),
  number: z.string().nullable(),
  contract_date: z.string().nullable(),
  subject: z.string(),
  supplier_name: z.string().nullable(),
  supplier_inn: z.string().nullable(),
  supplier_kpp: z.string().nullable(),
  price: z.string().nullable(),
  currency: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.string(),
  procurement_id: z.number().nullable(),
  purchase_notice_number: z.string().nullable(),
  method_code: z.string().nullable(),
  method_name: z.string().nullable(),
  violations: z.array(z.string()),
  source: z.string(),
});
export type ContractResponse = z.infer<typeof ContractResponse>;
export const ContractCardResponse = ContractResponse.extend({ positions: z.array(ContractPositionResponse) });
export type ContractCardResponse = z.infer<typeof ContractCardResponse>;

export const PlansQuery = PageQuery.extend({
  sort: z.enum(['year', '-year', 'created_at', '-created_at', 'total', '-total']).default('-year'),
});
export const PlanResponse = z.object({
  id: z.number(),
  registration_number: z.string(),
  year: z.number().nullable(),
  version: z.number(),
  name: z.string().nullable(),
  status: z.string(),
  item_count: z.number(),
  total: z.string(),
});

export const PlanItemsQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional(),
  okpd2: z.string().trim().max(20).optional(),
  method: z.string().trim().max(50).optional(),
  sme_only: z.enum(['true', 'false']).optional(),
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
  sort: z.enum(['ordinal', '-ordinal', 'nmcd', '-nmcd', 'planned_month', '-planned_month', 'subject', '-subject']).default('ordinal'),
});
export const PlanItemResponse = z.object({
  id: z.number(),
  ordinal: z.number(),
  subject: z.string(),
  okpd2_code: z.string().nullable(),
  okved2_code: z.string().nullable(),
  okei_code: z.string().nullable(),
  okei_name: z.string().nullable(),
  quantity: z.string().nullable(),
  nmcd: z.string().nullable(),
  currency: z.string(),
  planned_month: z.string().nullable(),
  method: z.string().nullable(),
  method_code: z.string().nullable(),
  sme_only: z.boolean(),
  /** The procurements made of the item (oldest first): a second one only when the user asks for it */
  procurements: z.array(z.object({ id: z.number(), number: z.string(), status: z.string() })),
});

/** A manual upload of another organisation's contracts or plan goes in only when the user confirms it. */
export const EisUploadQuery = z.object({ confirm_customer: z.enum(['true', 'false']).optional() });

export const EisUploadResponse = z.object({
  /** What the file was; 'archive' for a ZIP of ЕИС files, counted below by kind */
  kind: z.enum(['contracts', 'performance', 'plan', 'notice', 'tenderPlan', 'archive']),
  contracts: z.array(z.object({ id: z.number(), registry_number: z.string().nullable(), violations: z.array(z.string()) })),
  plan_id: z.number().nullable(),
  performances: z.number(),
  /** A notice: the procurement of the register it filled */
  procurement_id: z.number().nullable().optional(),
  /** XML files read (more than one from an archive), plans and notices among them */
  files: z.number().optional(),
  plans: z.number().optional(),
  notices: z.number().optional(),
  /** 44-ФЗ планы-графики stored (their version's id: the last one) */
  tender_plans: z.number().optional(),
  tender_plan_id: z.number().nullable().optional(),
});

export const ExecutionAttemptResponse = z.object({
  id: z.number(),
  attempted_at: z.string(),
  outcome: z.string(),
  error: z.string().nullable(),
  http_status: z.number().nullable(),
});
export const ExecutionRecordResponse = z.object({
  id: z.number(),
  guid: z.string(),
  status: z.string(),
  registration_number: z.string().nullable(),
  reject_reasons: z.array(z.string()).nullable(),
  withdrawn_reason: z.string().nullable(),
  created_at: z.string(),
  attempts: z.array(ExecutionAttemptResponse),
});

/** Russian titles of the contract statuses the server stores as codes (ЕИС P, F, I, M). */
export const CONTRACT_STATUS_TITLES: Record<string, string> = {
  registered: 'Размещён',
  editing: 'Редактируется',
  invalid: 'Недействителен',
  changing: 'Изменяется',
};
export const contractStatusTitle = (s: string) => CONTRACT_STATUS_TITLES[s] ?? s;
