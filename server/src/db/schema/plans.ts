import { pgTable, serial, integer, text, boolean, timestamp, index, date, numeric, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** План закупки imported from ЕИС; one row per registration number and version (idempotent re-import). */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    registrationNumber: text('registration_number').notNull(),
    guid: text('guid'),
    year: integer('year'),
    version: integer('version').notNull().default(1),
    name: text('name'),
    status: text('status').notNull().default('published'),
    itemCount: integer('item_count').notNull().default(0),
    total: numeric('total', { precision: 20, scale: 2 }).notNull().default('0'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    source: text('source').$type<'eis' | 'upload'>().notNull().default('eis'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_company_number_version_uq').on(t.companyId, t.registrationNumber, t.version),
    index('plans_company_year_idx').on(t.companyId, t.year, t.id),
    index('plans_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

export const planItems = pgTable(
  'plan_items',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id').notNull(),
    companyId: integer('company_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    guid: text('guid'),
    subject: text('subject').notNull().default(''),
    okpd2Code: text('okpd2_code'),
    okved2Code: text('okved2_code'),
    okeiCode: text('okei_code'),
    okeiName: text('okei_name'),
    quantity: numeric('quantity', { precision: 20, scale: 6 }),
    nmcd: numeric('nmcd', { precision: 18, scale: 2 }),
    currency: text('currency').notNull().default('RUB'),
    plannedMonth: date('planned_month', { mode: 'string' }),
    method: text('method'),
    methodCode: text('method_code'),
    smeOnly: boolean('sme_only').notNull().default(false),
    electronic: boolean('electronic').notNull().default(false),
    okato: text('okato'),
  },
  (t) => [
    uniqueIndex('plan_items_plan_ordinal_uq').on(t.planId, t.ordinal),
    index('plan_items_plan_subject_idx').on(t.planId, sql`("subject" COLLATE "und-x-icu")`, t.id),
    index('plan_items_plan_nmcd_idx').on(t.planId, t.nmcd, t.id),
    index('plan_items_plan_month_idx').on(t.planId, t.plannedMonth, t.id),
    index('plan_items_okpd2_idx').on(t.companyId, t.okpd2Code.op('text_pattern_ops')),
  ],
);
