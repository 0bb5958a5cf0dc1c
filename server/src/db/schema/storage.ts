import { pgTable, integer, text, timestamp, bigint, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Every file a company stored (uploads, generated documents, signatures) by its key in the file store: its size counts
 * against the company's allowance until it is released (deleted or replaced); the retention job removes a released
 * file from the store after FILE_RETENTION_DAYS and sets removed_at.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    companyId: integer('company_id'),
    kind: text('kind').notNull(),
    /** null for a file stored before this table existed: measured at the next start */
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('stored_files_released_idx')
      .on(t.releasedAt)
      .where(sql`${t.releasedAt} IS NOT NULL AND ${t.removedAt} IS NULL`),
    index('stored_files_unsized_idx')
      .on(t.key)
      .where(sql`${t.size} IS NULL`),
  ],
);

/** A company's bytes in live files, kept with every store and release (its row lock makes the quota check atomic). */
export const companyStorage = pgTable('company_storage', {
  companyId: integer('company_id').primaryKey(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
});
