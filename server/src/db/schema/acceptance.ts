import { pgTable, serial, integer, text, timestamp, index, uniqueIndex, boolean, jsonb } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** A contract's terms of acceptance and payment in working days; NULL — the law's default (modules/acceptance/terms.ts). */
export const acceptanceSettings = pgTable('acceptance_settings', {
  contractId: integer('contract_id').primaryKey(),
  companyId: integer('company_id').notNull(),
  acceptanceDays: integer('acceptance_days'),
  paymentDays: integer('payment_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The acceptance commission of a contract: the company's users or named outsiders, one of them its chair. */
export const acceptanceCommissionMembers = pgTable(
  'acceptance_commission_members',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    contractId: integer('contract_id').notNull(),
    userId: integer('user_id'),
    fullName: text('full_name').notNull(),
    position: text('position'),
    isChair: boolean('is_chair').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('acceptance_commission_members_contract_idx').on(t.companyId, t.contractId),
    uniqueIndex('acceptance_commission_members_user_uq')
      .on(t.contractId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
  ],
);

export interface VoteLine {
  line_id: number;
  accepted_quantity: string;
  reason: string | null;
}

/** One member's decision on one document: signed with КЭП (signature_id) or, for an outsider, a scanned paper signature. */
export const acceptanceVotes = pgTable(
  'acceptance_votes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    documentId: integer('document_id').notNull(),
    memberId: integer('member_id').notNull(),
    decision: text('decision').$type<'accept' | 'partial' | 'refuse'>().notNull(),
    lines: jsonb('lines').$type<VoteLine[]>().notNull().default([]),
    reason: text('reason'),
    signatureId: integer('signature_id'),
    scanFileKey: text('scan_file_key'),
    scanFileName: text('scan_file_name'),
    recordedBy: integer('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('acceptance_votes_member_uq').on(t.documentId, t.memberId)],
);
