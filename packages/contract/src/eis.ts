import { z } from 'zod';
import { PageQuery, SortOrder, isoDate } from './common';
import { genitiveAfterNumberRu } from './format';
import { daysBetween } from './calendar';
import { nowMs } from './clock';
import { moscowDateOf } from './moscow-date';

/** ЕИС integration: plans, contracts register, execution records, open data. Money and quantities are strings. */

/**
 * A contract's number in ЕИС's registers: 23 digits in 223-ФЗ's register of contracts (RD223), 19 in 44-ФЗ's (RGK:
 * contractRegNumType `\d{19}` of BaseTypes.xsd, ЕИС's XSD set 13.3 in rezident1989/portal44_xml), so the number alone
 * tells which register to ask.
 */
export const CONTRACT_REGISTRY_NUMBER = /^\d{19}(\d{4})?$/;
export const CONTRACT_REGISTRY_NUMBER_MESSAGE = 'Реестровый номер: 23 цифры (договор по 223-ФЗ) или 19 цифр (контракт по 44-ФЗ)';
export const is44RegistryNumber = (n: string) => /^\d{19}$/.test(n);
const registryNumber = z.string().trim().regex(CONTRACT_REGISTRY_NUMBER, CONTRACT_REGISTRY_NUMBER_MESSAGE);

export const JobAccepted = z.object({ key: z.string() });
export type JobAccepted = z.infer<typeof JobAccepted>;
/** Execution records sent to ЕИС: the job's key and the record's id. */
export const ExecutionSendResponse = z.object({ key: z.string(), id: z.number() });
export type ExecutionSendResponse = z.infer<typeof ExecutionSendResponse>;

/**
 * The kinds of documents a period import asks ЕИС's СОИ for, one request per day and kind: the 223-ФЗ ones and the
 * 44-ФЗ план-график (tenderPlan2020) and notices with their final protocols (notice44, subsystem PRIZ), which the daily
 * sync asks for only for companies working under 44-ФЗ.
 */
export const EIS_DOCUMENT_TYPES = ['contract', 'purchasePlan', 'purchaseNotice', 'tenderPlan2020', 'notice44', 'contract44'] as const;
export const EIS_223_DOCUMENT_TYPES = ['contract', 'purchasePlan', 'purchaseNotice'] as const;
export type EisDocumentType = (typeof EIS_DOCUMENT_TYPES)[number];
export const EIS_FUTURE_PERIOD = 'Период не может заканчиваться позже сегодняшнего дня: ЕИС отдаёт только опубликованные документы';

/** The longest period one import walks (two years of days). */
export const EIS_MAX_PERIOD_DAYS = 731;

/**
 * A period of an import, its end no later than today in Moscow. «Today» is read from the process's clock
 * (contract/clock.ts) when a request is parsed, not when the schema is built: the server's setClock moves it, so a test
 * at a set instant sees the same day as the rest of the server, and a browser checks against its own.
 */
const period = z
  .object({ date_from: isoDate, date_to: isoDate })
  .refine((v) => v.date_from <= v.date_to, { message: 'Дата начала периода позже даты окончания', path: ['date_to'] })
  .refine((v) => daysBetween(v.date_from, v.date_to) < EIS_MAX_PERIOD_DAYS, {
    message: `Период не длиннее ${EIS_MAX_PERIOD_DAYS} ${genitiveAfterNumberRu(EIS_MAX_PERIOD_DAYS, 'дня', 'дней')}`,
    path: ['date_to'],
  })
  // ЕИС gives out what is published: days ahead of today (Moscow) have nothing and would only spend the token's budget
  .refine((v) => v.date_to <= moscowDateOf(nowMs()), { message: EIS_FUTURE_PERIOD, path: ['date_to'] });

export const EisContractsImportRequest = z
  .union([period, z.object({ eais_registry_number: registryNumber })])
  .describe('Загрузка договоров из ЕИС: за период (date_from, date_to) или один по реестровому номеру (23 цифры — 223-ФЗ, 19 — 44-ФЗ)');
export type EisContractsImportRequest = z.infer<typeof EisContractsImportRequest>;
/** Plans of a period (by their publication in ЕИС); without one, from 1 December of last year to today. */
export const EisPlansImportRequest = period.nullish().describe('Загрузка планов закупки из ЕИС за период публикации');
export type EisPlansImportRequest = z.infer<typeof EisPlansImportRequest>;
/** Notices of every 223-ФЗ type published in a period (the procurement register takes the company's own). */
export const EisNoticesImportRequest = period.describe('Загрузка извещений о закупках из ЕИС за период размещения');
export type EisNoticesImportRequest = z.infer<typeof EisNoticesImportRequest>;
/** 44-ФЗ notices and final protocols (PRIZ) published in a period. */
export const EisNotices44ImportRequest = period.describe('Загрузка извещений и протоколов 44-ФЗ из ЕИС за период размещения');
export type EisNotices44ImportRequest = z.infer<typeof EisNotices44ImportRequest>;

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
export const EIS_IMPORT_KINDS = ['contracts', 'plans', 'notices', 'tenderPlans', 'notices44'] as const;
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

/** The laws a contract of the register is concluded under (the register's «Закон» filter). */
export const CONTRACT_LAWS = ['223', '44'] as const;
export const ContractLaw = z.enum(CONTRACT_LAWS);
export type ContractLaw = z.infer<typeof ContractLaw>;

export const ContractsQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional(),
  law: z.enum(CONTRACT_LAWS, { message: 'Закон: 223 или 44' }).optional(),
  status: z.string().trim().max(50).optional(),
  supplier_inn: z
    .string()
    .trim()
    .regex(/^\d{10}(\d{2})?$/, 'ИНН: 10 или 12 цифр')
    .optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  sort: z.enum(['contract_date', 'price', 'subject', 'created_at']).default('contract_date'),
  order: SortOrder.default('desc'),
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

export type ContractPositionResponse = z.infer<typeof ContractPositionResponse>;

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
  law: ContractLaw,
  /** 44-ФЗ: the ИКЗ, which links the contract to its план-график position */
  ikz: z.string().nullable(),
});
export type ContractResponse = z.infer<typeof ContractResponse>;

/**
 * Delivered and paid of a contract and their shares of its price, from the one computation of the server
 * (modules/figures): the same on the card, the register, the dashboard, the reports and the package to ЕИС.
 */
export const ContractFiguresResponse = z.object({
  delivered_amount: z.string(),
  delivered_share: z.string().describe('Доля поставленного, % с двумя знаками'),
  paid_amount: z.string(),
  paid_share: z.string(),
});
export type ContractFiguresResponse = z.infer<typeof ContractFiguresResponse>;
/** A row of the contracts register: the contract with its figures, computed for the whole page at once. */
export const ContractListItem = ContractResponse.extend({ figures: ContractFiguresResponse });
export type ContractListItem = z.infer<typeof ContractListItem>;

/**
 * An execution of a 44-ФЗ contract (contractProcedure) that ЕИС gave before the contract itself: kept, listed as
 * waiting, and counted in the contract's figures from the moment the contract with its registry number is stored.
 */
export const WaitingExecution44 = z.object({
  id: z.number(),
  registry_number: z.string(),
  version: z.number(),
  published_at: z.string().nullable(),
  acceptances: z.number(),
  accepted_sum: z.string(),
  payments: z.number(),
  paid_sum: z.string(),
});
export type WaitingExecution44 = z.infer<typeof WaitingExecution44>;
export const WaitingExecutions44Query = PageQuery.extend({
  sort: z.enum(['published_at']).default('published_at'),
  order: SortOrder.default('desc'),
});

/** What ЕИС says of a 44-ФЗ contract's execution (contractProcedure) and cancellation (contractCancel). */
export const Contract44Execution = z.object({
  /** the план-график position of the contract's ИКЗ (the newest version of the plan that has it) */
  position: z
    .object({ id: z.number(), plan_number: z.string(), position_number: z.string(), subject: z.string().nullable(), total: z.string() })
    .nullable(),
  /** ЕИС's currentContractStage: E, EC, ET, IN */
  eis_stage: z.string().nullable(),
  stages: z.array(
    z.object({
      key: z.string().nullable(),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      price: z.string().nullable(),
    }),
  ),
  acceptances: z.array(
    z.object({
      stage_key: z.string().nullable(),
      name: z.string().nullable(),
      number: z.string().nullable(),
      date: z.string().nullable(),
      accept_date: z.string().nullable(),
      sum: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      stage_key: z.string().nullable(),
      name: z.string().nullable(),
      number: z.string().nullable(),
      date: z.string().nullable(),
      sum: z.string().nullable(),
    }),
  ),
  cancel: z.object({ date: z.string(), reason: z.string().nullable() }).nullable(),
});
export type Contract44Execution = z.infer<typeof Contract44Execution>;

export const ContractCardResponse = ContractResponse.extend({
  positions: z.array(ContractPositionResponse),
  /** a 44-ФЗ contract's execution as ЕИС has it; null for a 223-ФЗ one */
  execution44: Contract44Execution.nullable().optional(),
});
export type ContractCardResponse = z.infer<typeof ContractCardResponse>;

export const PlansQuery = PageQuery.extend({
  sort: z.enum(['year', 'created_at', 'total']).default('year'),
  order: SortOrder.default('desc'),
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
export type PlanResponse = z.infer<typeof PlanResponse>;

export const PlanItemsQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional(),
  okpd2: z.string().trim().max(20).optional(),
  method: z.string().trim().max(50).optional(),
  sme_only: z.enum(['true', 'false']).optional(),
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
  sort: z.enum(['ordinal', 'nmcd', 'planned_month', 'subject']).default('ordinal'),
  order: SortOrder.default('asc'),
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
export type PlanItemResponse = z.infer<typeof PlanItemResponse>;

/** A manual upload of another organisation's contracts or plan goes in only when the user confirms it. */
export const EisUploadQuery = z.object({ confirm_customer: z.enum(['true', 'false']).optional() });

export const EisUploadResponse = z.object({
  /** What the file was; 'archive' for a ZIP of ЕИС files, counted below by kind */
  kind: z.enum(['contracts', 'performance', 'plan', 'notice', 'tenderPlan', 'purchase44', 'contracts44', 'archive']),
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
export type EisUploadResponse = z.infer<typeof EisUploadResponse>;

export const ExecutionAttemptResponse = z.object({
  id: z.number(),
  attempted_at: z.string(),
  outcome: z.string(),
  error: z.string().nullable(),
  http_status: z.number().nullable(),
});
export type ExecutionAttemptResponse = z.infer<typeof ExecutionAttemptResponse>;
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
export type ExecutionRecordResponse = z.infer<typeof ExecutionRecordResponse>;

/** Russian titles of the contract statuses the server stores as codes (ЕИС P, F, I, M). */
export const CONTRACT_STATUS_TITLES: Record<string, string> = {
  registered: 'Размещён',
  editing: 'Редактируется',
  invalid: 'Недействителен',
  changing: 'Изменяется',
  // 44-ФЗ: ЕИС's currentContractStage E, EC, ET (IN is invalid)
  executing: 'Исполнение',
  completed: 'Исполнение завершено',
  terminated: 'Исполнение прекращено',
};
export const contractStatusTitle = (s: string) => CONTRACT_STATUS_TITLES[s] ?? s;
