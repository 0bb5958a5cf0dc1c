import { z } from 'zod';
import { FormatError, withFormatErrors } from '../errors';
import { codeName, decimalString, isoDateTime } from '../schemas';
import { validateResult } from '../validate';
import { parseXml, type XmlNode } from '../xml';
import { child, childNodes, path, text } from '../xml-read';
import { toDecimal, toIntOrNull, xsdBoolOrNull, xsdDateTimeOrNull } from '../values';

/**
 * The 44-ФЗ план-график as ЕИС gives it out: `export/tenderPlan2020` of fcsExport.xsd, its content in the TPtypes
 * namespace (http://zakupki.gov.ru/oos/TPtypes/1, IntegrationTPTypes.xsd `tenderPlan2020Type`, scheme 13.x; the XSD
 * set and a real export are in rezident1989/portal44_xml, see fixtures/README.md). Positions are `positions/position`
 * (commonInfo + financeInfo + KVRsInfo…) and the «особые закупки» `specialPurchasePositions/specialPurchasePosition`
 * (п. 4, 5, 23, 42, 44, 45 ч. 1 ст. 93…), which carry the same number, ИКЗ, КВР and finance directly.
 */

export const tenderPlanFinance = z.object({
  total: decimalString,
  currentYear: decimalString,
  firstYear: decimalString,
  secondYear: decimalString,
  subsecYears: decimalString,
});
export type TenderPlanFinance = z.infer<typeof tenderPlanFinance>;

export const tenderPlanPosition = z.object({
  /** 24 digits: the plan's number and the position's ordinal (tenderPlan2020PositonNumberType) */
  positionNumber: z.string(),
  extNumber: z.string().nullable(),
  /** 36 digits (base:ikzCodeType) */
  ikz: z.string().nullable(),
  iku: z.string().nullable(),
  publishYear: z.number().int().nullable(),
  /** four digits: the purchase's number within the plan (ИКЗ digits 23–26) */
  purchaseNumber: z.string().nullable(),
  okpd2: z.array(codeName),
  kvr: z.array(codeName),
  purchaseObject: z.string().nullable(),
  canceled: z.boolean(),
  /** an «особая закупка» (specialPurchasePosition) and its kind, e.g. P4_1_93 */
  special: codeName.nullable(),
  finance: tenderPlanFinance,
});
export type TenderPlanPosition = z.infer<typeof tenderPlanPosition>;

export const tenderPlan = z.object({
  /** ЕИС's id of the document */
  id: z.string().nullable(),
  /** 18 digits */
  planNumber: z.string(),
  versionNumber: z.number().int(),
  planYear: z.number().int(),
  firstYear: z.number().int().nullable(),
  secondYear: z.number().int().nullable(),
  createDate: isoDateTime.nullable(),
  confirmDate: isoDateTime.nullable(),
  publishDate: isoDateTime.nullable(),
  customer: z.object({
    regNum: z.string().nullable(),
    fullName: z.string().nullable(),
    inn: z.string().nullable(),
    kpp: z.string().nullable(),
  }),
  positions: z.array(tenderPlanPosition),
  totals: tenderPlanFinance.nullable(),
});
export type TenderPlan = z.infer<typeof tenderPlan>;

const WHAT = 'ЕИС 44-ФЗ (план-график)';
/** Pretty-printed exports break long names over lines: one space each. */
const squeeze = (s: string | null) => (s === null ? null : s.replace(/\s+/g, ' ').trim() || null);
const money = (n: XmlNode | undefined, name: string, field: string) => {
  const raw = text(n, name);
  return raw === null ? '0' : toDecimal(raw, field);
};

function finance(n: XmlNode | undefined, where: string): TenderPlanFinance {
  return {
    total: money(n, 'total', `${where}/total`),
    currentYear: money(n, 'currentYear', `${where}/currentYear`),
    firstYear: money(n, 'firstYear', `${where}/firstYear`),
    secondYear: money(n, 'secondYear', `${where}/secondYear`),
    subsecYears: money(n, 'subsecYears', `${where}/subsecYears`),
  };
}

/** OKPD2Info is a choice: one code, `undefined` (not applicable), or OKPD2s/OKPD2Info+. */
function okpd2Of(common: XmlNode | undefined): z.infer<typeof codeName>[] {
  const infos = [...childNodes(common, 'OKPD2Info'), ...childNodes(child(common, 'OKPD2s'), 'OKPD2Info')];
  return infos.flatMap((i) => {
    const code = text(i, 'OKPDCode');
    return code ? [{ code, name: squeeze(text(i, 'OKPDName')) }] : [];
  });
}

function kvrOf(n: XmlNode | undefined): z.infer<typeof codeName>[] {
  return childNodes(child(n, 'KVRInfo'), 'KVR').flatMap((k) => {
    const code = text(k, 'code');
    return code ? [{ code, name: squeeze(text(k, 'name')) }] : [];
  });
}

/**
 * A position of either kind. An ordinary one keeps its fields in commonInfo; a special one («особая закупка») keeps
 * them at its own level, has no ОКПД2 and is never cancelled, and its object is the name of its kind.
 */
function readPosition(p: XmlNode, kind: 'position' | 'special'): TenderPlanPosition {
  const isSpecial = kind === 'special';
  const at = isSpecial ? 'specialPurchasePosition' : 'position';
  const c = isSpecial ? p : child(p, 'commonInfo');
  const number = text(c, 'positionNumber');
  if (!number)
    throw new FormatError('INVALID_DATA', `У ${isSpecial ? 'особой закупки' : 'позиции'} плана-графика нет номера (positionNumber)`);
  const type = child(p, 'type');
  const special = isSpecial ? { code: text(type, 'code') ?? '', name: squeeze(text(type, 'name')) } : null;
  return {
    positionNumber: number,
    extNumber: text(c, 'extNumber'),
    ikz: text(c, 'IKZ'),
    iku: text(c, 'IKU'),
    publishYear: toIntOrNull(text(c, 'publishYear'), `${at}/publishYear`),
    purchaseNumber: text(c, 'purchaseNumber'),
    okpd2: isSpecial ? [] : okpd2Of(c),
    kvr: kvrOf(c),
    purchaseObject: special ? special.name : squeeze(text(c, 'purchaseObjectInfo')),
    canceled: !isSpecial && (xsdBoolOrNull(text(c, 'positionCanceled'), `${at}/positionCanceled`) ?? false),
    special,
    finance: finance(child(p, 'financeInfo'), `${at}/financeInfo`),
  };
}

export function readTenderPlan(doc: XmlNode): TenderPlan {
  const common = child(doc, 'commonInfo');
  const number = text(doc, 'planNumber');
  if (!number) throw new FormatError('INVALID_DATA', 'В плане-графике нет номера (planNumber)');
  const year = toIntOrNull(text(common, 'planYear'), 'commonInfo/planYear');
  if (year === null) throw new FormatError('INVALID_DATA', 'В плане-графике нет года (commonInfo/planYear)');
  const customer = child(common, 'customerInfo');
  const indicators = child(doc, 'outcomeIndicators');
  return {
    id: text(doc, 'id'),
    planNumber: number,
    versionNumber: toIntOrNull(text(doc, 'versionNumber'), 'versionNumber') ?? 1,
    planYear: year,
    firstYear: toIntOrNull(text(common, 'planPeriod', 'firstYear'), 'planPeriod/firstYear'),
    secondYear: toIntOrNull(text(common, 'planPeriod', 'secondYear'), 'planPeriod/secondYear'),
    createDate: xsdDateTimeOrNull(text(common, 'createDate'), 'commonInfo/createDate'),
    confirmDate: xsdDateTimeOrNull(text(common, 'confirmDate'), 'commonInfo/confirmDate'),
    publishDate: xsdDateTimeOrNull(text(common, 'publishDate'), 'commonInfo/publishDate'),
    customer: {
      regNum: text(customer, 'regNum'),
      fullName: squeeze(text(customer, 'fullName')),
      inn: text(customer, 'INN'),
      kpp: text(customer, 'KPP'),
    },
    positions: [
      ...childNodes(child(doc, 'positions'), 'position').map((p) => readPosition(p, 'position')),
      ...childNodes(child(doc, 'specialPurchasePositions'), 'specialPurchasePosition').map((p) => readPosition(p, 'special')),
    ],
    totals: child(indicators, 'totalsInfo') ? finance(child(indicators, 'totalsInfo'), 'outcomeIndicators/totalsInfo') : null,
  };
}

/** The tenderPlan2020 inside an export file (or the element itself, as the integration schema has it), or null. */
export function tenderPlanNode(rootName: string, root: XmlNode): XmlNode | null {
  if (rootName === 'tenderPlan2020') return root;
  if (rootName === 'export') return path(root, 'tenderPlan2020') ?? null;
  return null;
}

/** Parses a план-график file; throws FormatError only. */
export function parseTenderPlan(buf: Uint8Array): TenderPlan {
  return withFormatErrors(WHAT, () => {
    const { rootName, root } = parseXml(buf);
    const node = tenderPlanNode(rootName, root);
    if (!node)
      throw new FormatError('NOT_EIS223', 'Файл не является планом-графиком ЕИС 44-ФЗ (tenderPlan2020)', { details: `root <${rootName}>` });
    return validateResult(tenderPlan, readTenderPlan(node), WHAT);
  });
}
