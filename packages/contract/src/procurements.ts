import { z } from 'zod';
import { Id, BodyId, SortOrder, isoDate, optionalString, requiredString } from './common';
import { DocumentKind, LeadTimeRule, SubjectKind, moneyString } from './rules';
import { positiveMoney } from './money';

// ---- statuses ------------------------------------------------------------------------------------------------

export const PROCUREMENT_STATUSES = [
  'draft',
  'docs_ready',
  'published',
  'accepting',
  'summing_up',
  'contract_signed',
  'cancelled',
  'failed',
] as const;
export const ProcurementStatus = z.enum(PROCUREMENT_STATUSES);
export type ProcurementStatus = z.infer<typeof ProcurementStatus>;

export const PROCUREMENT_STATUS_TITLES: Record<ProcurementStatus, string> = {
  draft: 'Черновик',
  docs_ready: 'Документация сформирована',
  published: 'Опубликована',
  accepting: 'Приём заявок',
  summing_up: 'Подведение итогов',
  contract_signed: 'Договор заключён',
  cancelled: 'Отменена',
  failed: 'Не состоялась',
};

/**
 * The same statuses as a 44-ФЗ purchase names them: the notice is «извещение об осуществлении закупки» with its
 * attachments instead of a documentation (ст. 42), the result a «контракт», the end «отмена определения поставщика»
 * (ст. 36) or «определение поставщика признано несостоявшимся» (ст. 52).
 */
export const PROCUREMENT_STATUS_TITLES_44: Record<ProcurementStatus, string> = {
  draft: 'Черновик',
  docs_ready: 'Извещение сформировано',
  published: 'Извещение размещено',
  accepting: 'Подача заявок',
  summing_up: 'Подведение итогов определения поставщика',
  contract_signed: 'Контракт заключён',
  cancelled: 'Определение поставщика отменено',
  failed: 'Определение поставщика не состоялось',
};

/** A status's title in the words of the purchase's law. */
export const procurementStatusTitle = (status: ProcurementStatus, law: '223' | '44' | string | null | undefined): string =>
  (law === '44' ? PROCUREMENT_STATUS_TITLES_44 : PROCUREMENT_STATUS_TITLES)[status] ?? status;

/** The only allowed moves; 'cancelled' from any state before 'contract_signed', 'failed' from accepting/summing_up. */
export const PROCUREMENT_TRANSITIONS: Record<ProcurementStatus, readonly ProcurementStatus[]> = {
  draft: ['docs_ready', 'cancelled'],
  docs_ready: ['published', 'cancelled'],
  published: ['accepting', 'cancelled'],
  accepting: ['summing_up', 'failed', 'cancelled'],
  summing_up: ['contract_signed', 'failed', 'cancelled'],
  contract_signed: [],
  cancelled: [],
  failed: [],
};

/** Card fields may be changed only while the procurement is being prepared. */
export const EDITABLE_PROCUREMENT_STATUSES: readonly ProcurementStatus[] = ['draft', 'docs_ready'];
/** Finished procurements: their files are the record of what happened, so none is replaced or deleted (adding stays). */
export const FINAL_PROCUREMENT_STATUSES: readonly ProcurementStatus[] = ['contract_signed', 'cancelled', 'failed'];
export const finalFilesText = (status: ProcurementStatus) =>
  `Закупка в статусе «${PROCUREMENT_STATUS_TITLES[status]}»: её файлы не заменяются и не удаляются`;

export const canTransition = (from: ProcurementStatus, to: ProcurementStatus): boolean => PROCUREMENT_TRANSITIONS[from].includes(to);

// ---- card ----------------------------------------------------------------------------------------------------

export const Ensuring = z
  .object({
    kind: z.enum(['percent', 'amount']).describe('percent — процент от НМЦД, amount — сумма'),
    value: moneyString,
  })
  .refine((e) => e.kind !== 'percent' || Number(e.value) <= 100, { message: 'Процент обеспечения не может превышать 100', path: ['value'] })
  .describe('Обеспечение: процент от НМЦД или сумма');
export type Ensuring = z.infer<typeof Ensuring>;

export const OKPD2_CODE_RE = /^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$/;
export const Okpd2Item = z.object({
  code: z.string().trim().regex(OKPD2_CODE_RE, 'Код ОКПД2 в формате 17.12.14.110'),
  name: optionalString(1000).describe('Наименование; по умолчанию берётся из классификатора ОКПД2'),
});

const ids = z.array(BodyId).max(200).default([]);

/** Titles of the standard 223-ФЗ method codes, for a method the company's catalogue does not (or no longer) list. */
export const STANDARD_METHOD_TITLES: Record<string, string> = {
  competition: 'Конкурс',
  competition_e: 'Конкурс в электронной форме',
  auction: 'Аукцион',
  auction_e: 'Аукцион в электронной форме',
  quotation: 'Запрос котировок',
  quotation_e: 'Запрос котировок в электронной форме',
  proposal: 'Запрос предложений',
  proposal_e: 'Запрос предложений в электронной форме',
  single: 'Закупка у единственного поставщика (исполнителя, подрядчика)',
};
const METHOD_CODE = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,50}$/, 'Код способа закупки: латинские буквы, цифры и _');

export const ProcurementRequest = z
  .object({
    title: requiredString(1000).describe('Наименование закупки'),
    plan_item_id: BodyId.nullable().optional().describe('Позиция плана закупки (id)'),
    plan_item_number: optionalString(50).describe('Номер позиции плана'),
    rule_id: BodyId.nullable()
      .optional()
      .describe(
        'Положение о закупке; при создании по умолчанию — положение организации с редакцией, действующей сегодня (иначе самое новое)',
      ),
    method: METHOD_CODE.describe(
      "Код способа закупки: 'competition', 'competition_e', 'auction', 'auction_e', 'quotation', 'quotation_e', 'proposal', 'proposal_e', 'single' или свой",
    ),
    subject: SubjectKind,
    subject_description: optionalString(10000).describe('Предмет договора: описание'),
    nmcd: positiveMoney().describe('НМЦД'),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Код валюты из трёх латинских букв')
      .default('RUB'),
    nmcd_method_id: BodyId.nullable().optional().describe('Метод определения НМЦД (справочник, тип 1)'),
    requirement_ids: ids.describe('Дополнительные требования (справочник, тип 2)'),
    info_document_ids: ids.describe('Дополнительная информация и документы (справочник, тип 7)'),
    funding_source_ids: ids.describe('Источники финансирования (справочник, тип 8)'),
    delivery_terms: optionalString(5000).describe('Сроки (условия) поставки, выполнения работ, оказания услуг'),
    delivery_term_ids: ids.describe('Условия поставки / работ / услуг (справочник условий, тип 1)'),
    delivery_place: optionalString(2000).describe('Место поставки'),
    delivery_place_ids: ids.describe('Место поставки (справочник условий, тип 2)'),
    ensuring_ids: ids.describe('Обеспечение (справочник обеспечения)'),
    application_ensuring: Ensuring.nullable().optional().describe('Обеспечение заявки'),
    contract_ensuring: Ensuring.nullable().optional().describe('Обеспечение исполнения договора'),
    okpd2: z.array(Okpd2Item).max(100).default([]),
    published_on: isoDate.nullable().optional().describe('Дата размещения извещения'),
    application_deadline: isoDate.nullable().optional().describe('Дата окончания срока подачи заявок'),
    review_on: isoDate.nullable().optional().describe('Дата рассмотрения заявок'),
    summing_up_on: isoDate.nullable().optional().describe('Дата подведения итогов'),
    sme_only: z.boolean().default(false).describe('Только для субъектов МСП'),
    law: z
      .enum(['223', '44'])
      .optional()
      .describe(
        'Закон, по которому проводится закупка: 223 или 44; при создании по умолчанию — закон организации, при изменении без поля — прежний',
      ),
    ikz: z
      .string()
      .trim()
      .regex(/^\d{36}$/, 'ИКЗ: 36 цифр')
      .nullable()
      .optional()
      .describe('44-ФЗ: идентификационный код закупки (36 цифр)'),
    kvr: z
      .string()
      .trim()
      .regex(/^\d{3}$/, 'КВР: три цифры')
      .nullable()
      .optional()
      .describe('44-ФЗ: код вида расходов'),
    // ЕИС gives a 223-ФЗ notice its 11-digit registration number when the customer creates it there; typed into the
    // card, it is what ЕИС's notice of the purchase is matched by (its versions, protocols and contracts)
    notice_number: z
      .string()
      .trim()
      .regex(/^\d{11}$/, 'Номер извещения в ЕИС: 11 цифр')
      .nullable()
      .optional()
      .describe('223-ФЗ: реестровый номер извещения в ЕИС (11 цифр); без поля — прежний'),
  })
  .describe('Карточка закупки (создание и полное изменение)');
export type ProcurementRequest = z.infer<typeof ProcurementRequest>;
export type ProcurementInput = z.input<typeof ProcurementRequest>;

/**
 * The purchase's facts its documents print, changed one at a time (the documentation form edits them here): the card's
 * own save with its checks does the write; a field left out stays as it is.
 */
export const ProcurementFactsRequest = ProcurementRequest.pick({
  subject_description: true,
  nmcd: true,
  delivery_terms: true,
  delivery_place: true,
  published_on: true,
  application_deadline: true,
  review_on: true,
  summing_up_on: true,
})
  .partial()
  .extend({ okpd2: z.array(Okpd2Item).max(100).optional() })
  .describe('Сведения закупки, которые печатают её документы; отсутствующее поле не меняется');
export type ProcurementFactsRequest = z.infer<typeof ProcurementFactsRequest>;
export type ProcurementFactsInput = z.input<typeof ProcurementFactsRequest>;

export const DeadlineViolation = z.object({
  code: z.string().describe('application_deadline_too_early, application_deadline_non_working_day, review_before_application_deadline, …'),
  field: z
    .string()
    .describe('Поле карточки в терминах модуля сроков: publishedOn, applicationDeadline, reviewOn, summingUpOn, nmcd, method'),
  message: z.string(),
});
export type DeadlineViolation = z.infer<typeof DeadlineViolation>;

const Ref = z.object({ id: z.number(), title: z.string() });

/** The card's catalogue fields whose values are element ids. */
export const PROCUREMENT_REFERENCE_FIELDS = [
  'nmcd_method_id',
  'requirement_ids',
  'info_document_ids',
  'funding_source_ids',
  'delivery_term_ids',
  'delivery_place_ids',
  'ensuring_ids',
] as const;
export type ProcurementReferenceField = (typeof PROCUREMENT_REFERENCE_FIELDS)[number];

/**
 * Id and name of every element the card refers to, by card field: a select shows the stored value's name from the first
 * paint, without waiting for (or depending on) its options page.
 */
export const ProcurementReferences = z
  .object(
    Object.fromEntries(PROCUREMENT_REFERENCE_FIELDS.map((f) => [f, z.array(z.object({ id: z.number(), name: z.string() }))])) as Record<
      ProcurementReferenceField,
      z.ZodArray<z.ZodObject<{ id: z.ZodNumber; name: z.ZodString }>>
    >,
  )
  .describe('Названия элементов справочников, на которые ссылается карточка (id и name по каждому полю)');
export type ProcurementReferences = z.infer<typeof ProcurementReferences>;

export const OutdatedDocument = z.object({
  file_id: z.number(),
  template: DocumentKind,
  title: z.string(),
  name: z.string(),
  revision: z.number().nullable().describe('Редакция карточки, по которой документ сформирован'),
  reasons: z.array(z.string()).describe('Что изменилось: «НМЦД изменилась с 1 500 000,50 на 999 999,99»'),
});
export type OutdatedDocument = z.infer<typeof OutdatedDocument>;

export const ProcurementResponse = z
  .object({
    id: z.number(),
    company_id: z.number(),
    number: z.string().describe('Номер закупки: год-порядковый номер, например 2026-0001'),
    title: z.string(),
    plan_item_id: z.number().nullable(),
    plan_item_number: z.string().nullable(),
    notice_number: z.string().nullable().describe('Реестровый номер извещения в ЕИС, если закупка загружена из извещения'),
    law: z.enum(['223', '44']).describe('Закон, по которому проводится закупка'),
    ikz: z.string().nullable().describe('44-ФЗ: ИКЗ'),
    kvr: z.string().nullable().describe('44-ФЗ: КВР'),
    tender_plan_position_id: z.number().nullable().describe('44-ФЗ: позиция плана-графика, из которой создана закупка'),
    finance_years: z
      .object({ total: z.string(), current_year: z.string(), first_year: z.string(), second_year: z.string(), subsec_years: z.string() })
      .nullable()
      .describe('44-ФЗ: финансовое обеспечение позиции плана-графика по годам'),
    rule: Ref.nullable().describe('Положение о закупке'),
    rule_version: z
      .object({ id: z.number(), number: z.string(), in_force_from: z.string().nullable() })
      .nullable()
      .describe('Редакция, действующая на дату размещения (или сегодня)'),
    method: z.string(),
    subject: SubjectKind,
    subject_description: z.string().nullable(),
    nmcd: z.string(),
    currency: z.string(),
    nmcd_method_id: z.number().nullable(),
    requirement_ids: z.array(z.number()),
    info_document_ids: z.array(z.number()),
    funding_source_ids: z.array(z.number()),
    delivery_terms: z.string().nullable(),
    delivery_term_ids: z.array(z.number()),
    delivery_place: z.string().nullable(),
    delivery_place_ids: z.array(z.number()),
    ensuring_ids: z.array(z.number()),
    references: ProcurementReferences,
    application_ensuring: z.object({ kind: z.enum(['percent', 'amount']), value: z.string() }).nullable(),
    contract_ensuring: z.object({ kind: z.enum(['percent', 'amount']), value: z.string() }).nullable(),
    okpd2: z.array(z.object({ code: z.string(), name: z.string().nullable() })),
    published_on: z.string().nullable(),
    application_deadline: z.string().nullable(),
    review_on: z.string().nullable(),
    summing_up_on: z.string().nullable(),
    sme_only: z.boolean(),
    status: ProcurementStatus,
    status_title: z.string(),
    allowed_transitions: z
      .array(ProcurementStatus)
      .describe('Куда можно перевести закупку из текущего статуса («Опубликовать» — только когда publish_blockers пуст)'),
    revision: z.number().int().describe('Редакция карточки: растёт с каждым сохранением; документ помнит, по какой сформирован'),
    publish_blockers: z
      .array(z.string())
      .describe('Почему закупку нельзя опубликовать сейчас: сроки не проверены или нарушены, документы устарели'),
    outdated_documents: z.array(OutdatedDocument).describe('Сформированные документы, сведения закупки в которых с тех пор изменились'),
    editable: z.boolean().describe('Поля можно менять (статусы draft и docs_ready)'),
    deadline: z
      .object({
        earliest: z.string().nullable().describe('Самая ранняя допустимая дата окончания подачи заявок (нужна дата размещения)'),
        rule: LeadTimeRule.nullable().describe('Применённое правило о сроке'),
      })
      .describe('Срок подачи заявок по действующей редакции положения'),
    violations: z.array(DeadlineViolation),
    has_violations: z.boolean(),
    created_by: Ref.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('Карточка закупки');
export type ProcurementResponse = z.infer<typeof ProcurementResponse>;

export const TransitionRequest = z.object({
  to: ProcurementStatus,
  comment: optionalString(2000).describe('Комментарий; для отмены и признания несостоявшейся обязателен'),
  override_reason: optionalString(2000).describe(
    'Причина перевода вопреки срокам (закона или дат закупки): без неё такой перевод — 409 CONFIRM_REQUIRED с нарушенными правилами в fields.warnings; причина сохраняется в журнале',
  ),
});

export const StatusHistoryItem = z.object({
  id: z.number(),
  from_status: ProcurementStatus.nullable(),
  to_status: ProcurementStatus,
  to_title: z.string(),
  comment: z.string().nullable(),
  user: Ref.nullable(),
  created_at: z.string(),
});
export type StatusHistoryItem = z.infer<typeof StatusHistoryItem>;

// ---- register ------------------------------------------------------------------------------------------------

export const REGISTER_SORTS = ['number', 'title', 'nmcd', 'published_on', 'application_deadline', 'status', 'created_at'] as const;

const csv = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const RegisterQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(REGISTER_SORTS).default('created_at').describe('Поле сортировки'),
  order: SortOrder.default('desc'),
  status: csv
    .pipe(z.array(ProcurementStatus))
    .optional()
    .describe(`Статусы через запятую: ${PROCUREMENT_STATUSES.join(', ')}`),
  method: csv.pipe(z.array(METHOD_CODE)).optional().describe('Коды способов закупки через запятую, например quotation_e,auction_e'),
  subject: SubjectKind.optional(),
  published_from: isoDate.optional(),
  published_to: isoDate.optional(),
  deadline_from: isoDate.optional().describe('Окончание подачи заявок с'),
  deadline_to: isoDate.optional(),
  created_from: isoDate.optional(),
  created_to: isoDate.optional(),
  nmcd_min: moneyString.optional(),
  nmcd_max: moneyString.optional(),
  okpd2: z
    .string()
    .trim()
    .regex(/^\d{2}[\d.]*$/, 'Код ОКПД2 или его начало, например 17.12')
    .optional()
    .describe('Начало кода ОКПД2'),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Полнотекстовый поиск (русская морфология) по наименованию, предмету и наименованиям ОКПД2; также точный номер'),
  has_violations: bool.optional().describe('true — только закупки с нарушениями сроков'),
  sme_only: bool.optional(),
  law: z.enum(['223', '44']).optional().describe('Закон: 223 или 44'),
});
export type RegisterQuery = z.infer<typeof RegisterQuery>;
export const RegisterExportQuery = RegisterQuery.omit({ page: true, limit: true });

export const RegisterItem = z.object({
  id: z.number(),
  number: z.string(),
  title: z.string(),
  method: z.string(),
  subject: SubjectKind,
  nmcd: z.string(),
  currency: z.string(),
  status: ProcurementStatus,
  status_title: z.string(),
  published_on: z.string().nullable(),
  application_deadline: z.string().nullable(),
  okpd2_codes: z.array(z.string()),
  sme_only: z.boolean(),
  law: z.enum(['223', '44']).optional(),
  has_violations: z.boolean(),
  /** 44-ФЗ: ЕИС's notice of the purchase says otherwise than the card (method, НМЦК, dates) — to be reconciled */
  eis_differs: z.boolean().optional(),
  created_at: z.string(),
});
export type RegisterItem = z.infer<typeof RegisterItem>;

/**
 * The register counts matching rows exactly up to this many; past it the total is this number with `total_capped`
 * (as ЕИС's own search does), because an exact count over a million rows costs more than the page itself.
 */
export const REGISTER_COUNT_CAP = 10_000;
/** The same for a full-text search: its count reads every matching row from the table, not just an index. */
export const REGISTER_TEXT_COUNT_CAP = 1_000;
export const RegisterPage = z.object({
  items: z.array(RegisterItem),
  total: z.number().int(),
  total_capped: z
    .boolean()
    .describe(`true — совпадений больше, чем total (${REGISTER_COUNT_CAP}, при поиске по тексту ${REGISTER_TEXT_COUNT_CAP})`),
  total_estimate: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('При total_capped — оценка числа совпадений планировщиком PostgreSQL (показывается как «≈ 12 300»)'),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RegisterPage = z.infer<typeof RegisterPage>;

// ---- files ---------------------------------------------------------------------------------------------------

export const UPLOAD_EXTENSIONS = ['docx', 'xlsx', 'pdf', 'zip', 'xml', 'txt', 'jpg', 'jpeg', 'png'] as const;
export const UPLOAD_TYPE_MESSAGE = 'Недопустимый тип файла. Разрешены: DOCX, XLSX, PDF, ZIP, XML, TXT, JPG, PNG';

export const FileVersion = z.object({
  id: z.number().describe('Идентификатор версии: подписи документа закупки относятся к версии (GET /signatures?kind=documentation&id=…)'),
  version: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  created_at: z.string(),
  created_by: Ref.nullable(),
  signed: z.boolean().describe('Есть действительная подпись именно этой версии'),
});

export const ProcurementFileResponse = z
  .object({
    id: z.number(),
    procurement_id: z.number(),
    name: z.string(),
    template: DocumentKind.nullable().describe('Шаблон, по которому файл сформирован; null — загружен пользователем'),
    source: z.enum(['generated', 'uploaded']),
    content_type: z.string(),
    size: z.number().int(),
    version: z.number().int().describe('Номер текущей (последней) версии'),
    version_id: z.number().describe('Идентификатор текущей версии (её подписывают: POST /procurements/{id}/files/{fileId}/signature)'),
    versions: z.array(FileVersion).describe('Все версии, последняя первой'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('Файл закупки; скачивание: GET /procurements/{id}/files/{fileId}/download[?version=N]');
export type ProcurementFileResponse = z.infer<typeof ProcurementFileResponse>;

// ---- documentation -------------------------------------------------------------------------------------------

export const DocumentField = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['string', 'text', 'date', 'money', 'number', 'list']).describe('list — таблица: value — массив строк, columns — её поля'),
  value: z.unknown().describe('Сохранённое пользователем значение, иначе заполненное из закупки, организации и справочников'),
  required: z.boolean(),
  fact: z
    .string()
    .optional()
    .describe('Сведение закупки (поле карточки: nmcd, published_on, delivery_place, okpd2, …): показывается из карточки и меняется в ней'),
  columns: z
    .array(
      z.object({ name: z.string(), label: z.string(), type: z.enum(['string', 'text', 'date', 'money', 'number']), required: z.boolean() }),
    )
    .optional(),
});
export type DocumentField = z.infer<typeof DocumentField>;

export const DocumentItem = z.object({
  template: DocumentKind,
  title: z.string(),
  required: z.boolean(),
  fields: z.array(DocumentField),
  file: z
    .object({
      id: z.number(),
      name: z.string(),
      version: z.number(),
      revision: z.number().nullable().describe('Редакция карточки, по которой сформирован'),
      outdated: z.array(z.string()).describe('Что изменилось в закупке с тех пор; пусто — документ актуален'),
    })
    .nullable()
    .describe('Последний сформированный файл'),
});
export type DocumentItem = z.infer<typeof DocumentItem>;

export const DocumentsResponse = z.object({ procurement_id: z.number(), documents: z.array(DocumentItem) });
export type DocumentsResponse = z.infer<typeof DocumentsResponse>;

export const DocumentValuesRequest = z.object({
  values: z.record(z.string(), z.unknown()).describe('Имя поля → значение; null удаляет сохранённое значение'),
});
export const DocumentValuesResponse = z.object({ template: DocumentKind, values: z.record(z.string(), z.unknown()) });

/** documentUserfieldsRequest payload (namespace 'auth'); answered with documentUserfieldsResponse { key, result, documents }. */
export const DocumentUserfieldsPayload = z.object({
  key: z.union([z.string(), z.number()]).optional(),
  procurement_id: Id,
  company_id: Id.optional().describe('По умолчанию — организация пользователя'),
  templates: z.array(DocumentKind).optional(),
});

/** readyDocumentRequest payload; readyDocumentResponse { key, result, files: [{id, name}], error?, fields? } comes from a job; fields: the required fields left empty, keyed «template.field» or «procurement.card_field». */
export const ReadyDocumentPayload = z.object({
  key: z.union([z.string(), z.number()]).optional(),
  procurement_id: Id,
  company_id: Id.optional(),
  templates: z.array(DocumentKind).optional().describe('По умолчанию — все документы, которые требует положение'),
  values: z
    .partialRecord(DocumentKind, z.record(z.string(), z.unknown()))
    .optional()
    .describe('Шаблон → значения полей; сохраняются перед формированием'),
});

/** Currencies a procurement is priced in (ОКВ letter codes) and their names in documents and on screens. */
export const CURRENCY_TITLES: Record<string, string> = { RUB: 'Российский рубль', USD: 'Доллар США', EUR: 'Евро', CNY: 'Китайский юань' };
