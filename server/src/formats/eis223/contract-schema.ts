import { z } from 'zod';
import { codeName, decimalString, isoDate, isoDateTime } from '../schemas';
import { eisCurrency, eisOrganization, registryNumber23 } from './schema-common';

/** Contract register record (`contract` packet, contractData). */

export const eisSupplier = z.object({
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  okpo: z.string().nullable(),
  /** ЕИС supplier type code as written (e.g. 'L' for a legal entity). */
  type: z.string().nullable(),
  /** individual: an individual entrepreneur */
  individual: z.boolean().nullable(),
  nonResident: z.boolean().nullable(),
  /** provider: the supplier is a small or medium business */
  sme: z.boolean().nullable(),
  /** address/country, code = digital code */
  country: codeName.nullable(),
});
export type EisSupplier = z.infer<typeof eisSupplier>;

export const eisContractPosition = z.object({
  guid: z.string().nullable(),
  ordinal: z.number().int().nullable(),
  name: z.string().nullable(),
  okpd2: codeName.nullable(),
  okved2: codeName.nullable(),
  /** The pre-2017 classifiers (ОКДП/ОКПД) that old records carry instead of ОКПД2. */
  okdp: codeName.nullable(),
  okpd: codeName.nullable(),
  okei: codeName.nullable(),
  quantity: decimalString.nullable(),
  /** Not part of the TFF ≤ 9.x position type; read when a file carries it. */
  unitPrice: decimalString.nullable(),
  amount: decimalString.nullable(),
  /** code = digital country code (643) */
  country: codeName.nullable(),
});
export type EisContractPosition = z.infer<typeof eisContractPosition>;

export const eisContract = z.object({
  /** contractData/guid: identifies this version of the contract record */
  guid: z.string(),
  /** contractRegNumber: the contract's 23-digit registry number, the same across all versions of the record */
  registrationNumber: registryNumber23.nullable(),
  /** contractData/registrationNumber: number of this record version (TFF ≥ 8; ends with the version) */
  recordRegistrationNumber: registryNumber23.nullable(),
  version: z.number().int().nullable(),
  /** contractData/name: the contract's own number as the parties wrote it, e.g. 'АГ-1/0131/19' */
  number: z.string().nullable(),
  contractDate: isoDate.nullable(),
  createDateTime: isoDateTime.nullable(),
  publicationDate: isoDateTime.nullable(),
  /** F editing, P published, I invalid, M being changed */
  status: z.string().nullable(),
  customer: eisOrganization.nullable(),
  placer: eisOrganization.nullable(),
  suppliers: z.array(eisSupplier),
  price: decimalString.nullable(),
  rubPrice: decimalString.nullable(),
  currency: eisCurrency.nullable(),
  /** subjectContract */
  subject: z.string().nullable(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  /** digitalPurchase */
  electronic: z.boolean().nullable(),
  /** provider: a purchase from (or only among) small and medium businesses */
  smePurchase: z.boolean().nullable(),
  purchase: z.object({
    noticeNumber: z.string().nullable(),
    noticeGuid: z.string().nullable(),
    noticeName: z.string().nullable(),
    noticePublicationDateTime: isoDateTime.nullable(),
    /** purchaseTypeInfo: 30000 single supplier, 40000 other method, … */
    methodCode: z.string().nullable(),
    methodName: z.string().nullable(),
    lotGuid: z.string().nullable(),
    lotNumber: z.number().int().nullable(),
  }),
  positions: z.array(eisContractPosition),
  urlEis: z.string().nullable(),
});
export type EisContract = z.infer<typeof eisContract>;
