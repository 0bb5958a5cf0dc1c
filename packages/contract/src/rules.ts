import { z } from 'zod';
import { Id, BodyId, isoDate, optionalString, requiredString, safeText } from './common';
import { moneyAmount, positiveMoney } from './money';

/** Codes of the document templates the server can build (server/templates/docx). */
export const DOCUMENT_KINDS = ['notice', 'documentation', 'draft-contract', 'tech-spec', 'nmcd-justification'] as const;
export const DocumentKind = z.enum(DOCUMENT_KINDS).describe('Код шаблона документа');
export type DocumentKind = z.infer<typeof DocumentKind>;
export const DOCUMENT_KIND_TITLES: Record<DocumentKind, string> = {
  notice: 'Извещение о проведении закупки',
  documentation: 'Документация о закупке',
  'draft-contract': 'Проект договора',
  'tech-spec': 'Техническое задание',
  'nmcd-justification': 'Обоснование начальной (максимальной) цены договора',
};

/**
 * The same documents as a 44-ФЗ purchase names them (ст. 42 ч. 2 since 01.01.2022: the notice and its attachments —
 * the description of the object (ст. 33), the НМЦК's justification (ст. 22), the requirements to the application and
 * the draft contract); «documentation» is the attachment of the requirements to the application.
 */
export const DOCUMENT_KIND_TITLES_44: Record<DocumentKind, string> = {
  notice: 'Извещение об осуществлении закупки',
  documentation: 'Требования к содержанию, составу заявки на участие в закупке и инструкция по ее заполнению',
  'draft-contract': 'Проект контракта',
  'tech-spec': 'Описание объекта закупки',
  'nmcd-justification': 'Обоснование начальной (максимальной) цены контракта',
};

/** A document kind's title in the words of the purchase's law. */
export const documentKindTitle = (kind: DocumentKind, law: '223' | '44' | string | null | undefined): string =>
  (law === '44' ? DOCUMENT_KIND_TITLES_44 : DOCUMENT_KIND_TITLES)[kind];

/** Rouble amount ≥ 0 as a decimal string with at most two decimals ("600000.00"); numbers are accepted and converted (money.ts). */
export const moneyString = moneyAmount();

export const RULE_VERSION_STATUSES = ['draft', 'approved', 'published'] as const;
export const RuleVersionStatus = z.enum(RULE_VERSION_STATUSES);
export type RuleVersionStatus = z.infer<typeof RuleVersionStatus>;
export const RULE_VERSION_STATUS_TITLES: Record<RuleVersionStatus, string> = {
  draft: 'Черновик',
  approved: 'Утверждена',
  published: 'Опубликована',
};

export const DAYS_UNITS = ['calendar', 'working'] as const;
export const DaysUnit = z.enum(DAYS_UNITS).describe('calendar — календарные дни, working — рабочие дни');
export const DAYS_UNIT_TITLES: Record<(typeof DAYS_UNITS)[number], string> = { calendar: 'календарных дней', working: 'рабочих дней' };

/**
 * A lead-time rule (срок между размещением извещения и окончанием подачи заявок), the same shape as the deadlines
 * module's LeadTimeRule: the most specific applicable rule wins (exact method over base method, SME over general,
 * the smallest НМЦД limit first).
 */
export const LeadTimeRule = z
  .object({
    method: safeText()
      .trim()
      .min(1, 'Укажите способ закупки')
      .describe("Код способа; базовый код ('competition') покрывает и электронную форму ('competition_e')"),
    smeOnly: z.boolean().nullable().describe('true — только для закупок у МСП, false — для прочих, null — для всех'),
    nmcdMax: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'Ожидается сумма в рублях, например 30000000.00')
      .optional()
      .describe('Правило действует при НМЦД не выше этой суммы'),
    days: z.number().int().min(0, 'Срок не может быть отрицательным').max(365),
    unit: DaysUnit,
    basis: safeText().max(500).optional().describe('Основание (для показа)'),
  })
  .describe('Правило о сроке подачи заявок');
export type LeadTimeRule = z.infer<typeof LeadTimeRule>;

// ---- rules ---------------------------------------------------------------------------------------------------

export const ProcurementRuleRequest = z.object({
  title: requiredString(500),
  description: optionalString(5000),
  law: z.enum(['223', '44']).default('223'),
});
export type ProcurementRuleRequest = z.infer<typeof ProcurementRuleRequest>;

export const VersionBrief = z.object({
  id: z.number(),
  number: z.string(),
  status: RuleVersionStatus,
  in_force_from: z.string().nullable(),
});

export const ProcurementRuleResponse = z
  .object({
    id: z.number(),
    company_id: z.number().nullable().describe('null — шаблон, доступный всем'),
    title: z.string(),
    description: z.string().nullable(),
    law: z.enum(['223', '44']),
    is_template: z.boolean(),
    archived: z.boolean(),
    copied_from_id: z.number().nullable(),
    versions_count: z.number().int(),
    version_in_force: VersionBrief.nullable().describe('Редакция, действующая сегодня'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('Положение о закупке');
export type ProcurementRuleResponse = z.infer<typeof ProcurementRuleResponse>;

export const ProcurementRulesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(200).optional().describe('Поиск по наименованию'),
  archived: z.enum(['false', 'true', 'all']).default('false').describe('false — действующие, true — архивные, all — все'),
});

// ---- versions ------------------------------------------------------------------------------------------------

export const RuleVersionRequest = z.object({
  number: requiredString(50).describe('Номер редакции, например "3"'),
  approved_on: isoDate.nullable().optional().describe('Дата утверждения'),
  in_force_from: isoDate.describe('Дата вступления в силу'),
  lead_time_overrides: z
    .array(LeadTimeRule)
    .max(200)
    .nullable()
    .optional()
    .describe('Свои сроки подачи заявок; заменяют типовые правила с теми же способом, признаком МСП и пределом НМЦД'),
  single_supplier_max: positiveMoney().nullable().optional().describe('Предельная сумма закупки у единственного поставщика'),
  notes: optionalString(5000),
  based_on_version_id: BodyId.optional().describe('Только при создании: скопировать правила документов из этой редакции'),
});
export type RuleVersionRequest = z.infer<typeof RuleVersionRequest>;

export const FileRef = z.object({ id: z.number(), name: z.string(), size: z.number(), content_type: z.string() });

export const RuleVersionResponse = z
  .object({
    id: z.number(),
    rule_id: z.number(),
    number: z.string(),
    status: RuleVersionStatus,
    status_title: z.string(),
    approved_on: z.string().nullable(),
    in_force_from: z.string().nullable(),
    approval_document: z
      .object({ name: z.string(), size: z.number(), content_type: z.string() })
      .nullable()
      .describe('Документ об утверждении; скачивание: GET …/approval_document'),
    lead_time_overrides: z.array(LeadTimeRule).nullable(),
    effective_lead_times: z.array(LeadTimeRule).describe('Сроки с учётом замен: типовые правила 223-ФЗ плюс свои'),
    single_supplier_max: z.string().nullable(),
    notes: z.string().nullable(),
    in_force_today: z.boolean(),
    document_rules_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('Редакция положения о закупке');
export type RuleVersionResponse = z.infer<typeof RuleVersionResponse>;

export const ApproveVersionRequest = z.object({
  approved_on: isoDate.optional().describe('По умолчанию — сохранённая дата утверждения или сегодня'),
});

export const InForceQuery = z.object({ date: isoDate.optional().describe('По умолчанию — сегодня') });

// ---- document rules ------------------------------------------------------------------------------------------

export const SUBJECT_KINDS = ['goods', 'works', 'services'] as const;
export const SubjectKind = z.enum(SUBJECT_KINDS).describe('goods — товары, works — работы, services — услуги');
export type SubjectKind = z.infer<typeof SubjectKind>;
export const SUBJECT_TITLES: Record<SubjectKind, string> = { goods: 'Товары', works: 'Работы', services: 'Услуги' };
export const DocumentRuleSubject = z.enum(['goods', 'works', 'services', 'any']).describe('Предмет закупки или any — любой');

export const DocumentRuleRequest = z
  .object({
    method: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,50}$/, 'Код способа закупки: латинские буквы, цифры и _')
      .describe("Код способа закупки; базовый код ('quotation') покрывает и электронную форму"),
    subject: DocumentRuleSubject.default('any'),
    document_kind: DocumentKind,
    template: DocumentKind.optional().describe('Шаблон, по которому строится документ; по умолчанию — document_kind'),
    title: optionalString(500).describe('Наименование документа; по умолчанию — наименование шаблона'),
    required: z.boolean().default(true),
    min_days: z
      .number()
      .int()
      .min(0)
      .max(365)
      .nullable()
      .optional()
      .describe('Минимальный срок (например, размещения извещения до окончания подачи заявок)'),
    days_unit: DaysUnit.default('calendar'),
    nmcd_min: moneyString.nullable().optional().describe('Правило действует при НМЦД не ниже'),
    nmcd_max: moneyString.nullable().optional().describe('Правило действует при НМЦД не выше'),
    note: optionalString(2000),
  })
  .superRefine((v, ctx) => {
    if (v.nmcd_min && v.nmcd_max && Number(v.nmcd_min) > Number(v.nmcd_max))
      ctx.addIssue({ code: 'custom', path: ['nmcd_max'], message: 'Верхний порог НМЦД меньше нижнего' });
  });
export type DocumentRuleRequest = z.infer<typeof DocumentRuleRequest>;

export const DocumentRuleResponse = z
  .object({
    id: z.number(),
    version_id: z.number(),
    method: z.string(),
    subject: DocumentRuleSubject,
    document_kind: DocumentKind,
    template: DocumentKind,
    title: z.string(),
    required: z.boolean(),
    min_days: z.number().nullable(),
    days_unit: DaysUnit,
    nmcd_min: z.string().nullable(),
    nmcd_max: z.string().nullable(),
    note: z.string().nullable(),
  })
  .describe('Правило документа редакции: какой документ нужен закупке данного способа и предмета');
export type DocumentRuleResponse = z.infer<typeof DocumentRuleResponse>;

// ---- socket: copy a rule -------------------------------------------------------------------------------------

/** copyProcurementRuleRequest payload (namespace 'auth'). */
export const CopyProcurementRulePayload = z.object({
  key: z.union([z.string(), z.number()]).optional(),
  rule_id: Id,
  company_id: Id.optional().describe('Куда копировать; по умолчанию — организация пользователя'),
  title: optionalString(500).describe('Наименование копии; по умолчанию — наименование источника'),
});
export type CopyProcurementRulePayload = z.infer<typeof CopyProcurementRulePayload>;

/** copyProcurementRuleResponse: `{ key, result: 'success', rule_id }` or `{ key, result: 'error', error }`. */
export interface CopyProcurementRuleResponse {
  key: string | number;
  result: 'success' | 'error';
  rule_id?: number;
  error?: string;
}
