import { z } from 'zod';
import { codeName, decimalString, isoDate, isoDateTime } from '../schemas';

/**
 * Result types of the ЕИС 223-FZ readers. Field names are ours (stable across TFF schema versions); comments name
 * the source element where it is not obvious. Codes (ИНН, КПП, ОГРН, ОКАТО, registry numbers) are strings.
 */

export const eisOrganization = z.object({
  /** mainInfo/fullName */
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  okato: z.string().nullable(),
});
export type EisOrganization = z.infer<typeof eisOrganization>;

export const eisCurrency = z.object({
  /** Letter code, e.g. RUB */
  code: z.string().nullable(),
  /** ОКВ numeric code, e.g. 643 */
  digitalCode: z.string().nullable(),
  name: z.string().nullable(),
});
export type EisCurrency = z.infer<typeof eisCurrency>;

/** Information about the file itself (the ЕИС "packet"), shared by every record in it. */
export const eisPacket = z.object({
  /** header/guid */
  guid: z.string().nullable(),
  createDateTime: isoDateTime.nullable(),
  /** From xsi:schemaLocation, e.g. 'TFF-9.3'; null when the file does not say. */
  schemaVersion: z.string().nullable(),
});
export type EisPacket = z.infer<typeof eisPacket>;

const registryNumber23 = z.string().regex(/^\d{23}$/);

// ---------------------------------------------------------------- contract

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

// ---------------------------------------------------------------- performance (execution record)

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
  contractPosition: z
    .object({ guid: z.string().nullable(), name: z.string().nullable(), okpd2: codeName.nullable() })
    .nullable(),
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

// ---------------------------------------------------------------- plan

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
  plannedMonth: z.string().regex(/^\d{4}-\d{2}$/).nullable(),
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

// ---------------------------------------------------------------- notice

export const eisNoticeLotItem = z.object({
  guid: z.string().nullable(),
  ordinal: z.number().int().nullable(),
  okpd2: codeName.nullable(),
  okved2: codeName.nullable(),
  okei: codeName.nullable(),
  quantity: decimalString.nullable(),
});
export type EisNoticeLotItem = z.infer<typeof eisNoticeLotItem>;

export const eisNoticeLot = z.object({
  guid: z.string().nullable(),
  ordinal: z.number().int().nullable(),
  subject: z.string().nullable(),
  /** lotData/initialSum: НМЦД of the lot */
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
  /** The root element, e.g. purchaseNotice, purchaseNoticeAE, purchaseNoticeZK */
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

// ---------------------------------------------------------------- file

export type EisDocumentKind = 'contracts' | 'performance' | 'plan' | 'notice';

export const eisFile = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('contracts'), packet: eisPacket, contracts: z.array(eisContract) }),
  z.object({ kind: z.literal('performance'), packet: eisPacket, performances: z.array(eisPerformance) }),
  z.object({ kind: z.literal('plan'), packet: eisPacket, plan: eisPlan }),
  z.object({ kind: z.literal('notice'), packet: eisPacket, notice: eisNotice }),
]);
export type EisFile = z.infer<typeof eisFile>;
