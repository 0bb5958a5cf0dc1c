import { pgTable, serial, integer, text, timestamp, index, numeric, uniqueIndex, jsonb, boolean } from 'drizzle-orm/pg-core';

/**
 * 44-ФЗ notices and final protocols imported from ЕИС (subsystem PRIZ): one row per document type, purchase number and
 * version, so a repeated or resumed import stores nothing twice. They meet the план-график position and the law-44
 * procurement by ИКЗ (a protocol has none of its own: it takes its notice's), and each other by purchase number.
 */
export const eis44Notices = pgTable(
  'eis44_notices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    kind: text('kind').$type<'notice' | 'protocol'>().notNull(),
    documentType: text('document_type').notNull(),
    purchaseNumber: text('purchase_number').notNull(),
    version: integer('version').notNull(),
    eisId: text('eis_id'),
    /** the first lot's ИКЗ; every lot's in `ikzs` (a joint purchase has one per customer) */
    ikz: text('ikz'),
    ikzs: jsonb('ikzs').$type<string[]>().notNull().default([]),
    planPositionNumber: text('plan_position_number'),
    method: text('method'),
    placingWayName: text('placing_way_name'),
    object: text('object'),
    maxPrice: numeric('max_price', { precision: 20, scale: 2 }),
    currency: text('currency'),
    publishedAt: text('published_at'),
    applicationsEnd: text('applications_end'),
    summarizingDate: text('summarizing_date'),
    placerRegNum: text('placer_reg_num'),
    placerInn: text('placer_inn'),
    placerName: text('placer_name'),
    etpName: text('etp_name'),
    etpUrl: text('etp_url'),
    href: text('href'),
    protocolDate: text('protocol_date'),
    docNumber: text('doc_number'),
    participants: integer('participants'),
    winnerAppNumber: text('winner_app_number'),
    winnerPrice: numeric('winner_price', { precision: 20, scale: 2 }),
    /** a protocol's protocolInfo/abandonedReason: the purchase failed (one application, none admitted…) */
    abandonedReason: text('abandoned_reason'),
    /** a notice's customers as it names them (migration 0031): a purchase placed by an authorised body has several */
    lots: jsonb('lots').$type<Eis44NoticeLot[]>().notNull().default([]),
    /** its objects: ОКПД2/КТРУ, quantity, price and sum of each (purchaseObjectsInfo) */
    objects: jsonb('objects').$type<Eis44NoticeObject[]>().notNull().default([]),
    /** each lot's customer's ИКУ (IKZInfo/customerCode, else digits 3–22 of its ИКЗ) */
    customerIkus: jsonb('customer_ikus').$type<string[]>().notNull().default([]),
    source: text('source').$type<'eis' | 'upload' | 'demo'>().notNull().default('eis'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('eis44_notices_company_doc_uq').on(t.companyId, t.documentType, t.purchaseNumber, t.version),
    index('eis44_notices_company_ikz_idx').on(t.companyId, t.ikz),
    index('eis44_notices_company_number_idx').on(t.companyId, t.purchaseNumber),
    index('eis44_notices_company_published_idx').on(t.companyId, t.publishedAt, t.id),
  ],
);

/** A customer of a 44-ФЗ notice (customerRequirementInfo): who, its ИКУ and ИКЗ, its НМЦК and finance by year. */
export interface Eis44NoticeLot {
  regNum: string | null;
  fullName: string | null;
  iku: string | null;
  ikz: string | null;
  maxPrice: string | null;
  planPositionNumber: string | null;
  finance: {
    year: number | null;
    total: string | null;
    currentYear: string | null;
    firstYear: string | null;
    secondYear: string | null;
    subsecYears: string | null;
  } | null;
}

/** An object of a 44-ФЗ notice (purchaseObject): its classification, quantity, price and sum. */
export interface Eis44NoticeObject {
  name: string | null;
  okpd2: string | null;
  ktru: string | null;
  okei: string | null;
  quantity: string | null;
  price: string | null;
  sum: string | null;
}

/** A reason the commission gave for not admitting an application (appRejectedReasonInfo: its code, name, explanation). */
export interface Eis44RejectReason {
  code: string | null;
  name: string | null;
  explanation: string | null;
}

/**
 * The applications a final protocol lists (protocolInfo/applicationsInfo): number, time, price offer, rating and the
 * commission's decision. The participants' names are not among them in PRIZ; the concluded contract names the supplier.
 */
export const eis44ProtocolApplications = pgTable(
  'eis44_protocol_applications',
  {
    id: serial('id').primaryKey(),
    protocolId: integer('protocol_id').notNull(),
    companyId: integer('company_id').notNull(),
    appNumber: text('app_number').notNull(),
    appDate: text('app_date'),
    price: numeric('price', { precision: 20, scale: 2 }),
    rating: integer('rating'),
    admitted: boolean('admitted').notNull(),
    rejectReasons: jsonb('reject_reasons').$type<Eis44RejectReason[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('eis44_protocol_applications_uq').on(t.protocolId, t.appNumber),
    index('eis44_protocol_applications_company_idx').on(t.companyId, t.protocolId),
  ],
);
