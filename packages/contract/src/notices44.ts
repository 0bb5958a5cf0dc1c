import { z } from 'zod';
import { PageQuery, isoDate } from './common';
import { ikzString } from './tender-plans';

/**
 * 44-ФЗ notices and final protocols imported from ЕИС (subsystem PRIZ). A purchase is its notice (the newest
 * version) and the final protocol; they meet the план-график position and the law-44 procurement by ИКЗ.
 */

/** An application of the final protocol: its price offer, rating and the commission's decision (why, if refused). */
export const Protocol44Application = z.object({
  app_number: z.string(),
  app_date: z.string().nullable(),
  price: z.string().nullable(),
  rating: z.number().nullable(),
  admitted: z.boolean(),
  reject_reasons: z.array(z.object({ code: z.string().nullable(), name: z.string().nullable(), explanation: z.string().nullable() })),
});
export type Protocol44Application = z.infer<typeof Protocol44Application>;

/** The final protocol's outcome: the application rated first and its price (names are not in the public protocol). */
export const Protocol44Summary = z.object({
  document_type: z.string(),
  doc_number: z.string().nullable(),
  protocol_date: z.string().nullable(),
  published_at: z.string().nullable(),
  participants: z.number().nullable(),
  winner_app_number: z.string().nullable(),
  winner_price: z.string().nullable(),
  /** why the purchase failed, in the protocol's words */
  abandoned_reason: z.string().nullable(),
  /** every application in the protocol's order */
  applications: z.array(Protocol44Application),
});
export type Protocol44Summary = z.infer<typeof Protocol44Summary>;

/** The contract concluded on a 44-ФЗ purchase, as its notice's list and a card's ЕИС facts show it. */
export const Contract44Summary = z.object({
  id: z.number(),
  registry_number: z.string().nullable(),
  supplier_name: z.string().nullable(),
  supplier_inn: z.string().nullable(),
  price: z.string().nullable(),
  contract_date: z.string().nullable(),
});

export const Notice44Response = z.object({
  id: z.number(),
  purchase_number: z.string(),
  version: z.number(),
  document_type: z.string(),
  /** auction_e, quotation_e, competition_e */
  method: z.string().nullable(),
  placing_way_name: z.string().nullable(),
  ikz: z.string().nullable(),
  ikzs: z.array(z.string()),
  subject: z.string().nullable(),
  max_price: z.string().nullable(),
  currency: z.string().nullable(),
  published_at: z.string().nullable(),
  applications_end: z.string().nullable(),
  summarizing_date: z.string().nullable(),
  placer_name: z.string().nullable(),
  placer_inn: z.string().nullable(),
  etp_name: z.string().nullable(),
  etp_url: z.string().nullable(),
  href: z.string().nullable(),
  protocol: Protocol44Summary.nullable(),
  /**
   * The contract concluded on the purchase (44-ФЗ register, RGK): by the purchase's number, else by its ИКЗ. It names
   * the supplier, whom the protocol knows only by its application number.
   */
  contract: Contract44Summary.nullable(),
  /** the план-график position with this ИКЗ (its newest version) and the law-44 procurement with it */
  tender_position_id: z.number().nullable(),
  tender_plan_number: z.string().nullable(),
  procurement_id: z.number().nullable(),
});
export type Notice44Response = z.infer<typeof Notice44Response>;

export const Notices44Query = PageQuery.extend({
  q: z.string().trim().max(200).optional(),
  ikz: ikzString.optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export type Notices44Query = z.infer<typeof Notices44Query>;
