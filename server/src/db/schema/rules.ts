import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, boolean, timestamp, index, date, jsonb, numeric, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** The rule (often a template) this one was copied from. */
    copiedFromId: integer('copied_from_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_rules_company_idx').on(t.companyId, t.id)],
);

/** Редакция положения: draft → approved → published; the one in force on a date is the latest non-draft by in_force_from. */
export const ruleVersions = pgTable(
  'rule_versions',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id').notNull(),
    /** Copied from the rule so every query can filter by tenant without a join; null for templates. */
    companyId: integer('company_id'),
    number: text('number').notNull(),
    status: text('status').notNull().default('draft'),
    approvedOn: date('approved_on', { mode: 'string' }),
    inForceFrom: date('in_force_from', { mode: 'string' }),
    /** LeadTimeRule[] replacing the default rules with the same method, SME flag and НМЦД limit. */
    leadTimeOverrides: jsonb('lead_time_overrides'),
    singleSupplierMax: numeric('single_supplier_max', { precision: 18, scale: 2 }),
    notes: text('notes'),
    approvalFileKey: text('approval_file_key'),
    approvalFileName: text('approval_file_name'),
    approvalFileType: text('approval_file_type'),
    approvalFileSize: integer('approval_file_size'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rule_versions_rule_idx').on(t.ruleId, t.inForceFrom),
    index('rule_versions_company_idx').on(t.companyId),
    // two approved editions taking effect the same day would make "the one in force" ambiguous
    uniqueIndex('rule_versions_in_force_uq')
      .on(t.ruleId, t.inForceFrom)
      .where(sql`status <> 'draft'`),
  ],
);

/** Правило документа: which document a procurement of a method/subject/НМЦД range needs under a rule version. */
export const documentRules = pgTable(
  'document_rules',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id').notNull(),
    companyId: integer('company_id'),
    method: text('method').notNull(),
    /** goods | works | services | any */
    subject: text('subject').notNull().default('any'),
    documentKind: text('document_kind').notNull(),
    template: text('template').notNull(),
    title: text('title').notNull(),
    required: boolean('required').notNull().default(true),
    minDays: integer('min_days'),
    daysUnit: text('days_unit').notNull().default('calendar'),
    nmcdMin: numeric('nmcd_min', { precision: 18, scale: 2 }),
    nmcdMax: numeric('nmcd_max', { precision: 18, scale: 2 }),
    note: text('note'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_rules_version_idx').on(t.versionId, t.method), index('document_rules_company_idx').on(t.companyId)],
);

/**
 * A customer's own Word template of a document kind for a law and subject kind: at a rule version (223-ФЗ) or at the
 * company (44-ФЗ, rule_version_id null). `tags` is what the upload check read from it, in the order of use.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    law: text('law').$type<'223' | '44'>().notNull(),
    subject: text('subject').$type<'goods' | 'works' | 'services'>().notNull(),
    documentKind: text('document_kind').notNull(),
    ruleVersionId: integer('rule_version_id'),
    name: text('name').notNull(),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    tags: jsonb('tags').$type<{ fields: string[]; loops: Record<string, string[]> }>().notNull(),
    uploadedBy: integer('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_templates_slot').on(t.companyId, t.law, t.subject, t.documentKind, sql`COALESCE(${t.ruleVersionId}, 0)`)],
);
