import { pgTable, integer, text, timestamp, jsonb, index, primaryKey, uuid, date } from 'drizzle-orm/pg-core';

/**
 * An import of a period from ЕИС's СОИ (one a user asked for, or the daily sync): what it covers, how far it got, and
 * how it ended. The days already stored are in eis_import_days, so a run cut short continues from them.
 */
export const eisImports = pgTable(
  'eis_imports',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** Who asked for it, or whose token the daily sync uses. */
    userId: integer('user_id'),
    origin: text('origin').$type<'manual' | 'daily'>().notNull(),
    documentTypes: text('document_types').array().notNull().$type<string[]>(),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    daysTotal: integer('days_total').notNull(),
    documents: integer('documents').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** Registry numbers of the plans stored (the plans notice names them). */
    numbers: jsonb('numbers').$type<string[]>().notNull().default([]),
    violations: jsonb('violations').$type<string[]>().notNull().default([]),
    status: text('status').$type<'running' | 'success' | 'error' | 'cancelled'>().notNull().default('running'),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('eis_imports_company_started_idx').on(t.companyId, t.startedAt)],
);

/** A day of an import that is stored: its documents committed with this row. */
export const eisImportDays = pgTable(
  'eis_import_days',
  {
    importId: uuid('import_id').notNull(),
    day: date('day').notNull(),
    documents: integer('documents').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'eis_import_days_pk', columns: [t.importId, t.day] })],
);
