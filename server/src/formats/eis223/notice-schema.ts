import { z } from 'zod';
import { codeName, decimalString, isoDateTime } from '../schemas';
import { eisCurrency, eisOrganization } from './schema-common';

/** Procurement notice (`purchaseNotice*` packets). */

export const eisNoticeLotItem = z.object({
  guid: z.string().nullable(),
  ordinal: z.number().int().nullable(),
  okpd2: codeName.nullable(),
  /** ОКДП, the classifier of the early exports (2012–2016) in place of ОКПД2; never an ОКПД2 code */
  okdp: codeName.nullable(),
  okved2: codeName.nullable(),
  okei: codeName.nullable(),
  quantity: decimalString.nullable(),
});
export type EisNoticeLotItem = z.infer<typeof eisNoticeLotItem>;

export const eisNoticeLot = z.object({
  guid: z.string().nullable(),
  ordinal: z.number().int().nullable(),
  subject: z.string().nullable(),
  /** lotData/initialSum (lot/initialSum in early exports): НМЦД of the lot */
  nmcd: decimalString.nullable(),
  currency: eisCurrency.nullable(),
  /** ОКПД2 of the first lot item, for list views */
  okpd2: codeName.nullable(),
  items: z.array(eisNoticeLotItem),
  /** forSmallOrMiddle */
  smeOnly: z.boolean().nullable(),
  /** lotPlanInfo: the plan position this lot implements */
  planPosition: z
    .object({
      planRegistrationNumber: z.string().nullable(),
      positionNumber: z.number().int().nullable(),
      positionGuid: z.string().nullable(),
    })
    .nullable(),
});
export type EisNoticeLot = z.infer<typeof eisNoticeLot>;

export const eisNotice = z.object({
  guid: z.string(),
  /** The purchase's 11-digit registry number */
  registrationNumber: z.string().nullable(),
  name: z.string().nullable(),
  version: z.number().int().nullable(),
  status: z.string().nullable(),
  /** The root element, e.g. purchaseNotice, purchaseNoticeAE94FZ, purchaseNoticeZKESMBO (notice-types.ts) */
  noticeType: z.string(),
  method: z.object({ code: z.string().nullable(), name: z.string().nullable() }),
  customer: eisOrganization.nullable(),
  placer: eisOrganization.nullable(),
  createDateTime: isoDateTime.nullable(),
  publicationDateTime: isoDateTime.nullable(),
  modificationDate: isoDateTime.nullable(),
  /** Deadline for applications */
  submissionCloseDateTime: isoDateTime.nullable(),
  electronicPlace: z.object({ name: z.string().nullable(), url: z.string().nullable() }).nullable(),
  lots: z.array(eisNoticeLot),
  urlEis: z.string().nullable(),
});
export type EisNotice = z.infer<typeof eisNotice>;
