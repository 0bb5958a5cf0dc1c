import { z } from 'zod';
import { FormatError, withFormatErrors } from '../errors';
import { codeName, decimalString, isoDate, isoDateTime } from '../schemas';
import { validateResult } from '../validate';
import { parseXml, type XmlNode } from '../xml';
import { child, childNodes, path, text } from '../xml-read';
import { toDecimalOrNull, toIntOrNull, xsdDateTimeOrNull, xsdDateToIsoOrNull } from '../values';

/**
 * 44-ФЗ notices and final protocols as ЕИС gives them out (`export/<root>` of fcsExport.xsd, the content in the EPtypes
 * namespace, IntegrationEPTypes.xsd scheme 14.1: notificationEF2020Type, notificationEZK2020Type,
 * notificationEOK2020Type, protocolEF2020FinalType, protocolEZK2020FinalType, protocolEOK2020FinalType; the XSD set
 * and real packages are in rezident1989/portal44_xml, see fixtures/README.md). The three notices share their shape:
 * commonInfo (purchaseNumber, publishDTInEIS, placingWay, ETP, purchaseObjectInfo), purchaseResponsibleInfo
 * (responsibleOrgInfo regNum/INN, responsibleRole), notificationInfo (procedureInfo dates, contractConditionsInfo/
 * maxPriceInfo {maxPrice, currency}, customerRequirementsInfo/customerRequirementInfo+ {customer, contractConditionsInfo/
 * IKZInfo/purchaseCode, tenderPlan2020Info/position2020Number}). The final protocols carry protocolInfo/
 * applicationsInfo/applicationInfo+ {commonInfo/appNumber+appDT, the price (finalPrice; the аукцион's lastPriceOffer;
 * the конкурс's single admitted application's singleAppAdmittedInfo/finalPrice), admittedInfo: appAdmittedInfo/
 * appRating, singleAppAdmittedInfo, or appNotAdmittedInfo/appRejectedReasonsInfo/appRejectedReasonInfo+ {rejectReason
 * {code, name}, explanation}} and protocolInfo/abandonedReason when the purchase failed. The participants' names are
 * only in the «…FinalPart» protocols ЕИС serves apart (subsystem PRIZP, «протоколы со сведениями об участниках»,
 * getDocsIP-ws-api.xsd 14.1), so a winner here is its application number and price.
 */

export const NOTICE44_ROOTS = ['epNotificationEF2020', 'epNotificationEZK2020', 'epNotificationEOK2020'] as const;
export const PROTOCOL44_ROOTS = ['epProtocolEF2020Final', 'epProtocolEZK2020Final', 'epProtocolEOK2020Final'] as const;
export type Notice44Root = (typeof NOTICE44_ROOTS)[number] | (typeof PROTOCOL44_ROOTS)[number];
const ROOTS: ReadonlySet<string> = new Set([...NOTICE44_ROOTS, ...PROTOCOL44_ROOTS]);

/** The purchase method each notice is: электронный аукцион, запрос котировок, открытый конкурс (ст. 24 44-ФЗ). */
export const NOTICE44_METHODS: Record<Notice44Root, 'auction_e' | 'quotation_e' | 'competition_e'> = {
  epNotificationEF2020: 'auction_e',
  epProtocolEF2020Final: 'auction_e',
  epNotificationEZK2020: 'quotation_e',
  epProtocolEZK2020Final: 'quotation_e',
  epNotificationEOK2020: 'competition_e',
  epProtocolEOK2020Final: 'competition_e',
};

const org = z.object({ regNum: z.string().nullable(), inn: z.string().nullable(), fullName: z.string().nullable() });

const money = decimalString.nullable();
export const notice44Lot = z.object({
  /** 36 digits: the ИКЗ (IKZInfo/purchaseCode) */
  ikz: z.string().nullable(),
  /** the customer's ИКУ (IKZInfo/customerCode; else digits 3–22 of the ИКЗ): level, ИНН and КПП of the customer */
  iku: z.string().nullable(),
  /** the customer's finance by year (contractExecutionPaymentPlan/financingSourcesInfo) */
  finance: z
    .object({
      year: z.number().int().nullable(),
      total: money,
      currentYear: money,
      firstYear: money,
      secondYear: money,
      subsecYears: money,
    })
    .nullable(),
  /** the план-график position it comes from (tenderPlan2020Info/position2020Number) */
  planPositionNumber: z.string().nullable(),
  customer: org,
  maxPrice: decimalString.nullable(),
});

export const notice44 = z.object({
  kind: z.literal('notice'),
  documentType: z.enum(NOTICE44_ROOTS),
  id: z.string().nullable(),
  /** 19 digits: the purchase's registry number */
  purchaseNumber: z.string(),
  versionNumber: z.number().int(),
  publishedAt: isoDateTime.nullable(),
  placingWay: codeName.nullable(),
  etp: z.object({ code: z.string(), name: z.string().nullable(), url: z.string().nullable() }).nullable(),
  object: z.string().nullable(),
  placer: org.extend({ role: z.string().nullable() }),
  maxPrice: decimalString.nullable(),
  currency: z.string().nullable(),
  applicationsStart: isoDateTime.nullable(),
  applicationsEnd: isoDateTime.nullable(),
  /** the day the results are summed up (summarizingDate) */
  summarizingDate: isoDate.nullable(),
  lots: z.array(notice44Lot),
  /** the objects (purchaseObjectsInfo/notDrugPurchaseObjectsInfo/purchaseObject, drugPurchaseObjectsInfo/…) */
  objects: z.array(
    z.object({
      name: z.string().nullable(),
      okpd2: z.string().nullable(),
      ktru: z.string().nullable(),
      okei: z.string().nullable(),
      quantity: money,
      price: money,
      sum: money,
    }),
  ),
  href: z.string().nullable(),
});
export type Notice44 = z.infer<typeof notice44>;

export const protocol44RejectReason = z.object({
  code: z.string().nullable(),
  name: z.string().nullable(),
  explanation: z.string().nullable(),
});

export const protocol44Application = z.object({
  appNumber: z.string(),
  /** when the application was filed (commonInfo/appDT) */
  appDate: isoDateTime.nullable(),
  price: decimalString.nullable(),
  rating: z.number().int().nullable(),
  admitted: z.boolean(),
  /** why the commission refused it (appNotAdmittedInfo) */
  rejectReasons: z.array(protocol44RejectReason),
});

export const protocol44 = z.object({
  kind: z.literal('protocol'),
  documentType: z.enum(PROTOCOL44_ROOTS),
  id: z.string().nullable(),
  purchaseNumber: z.string(),
  versionNumber: z.number().int(),
  docNumber: z.string().nullable(),
  publishedAt: isoDateTime.nullable(),
  /** the protocol's date: its signing, else the procedure's day */
  protocolDate: isoDate.nullable(),
  publisher: org,
  applications: z.array(protocol44Application),
  /** the application rated first */
  winner: protocol44Application.nullable(),
  /** why the purchase failed (protocolInfo/abandonedReason), e.g. a single application or none */
  abandonedReason: z.string().nullable(),
});
export type Protocol44 = z.infer<typeof protocol44>;

export const eis44Purchase = z.discriminatedUnion('kind', [notice44, protocol44]);
export type Eis44Purchase = z.infer<typeof eis44Purchase>;

const WHAT = 'ЕИС 44-ФЗ (извещение, протокол)';
const squeeze = (s: string | null) => (s === null ? null : s.replace(/\s+/g, ' ').trim() || null);

const orgOf = (n: XmlNode | undefined) => ({ regNum: text(n, 'regNum'), inn: text(n, 'INN'), fullName: squeeze(text(n, 'fullName')) });

const dec = (n: XmlNode | undefined, name: string, field: string) => toDecimalOrNull(text(n, name), field);

function readLot(r: XmlNode): z.infer<typeof notice44Lot> {
  const cond = child(r, 'contractConditionsInfo');
  const ikz = text(cond, 'IKZInfo', 'purchaseCode');
  const iku = text(cond, 'IKZInfo', 'customerCode') ?? (ikz && /^\d{36}$/.test(ikz) ? ikz.slice(2, 22) : null);
  const sources = path(cond, 'contractExecutionPaymentPlan', 'financingSourcesInfo');
  const fin = child(sources, 'financeInfo');
  return {
    ikz,
    iku,
    finance: fin
      ? {
          year: toIntOrNull(text(sources, 'currentYear'), 'financingSourcesInfo/currentYear'),
          total: dec(fin, 'total', 'financeInfo/total'),
          currentYear: dec(fin, 'currentYear', 'financeInfo/currentYear'),
          firstYear: dec(fin, 'firstYear', 'financeInfo/firstYear'),
          secondYear: dec(fin, 'secondYear', 'financeInfo/secondYear'),
          subsecYears: dec(fin, 'subsecYears', 'financeInfo/subsecYears'),
        }
      : null,
    planPositionNumber: text(cond, 'tenderPlan2020Info', 'position2020Number'),
    customer: orgOf(child(r, 'customer')),
    maxPrice: toDecimalOrNull(text(cond, 'maxPriceInfo', 'maxPrice'), 'customerRequirementInfo/maxPrice'),
  };
}

/**
 * The notice's objects: notDrugPurchaseObjectsInfo/purchaseObject {OKPD2 | KTRU (with its OKPD2), name, OKEI, price,
 * quantity/value, sum} and drugPurchaseObjectsInfo/drugPurchaseObjectInfo {the МНН, drugQuantity, pricePerUnit,
 * positionPrice} (notificationEF2020Type, IntegrationEPTypes.xsd 14.1).
 */
function readObjects(info: XmlNode | undefined): Notice44['objects'] {
  const plain = childNodes(child(info, 'notDrugPurchaseObjectsInfo'), 'purchaseObject').map((o) => {
    const ktru = child(o, 'KTRU');
    const okpd = child(o, 'OKPD2') ?? child(ktru, 'OKPD2');
    return {
      name: squeeze(text(o, 'name')) ?? squeeze(text(ktru, 'name')),
      okpd2: text(okpd, 'OKPDCode') ?? text(okpd, 'code'),
      ktru: text(ktru, 'code'),
      okei: squeeze(text(o, 'OKEI', 'nationalCode') ?? text(o, 'OKEI', 'name')),
      quantity: dec(child(o, 'quantity'), 'value', 'purchaseObject/quantity/value') ?? dec(o, 'quantity', 'purchaseObject/quantity'),
      price: dec(o, 'price', 'purchaseObject/price'),
      sum: dec(o, 'sum', 'purchaseObject/sum'),
    };
  });
  const drugs = childNodes(child(info, 'drugPurchaseObjectsInfo'), 'drugPurchaseObjectInfo').map((o) => {
    const drug = path(o, 'objectInfoUsingReferenceInfo', 'drugsInfo', 'drugInfo');
    return {
      name: squeeze(text(drug, 'MNNInfo', 'MNNName')),
      okpd2: null,
      ktru: null,
      okei: squeeze(text(drug, 'dosageInfo', 'dosageUserOKEI', 'nationalCode')),
      quantity: dec(drug, 'drugQuantity', 'drugInfo/drugQuantity'),
      price: dec(o, 'pricePerUnit', 'drugPurchaseObjectInfo/pricePerUnit'),
      sum: dec(o, 'positionPrice', 'drugPurchaseObjectInfo/positionPrice'),
    };
  });
  return [...plain, ...drugs];
}

function readNotice44(doc: XmlNode, root: (typeof NOTICE44_ROOTS)[number]): Notice44 {
  const common = child(doc, 'commonInfo');
  const number = text(common, 'purchaseNumber');
  if (!number) throw new FormatError('INVALID_DATA', 'В извещении нет номера закупки (commonInfo/purchaseNumber)');
  const info = child(doc, 'notificationInfo');
  const procedure = child(info, 'procedureInfo');
  const price = path(info, 'contractConditionsInfo', 'maxPriceInfo');
  const responsible = child(doc, 'purchaseResponsibleInfo');
  const etp = child(common, 'ETP');
  const placing = child(common, 'placingWay');
  return {
    kind: 'notice',
    documentType: root,
    id: text(doc, 'id'),
    purchaseNumber: number,
    versionNumber: toIntOrNull(text(doc, 'versionNumber'), 'versionNumber') ?? 1,
    publishedAt: xsdDateTimeOrNull(text(common, 'publishDTInEIS'), 'commonInfo/publishDTInEIS'),
    placingWay: placing ? { code: text(placing, 'code') ?? '', name: squeeze(text(placing, 'name')) } : null,
    etp: etp ? { code: text(etp, 'code') ?? '', name: squeeze(text(etp, 'name')), url: text(etp, 'url') } : null,
    object: squeeze(text(common, 'purchaseObjectInfo')),
    placer: { ...orgOf(child(responsible, 'responsibleOrgInfo')), role: text(responsible, 'responsibleRole') },
    maxPrice: toDecimalOrNull(text(price, 'maxPrice'), 'maxPriceInfo/maxPrice'),
    currency: text(price, 'currency', 'code'),
    applicationsStart: xsdDateTimeOrNull(text(procedure, 'collectingInfo', 'startDT'), 'collectingInfo/startDT'),
    applicationsEnd: xsdDateTimeOrNull(text(procedure, 'collectingInfo', 'endDT'), 'collectingInfo/endDT'),
    summarizingDate: xsdDateToIsoOrNull(text(procedure, 'summarizingDate'), 'procedureInfo/summarizingDate'),
    lots: childNodes(child(info, 'customerRequirementsInfo'), 'customerRequirementInfo').map(readLot),
    objects: readObjects(child(info, 'purchaseObjectsInfo')),
    href: squeeze(text(common, 'href')),
  };
}

function readApplication(a: XmlNode): z.infer<typeof protocol44Application> | null {
  const number = text(a, 'commonInfo', 'appNumber');
  if (!number) return null;
  const admitted = path(a, 'admittedInfo', 'appAdmittedInfo');
  // EOK/EZK protocols name a single admitted application singleAppAdmittedInfo
  const single = path(a, 'admittedInfo', 'singleAppAdmittedInfo');
  const refused = path(a, 'admittedInfo', 'appNotAdmittedInfo', 'appRejectedReasonsInfo');
  return {
    appNumber: number,
    appDate: xsdDateTimeOrNull(text(a, 'commonInfo', 'appDT'), 'applicationInfo/commonInfo/appDT'),
    price: toDecimalOrNull(
      text(a, 'finalPrice') ?? text(a, 'lastPriceOffer', 'price') ?? text(single, 'finalPrice'),
      'applicationInfo/finalPrice',
    ),
    rating: toIntOrNull(text(admitted, 'appRating'), 'appAdmittedInfo/appRating') ?? (single ? 1 : null),
    admitted: Boolean(admitted || single),
    rejectReasons: childNodes(refused, 'appRejectedReasonInfo').map((r) => ({
      code: text(r, 'rejectReason', 'code'),
      name: squeeze(text(r, 'rejectReason', 'name')),
      explanation: squeeze(text(r, 'explanation')),
    })),
  };
}

function readProtocol44(doc: XmlNode, root: (typeof PROTOCOL44_ROOTS)[number]): Protocol44 {
  const common = child(doc, 'commonInfo');
  const number = text(common, 'purchaseNumber');
  if (!number) throw new FormatError('INVALID_DATA', 'В протоколе нет номера закупки (commonInfo/purchaseNumber)');
  const applications = childNodes(path(doc, 'protocolInfo', 'applicationsInfo'), 'applicationInfo').flatMap((a) => {
    const r = readApplication(a);
    return r ? [r] : [];
  });
  return {
    kind: 'protocol',
    documentType: root,
    id: text(doc, 'id'),
    purchaseNumber: number,
    versionNumber: toIntOrNull(text(doc, 'versionNumber'), 'versionNumber') ?? 1,
    docNumber: text(common, 'docNumber'),
    publishedAt: xsdDateTimeOrNull(text(common, 'publishDTInEIS'), 'commonInfo/publishDTInEIS'),
    protocolDate:
      xsdDateToIsoOrNull(text(common, 'signDT'), 'commonInfo/signDT') ??
      xsdDateToIsoOrNull(text(common, 'procedureDT'), 'commonInfo/procedureDT'),
    publisher: orgOf(path(doc, 'protocolPublisherInfo', 'publisherOrg')),
    applications,
    winner: applications.find((a) => a.admitted && a.rating === 1) ?? null,
    abandonedReason: squeeze(
      text(path(doc, 'protocolInfo', 'abandonedReason'), 'name') ?? text(path(doc, 'protocolInfo', 'abandonedReason'), 'code'),
    ),
  };
}

/** The notice or final protocol inside an export file (or the bare element), with its root's name; or null. */
export function eis44PurchaseNode(rootName: string, root: XmlNode): { node: XmlNode; root: Notice44Root } | null {
  if (ROOTS.has(rootName)) return { node: root, root: rootName as Notice44Root };
  if (rootName !== 'export') return null;
  for (const r of ROOTS) {
    const node = child(root, r);
    if (node) return { node, root: r as Notice44Root };
  }
  return null;
}

export function readEis44Purchase(node: XmlNode, root: Notice44Root): Eis44Purchase {
  return (NOTICE44_ROOTS as readonly string[]).includes(root)
    ? readNotice44(node, root as (typeof NOTICE44_ROOTS)[number])
    : readProtocol44(node, root as (typeof PROTOCOL44_ROOTS)[number]);
}

/** Parses a 44-ФЗ notice or final protocol file; throws FormatError only. */
export function parseEis44Purchase(buf: Uint8Array): Eis44Purchase {
  return withFormatErrors(WHAT, () => {
    const { rootName, root } = parseXml(buf);
    const found = eis44PurchaseNode(rootName, root);
    if (!found)
      throw new FormatError('NOT_EIS223', 'Файл не является извещением или протоколом ЕИС 44-ФЗ', { details: `root <${rootName}>` });
    return validateResult(eis44Purchase, readEis44Purchase(found.node, found.root), WHAT);
  });
}
