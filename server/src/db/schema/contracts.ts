import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, timestamp, index, date, jsonb, numeric, uniqueIndex } from 'drizzle-orm/pg-core';
import { tsvector } from './procurements';

/**
 * Реестр договоров. One row per ЕИС registry number and company; a newer ЕИС version replaces the row in place
 * (version column), so other tables may reference contracts.id safely across re-imports.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** ЕИС `contractRegNumber` (23 digits). NULL for a manual contract not yet registered. */
    registryNumber: text('registry_number'),
    version: integer('version').notNull().default(1),
    guid: text('guid'),
    number: text('number'),
    contractDate: date('contract_date', { mode: 'string' }),
    subject: text('subject').notNull().default(''),
    supplierName: text('supplier_name'),
    supplierInn: text('supplier_inn'),
    supplierKpp: text('supplier_kpp'),
    price: numeric('price', { precision: 18, scale: 2 }),
    currency: text('currency').notNull().default('RUB'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status').notNull().default('registered'),
    procurementId: integer('procurement_id'),
    purchaseNoticeNumber: text('purchase_notice_number'),
    /** ЕИС purchaseTypeInfo/name: the method in the customer's own words (the code alone says little) */
    methodName: text('method_name'),
    /** ЕИС purchase method code (purchaseTypeInfo/code or purchaseMethodCode). */
    methodCode: text('method_code'),
    /** ЕИС registration date of the contract information (for the 3-working-day check). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Russian texts from the check against the rule version in force on the contract date. */
    violations: jsonb('violations')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    source: text('source').$type<'eis' | 'upload' | 'manual'>().notNull().default('eis'),
    /** the law the contract was concluded under: 223-ФЗ, or 44-ФЗ (the register of contracts, RGK) */
    law: text('law').$type<'223' | '44'>().notNull().default('223'),
    /** 44-ФЗ: the ИКЗ (36 digits), which links the contract to its план-график position */
    ikz: text('ikz'),
    /** 44-ФЗ: the stages of execution as ЕИС has them (executionPeriod/stages) */
    eisStages: jsonb('eis_stages')
      .$type<{ key: string | null; startDate: string | null; endDate: string | null; price: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 44-ФЗ currentContractStage: E исполнение, EC завершено, ET прекращено, IN аннулирован */
    eisStage: text('eis_stage'),
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_company_registry_uq').on(t.companyId, t.registryNumber),
    index('contracts_company_date_idx').on(t.companyId, t.contractDate, t.id),
    index('contracts_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('contracts_company_price_idx').on(t.companyId, t.price, t.id),
    index('contracts_company_subject_idx').on(t.companyId, sql`("subject" COLLATE "und-x-icu")`, t.id),
    index('contracts_company_status_idx').on(t.companyId, t.status, t.contractDate),
    index('contracts_company_supplier_idx').on(t.companyId, t.supplierInn, t.contractDate),
    index('contracts_procurement_idx').on(t.procurementId),
    index('contracts_company_notice_idx')
      .on(t.companyId, t.purchaseNoticeNumber)
      .where(sql`"purchase_notice_number" IS NOT NULL`),
    index('contracts_search_idx').using('gin', t.searchVector),
    index('contracts_company_law_idx').on(t.companyId, t.law, t.contractDate, t.id),
    index('contracts_company_ikz_idx')
      .on(t.companyId, t.ikz)
      .where(sql`"ikz" IS NOT NULL`),
  ],
);

/**
 * What ЕИС says of a 44-ФЗ contract after it is registered: an execution (contractProcedure: stage, acceptance,
 * payment) or its cancellation (contractCancel), one row per document and version, by the contract's registry number,
 * so that one arriving before its contract is kept, and one arriving twice is stored once.
 */
export const contractDocuments44 = pgTable(
  'contract_documents_44',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    registryNumber: text('registry_number').notNull(),
    kind: text('kind').$type<'procedure' | 'cancel'>().notNull(),
    eisId: text('eis_id').notNull(),
    version: integer('version').notNull().default(0),
    publishedAt: text('published_at'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_documents_44_uq').on(t.companyId, t.kind, t.eisId, t.version),
    index('contract_documents_44_registry_idx').on(t.companyId, t.registryNumber),
  ],
);

/** Positions (spec lines) of a contract; replaced as a whole when a newer ЕИС version arrives. */
export const contractPositions = pgTable(
  'contract_positions',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull().default(''),
    /** ОКПД2 only; an older record's ОКДП/ОКПД code is in classifierCode */
    okpd2Code: text('okpd2_code'),
    okpd2Name: text('okpd2_name'),
    /** The classifier the record classifies the position by: okpd2, or okpd/okdp in records before 2017 */
    classifier: text('classifier').notNull().default('okpd2'),
    classifierCode: text('classifier_code'),
    classifierName: text('classifier_name'),
    okeiCode: text('okei_code'),
    okeiName: text('okei_name'),
    quantity: numeric('quantity', { precision: 20, scale: 6 }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
  },
  (t) => [uniqueIndex('contract_positions_contract_ordinal_uq').on(t.contractId, t.ordinal)],
);

/** Сведения об исполнении: one package sent (or to be sent) to ЕИС; the outbox row of the export job. */
export const executionRecords = pgTable(
  'execution_records',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id').notNull(),
    companyId: integer('company_id').notNull(),
    /** performanceContract guid we generate; ЕИС answers reference it. */
    guid: text('guid').notNull(),
    /** withdrawn: taken back by the user with a reason before ЕИС accepted it (never sent again) */
    status: text('status').$type<'draft' | 'sent' | 'registered' | 'rejected' | 'withdrawn'>().notNull().default('draft'),
    withdrawnReason: text('withdrawn_reason'),
    /** What was collected for the package (see collectExecution), kept so a retry sends the same data. */
    payload: jsonb('payload').notNull(),
    xml: text('xml'),
    registrationNumber: text('registration_number'),
    rejectReasons: jsonb('reject_reasons').$type<string[]>(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('execution_records_guid_uq').on(t.guid),
    index('execution_records_contract_idx').on(t.contractId, t.id),
    index('execution_records_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** Every delivery attempt of an execution record (time, outcome, error), so an outage is visible and nothing lost. */
export const executionAttempts = pgTable(
  'execution_attempts',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome').$type<'registered' | 'rejected' | 'failed'>().notNull(),
    error: text('error'),
    httpStatus: integer('http_status'),
  },
  (t) => [index('execution_attempts_record_idx').on(t.recordId, t.id)],
);
