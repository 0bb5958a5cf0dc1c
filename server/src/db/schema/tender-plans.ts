import { pgTable, serial, integer, text, boolean, timestamp, index, numeric, uniqueIndex, jsonb } from 'drizzle-orm/pg-core';

/**
 * 44-ФЗ планы-графики imported from ЕИС (tenderPlan2020): one row per plan number and version, so a version imported
 * twice is stored once and the earlier versions stay readable.
 */
export const tenderPlans = pgTable(
  'tender_plans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    planNumber: text('plan_number').notNull(),
    version: integer('version').notNull(),
    eisId: text('eis_id'),
    year: integer('year').notNull(),
    firstYear: integer('first_year'),
    secondYear: integer('second_year'),
    customerRegNum: text('customer_reg_num'),
    customerInn: text('customer_inn'),
    customerName: text('customer_name'),
    confirmedAt: text('confirmed_at'),
    publishedAt: text('published_at'),
    positionCount: integer('position_count').notNull().default(0),
    total: numeric('total', { precision: 20, scale: 2 }).notNull().default('0'),
    source: text('source').$type<'eis' | 'upload' | 'demo'>().notNull().default('eis'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tender_plans_company_number_version_uq').on(t.companyId, t.planNumber, t.version),
    index('tender_plans_company_year_idx').on(t.companyId, t.year, t.id),
  ],
);

/** A position of a план-график version (regular or «особая закупка»), with its finance by year. */
export const tenderPlanPositions = pgTable(
  'tender_plan_positions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id').notNull(),
    companyId: integer('company_id').notNull(),
    positionNumber: text('position_number').notNull(),
    extNumber: text('ext_number'),
    ikz: text('ikz'),
    iku: text('iku'),
    purchaseNumber: text('purchase_number'),
    publishYear: integer('publish_year'),
    subject: text('subject'),
    /** the first ОКПД2 code, for the filter; all of them in okpd2 */
    okpd2Code: text('okpd2_code'),
    okpd2: jsonb('okpd2').$type<{ code: string; name: string | null }[]>().notNull().default([]),
    kvrCode: text('kvr_code'),
    kvrName: text('kvr_name'),
    specialCode: text('special_code'),
    canceled: boolean('canceled').notNull().default(false),
    total: numeric('total', { precision: 20, scale: 2 }).notNull().default('0'),
    currentYear: numeric('current_year', { precision: 20, scale: 2 }).notNull().default('0'),
    firstYear: numeric('first_year', { precision: 20, scale: 2 }).notNull().default('0'),
    secondYear: numeric('second_year', { precision: 20, scale: 2 }).notNull().default('0'),
    subsecYears: numeric('subsec_years', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    index('tender_plan_positions_plan_idx').on(t.planId, t.id),
    index('tender_plan_positions_okpd2_idx').on(t.planId, t.okpd2Code, t.id),
    index('tender_plan_positions_kvr_idx').on(t.planId, t.kvrCode, t.id),
    index('tender_plan_positions_total_idx').on(t.planId, t.total, t.id),
    index('tender_plan_positions_ikz_idx').on(t.companyId, t.ikz),
  ],
);
