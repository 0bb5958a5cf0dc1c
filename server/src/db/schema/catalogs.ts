import { sql, type SQL } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  smallint,
  text,
  boolean,
  timestamp,
  jsonb,
  numeric,
  date,
  index,
  uniqueIndex,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** A user field of a catalogue element, as stored (documentation templates use it as a placeholder). */
export interface StoredUserField {
  name: string;
  label: string;
  type: 'string' | 'text' | 'number' | 'money' | 'date';
  default: string | null;
}

/** Columns every catalogue table has; company_id NULL marks a system element shared by all companies. */
const catalogColumns = () => ({
  id: serial('id').primaryKey(),
  companyId: integer('company_id'),
  name: text('name').notNull(),
  description: text('description'),
  archived: boolean('archived').notNull().default(false),
  userFields: jsonb('user_fields')
    .$type<StoredUserField[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const ruName = (name: AnyPgColumn): SQL => sql`(${name} COLLATE "und-x-icu")`;
/** Word search (Russian stemming, prefixes) and substring search (trigram) on the name of every catalogue. */
const searchIndexes = (table: string, t: { name: AnyPgColumn }) => [
  index(`${table}_fts_idx`).using('gin', sql`to_tsvector('russian', ${t.name})`),
  index(`${table}_trgm_idx`).using('gin', sql`${t.name} gin_trgm_ops`),
];
/** Code unique among the system elements and within each company (same-scope duplicates only). */
const scopedCode = (t: { companyId: AnyPgColumn }): SQL => sql`coalesce(${t.companyId}, 0)`;

/** Shared catalogue told apart by type: 1 НМЦД methods, 2 requirements, 6 financial results, 7 info and documents, 8 funding sources, 9 contract bases. */
export const catalogElements = pgTable(
  'catalog_elements',
  { ...catalogColumns(), type: smallint('type').notNull(), code: text('code') },
  (t) => [
    index('catalog_elements_type_company_idx').on(t.type, t.companyId, t.archived),
    index('catalog_elements_type_name_idx').on(t.type, ruName(t.name), t.id),
    uniqueIndex('catalog_elements_code_uq')
      .on(t.type, scopedCode(t), t.code)
      .where(sql`${t.code} IS NOT NULL`),
    ...searchIndexes('catalog_elements', t),
  ],
);

/** Execution terms: type 1 with subject_type 1 goods / 2 works / 3 services; type 2 place of delivery (subject_type NULL). */
export const catalogExecTerms = pgTable(
  'catalog_exec_terms',
  { ...catalogColumns(), type: smallint('type').notNull(), subjectType: smallint('subject_type') },
  (t) => [
    index('catalog_exec_terms_type_idx').on(t.type, t.subjectType, t.companyId, t.archived),
    index('catalog_exec_terms_type_name_idx').on(t.type, ruName(t.name), t.id),
    ...searchIndexes('catalog_exec_terms', t),
  ],
);

/** Procurement methods (способы закупки); codes match the deadlines module ('competition', 'auction_e', …). */
export const catalogMethods = pgTable(
  'catalog_methods',
  {
    ...catalogColumns(),
    code: text('code').notNull(),
    shortName: text('short_name'),
    isCompetitive: boolean('is_competitive').notNull().default(true),
    isElectronic: boolean('is_electronic').notNull().default(false),
  },
  (t) => [
    index('catalog_methods_company_idx').on(t.companyId, t.archived),
    index('catalog_methods_name_idx').on(ruName(t.name), t.id),
    uniqueIndex('catalog_methods_code_uq').on(scopedCode(t), t.code),
    ...searchIndexes('catalog_methods', t),
  ],
);

/** Procurement subjects (предметы закупки): goods, works, services or a company's own. */
export const catalogSubjects = pgTable(
  'catalog_subjects',
  { ...catalogColumns(), code: text('code').notNull(), subjectType: smallint('subject_type').notNull() },
  (t) => [
    index('catalog_subjects_company_idx').on(t.companyId, t.archived),
    index('catalog_subjects_name_idx').on(ruName(t.name), t.id),
    uniqueIndex('catalog_subjects_code_uq').on(scopedCode(t), t.code),
    ...searchIndexes('catalog_subjects', t),
  ],
);

/** Security of applications, of contract performance and of warranty obligations. */
export const catalogEnsuring = pgTable(
  'catalog_ensuring',
  {
    ...catalogColumns(),
    kind: text('kind').notNull(),
    valueType: text('value_type').notNull().default('percent'),
    percent: numeric('percent', { precision: 5, scale: 2 }),
    percentMin: numeric('percent_min', { precision: 5, scale: 2 }),
    percentMax: numeric('percent_max', { precision: 5, scale: 2 }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
  },
  (t) => [
    index('catalog_ensuring_company_idx').on(t.companyId, t.kind, t.archived),
    index('catalog_ensuring_name_idx').on(ruName(t.name), t.id),
    index('catalog_ensuring_percent_idx').on(t.percent, t.id),
    ...searchIndexes('catalog_ensuring', t),
  ],
);

/** Goods, works, services: a named position tied to an ОКПД2 code and an ОКЕИ unit. */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    ...catalogColumns(),
    code: text('code'),
    okpd2Code: text('okpd2_code').notNull(),
    okeiCode: text('okei_code').notNull(),
    subjectId: integer('subject_id'),
  },
  (t) => [
    index('catalog_products_company_idx').on(t.companyId, t.archived),
    index('catalog_products_name_idx').on(ruName(t.name), t.id),
    index('catalog_products_okpd2_idx').on(t.okpd2Code.op('text_pattern_ops'), t.id),
    index('catalog_products_subject_idx').on(t.subjectId),
    ...searchIndexes('catalog_products', t),
  ],
);

/** Document kinds and their Word templates (server/templates/docx/{template_code}.docx). */
export const catalogDocuments = pgTable(
  'catalog_documents',
  { ...catalogColumns(), code: text('code'), templateCode: text('template_code') },
  (t) => [
    index('catalog_documents_company_idx').on(t.companyId, t.archived),
    index('catalog_documents_name_idx').on(ruName(t.name), t.id),
    uniqueIndex('catalog_documents_code_uq')
      .on(scopedCode(t), t.code)
      .where(sql`${t.code} IS NOT NULL`),
    ...searchIndexes('catalog_documents', t),
  ],
);

/** Which documents a procurement of a subject needs. */
export const catalogDocumentSubjects = pgTable(
  'catalog_document_subjects',
  {
    ...catalogColumns(),
    subjectId: integer('subject_id').notNull(),
    documentId: integer('document_id').notNull(),
    required: boolean('required').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('catalog_document_subjects_subject_idx').on(t.subjectId, t.sortOrder, t.id),
    index('catalog_document_subjects_document_idx').on(t.documentId),
    index('catalog_document_subjects_company_idx').on(t.companyId, t.archived),
    index('catalog_document_subjects_name_idx').on(ruName(t.name), t.id),
    ...searchIndexes('catalog_document_subjects', t),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** ОКПД2 classifier as a tree: sections are letters A…U, classes (two digits) hang under their section. */
export const okpd2 = pgTable(
  'okpd2',
  {
    code: text('code').primaryKey(),
    parentCode: text('parent_code'),
    name: text('name').notNull(),
    depth: smallint('depth').notNull(),
    isLeaf: boolean('is_leaf').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('russian', name)`),
  },
  (t) => [
    index('okpd2_parent_idx').on(t.parentCode, t.code),
    index('okpd2_code_prefix_idx').on(t.code.op('text_pattern_ops')),
    index('okpd2_search_idx').using('gin', t.search),
  ],
);

/**
 * Позиции КТРУ (каталог товаров, работ, услуг ЕИС, справочник nsiKTRU; ПП РФ от 08.02.2017 № 145) with the ОКПД2 code
 * each belongs to, its unit and its characteristics ({ name, values, unit, mandatory, instruction }[]).
 */
export const ktruPositions = pgTable(
  'ktru_positions',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    okpd2Code: text('okpd2_code').notNull(),
    okeiCode: text('okei_code'),
    unitName: text('unit_name'),
    versionNumber: integer('version_number'),
    characteristics: jsonb('characteristics').notNull().default([]),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('russian', name)`),
  },
  (t) => [
    index('ktru_positions_okpd2_idx').on(t.okpd2Code),
    index('ktru_positions_code_prefix_idx').on(t.code.op('text_pattern_ops')),
    index('ktru_positions_search_idx').using('gin', t.search),
  ],
);

/** ОКЕИ units of measurement (code with leading zeros, e.g. '006'). */
export const okei = pgTable(
  'okei',
  { code: text('code').primaryKey(), name: text('name').notNull(), shortName: text('short_name').notNull() },
  (t) => [index('okei_name_idx').on(ruName(t.name))],
);

/** Reference data sets already seeded (a deleted seeded element is not brought back at the next start). */
export const catalogSeeds = pgTable('catalog_seeds', {
  key: text('key').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tariff plans, managed by admin. Limits NULL = unlimited. */
export const tariffPlans = pgTable(
  'tariff_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    period: text('period').notNull(),
    maxUsers: integer('max_users'),
    maxProcurementsPerYear: integer('max_procurements_per_year'),
    /** File storage allowance of a company on the plan, in MiB (modules/storage). */
    storageMb: integer('storage_mb'),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tariff_plans_name_idx').on(ruName(t.name), t.id), index('tariff_plans_price_idx').on(t.price, t.id)],
);

/** A tariff assigned to a company for a period (valid_to NULL = open-ended). */
export const companyTariffs = pgTable(
  'company_tariffs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    planId: integer('plan_id').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_tariffs_company_idx').on(t.companyId, t.validFrom), index('company_tariffs_plan_idx').on(t.planId)],
);
