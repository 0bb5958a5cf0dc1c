import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  text,
  boolean,
  timestamp,
  index,
  date,
  jsonb,
  numeric,
  uniqueIndex,
  customType,
  primaryKey,
} from 'drizzle-orm/pg-core';

/** Russian full-text vector, written by the service on every save (no trigger: the same SQL runs on PGlite). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Lifecycle order of statuses for sorting the register; the same expression is indexed, so keep it byte-identical
 * in queries (use this constant).
 */
export const STATUS_RANK_SQL =
  "(CASE \"status\" WHEN 'draft' THEN 0 WHEN 'docs_ready' THEN 1 WHEN 'published' THEN 2 WHEN 'accepting' THEN 3 " +
  "WHEN 'summing_up' THEN 4 WHEN 'contract_signed' THEN 5 WHEN 'failed' THEN 6 WHEN 'cancelled' THEN 7 ELSE 8 END)";

/**
 * Sort keys of the register's two optional dates. A missing date sorts as 'infinity' — where PostgreSQL puts NULL
 * anyway (last ascending, first descending) — so the key is never NULL and a page can be sought by a row comparison
 * `(key, id) > (…)` on the index. Indexed as written: keep them byte-identical in queries.
 */
export const PUBLISHED_KEY_SQL = `(COALESCE("published_on", 'infinity'::date))`;
export const DEADLINE_KEY_SQL = `(COALESCE("application_deadline", 'infinity'::date))`;

/** Реестр закупок. Catalogue elements are referenced by id (no foreign keys into the catalogue tables). */
export const procurements = pgTable(
  'procurements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    number: text('number').notNull(),
    title: text('title').notNull(),
    planItemId: integer('plan_item_id'),
    planItemNumber: text('plan_item_number'),
    /** true: a further procurement of the plan item the user asked for explicitly (else one per item, see the index) */
    anotherForPlanItem: boolean('another_for_plan_item').notNull().default(false),
    ruleId: integer('rule_id'),
    method: text('method').notNull(),
    subject: text('subject').notNull(),
    subjectDescription: text('subject_description'),
    nmcd: numeric('nmcd', { precision: 18, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('RUB'),
    nmcdMethodId: integer('nmcd_method_id'),
    requirementIds: integer('requirement_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    infoDocumentIds: integer('info_document_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    fundingSourceIds: integer('funding_source_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    deliveryTerms: text('delivery_terms'),
    deliveryTermIds: integer('delivery_term_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    deliveryPlace: text('delivery_place'),
    deliveryPlaceIds: integer('delivery_place_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ensuringIds: integer('ensuring_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** { kind: 'percent' | 'amount', value: decimal string } */
    applicationEnsuring: jsonb('application_ensuring'),
    contractEnsuring: jsonb('contract_ensuring'),
    smeOnly: boolean('sme_only').notNull().default(false),
    publishedOn: date('published_on', { mode: 'string' }),
    applicationDeadline: date('application_deadline', { mode: 'string' }),
    reviewOn: date('review_on', { mode: 'string' }),
    summingUpOn: date('summing_up_on', { mode: 'string' }),
    status: text('status').notNull().default('draft'),
    /** The ЕИС notice's registry number (11 digits) when the procurement came from a notice published in ЕИС */
    noticeNumber: text('notice_number'),
    /** '223' or '44': the law the procurement is held under; by default the company's (a company may have both) */
    law: text('law').$type<'223' | '44'>().notNull().default('223'),
    /** 44-ФЗ: the ИКЗ (36 digits, kept as text), the КВР and the план-график position it came from with its finance by year */
    ikz: text('ikz'),
    kvr: text('kvr'),
    tenderPlanPositionId: integer('tender_plan_position_id'),
    financeYears: jsonb('finance_years'),
    /** Computed on save from the rule version in force; lets the register mark and filter without recomputing. */
    hasViolations: boolean('has_violations').notNull().default(false),
    /** Counts the card's saves: a generated document records the revision (and the facts) it was rendered from. */
    revision: integer('revision').notNull().default(1),
    searchVector: tsvector('search_vector'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurements_company_number_uq').on(t.companyId, t.number),
    uniqueIndex('procurements_plan_item_uq')
      .on(t.companyId, t.planItemId)
      .where(sql`"plan_item_id" IS NOT NULL AND NOT "another_for_plan_item" AND "status" NOT IN ('cancelled', 'failed')`),
    // the dashboard's «начато по плану» counts the company's purchases made from plan items (bench/results.md, issue 45)
    index('procurements_company_plan_item_idx')
      .on(t.companyId, t.planItemId)
      .where(sql`"plan_item_id" IS NOT NULL`),
    uniqueIndex('procurements_company_notice_uq')
      .on(t.companyId, t.noticeNumber)
      .where(sql`"notice_number" IS NOT NULL`),
    index('procurements_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('procurements_company_title_idx').on(t.companyId, sql`("title" COLLATE "und-x-icu")`, t.id),
    index('procurements_company_nmcd_idx').on(t.companyId, t.nmcd, t.id),
    index('procurements_company_published_idx').on(t.companyId, sql.raw(PUBLISHED_KEY_SQL), t.id),
    index('procurements_company_deadline_idx').on(t.companyId, sql.raw(DEADLINE_KEY_SQL), t.id),
    index('procurements_company_status_rank_idx').on(t.companyId, sql.raw(STATUS_RANK_SQL), t.id),
    index('procurements_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('procurements_company_method_idx').on(t.companyId, t.method, t.createdAt),
    index('procurements_company_subject_idx').on(t.companyId, t.subject, t.createdAt),
    index('procurements_company_law_idx').on(t.companyId, t.law, t.createdAt),
    uniqueIndex('procurements_tender_position_uq')
      .on(t.companyId, t.tenderPlanPositionId)
      .where(sql`"tender_plan_position_id" IS NOT NULL`),
    index('procurements_company_violations_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`has_violations`),
    index('procurements_rule_idx').on(t.ruleId),
    index('procurements_search_idx').using('gin', t.searchVector),
  ],
);

/** ОКПД2 codes of a procurement, a row each so that a code prefix filter uses an index. */
export const procurementOkpd2 = pgTable(
  'procurement_okpd2',
  {
    procurementId: integer('procurement_id').notNull(),
    companyId: integer('company_id').notNull(),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    name: text('name'),
  },
  (t) => [
    primaryKey({ columns: [t.procurementId, t.position] }),
    index('procurement_okpd2_code_idx').on(t.companyId, t.code.op('text_pattern_ops'), t.procurementId),
  ],
);

/** Per company and year: the last issued procurement number. */
export const procurementCounters = pgTable(
  'procurement_counters',
  {
    companyId: integer('company_id').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
);

/**
 * ±n procurements of a company in a status, appended by triggers (migration 0011); their sum per status is the count.
 * modules/procurements/status-counts.ts reads and folds them.
 */
export const procurementStatusDeltas = pgTable(
  'procurement_status_deltas',
  {
    companyId: integer('company_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('procurement_status_deltas_company_idx').on(t.companyId)],
);

export const procurementStatusHistory = pgTable(
  'procurement_status_history',
  {
    id: serial('id').primaryKey(),
    procurementId: integer('procurement_id').notNull(),
    companyId: integer('company_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    comment: text('comment'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_status_history_idx').on(t.procurementId, t.id)],
);

/** A document of a procurement (generated from a template or uploaded); its content lives in versions. */
export const procurementFiles = pgTable(
  'procurement_files',
  {
    id: serial('id').primaryKey(),
    procurementId: integer('procurement_id').notNull(),
    companyId: integer('company_id').notNull(),
    name: text('name').notNull(),
    template: text('template'),
    source: text('source').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_files_procurement_idx').on(t.procurementId, t.id), index('procurement_files_company_idx').on(t.companyId)],
);

export const procurementFileVersions = pgTable(
  'procurement_file_versions',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id').notNull(),
    companyId: integer('company_id').notNull(),
    version: integer('version').notNull(),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** A generated version: the procurement's revision and facts (modules/procurements/procurement-facts.ts) it was rendered from. */
    procurementRevision: integer('procurement_revision'),
    facts: jsonb('facts'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('procurement_file_versions_uq').on(t.fileId, t.version)],
);

/** Values a user typed into a document's fields (they win over the values filled from the procurement). */
export const procurementFieldValues = pgTable(
  'procurement_field_values',
  {
    procurementId: integer('procurement_id').notNull(),
    template: text('template').notNull(),
    companyId: integer('company_id').notNull(),
    values: jsonb('values').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.procurementId, t.template] })],
);

/** A characteristic of a КТРУ position as a line carries it into the описание объекта закупки. */
export interface LineCharacteristic {
  name: string;
  values: string[];
  unit: string | null;
  mandatory: boolean;
  instruction: string | null;
}

/**
 * The purchase's object, a line each (issue 39: one home): ОКПД2, КТРУ, name, unit, quantity and unit price. The НМЦК
 * justification prices a line, the documents print them, and a change counts the procurement's revision.
 */
export const procurementLines = pgTable(
  'procurement_lines',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    procurementId: integer('procurement_id').notNull(),
    position: integer('position').notNull(),
    okpd2Code: text('okpd2_code'),
    ktruCode: text('ktru_code'),
    name: text('name').notNull(),
    okeiCode: text('okei_code'),
    unitName: text('unit_name'),
    quantity: numeric('quantity', { precision: 20, scale: 6 }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }),
    characteristics: jsonb('characteristics').$type<LineCharacteristic[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_lines_procurement_idx').on(t.companyId, t.procurementId, t.position, t.id)],
);
