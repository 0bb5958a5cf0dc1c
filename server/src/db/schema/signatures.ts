import { pgTable, serial, integer, text, boolean, timestamp, jsonb, index, primaryKey } from 'drizzle-orm/pg-core';

/**
 * «Право подписи»: a user may sign documents of a company. Set by the company's administrator. A person acting by a
 * power of attorney (МЧД) signs with a certificate of their own: their ИНН and the МЧД's number are recorded here, and
 * such a certificate is accepted for this company alone.
 */
export const signingRights = pgTable(
  'signing_rights',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The person's own ИНН (12 digits), for a certificate without the company's ИНН. */
    personInn: text('person_inn'),
    /** Номер машиночитаемой доверенности. */
    mchdNumber: text('mchd_number'),
    grantedBy: integer('granted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('signing_rights_user_idx').on(t.userId)],
);

/** A signature kept beside its document: the .sig file, who signed, the certificate, and what verification found. */
export const signatures = pgTable(
  'signatures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** What was signed: 'execution_record', 'upd', 'documentation', 'rule_version', … and its id. */
    documentKind: text('document_kind').notNull(),
    documentId: integer('document_id').notNull(),
    /** The CMS (DER) in the file store. */
    fileKey: text('file_key').notNull(),
    /** The user who signed in the product; null for a signature that came with an uploaded file. */
    userId: integer('user_id'),
    /** CertificateInfo of the signer (modules/signatures/certificate.ts). */
    certificate: jsonb('certificate'),
    certificateSerial: text('certificate_serial'),
    valid: boolean('valid').notNull(),
    reason: text('reason'),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    signingTime: timestamp('signing_time', { withTimezone: true }),
    mchdNumber: text('mchd_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signatures_document_idx').on(t.companyId, t.documentKind, t.documentId)],
);
