import { z } from 'zod';
import { codeName, decimalString, isoDate, isoDateTime } from '../schemas';
import { eisCurrency, eisOrganization } from './schema-common';

/** Procurement plan (`purchasePlan` packet, purchasePlanData). */

export const eisPlanRow = z.object({
  guid: z.string().nullable(),
  ordinal: z.number().int().nullable(),
  okpd2: codeName.nullable(),
  okved2: codeName.nullable(),
  okei: codeName.nullable(),
  quantity: decimalString.nullable(),
  okato: z.string().nullable(),
  region: z.string().nullable(),
  /** impossibleToDetermineAttr: quantity cannot be determined */
  quantityUndeterminable: z.boolean().nullable(),
});
export type EisPlanRow = z.infer<typeof eisPlanRow>;

export const eisPlanItem = z.object({
  guid: z.string(),
  ordinal: z.number().int().nullable(),
  /** contractSubject */
  subject: z.string().nullable(),
  status: z.string().nullable(),
  /** ОКПД2/ОКВЭД2/ОКЕИ/quantity of the first row, for list views; all rows are in `rows`. */
  okpd2: codeName.nullable(),
  okved2: codeName.nullable(),
  okei: codeName.nullable(),
  quantity: decimalString.nullable(),
  rows: z.array(eisPlanRow),
  /** ОКАТО of the delivery region (item-level, else first row's) */
  okato: z.string().nullable(),
  region: z.string().nullable(),
  /** maximumContractPrice: НМЦД */
  nmcd: decimalString.nullable(),
  nmcdRub: decimalString.nullable(),
  currency: eisCurrency.nullable(),
  /** 'YYYY-MM' of the planned notice publication (purchasePeriodYear/Month or purchasePlannedDate) */
  plannedMonth: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  plannedYear: z.number().int().nullable(),
  plannedDate: isoDate.nullable(),
  methodCode: z.string().nullable(),
  methodName: z.string().nullable(),
  electronic: z.boolean().nullable(),
  /** Listed under purchasePlanItemsSMB: only small and medium businesses may take part */
  smeOnly: z.boolean(),
  /** Listed under innovationPlanItems(SMB): innovative / high-tech products plan section */
  innovation: z.boolean(),
  longTerm: z.boolean().nullable(),
  contractEndDate: isoDate.nullable(),
});
export type EisPlanItem = z.infer<typeof eisPlanItem>;

export const eisPlan = z.object({
  guid: z.string(),
  /** The plan's registry number in ЕИС (10 digits) */
  registrationNumber: z.string().nullable(),
  name: z.string().nullable(),
  version: z.number().int().nullable(),
  status: z.string().nullable(),
  /** COMMODITY or INNOVATION */
  planType: z.string().nullable(),
  /** reportingYear, else the year of startDate */
  year: z.number().int().nullable(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  approveDate: isoDate.nullable(),
  createDateTime: isoDateTime.nullable(),
  publicationDateTime: isoDateTime.nullable(),
  customer: eisOrganization.nullable(),
  placer: eisOrganization.nullable(),
  urlEis: z.string().nullable(),
  items: z.array(eisPlanItem),
});
export type EisPlan = z.infer<typeof eisPlan>;
