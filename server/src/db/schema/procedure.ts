import { pgTable, serial, integer, text, timestamp, index, uniqueIndex, boolean, jsonb, numeric, date } from 'drizzle-orm/pg-core';
import { procurements } from './procurements';

/** A purchase's commission: the company's users or named outsiders; one chair, one secretary. */
export const procedureMembers = pgTable(
  'procedure_members',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    fullName: text('full_name').notNull(),
    position: text('position'),
    role: text('role').$type<'chair' | 'secretary' | 'member'>().notNull(),
    present: boolean('present').notNull().default(true),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('procedure_members_procurement_idx').on(t.companyId, t.procurementId)],
);

/** The documentation's evaluation criteria and their weights (per cent, summing to 100). */
export const procedureCriteria = pgTable(
  'procedure_criteria',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'price' | 'other'>().notNull(),
    weight: numeric('weight', { precision: 5, scale: 2 }).notNull(),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('procedure_criteria_procurement_idx').on(t.companyId, t.procurementId)],
);

/** An application received: the participant, its price, the commission's decision and scores (criterion id → score). */
export const procedureApplications = pgTable(
  'procedure_applications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    participantName: text('participant_name').notNull(),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    price: numeric('price', { precision: 20, scale: 2 }).notNull(),
    smsp: boolean('smsp').notNull().default(false),
    admitted: boolean('admitted'),
    reason: text('reason'),
    clause: text('clause'),
    scores: jsonb('scores').$type<Record<string, string>>().notNull().default({}),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procedure_applications_procurement_idx').on(t.companyId, t.procurementId)],
);

/** A protocol made: the snapshot of what it says, so the document read later is the one signed. */
export const procedureProtocols = pgTable(
  'procedure_protocols',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'review' | 'summary'>().notNull(),
    signedOn: date('signed_on').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('procedure_protocols_kind_uq').on(t.procurementId, t.kind)],
);
