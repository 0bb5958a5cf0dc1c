import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, timestamp, index, date, numeric, uniqueIndex, real, jsonb, primaryKey } from 'drizzle-orm/pg-core';

export type AcceptanceState = 'received' | 'review' | 'accepted' | 'partial' | 'refused';

/**
 * Исполнение договоров: acceptance documents (УПД) with their lines mapped to contract positions, payment orders
 * from 1C client-bank files, and built reports. Contracts are referenced by contracts.id (contract_id).
 */
export const acceptanceDocuments = pgTable(
  'acceptance_documents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    contractId: integer('contract_id').notNull(),
    kind: text('kind').notNull().default('upd'),
    /** processing → processed | error (job outcome) */
    status: text('status').$type<'processing' | 'processed' | 'error'>().notNull().default('processing'),
    error: text('error'),
    number: text('number').notNull(),
    docDate: date('doc_date', { mode: 'string' }).notNull(),
    formatVersion: text('format_version'),
    sellerName: text('seller_name'),
    sellerInn: text('seller_inn'),
    buyerName: text('buyer_name'),
    buyerInn: text('buyer_inn'),
    amountWithoutVat: numeric('amount_without_vat', { precision: 18, scale: 2 }),
    vatAmount: numeric('vat_amount', { precision: 18, scale: 2 }),
    amountWithVat: numeric('amount_with_vat', { precision: 18, scale: 2 }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    /** What did not fit the contract (parties, dates, sums) and the user confirmed at upload */
    warnings: text('warnings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Withdrawn (a wrong or repeated document): kept on record, counted nowhere; the reason is in the trail too */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: integer('withdrawn_by'),
    withdrawnReason: text('withdrawn_reason'),
    /** received → review → accepted | partial | refused (modules/acceptance); only accepted and partial count as delivered */
    acceptance: text('acceptance').$type<AcceptanceState>().notNull().default('received'),
    receivedOn: date('received_on', { mode: 'string' }),
    /** the expertise of ч. 3 ст. 94 44-ФЗ: in_house | expert (an expert organisation, its conclusion attached) */
    reviewKind: text('review_kind').$type<'in_house' | 'expert'>(),
    expertName: text('expert_name'),
    conclusionFileKey: text('conclusion_file_key'),
    conclusionFileName: text('conclusion_file_name'),
    /** the date of acceptance (or of the refusal): the payment term runs from it */
    acceptedOn: date('accepted_on', { mode: 'string' }),
    decidedBy: integer('decided_by'),
    refusalReason: text('refusal_reason'),
    /** the buyer's title (ON_NSCHFDOPPOK 5.03) formed for the decision, its formers (the Подписант) and its signature */
    buyerTitleKey: text('buyer_title_key'),
    buyerTitleName: text('buyer_title_name'),
    buyerTitleBy: integer('buyer_title_by'),
    buyerTitleSignatureId: integer('buyer_title_signature_id'),
  },
  (t) => [
    // one УПД in force per contract, seller ИНН, number and date (migration 0019 holds the COALESCE(seller_inn) form)
    uniqueIndex('acceptance_documents_identity_uq')
      .on(t.companyId, t.contractId, sql`COALESCE(${t.sellerInn}, '')`, t.number, t.docDate)
      .where(sql`${t.withdrawnAt} IS NULL`),
    index('acceptance_documents_contract_idx').on(t.companyId, t.contractId, t.docDate, t.id),
    index('acceptance_documents_company_date_idx').on(t.companyId, t.docDate),
  ],
);

export const acceptanceLines = pgTable(
  'acceptance_lines',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').notNull(),
    companyId: integer('company_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    name: text('name'),
    okeiCode: text('okei_code'),
    unitName: text('unit_name'),
    quantity: numeric('quantity', { precision: 26, scale: 11 }),
    price: numeric('price', { precision: 26, scale: 11 }),
    amountWithoutVat: numeric('amount_without_vat', { precision: 18, scale: 2 }),
    vatRate: text('vat_rate'),
    vatAmount: numeric('vat_amount', { precision: 18, scale: 2 }),
    amountWithVat: numeric('amount_with_vat', { precision: 18, scale: 2 }),
    itemCode: text('item_code'),
    /** contract_positions.id; NULL = not mapped (the line is kept all the same) */
    positionId: integer('position_id'),
    confidence: real('confidence'),
    mappedBy: text('mapped_by').$type<'auto' | 'user'>(),
    /** what the customer accepted of the line (NULL until decided); below quantity: accepted in part */
    acceptedQuantity: numeric('accepted_quantity', { precision: 26, scale: 11 }),
    refusalReason: text('refusal_reason'),
  },
  (t) => [
    uniqueIndex('acceptance_lines_document_ordinal_uq').on(t.documentId, t.ordinal),
    index('acceptance_lines_company_position_idx').on(t.companyId, t.positionId),
  ],
);

export const paymentImports = pgTable(
  'payment_imports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    status: text('status').$type<'processing' | 'processed' | 'error'>().notNull().default('processing'),
    error: text('error'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull().default(0),
    created: integer('created').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_imports_company_idx').on(t.companyId, t.createdAt)],
);

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    importId: integer('import_id'),
    contractId: integer('contract_id'),
    /** auto (matched on import) | user (linked by hand); NULL when unlinked */
    linkedBy: text('linked_by').$type<'auto' | 'user'>(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    docDate: date('doc_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    payerName: text('payer_name'),
    payerInn: text('payer_inn'),
    /** '' when the file has none, so the idempotency key stays unique */
    payerAccount: text('payer_account').notNull().default(''),
    payeeName: text('payee_name'),
    payeeInn: text('payee_inn'),
    payeeKpp: text('payee_kpp'),
    payeeAccount: text('payee_account'),
    purpose: text('purpose'),
    writtenOffDate: date('written_off_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_identity_uq').on(t.companyId, t.number, t.docDate, t.amount, t.payerAccount),
    index('payment_orders_company_date_idx').on(t.companyId, t.docDate, t.id),
    index('payment_orders_company_contract_idx').on(t.companyId, t.contractId, t.docDate),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** public identifier used in events and download URLs */
    code: text('code').notNull(),
    kind: text('kind').$type<'contract_execution' | 'monthly_summary'>().notNull(),
    format: text('format').$type<'xlsx' | 'pdf'>().notNull(),
    contractId: integer('contract_id'),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    status: text('status').$type<'pending' | 'ready' | 'error'>().notNull().default('pending'),
    error: text('error'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reports_code_uq').on(t.code), index('reports_company_created_idx').on(t.companyId, t.createdAt, t.id)],
);

/** The first answer to a create request, replayed for a repeat with the same Idempotency-Key (platform/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    /** pending while the first request runs; done with its answer */
    status: text('status').$type<'pending' | 'done'>().notNull().default('pending'),
    httpStatus: integer('http_status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.companyId, t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
