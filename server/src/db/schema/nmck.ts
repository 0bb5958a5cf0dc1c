import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Обоснование НМЦК of a procurement (modules/nmck): the method and, for the others than market prices, the price. */
export const nmckCalculations = pgTable(
  'nmck_calculations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    procurementId: integer('procurement_id').notNull(),
    method: text('method').notNull().default('market'),
    /** The purchase's line (procurement_lines) it prices: its name, unit, quantity and price are the object's */
    lineId: integer('line_id'),
    basis: text('basis'),
    appliedNmck: numeric('applied_nmck', { precision: 18, scale: 2 }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('nmck_calculations_procurement_uq').on(t.companyId, t.procurementId)],
);

/** One price of the market-prices method: a supplier's quote, a contract of the register, or another source. */
export const nmckSources = pgTable(
  'nmck_sources',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    calculationId: integer('calculation_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    kind: text('kind').$type<'quote' | 'contract' | 'manual'>().notNull(),
    supplier: text('supplier'),
    requisites: text('requisites'),
    priceDate: date('price_date', { mode: 'string' }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }).notNull(),
    contractId: integer('contract_id'),
    contractPositionId: integer('contract_position_id'),
    excluded: boolean('excluded').notNull().default(false),
    excludeReason: text('exclude_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nmck_sources_calculation_idx').on(t.calculationId, t.ordinal)],
);
