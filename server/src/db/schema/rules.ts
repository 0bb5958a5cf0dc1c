import { pgTable, serial, integer, text, boolean, timestamp, index } from 'drizzle-orm/pg-core';

/** Положение о закупке of a company (company_id null for templates shared by all). */
export const procurementRules = pgTable(
  'procurement_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id'),
    title: text('title').notNull(),
    description: text('description'),
    law: text('law').notNull().default('223'),
    isTemplate: boolean('is_template').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_rules_company_idx').on(t.companyId, t.id)],
);
