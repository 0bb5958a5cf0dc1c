/**
 * Reference catalogues (справочники), the ОКПД2 / ОКЕИ classifiers and tariffs: request/response schemas, type codes,
 * routes with their access rules and the Russian texts of this feature.
 *
 * API summary (all under /api, bearer token; the acting company is the `X-Company-Id` header, else the user's own):
 * - catalogue kinds (see CATALOG_API): GET list, GET …/options (select infinite scroll), GET …/{id}, POST, PUT …/{id},
 *   POST …/{id}/archive, GET …/{id}/usage, DELETE …/{id};
 * - GET /classifiers/okpd2, /classifiers/okpd2/options, /classifiers/okpd2/{code}; GET /classifiers/okei(/options);
 * - tariffs: GET/POST /tariffs, GET/PUT/DELETE /tariffs/{id}, POST /tariffs/{id}/archive, GET /tariffs/options,
 *   GET/POST /companies/{id}/tariffs, PUT/DELETE /companies/{id}/tariffs/{assignmentId}, GET /tariffs/current.
 */
import { z } from 'zod';
import { Id, BodyId, ROLES, SortOrder, isStaff, isoDate, optionalString, requiredString, safeText, type Role } from './common';
import { CATALOG_MENU, catalogMenuFor } from './catalog-menu';
import { genitiveAfterNumberRu, pluralRu } from './format';
import { decimalField, moneyAmount, namedDecimal } from './money';

// ---- roles ---------------------------------------------------------------------------------------------------

/** Roles that may create, edit, archive and delete catalogue elements: staff except operator (a client never). */
export const CATALOG_EDITOR_ROLES = ['admin', 'administrator', 'specialist'] as const satisfies readonly Role[];
export const canEditCatalogs = (role: Role | string): boolean => (CATALOG_EDITOR_ROLES as readonly string[]).includes(role);
/** Who may read a catalogue: 'all' — every signed-in user (client too); 'staff' — every role but client. */
export type CatalogAccess = 'all' | 'staff';
export const canReadCatalog = (access: CatalogAccess, role: Role | string): boolean => access === 'all' || isStaff(role);
/** Tariff plans and their assignment to companies are managed by admin alone. */
export const canManageTariffs = (role: Role | string): boolean => role === 'admin';

// ---- type codes ----------------------------------------------------------------------------------------------

/** Type codes of the shared catalogue view. */
export const CATALOG_TYPES = [1, 2, 6, 7, 8, 9] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];

export interface CatalogTypeInfo {
  /** Web route. */
  route: string;
  /** Gear-menu label. */
  title: string;
  /** Name of one element, for form titles and messages. */
  element: string;
  access: CatalogAccess;
}

export const CATALOG_TYPE_INFO: Record<CatalogType, CatalogTypeInfo> = {
  1: { route: '/catalog', title: 'Методы определения НМЦД', element: 'Метод определения НМЦД', access: 'staff' },
  2: {
    route: '/catalogRequirements',
    title: 'Единые (дополнительные) требования',
    element: 'Требование к участникам закупки',
    access: 'staff',
  },
  6: { route: '/catalogFinancialResults', title: 'Финансовые результаты', element: 'Финансовый результат', access: 'staff' },
  7: {
    route: '/catalogInfoAndDocuments',
    title: 'Дополнительные требования, информация и документы',
    element: 'Дополнительная информация или документ',
    access: 'staff',
  },
  8: { route: '/catalogFundingSources', title: 'Источники финансирования', element: 'Источник финансирования', access: 'all' },
  9: { route: '/catalogContractBasis', title: 'Основания заключения договора', element: 'Основание заключения договора', access: 'all' },
};

/** A numeric code from a fixed list; accepted from JSON and from the query string, documented as an enum. */
const typeLiteral = <T extends number>(values: readonly T[], message: string, description: string) =>
  z.coerce
    .number()
    .int()
    .refine((v) => (values as readonly number[]).includes(v), message)
    .transform((v) => v as T)
    .meta({ enum: [...values], description });

export const CatalogTypeCode = typeLiteral(
  CATALOG_TYPES,
  'Тип справочника: 1, 2, 6, 7, 8 или 9',
  'Тип справочника: 1 — методы определения НМЦД, 2 — единые (дополнительные) требования, 6 — финансовые результаты, 7 — дополнительные информация и документы, 8 — источники финансирования, 9 — основания заключения договора',
);

/** Subject types of execution terms and procurement subjects: 1 goods, 2 works, 3 services. */
export const SUBJECT_TYPES = [1, 2, 3] as const;
export type SubjectTypeCode = (typeof SUBJECT_TYPES)[number];
export const SUBJECT_TYPE_TITLES: Record<SubjectTypeCode, string> = { 1: 'Товары', 2: 'Работы', 3: 'Услуги' };
export const SubjectTypeCode = typeLiteral(
  SUBJECT_TYPES,
  'Вид предмета: 1 — товары, 2 — работы, 3 — услуги',
  'Вид предмета: 1 — товары, 2 — работы, 3 — услуги',
);

/** Execution-terms types: 1 terms (with a subject type), 2 place of delivery or execution. */
export const EXEC_TERM_TYPES = [1, 2] as const;
export type ExecTermType = (typeof EXEC_TERM_TYPES)[number];
export const ExecTermTypeCode = typeLiteral(
  EXEC_TERM_TYPES,
  'Тип: 1 — условия, 2 — место поставки',
  '1 — условия поставки товара / выполнения работ / оказания услуг (нужен subject_type), 2 — место поставки (выполнения работ, оказания услуг)',
);

export interface ExecTermView {
  route: string;
  type: ExecTermType;
  subject_type: SubjectTypeCode | null;
  title: string;
  element: string;
  access: CatalogAccess;
}

/** The four screens of the shared execution-terms view. */
export const EXEC_TERM_VIEWS: ExecTermView[] = [
  {
    route: '/catalogDeliveryTerms',
    type: 1,
    subject_type: 1,
    title: 'Условия поставки товара',
    element: 'Условие поставки товара',
    access: 'staff',
  },
  {
    route: '/catalogWorkTerms',
    type: 1,
    subject_type: 2,
    title: 'Условия выполнения работ',
    element: 'Условие выполнения работ',
    access: 'staff',
  },
  {
    route: '/catalogServiceTerms',
    type: 1,
    subject_type: 3,
    title: 'Условия оказания услуг',
    element: 'Условие оказания услуг',
    access: 'staff',
  },
  {
    route: '/catalogExecPlace',
    type: 2,
    subject_type: null,
    title: 'Место поставки',
    element: 'Место поставки (выполнения работ, оказания услуг)',
    access: 'all',
  },
];
export const execTermAccess = (type: number): CatalogAccess => (type === 2 ? 'all' : 'staff');

// ---- kinds and API paths -------------------------------------------------------------------------------------

/** Catalogue kinds of the API; one table and one set of endpoints each. */
export const CATALOG_KINDS = [
  'elements',
  'execTerms',
  'methods',
  'subjects',
  'ensuring',
  'products',
  'documentSubjects',
  'documents',
] as const;
export const CatalogKind = z
  .enum(CATALOG_KINDS)
  .describe(
    'Вид справочника: elements — общий справочник с типом, execTerms — условия и место поставки, methods — способы закупки, subjects — предметы закупки, ensuring — обеспечение, products — товары, работы, услуги, documentSubjects — документы по предмету закупки, documents — документы',
  );
export type CatalogKind = z.infer<typeof CatalogKind>;

/** API path (under /api) of each kind. */
export const CATALOG_API: Record<CatalogKind, string> = {
  elements: '/catalogs/elements',
  execTerms: '/catalogs/exec-terms',
  methods: '/catalogs/methods',
  subjects: '/catalogs/subjects',
  ensuring: '/catalogs/ensuring',
  products: '/catalogs/products',
  documentSubjects: '/catalogs/document-subjects',
  documents: '/catalogs/documents',
};

export const CATALOG_KIND_TITLES: Record<CatalogKind, string> = {
  elements: 'Справочник',
  execTerms: 'Условия исполнения',
  methods: 'Способы закупки',
  subjects: 'Предметы закупки',
  ensuring: 'Обеспечение',
  products: 'Товары, работы, услуги',
  documentSubjects: 'Документы по предмету закупки',
  documents: 'Документы',
};

export interface CatalogRoute {
  /** Web route. */
  path: string;
  /** Gear-menu label. */
  label: string;
  /** Roles that see the item in the gear menu. */
  roles: Role[];
  /** Roles the server lets read the catalogue (the route table: staff or all). */
  read_roles: Role[];
  /** Roles the server lets create, edit, archive and delete. */
  edit_roles: Role[];
  kind: CatalogKind | 'tariffs';
  /** API path under /api. */
  api: string;
  /** Fixed query of the screen (and body fields of a new element): type / subject_type. */
  query: { type?: number; subject_type?: number };
  /** Name of one element. */
  element: string;
}

const STAFF_ROLES = ROLES.filter((r) => isStaff(r));
const API_OF_ROUTE: Record<string, Pick<CatalogRoute, 'kind' | 'api' | 'query' | 'element'> & { access: CatalogAccess }> = {
  '/catalogDocument': { kind: 'documents', api: CATALOG_API.documents, query: {}, element: 'Документ', access: 'staff' },
  '/catalogMethod': { kind: 'methods', api: CATALOG_API.methods, query: {}, element: 'Способ закупки', access: 'staff' },
  '/catalogService': { kind: 'subjects', api: CATALOG_API.subjects, query: {}, element: 'Предмет закупки', access: 'staff' },
  '/catalogEnsuring': { kind: 'ensuring', api: CATALOG_API.ensuring, query: {}, element: 'Обеспечение', access: 'staff' },
  '/catalogServiceDocument': { kind: 'products', api: CATALOG_API.products, query: {}, element: 'Товар, работа, услуга', access: 'staff' },
  '/catalogDocumentSubject': {
    kind: 'documentSubjects',
    api: CATALOG_API.documentSubjects,
    query: {},
    element: 'Документ по предмету закупки',
    access: 'staff',
  },
  '/catalogTariffs': { kind: 'tariffs', api: '/tariffs', query: {}, element: 'Тариф', access: 'staff' },
  ...Object.fromEntries(
    CATALOG_TYPES.map((t) => [
      CATALOG_TYPE_INFO[t].route,
      {
        kind: 'elements' as const,
        api: CATALOG_API.elements,
        query: { type: t },
        element: CATALOG_TYPE_INFO[t].element,
        access: CATALOG_TYPE_INFO[t].access,
      },
    ]),
  ),
  ...Object.fromEntries(
    EXEC_TERM_VIEWS.map((v) => [
      v.route,
      {
        kind: 'execTerms' as const,
        api: CATALOG_API.execTerms,
        query: v.subject_type ? { type: v.type, subject_type: v.subject_type } : { type: v.type },
        element: v.element,
        access: v.access,
      },
    ]),
  ),
};

/**
 * Every catalogue screen in the gear menu's order with its API: the web renders the menu and the
 * screens from this list. Labels come from CATALOG_MENU, the one copy of the spec's texts.
 */
export const CATALOG_ROUTES: CatalogRoute[] = CATALOG_MENU.map((m) => {
  const api = API_OF_ROUTE[m.path];
  const isTariffs = api.kind === 'tariffs';
  return {
    path: m.path,
    label: m.label,
    roles: ROLES.filter((r) => catalogMenuFor(r).some((x) => x.path === m.path)),
    read_roles: isTariffs ? ['admin'] : api.access === 'all' ? [...ROLES] : STAFF_ROLES,
    edit_roles: isTariffs ? ['admin'] : [...CATALOG_EDITOR_ROLES],
    kind: api.kind,
    api: api.api,
    query: api.query,
    element: api.element,
  };
});

/** The catalogue screen of a web route, or undefined. */
export const catalogRoute = (path: string): CatalogRoute | undefined => CATALOG_ROUTES.find((r) => r.path === path);

// ---- Russian texts -------------------------------------------------------------------------------------------

export const CATALOG_MESSAGES = {
  staffOnly: 'Справочник доступен только сотрудникам',
  clientCannotEdit: 'Клиент не может изменять справочники',
  operatorCannotEdit: 'Оператор не может изменять справочники',
  adminOnlyTariffs: 'Тарифами управляет только главный администратор',
  codeTaken: (code: string) => `Элемент с кодом «${code}» уже есть в справочнике`,
  inUse: (name: string, details: string) => `Элемент «${name}» используется (${details}) и не может быть удалён. Перенесите его в архив`,
  usageCount: (label: string, n: number) => `${label}: ${n}`,
  records: (n: number) => `${n} ${pluralRu(n, 'запись', 'записи', 'записей')}`,
  okpd2Unknown: (code: string) => `Код ОКПД2 «${code}» не найден в классификаторе`,
  okeiUnknown: (code: string) => `Код ОКЕИ «${code}» не найден в классификаторе`,
  refUnknown: (what: string) => `${what}: элемент не найден`,
  typeMismatch: 'Тип элемента не совпадает с типом справочника',
  tariffExpired: (name: string, date: string) => `Срок действия тарифа «${name}» истёк ${date}. Обратитесь к администратору для продления`,
  tariffNotStarted: (name: string, date: string) => `Тариф «${name}» действует с ${date}. Обратитесь к администратору`,
  tariffProcurementsLimit: (name: string, n: number) =>
    `Достигнут лимит тарифа «${name}»: не более ${n} ${genitiveAfterNumberRu(n, 'закупки', 'закупок')} в год`,
  tariffUsersLimit: (name: string, n: number) =>
    `Достигнут лимит тарифа «${name}»: не более ${n} ${genitiveAfterNumberRu(n, 'пользователя', 'пользователей')}`,
  tariffOverlap: (from: string, to: string) => `У организации уже есть тариф на период, пересекающийся с ${from} — ${to}`,
  tariffArchived: 'Тариф в архиве: выберите действующий тариф',
} as const;

// ---- shared pieces -------------------------------------------------------------------------------------------

const decimalRe = /^\d{1,16}(\.\d{1,2})?$/;
const decimal2 = (what: string) => namedDecimal(what, decimalRe);

export const USER_FIELD_TYPES = ['string', 'text', 'number', 'money', 'date'] as const;
export const USER_FIELD_TYPE_TITLES: Record<(typeof USER_FIELD_TYPES)[number], string> = {
  string: 'Строка',
  text: 'Многострочный текст',
  number: 'Число',
  money: 'Сумма',
  date: 'Дата',
};

/** A user field of an element: documentation templates use it as the `{name}` placeholder. */
export const CatalogUserField = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'Имя поля: латинские буквы, цифры и _, начинается с буквы, до 64 символов')
      .describe('Имя поля в шаблоне документа: {name}'),
    label: requiredString(200).describe('Подпись поля в форме'),
    type: z
      .enum(USER_FIELD_TYPES)
      .default('string')
      .describe('string — строка, text — многострочный текст, number — число, money — сумма, date — дата ГГГГ-ММ-ДД'),
    default: safeText().max(5000).nullable().optional().describe('Значение по умолчанию (строкой)'),
  })
  .superRefine((f, ctx) => {
    const d = f.default?.trim();
    if (!d) return;
    if ((f.type === 'number' || f.type === 'money') && !/^-?\d+([.,]\d+)?$/.test(d))
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'Значение должно быть числовое' });
    if (f.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(d))
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'Дата в формате ГГГГ-ММ-ДД' });
  })
  .describe('Пользовательское поле элемента справочника');
export type CatalogUserField = z.infer<typeof CatalogUserField>;

export const CatalogUserFields = z
  .array(CatalogUserField)
  .max(100, 'Не более 100 полей')
  .default([])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((f, i) => {
      if (seen.has(f.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Поле «${f.name}» уже есть` });
      seen.add(f.name);
    });
  })
  .describe('Пользовательские поля (используются шаблонами документации)');

export const CatalogUserFieldResponse = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(USER_FIELD_TYPES),
  default: z.string().nullable(),
});

const shared = {
  shared: z
    .boolean()
    .default(false)
    .describe('true — общий (системный) элемент для всех организаций; false — элемент выбранной организации'),
};
/**
 * The longest catalogue name: it prints in documents and fits a select's option (the longest ОКПД2 name is ~250
 * characters, the seeded requirements ~310); a paragraph belongs in the description.
 */
export const CATALOG_NAME_MAX = 500;

const common = {
  name: requiredString(CATALOG_NAME_MAX).describe('Наименование'),
  description: optionalString(20000).describe('Описание, текст для документации'),
  user_fields: CatalogUserFields,
};

/** Fields every element response has. */
const commonResponse = {
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  system: z.boolean().describe('Общий элемент (company_id = null): виден всем организациям'),
  company_id: z.number().nullable(),
  archived: z.boolean(),
  user_fields: z.array(CatalogUserFieldResponse),
  created_at: z.string(),
  updated_at: z.string(),
};

/** The fields every catalogue element answers with; each kind adds its own (the web reads those by name). */
export const CatalogItemResponse = z.object(commonResponse);
export type CatalogItemResponse = z.infer<typeof CatalogItemResponse> & { [field: string]: unknown };

export const ArchivedFilter = z.enum(['false', 'true', 'all']).default('false').describe('false — действующие, true — архивные, all — все');
export const ScopeFilter = z
  .enum(['all', 'system', 'company'])
  .default('all')
  .describe('all — общие и свои, system — только общие, company — только элементы выбранной организации');

const listBase = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(200).optional().describe('Поиск по наименованию (слова и их начала) и коду'),
  order: SortOrder.default('asc'),
  archived: ArchivedFilter,
  scope: ScopeFilter,
};
const sortOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .default(values[0] as never)
    .describe(`Сортировка: ${values.join(', ')}`);

/** Select-scroll query: steps of 10, archived elements left out. */
const optionsBase = {
  q: z.string().trim().max(200).optional().describe('Поиск'),
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'Список id через запятую')
    .optional()
    .describe('Только элементы с этими id (через запятую), в том числе архивные: названия уже выбранных значений'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

/** Select option: name, value, obj. */
export const catalogOption = <T extends z.ZodType>(obj: T) =>
  z.object({
    name: z.string().describe('Текст пункта'),
    value: z.union([z.string(), z.number()]).describe('Значение'),
    obj: obj.describe('Элемент целиком'),
  });
export const catalogOptions = <T extends z.ZodType>(obj: T) =>
  z
    .object({
      items: z.array(catalogOption(obj)),
      page: z.number().int(),
      limit: z.number().int(),
      has_more: z.boolean().describe('Есть следующая страница'),
    })
    .describe('Пункты списка выбора для бесконечной прокрутки');
/** One page of a select list whose elements are T. */
export type CatalogOptionsPage<T = unknown> = z.infer<ReturnType<typeof catalogOptions<z.ZodType<T>>>>;

export const CatalogArchiveRequest = z.object({
  archived: z.boolean().default(true).describe('true — в архив, false — вернуть из архива'),
});
export const CatalogUsageResponse = z
  .object({
    in_use: z.boolean(),
    count: z.number().int(),
    usages: z.array(z.object({ label: z.string(), count: z.number().int() })),
  })
  .describe('Где используется элемент; используемый элемент нельзя удалить, только перенести в архив');
export type CatalogUsageResponse = z.infer<typeof CatalogUsageResponse>;

const ref = (what: string) => BodyId.describe(what);

// ---- elements (type 1, 2, 6, 7, 8, 9) ------------------------------------------------------------------------

export const CatalogElementRequest = z
  .object({
    ...common,
    code: optionalString(50).describe('Код (необязательный)'),
  })
  .describe('Элемент общего справочника (изменение)');
export const CreateCatalogElementRequest = CatalogElementRequest.extend({ type: CatalogTypeCode, ...shared }).describe(
  'Элемент общего справочника (создание)',
);
export const CatalogElementResponse = z
  .object({ ...commonResponse, type: z.number().int(), code: z.string().nullable() })
  .describe('Элемент общего справочника');
export const CatalogElementsQuery = z.object({
  ...listBase,
  type: CatalogTypeCode,
  sort: sortOf(['name', 'code', 'created_at', 'updated_at'] as const),
});
export const CatalogElementOptionsQuery = z.object({ ...optionsBase, type: CatalogTypeCode });
export type CatalogElementRequest = z.infer<typeof CatalogElementRequest>;
export type CreateCatalogElementRequest = z.infer<typeof CreateCatalogElementRequest>;
export type CatalogElementResponse = z.infer<typeof CatalogElementResponse>;

// ---- execution terms ------------------------------------------------------------------------------------------

export const CatalogExecTermRequest = z.object({ ...common }).describe('Условие или место поставки (изменение)');
export const CreateCatalogExecTermRequest = CatalogExecTermRequest.extend({
  type: ExecTermTypeCode,
  subject_type: SubjectTypeCode.nullable()
    .optional()
    .describe('Для type = 1 обязателен: 1 — товары, 2 — работы, 3 — услуги; для type = 2 не указывается'),
  ...shared,
})
  .superRefine((v, ctx) => {
    if (v.type === 1 && !v.subject_type) ctx.addIssue({ code: 'custom', path: ['subject_type'], message: 'Обязательное поле' });
    if (v.type === 2 && v.subject_type)
      ctx.addIssue({ code: 'custom', path: ['subject_type'], message: 'Для места поставки вид предмета не указывается' });
  })
  .describe('Условие или место поставки (создание)');
export const CatalogExecTermResponse = z
  .object({ ...commonResponse, type: z.number().int(), subject_type: z.number().int().nullable() })
  .describe('Условие поставки / выполнения работ / оказания услуг или место поставки');
export const CatalogExecTermsQuery = z.object({
  ...listBase,
  type: ExecTermTypeCode,
  subject_type: SubjectTypeCode.optional(),
  sort: sortOf(['name', 'created_at', 'updated_at'] as const),
});
export const CatalogExecTermOptionsQuery = z.object({ ...optionsBase, type: ExecTermTypeCode, subject_type: SubjectTypeCode.optional() });
export type CatalogExecTermResponse = z.infer<typeof CatalogExecTermResponse>;

// ---- procurement methods -------------------------------------------------------------------------------------

export const METHOD_CODE_RE = /^[a-z][a-z0-9_]{0,49}$/;
export const CatalogMethodRequest = z
  .object({
    ...common,
    code: z
      .string()
      .trim()
      .regex(METHOD_CODE_RE, 'Код способа: строчные латинские буквы, цифры и _')
      .describe(
        "Код способа закупки: 'competition', 'competition_e', 'auction', 'auction_e', 'quotation', 'quotation_e', 'proposal', 'proposal_e', 'single' или свой; окончание _e — электронная форма",
      ),
    short_name: optionalString(200).describe('Краткое наименование'),
    is_competitive: z.boolean().default(true).describe('Конкурентный способ'),
    is_electronic: z.boolean().default(false).describe('В электронной форме'),
  })
  .describe('Способ закупки (изменение)');
export const CreateCatalogMethodRequest = CatalogMethodRequest.extend(shared).describe('Способ закупки (создание)');
export const CatalogMethodResponse = z
  .object({
    ...commonResponse,
    code: z.string(),
    short_name: z.string().nullable(),
    is_competitive: z.boolean(),
    is_electronic: z.boolean(),
  })
  .describe('Способ закупки');
export const CatalogMethodsQuery = z.object({
  ...listBase,
  is_competitive: z.enum(['true', 'false']).optional().describe('Только конкурентные (true) или неконкурентные (false)'),
  is_electronic: z.enum(['true', 'false']).optional(),
  sort: sortOf(['name', 'code', 'created_at', 'updated_at'] as const),
});
export const CatalogMethodOptionsQuery = z.object(optionsBase);
export type CatalogMethodResponse = z.infer<typeof CatalogMethodResponse>;

// ---- procurement subjects ------------------------------------------------------------------------------------

export const CatalogSubjectRequest = z
  .object({
    ...common,
    code: z
      .string()
      .trim()
      .regex(METHOD_CODE_RE, 'Код: строчные латинские буквы, цифры и _')
      .describe("Код предмета: 'goods', 'works', 'services' или свой"),
    subject_type: SubjectTypeCode,
  })
  .describe('Предмет закупки (изменение)');
export const CreateCatalogSubjectRequest = CatalogSubjectRequest.extend(shared).describe('Предмет закупки (создание)');
export const CatalogSubjectResponse = z
  .object({ ...commonResponse, code: z.string(), subject_type: z.number().int() })
  .describe('Предмет закупки');
export const CatalogSubjectsQuery = z.object({
  ...listBase,
  subject_type: SubjectTypeCode.optional(),
  sort: sortOf(['name', 'code', 'created_at', 'updated_at'] as const),
});
export const CatalogSubjectOptionsQuery = z.object({ ...optionsBase, subject_type: SubjectTypeCode.optional() });
export type CatalogSubjectResponse = z.infer<typeof CatalogSubjectResponse>;

// ---- ensuring ------------------------------------------------------------------------------------------------

export const ENSURING_KINDS = ['application', 'contract', 'warranty'] as const;
export const ENSURING_KIND_TITLES: Record<(typeof ENSURING_KINDS)[number], string> = {
  application: 'Обеспечение заявки',
  contract: 'Обеспечение исполнения договора',
  warranty: 'Обеспечение гарантийных обязательств',
};
export const EnsuringKind = z
  .enum(ENSURING_KINDS)
  .describe('application — заявки, contract — исполнения договора, warranty — гарантийных обязательств');
export const EnsuringValueType = z
  .enum(['percent', 'amount'])
  .describe('percent — процент от НМЦД (цены договора), amount — фиксированная сумма');

const percent = decimal2('Процент').refine((v) => Number(v) <= 100, 'Процент не больше 100');
const EnsuringFields = z.object({
  ...common,
  kind: EnsuringKind,
  value_type: EnsuringValueType.default('percent'),
  percent: percent.nullable().optional().describe('Размер в процентах, например "5.00"'),
  percent_min: percent.nullable().optional().describe('Нижняя граница допустимого размера, %'),
  percent_max: percent.nullable().optional().describe('Верхняя граница допустимого размера, %'),
  amount: moneyAmount().nullable().optional().describe('Фиксированная сумма в рублях, например "50000.00"'),
});
const checkEnsuring = (v: z.infer<typeof EnsuringFields>, ctx: z.RefinementCtx) => {
  if (v.value_type === 'percent' && !v.percent) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Обязательное поле' });
  if (v.value_type === 'amount' && !v.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Обязательное поле' });
  const n = (s?: string | null) => (s ? Number(s) : null);
  const [p, lo, hi] = [n(v.percent), n(v.percent_min), n(v.percent_max)];
  if (lo !== null && hi !== null && lo > hi)
    ctx.addIssue({ code: 'custom', path: ['percent_max'], message: 'Верхняя граница меньше нижней' });
  if (v.value_type === 'percent' && p !== null && ((lo !== null && p < lo) || (hi !== null && p > hi)))
    ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Размер вне допустимых границ' });
};
export const CatalogEnsuringRequest = EnsuringFields.superRefine(checkEnsuring).describe('Обеспечение (изменение)');
export const CreateCatalogEnsuringRequest = EnsuringFields.extend(shared).superRefine(checkEnsuring).describe('Обеспечение (создание)');
export const CatalogEnsuringResponse = z
  .object({
    ...commonResponse,
    kind: EnsuringKind,
    kind_title: z.string(),
    value_type: EnsuringValueType,
    percent: z.string().nullable(),
    percent_min: z.string().nullable(),
    percent_max: z.string().nullable(),
    amount: z.string().nullable(),
  })
  .describe('Обеспечение заявки / исполнения договора / гарантийных обязательств');
export const CatalogEnsuringQuery = z.object({
  ...listBase,
  kind: EnsuringKind.optional(),
  sort: sortOf(['name', 'kind', 'percent', 'created_at', 'updated_at'] as const),
});
export const CatalogEnsuringOptionsQuery = z.object({ ...optionsBase, kind: EnsuringKind.optional() });
export type CatalogEnsuringResponse = z.infer<typeof CatalogEnsuringResponse>;

// ---- goods, works, services ----------------------------------------------------------------------------------

export const OKPD2_CODE_PATTERN = /^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{3})?)?)?$/;
export const CatalogProductRequest = z
  .object({
    ...common,
    code: optionalString(50).describe('Артикул / внутренний код (необязательный)'),
    okpd2_code: z.string().trim().regex(OKPD2_CODE_PATTERN, 'Код ОКПД2 в формате 17.12.14.110').describe('Код ОКПД2 из классификатора'),
    okei_code: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Код ОКЕИ из 3–4 цифр')
      .describe('Код единицы измерения по ОКЕИ, например 796'),
    subject_id: BodyId.nullable().optional().describe('Предмет закупки (справочник subjects)'),
  })
  .describe('Товар, работа, услуга (изменение)');
export const CreateCatalogProductRequest = CatalogProductRequest.extend(shared).describe('Товар, работа, услуга (создание)');
export const CatalogProductResponse = z
  .object({
    ...commonResponse,
    code: z.string().nullable(),
    okpd2_code: z.string(),
    okpd2_name: z.string().nullable(),
    okei_code: z.string(),
    okei_name: z.string().nullable(),
    okei_short_name: z.string().nullable(),
    subject_id: z.number().nullable(),
    subject_name: z.string().nullable(),
  })
  .describe('Товар, работа, услуга');
export const CatalogProductsQuery = z.object({
  ...listBase,
  okpd2: z
    .string()
    .trim()
    .regex(/^\d{2}[\d.]*$/, 'Начало кода ОКПД2, например 17.12')
    .optional()
    .describe('Начало кода ОКПД2'),
  subject_id: Id.optional(),
  sort: sortOf(['name', 'okpd2_code', 'code', 'created_at', 'updated_at'] as const),
});
export const CatalogProductOptionsQuery = z.object({ ...optionsBase, subject_id: Id.optional() });
export type CatalogProductResponse = z.infer<typeof CatalogProductResponse>;

// ---- documents -----------------------------------------------------------------------------------------------

/** Codes of the Word templates (server/templates/docx/{code}.docx). */
export const DOCUMENT_TEMPLATE_CODES = ['notice', 'documentation', 'draft-contract', 'tech-spec', 'nmcd-justification'] as const;
export const DocumentTemplateCode = z
  .enum(DOCUMENT_TEMPLATE_CODES)
  .describe('Шаблон: notice, documentation, draft-contract, tech-spec, nmcd-justification');
export const DOCUMENT_TEMPLATE_TITLES: Record<(typeof DOCUMENT_TEMPLATE_CODES)[number], string> = {
  notice: 'Извещение о проведении закупки',
  documentation: 'Документация о закупке',
  'draft-contract': 'Проект договора',
  'tech-spec': 'Техническое задание',
  'nmcd-justification': 'Обоснование начальной (максимальной) цены договора',
};

export const CatalogDocumentRequest = z
  .object({
    ...common,
    code: optionalString(50).describe('Код документа (необязательный)'),
    template_code: DocumentTemplateCode.nullable().optional().describe('Шаблон Word для формирования; null — документ загружается файлом'),
  })
  .describe('Вид документа (изменение)');
export const CreateCatalogDocumentRequest = CatalogDocumentRequest.extend(shared).describe('Вид документа (создание)');
export const CatalogDocumentResponse = z
  .object({
    ...commonResponse,
    code: z.string().nullable(),
    template_code: DocumentTemplateCode.nullable(),
    template_title: z.string().nullable(),
  })
  .describe('Вид документа и его шаблон');
export const CatalogDocumentsQuery = z.object({
  ...listBase,
  template_code: DocumentTemplateCode.optional(),
  has_template: z.enum(['true', 'false']).optional(),
  sort: sortOf(['name', 'code', 'created_at', 'updated_at'] as const),
});
export const CatalogDocumentOptionsQuery = z.object(optionsBase);
export type CatalogDocumentResponse = z.infer<typeof CatalogDocumentResponse>;

// ---- documents by procurement subject ------------------------------------------------------------------------

export const CatalogDocumentSubjectRequest = z
  .object({
    name: optionalString(CATALOG_NAME_MAX).describe('Наименование; по умолчанию — наименование документа'),
    description: common.description,
    user_fields: common.user_fields,
    subject_id: ref('Предмет закупки (справочник subjects)'),
    document_id: ref('Документ (справочник documents)'),
    required: z.boolean().default(true).describe('Обязателен для закупки этого предмета'),
    sort_order: z.number().int().min(0).max(10000).default(0).describe('Порядок в списке документов'),
  })
  .describe('Документ по предмету закупки (изменение)');
export const CreateCatalogDocumentSubjectRequest = CatalogDocumentSubjectRequest.extend(shared).describe(
  'Документ по предмету закупки (создание)',
);
export const CatalogDocumentSubjectResponse = z
  .object({
    ...commonResponse,
    subject_id: z.number(),
    subject_name: z.string().nullable(),
    subject_code: z.string().nullable(),
    document_id: z.number(),
    document_name: z.string().nullable(),
    template_code: DocumentTemplateCode.nullable(),
    required: z.boolean(),
    sort_order: z.number().int(),
  })
  .describe('Документ по предмету закупки');
export const CatalogDocumentSubjectsQuery = z.object({
  ...listBase,
  subject_id: Id.optional(),
  document_id: Id.optional(),
  sort: sortOf(['sort_order', 'name', 'created_at', 'updated_at'] as const),
});
export const CatalogDocumentSubjectOptionsQuery = z.object({ ...optionsBase, subject_id: Id.optional() });
export type CatalogDocumentSubjectResponse = z.infer<typeof CatalogDocumentSubjectResponse>;

// ---- classifiers ---------------------------------------------------------------------------------------------

export const Okpd2Node = z
  .object({
    code: z.string().describe('Код; разделы — латинские буквы A…U'),
    name: z.string(),
    parent_code: z.string().nullable().describe('Код родителя; null у разделов'),
    depth: z.number().int().describe('Уровень: 1 — раздел, 2 — класс, …'),
    is_leaf: z.boolean().describe('Нет вложенных позиций'),
  })
  .describe('Позиция ОКПД2');
export type Okpd2Node = z.infer<typeof Okpd2Node>;
export const Okpd2Query = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Код или его начало (17.12, 1712, A) — поиск по началу кода; иначе — по словам наименования и их началам'),
  parent: z.string().trim().max(20).optional().describe('Без q: вложенные позиции этого кода; без parent — разделы'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const Okpd2OptionsQuery = z.object({
  ...optionsBase,
  leaf_only: z.enum(['true', 'false']).default('false').describe('Только конечные позиции'),
});
export const Okpd2Details = Okpd2Node.extend({ path: z.array(Okpd2Node).describe('Цепочка родителей от раздела') });
export const OkeiUnit = z.object({ code: z.string(), name: z.string(), short_name: z.string() }).describe('Единица измерения ОКЕИ');
export type OkeiUnit = z.infer<typeof OkeiUnit>;
export const OkeiQuery = z.object({
  q: z.string().trim().max(100).optional().describe('Код, наименование или обозначение'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

// ---- user fields triad ---------------------------------------------------------------------------------------

/** Payload of `catalogUserfieldsRequest` on 'auth': one element (kind + id), several ids of a kind, or a list. */
export const CatalogUserfieldsRequest = z
  .object({
    key: z.union([z.string(), z.number()]).optional(),
    company_id: BodyId.optional().describe('Выбранная организация; по умолчанию — своя'),
    kind: CatalogKind.optional(),
    id: BodyId.optional(),
    ids: z.array(BodyId).max(100).optional(),
    elements: z
      .array(z.object({ kind: CatalogKind, id: BodyId }))
      .max(100)
      .optional(),
  })
  .refine((v) => (v.kind && (v.id || v.ids?.length)) || v.elements?.length, 'Укажите элементы: kind и id (ids) или elements');
export type CatalogUserfieldsRequest = z.infer<typeof CatalogUserfieldsRequest>;
export const CatalogUserfieldsElement = z.object({
  kind: CatalogKind,
  id: z.number(),
  name: z.string(),
  user_fields: z.array(CatalogUserFieldResponse),
});
/** Payload of `catalogUserfieldsResponse`: result 'success' with elements, or 'error' with error. */
export const CatalogUserfieldsResponse = z.object({
  key: z.union([z.string(), z.number()]),
  result: z.enum(['success', 'error']),
  error: z.string().optional(),
  elements: z.array(CatalogUserfieldsElement).optional(),
});
export type CatalogUserfieldsResponse = z.infer<typeof CatalogUserfieldsResponse>;

// ---- tariffs -------------------------------------------------------------------------------------------------

export const TARIFF_PERIODS = ['month', 'quarter', 'year'] as const;
export const TariffPeriod = z.enum(TARIFF_PERIODS).describe('Период оплаты: month, quarter, year');
export const TARIFF_PERIOD_TITLES: Record<(typeof TARIFF_PERIODS)[number], string> = { month: 'месяц', quarter: 'квартал', year: 'год' };
const limit = (what: string) => z.number().int().min(1).max(1_000_000).nullable().default(null).describe(`${what}; null — без ограничения`);

export const TariffRequest = z
  .object({
    name: requiredString(300),
    description: optionalString(5000),
    price: decimalField({ subject: 'price' }).describe('Цена за период в рублях, например "15000.00"'),
    period: TariffPeriod,
    max_users: limit('Не более пользователей'),
    max_procurements_per_year: limit('Не более закупок в год'),
    storage_mb: z
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .nullable()
      .default(null)
      .describe('Хранилище файлов организации, МБ; null — без ограничения'),
  })
  .describe('Тариф');
export type TariffRequest = z.infer<typeof TariffRequest>;
export const TariffResponse = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    price: z.string(),
    period: TariffPeriod,
    period_title: z.string(),
    max_users: z.number().nullable(),
    max_procurements_per_year: z.number().nullable(),
    storage_mb: z.number().nullable(),
    archived: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('Тариф');
export type TariffResponse = z.infer<typeof TariffResponse>;
export const TariffsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(['name', 'price', 'created_at']).default('name'),
  order: SortOrder.default('asc'),
  archived: ArchivedFilter,
});

export const CompanyTariffRequest = z
  .object({
    tariff_id: ref('Тариф'),
    valid_from: isoDate.describe('Действует с (включительно)'),
    valid_to: isoDate.nullable().default(null).describe('Действует по (включительно); null — бессрочно'),
  })
  .refine((v) => !v.valid_to || v.valid_to >= v.valid_from, { path: ['valid_to'], message: 'Дата окончания раньше даты начала' })
  .describe('Назначение тарифа организации');
export type CompanyTariffRequest = z.infer<typeof CompanyTariffRequest>;
export const TariffAssignmentState = z
  .enum(['active', 'expired', 'planned'])
  .describe('active — действует сегодня, expired — истёк, planned — начнёт действовать');
export const CompanyTariffResponse = z.object({
  id: z.number(),
  company_id: z.number(),
  tariff: TariffResponse,
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  state: TariffAssignmentState,
  created_at: z.string(),
});
export type CompanyTariffResponse = z.infer<typeof CompanyTariffResponse>;

/** A company's file storage: bytes of its live files against its allowance. */
export const StorageUsageResponse = z
  .object({
    company_id: z.number(),
    used_bytes: z.number().int(),
    allowed_bytes: z.number().int().nullable().describe('null — без ограничения'),
    source: z.enum(['tariff', 'default']).describe('tariff — из тарифа организации, default — организации без тарифа (STORAGE_DEFAULT_MB)'),
    tariff_name: z.string().nullable(),
    retention_days: z.number().int().describe('Через сколько дней удалённые и заменённые файлы стираются с диска'),
  })
  .describe('Хранилище файлов организации');
export type StorageUsageResponse = z.infer<typeof StorageUsageResponse>;

export const TARIFF_LIMITS = ['users', 'procurements'] as const;
export type TariffLimit = (typeof TARIFF_LIMITS)[number];
const LimitUsage = z.object({ used: z.number().int(), limit: z.number().int().nullable(), reached: z.boolean() });
export const CurrentTariffResponse = z
  .object({
    company_id: z.number(),
    status: z
      .enum(['none', 'active', 'expired', 'not_started'])
      .describe('none — тариф не назначен (без ограничений), active — действует, expired — истёк, not_started — ещё не начал действовать'),
    tariff: TariffResponse.nullable(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    usage: z.object({ users: LimitUsage, procurements: LimitUsage.extend({ year: z.number().int() }) }),
    notice: z.string().nullable().describe('Текст предупреждения для показа (истёк срок или достигнут лимит); null — всё в порядке'),
  })
  .describe('Тариф выбранной организации и его ограничения');
export type CurrentTariffResponse = z.infer<typeof CurrentTariffResponse>;
