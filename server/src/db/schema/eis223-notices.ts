import { pgTable, serial, integer, text, timestamp, date, index, numeric, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * 223-ФЗ notices as ЕИС published them, kept beside the card they belong to (matched by the purchase's notice number):
 * one row per notice number and version, so a repeated import stores nothing twice and a newer version — ЕИС publishes
 * a change of the notice as a new version (223-ФЗ art. 4 part 11) — is what the card is compared with. The card's own
 * values change only when the user applies them.
 */
export const eis223Notices = pgTable(
  'eis223_notices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    noticeNumber: text('notice_number').notNull(),
    /** ЕИС's version of the notice (0 when the file names none) */
    version: integer('version').notNull(),
    noticeType: text('notice_type').notNull(),
    method: text('method').notNull(),
    title: text('title').notNull(),
    nmcd: numeric('nmcd', { precision: 18, scale: 2 }).notNull(),
    publishedOn: date('published_on', { mode: 'string' }),
    applicationDeadline: date('application_deadline', { mode: 'string' }),
    placerName: text('placer_name'),
    href: text('href'),
    publishedAt: text('published_at'),
    source: text('source').$type<'eis' | 'upload'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('eis223_notices_company_number_version_uq').on(t.companyId, t.noticeNumber, t.version),
    index('eis223_notices_company_number_idx').on(t.companyId, t.noticeNumber),
  ],
);
