import { z } from 'zod';
import { codeName, decimalString, isoDate, isoDateTime } from '../schemas';
import { eisCurrency, eisOrganization, registryNumber23 } from './schema-common';

/** Execution record (`performanceContract` packet, performanceContractData). */

export const eisPayment = z.object({
  ordinal: z.number().int().nullable(),
  date: isoDate.nullable(),
  amount: decimalString.nullable(),
  currency: eisCurrency.nullable(),
  rubAmount: decimalString.nullable(),
  prepaid: z.boolean().nullable(),
});
export type EisPayment = z.infer<typeof eisPayment>;

export const eisPerformanceDocument = z.object({
  ordinal: z.number().int().nullable(),
  date: isoDate.nullable(),
  /** Kind of acceptance document: '01' товарная накладная, '12' акт о приемке выполненных работ, '19' счёт-фактура… */
  code: z.string().nullable(),
  name: z.string().nullable(),
  number: z.string().nullable(),
  contractPosition: z.object({ guid: z.string().nullable(), name: z.string().nullable(), okpd2: codeName.nullable() }).nullable(),
  okei: codeName.nullable(),
  quantity: decimalString.nullable(),
  prepayment: z.boolean().nullable(),
});
export type EisPerformanceDocument = z.infer<typeof eisPerformanceDocument>;

/** One `positions/position`: a stage of execution with its payment(s) and acceptance documents. */
export const eisPerformanceStage = z.object({
  ordinal: z.number().int().nullable(),
  payments: z.array(eisPayment),
  documents: z.array(eisPerformanceDocument),
});
export type EisPerformanceStage = z.infer<typeof eisPerformanceStage>;

export const eisPerformance = z.object({
  guid: z.string(),
  /** registrationNumber: number of this execution record */
  registrationNumber: registryNumber23.nullable(),
  /** contractRegNumber: the contract's 23-digit registry number */
  contractRegistrationNumber: registryNumber23.nullable(),
  version: z.number().int().nullable(),
  status: z.string().nullable(),
  createDateTime: isoDateTime.nullable(),
  publicationDate: isoDateTime.nullable(),
  /** completed: «Исполнение завершено» */
  completed: z.boolean().nullable(),
  hasPenalty: z.boolean().nullable(),
  customer: eisOrganization.nullable(),
  placer: eisOrganization.nullable(),
  contract: z
    .object({
      guid: z.string().nullable(),
      /** contractInfo/name: the contract's own number */
      number: z.string().nullable(),
      /** contractInfo/agencyName */
      customerName: z.string().nullable(),
      supplierName: z.string().nullable(),
      /** contractInfo/lotInfo */
      subject: z.string().nullable(),
      contractDate: isoDate.nullable(),
    })
    .nullable(),
  stages: z.array(eisPerformanceStage),
  /** positions/total */
  total: decimalString.nullable(),
  urlEis: z.string().nullable(),
});
export type EisPerformance = z.infer<typeof eisPerformance>;
