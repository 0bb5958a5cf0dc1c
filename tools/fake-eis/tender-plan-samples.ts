import { Decimal } from 'decimal.js';
import type { DemoCustomer } from './generate-demo';
import {
  demoTenderPlanPositions,
  DEMO_TENDER_PLAN_V2_POSITION,
  type TenderPlanPositionSpec,
} from '../../server/src/modules/demo/demo-tender-plan';

export { demoTenderPlanPositions, type TenderPlanPositionSpec };

/**
 * 44-ФЗ планы-графики (tenderPlan2020) in ЕИС's export format, for the fake ЕИС and the demo. They are written the
 * way the real export in fixtures/eis44/tenderPlan2020_portal44.xml is (rezident1989/portal44_xml; fixtures/README.md):
 * `ns2:export` of fcsExport.xsd, the document in the TPtypes namespace (ns5), codes and names in the base namespace
 * (ns4), positions with commonInfo / financeInfo / KVRsInfo and the «особые закупки» in specialPurchasePositions.
 * The ИКЗ is built as ПП РФ № 1279 and приказ Минфина № 55н say: year (2) + ИКУ (20) + the position's
 * number in the plan (4) + the purchase's number within it (3) + ОКПД2 class and subclass (4) + КВР (3).
 */

export interface TenderPlanSpec {
  /** 11 digits: the customer's code in ЕИС's register of organisations */
  regNum: string;
  year: number;
  version: number;
  /** publication in ЕИС, Moscow time with the offset as ЕИС writes it */
  publishDate: string;
  positions: TenderPlanPositionSpec[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** The customer's ИКУ: the budget level (2 — a subject of the Federation's institution), ИНН and КПП. */
export const ikuOf = (c: DemoCustomer) => `2${c.inn}${c.kpp}`;
export const tenderPlanNumber = (s: Pick<TenderPlanSpec, 'regNum' | 'year'>) => `${s.year}${s.regNum}001`;

/** The ИКЗ of the first purchase placed on the position (001 in digits 27–29); an «особая закупка» keeps 000. */
export function ikzOf(c: DemoCustomer, year: number, p: TenderPlanPositionSpec): string {
  return purchaseIkz(c, year, p, p.special ? '000' : '001');
}

/**
 * The position's own ИКЗ as the план-график carries it: 000 in digits 27–29 (Порядок 55н, п. 5; the real export
 * fixtures/eis44/tenderPlan2020_portal44.xml has …0001 000 3811 244).
 */
export function positionIkzOf(c: DemoCustomer, year: number, p: TenderPlanPositionSpec): string {
  return purchaseIkz(c, year, p, '000');
}

function purchaseIkz(c: DemoCustomer, year: number, p: TenderPlanPositionSpec, n: string): string {
  const okpd = p.okpd2 ? p.okpd2[0].replace(/\./g, '').slice(0, 4) : '0000';
  // an «особая закупка» has no ОКПД2 (as in the real export)
  return `${String(year).slice(2)}${ikuOf(c)}${pad(p.n, 4)}${n}${okpd}${p.kvr[0]}`;
}

const finance = (tag: string, y: TenderPlanPositionSpec['years']) => {
  const total = y.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2);
  return `<ns5:${tag}><ns5:total>${total}</ns5:total><ns5:currentYear>${y[0]}</ns5:currentYear><ns5:firstYear>${y[1]}</ns5:firstYear><ns5:secondYear>${y[2]}</ns5:secondYear><ns5:subsecYears>${y[3]}</ns5:subsecYears></ns5:${tag}>`;
};
const kvr = (k: [string, string]) => `<ns5:KVR><ns4:code>${k[0]}</ns4:code><ns4:name>${esc(k[1])}</ns4:name></ns5:KVR>`;
const kvrs = (p: TenderPlanPositionSpec) =>
  `<ns5:KVRsInfo><ns5:KVRInfo>${kvr(p.kvr)}${finance('KVRYearsInfo', p.years)}</ns5:KVRInfo></ns5:KVRsInfo>`;

function position(c: DemoCustomer, s: TenderPlanSpec, p: TenderPlanPositionSpec): string {
  const number = `${tenderPlanNumber(s)}${pad(p.n, 6)}`;
  const common = `<ns5:positionNumber>${number}</ns5:positionNumber><ns5:extNumber>${4235900 + p.n}</ns5:extNumber><ns5:IKZ>${positionIkzOf(c, s.year, p)}</ns5:IKZ><ns5:publishYear>${s.year}</ns5:publishYear><ns5:IKU>${ikuOf(c)}</ns5:IKU>`;
  if (p.special) {
    return `<ns5:specialPurchasePosition><ns5:type><ns5:code>${p.special[0]}</ns5:code><ns5:name>${esc(p.special[1])}</ns5:name></ns5:type>${common}<ns5:KVRInfo>${kvr(p.kvr)}</ns5:KVRInfo><ns5:purchaseNumber>${pad(p.n, 4)}</ns5:purchaseNumber>${finance('financeInfo', p.years)}${kvrs(p)}</ns5:specialPurchasePosition>`;
  }
  const okpd = p.okpd2
    ? `<ns5:OKPD2Info><ns4:OKPDCode>${p.okpd2[0]}</ns4:OKPDCode><ns4:OKPDName>${esc(p.okpd2[1])}</ns4:OKPDName></ns5:OKPD2Info>`
    : '<ns5:OKPD2Info><ns5:undefined>true</ns5:undefined></ns5:OKPD2Info>';
  return (
    `<ns5:position><ns5:commonInfo>${common}<ns5:purchaseNumber>${pad(p.n, 4)}</ns5:purchaseNumber>${okpd}<ns5:KVRInfo>${kvr(p.kvr)}</ns5:KVRInfo>` +
    `<ns5:purchaseObjectInfo>${esc(p.subject)}</ns5:purchaseObjectInfo><ns5:publicDiscussion>false</ns5:publicDiscussion><ns5:positionCanceled>false</ns5:positionCanceled></ns5:commonInfo>` +
    `${finance('financeInfo', p.years)}${kvrs(p)}<ns5:isEnergyServiceContract>false</ns5:isEnergyServiceContract></ns5:position>`
  );
}

export function tenderPlanXml(c: DemoCustomer, s: TenderPlanSpec): string {
  const sum = (i: number) => s.positions.reduce((a, p) => a.plus(p.years[i]), new Decimal(0)).toFixed(2);
  const years: TenderPlanPositionSpec['years'] = [sum(0), sum(1), sum(2), sum(3)];
  const org = `<ns5:regNum>${s.regNum}</ns5:regNum><ns5:fullName>${esc(c.name)}</ns5:fullName><ns5:INN>${c.inn}</ns5:INN><ns5:KPP>${c.kpp}</ns5:KPP>`;
  const regular = s.positions.filter((p) => !p.special);
  const special = s.positions.filter((p) => p.special);
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ns2:export xmlns="http://zakupki.gov.ru/oos/types/1" xmlns:ns2="http://zakupki.gov.ru/oos/export/1" xmlns:ns4="http://zakupki.gov.ru/oos/base/1" xmlns:ns3="http://zakupki.gov.ru/oos/common/1" xmlns:ns5="http://zakupki.gov.ru/oos/TPtypes/1">` +
    `<ns2:tenderPlan2020 schemeVersion="13.1"><ns5:id>${11071000 + s.version}</ns5:id><ns5:planNumber>${tenderPlanNumber(s)}</ns5:planNumber><ns5:versionNumber>${s.version}</ns5:versionNumber>` +
    `<ns5:commonInfo><ns5:planYear>${s.year}</ns5:planYear><ns5:planPeriod><ns5:firstYear>${s.year + 1}</ns5:firstYear><ns5:secondYear>${s.year + 2}</ns5:secondYear></ns5:planPeriod>` +
    `<ns5:createDate>${s.publishDate}</ns5:createDate><ns5:confirmDate>${s.publishDate.slice(0, 19)}</ns5:confirmDate><ns5:publishDate>${s.publishDate}</ns5:publishDate>` +
    `<ns5:customerInfo>${org}</ns5:customerInfo><ns5:ownerInfo>${org}<ns5:ownerRole>CU</ns5:ownerRole></ns5:ownerInfo></ns5:commonInfo>` +
    (regular.length ? `<ns5:positions>${regular.map((p) => position(c, s, p)).join('')}</ns5:positions>` : '') +
    (special.length
      ? `<ns5:specialPurchasePositions>${special.map((p) => position(c, s, p)).join('')}</ns5:specialPurchasePositions>`
      : '') +
    `<ns5:outcomeIndicators>${finance('totalsInfo', years)}</ns5:outcomeIndicators>` +
    `</ns2:tenderPlan2020></ns2:export>`
  );
}

/** The план-график of `year` published on 20 December of the year before, and its second version on 10 February. */
export function demoTenderPlans(c: DemoCustomer, regNum: string, year: number): Array<{ xml: string; day: string }> {
  const positions = demoTenderPlanPositions();
  const v1 = {
    regNum,
    year,
    version: 1,
    publishDate: `${year - 1}-12-20T10:00:00+03:00`,
    positions: positions.slice(0, 5).concat(positions[5]),
  };
  const v2 = {
    ...v1,
    version: 2,
    publishDate: `${year}-02-10T11:30:00+03:00`,
    positions: [...v1.positions, DEMO_TENDER_PLAN_V2_POSITION],
  };
  return [v1, v2].map((s) => ({ xml: tenderPlanXml(c, s), day: s.publishDate.slice(0, 10) }));
}
