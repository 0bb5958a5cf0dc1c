import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  bigserial,
  bigint,
  text,
  boolean,
  timestamp,
  jsonb,
  index,
  date,
  numeric,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core';

/** One participant of a step: a named user, or any user of a role who may act for the company. */
export type RouteParticipant = { user_id: number } | { role: string };
/** A step of a route: all its participants must agree (a parallel step has several); a term in working days. */
export interface RouteStep {
  participants: RouteParticipant[];
  term_days: number;
  with_signature: boolean;
}

/** A company's approval route for one kind of document, chosen by its conditions (the default when none fits). */
export const approvalRoutes = pgTable(
  'approval_routes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    law: text('law'),
    method: text('method'),
    minAmount: numeric('min_amount', { precision: 18, scale: 2 }),
    subject: text('subject'),
    steps: jsonb('steps').$type<RouteStep[]>().notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('approval_routes_company_kind_idx')
      .on(t.companyId, t.kind)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** A run of a route over one version of a document (its hash frozen when sent). */
export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    kind: text('kind').notNull(),
    documentId: integer('document_id').notNull(),
    routeId: integer('route_id').notNull(),
    routeTitle: text('route_title').notNull(),
    /** pending | approved | returned | restarted */
    status: text('status').notNull().default('pending'),
    versionHash: text('version_hash').notNull(),
    versionLabel: text('version_label').notNull(),
    documentTitle: text('document_title').notNull(),
    authorId: integer('author_id').notNull(),
    currentStep: integer('current_step').notNull().default(0),
    stepsTotal: integer('steps_total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('approvals_document_idx').on(t.companyId, t.kind, t.documentId, t.id),
    uniqueIndex('approvals_one_pending_uq')
      .on(t.companyId, t.kind, t.documentId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** One participant's place in a step: waiting (a later step), active, approved, returned or delegated. */
export const approvalSlots = pgTable(
  'approval_slots',
  {
    id: serial('id').primaryKey(),
    approvalId: integer('approval_id').notNull(),
    companyId: integer('company_id').notNull(),
    stepNo: integer('step_no').notNull(),
    assigneeUserId: integer('assignee_user_id'),
    assigneeRole: text('assignee_role'),
    withSignature: boolean('with_signature').notNull().default(false),
    termDays: integer('term_days').notNull(),
    status: text('status').notNull().default('waiting'),
    dueOn: date('due_on', { mode: 'string' }),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    signatureId: integer('signature_id'),
    delegatedFrom: integer('delegated_from'),
  },
  (t) => [index('approval_slots_approval_idx').on(t.approvalId, t.stepNo)],
);

/** The run's history: sent, approved, returned, delegated, signed, restarted — with who, when and the comment. */
export const approvalEvents = pgTable(
  'approval_events',
  {
    id: serial('id').primaryKey(),
    approvalId: integer('approval_id').notNull(),
    companyId: integer('company_id').notNull(),
    slotId: integer('slot_id'),
    userId: integer('user_id'),
    action: text('action').notNull(),
    comment: text('comment'),
    signatureId: integer('signature_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_events_approval_idx').on(t.approvalId, t.id)],
);

/** «Мои задачи»: what waits for a user; `source_key` names the thing (one task per user and thing). */
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id'),
    /** approval | deadline | registration */
    kind: text('kind').notNull(),
    sourceKey: text('source_key').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    link: text('link').notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    sortOn: date('sort_on', { mode: 'string' }).generatedAlwaysAs(sql`coalesce(due_on, DATE '9999-12-31')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tasks_user_source_uq').on(t.userId, t.sourceKey),
    index('tasks_open_idx')
      .on(t.userId, t.sortOn, t.id)
      .where(sql`${t.doneAt} IS NULL`),
    index('tasks_open_kind_idx')
      .on(t.userId, t.kind, t.sortOn, t.id)
      .where(sql`${t.doneAt} IS NULL`),
    index('tasks_open_company_idx')
      .on(t.userId, t.companyId, t.sortOn, t.id)
      .where(sql`${t.doneAt} IS NULL`),
    index('tasks_source_idx')
      .on(t.sourceKey)
      .where(sql`${t.doneAt} IS NULL`),
    index('tasks_due_idx')
      .on(t.dueOn)
      .where(sql`${t.doneAt} IS NULL`),
  ],
);

/** A reminder sent: once per kind, task (or user, for the digest) and day. */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    kind: text('kind').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.day] })],
);

/** What a user wants to receive (no row: everything). */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: integer('user_id').primaryKey(),
  emailNew: boolean('email_new').notNull().default(true),
  emailDue: boolean('email_due').notNull().default(true),
  emailOverdue: boolean('email_overdue').notNull().default(true),
  emailDigest: boolean('email_digest').notNull().default(true),
  socket: boolean('socket').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
