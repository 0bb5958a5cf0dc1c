import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../server/src/paths';
import type { DemoCustomer } from './generate-demo';
import { demoTenderPlanPositions, ikuOf, ikzOf, tenderPlanNumber } from './tender-plan-samples';

/**
 * 44-ФЗ notices and final protocols (PRIZ) for the fake ЕИС and the demo, made from the real packages in fixtures/eis44
 * (rezident1989/portal44_xml, valid against ЕИС's fcsExport.xsd 14.1; fixtures/README.md) by putting the demo 44
 * customer's purchase in place of theirs: number, dates, the placer, НМЦК, ИКЗ and the план-график position — the
 * rest of each package (its sections, order and namespaces) stays as ЕИС wrote it. The ИКЗ is the position's of
 * tender-plan-samples.ts, which is how ЕИС ties a notice to its план-график position (IKZInfo/purchaseCode and
 * tenderPlan2020Info/position2020Number, notificationEF2020Type).
 */

const fixture = (name: string) => fs.readFileSync(path.join(REPO_ROOT, 'fixtures/eis44', name), 'utf8');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const pad = (n: number, w: number) => String(n).padStart(w, '0');

export interface Notice44Sample {
  xml: string;
  /** documentType44: the root element's name */
  documentType: string;
  /** the day it went out in ЕИС, as СОИ's exactDate selects it */
  day: string;
  purchaseNumber: string;
  ikz: string;
}

/** A purchase number of ЕИС: the placer's register code (11), the year's two digits, and an ordinal (6). */
export const purchaseNumberOf = (regNum: string, year: number, n: number) => `0${regNum.slice(1)}${String(year).slice(2)}${pad(n, 6)}`;

export interface Spec {
  c: DemoCustomer;
  regNum: string;
  year: number;
  /** the план-график position (tender-plan-samples.ts) */
  position: number;
  purchaseNumber: string;
  maxPrice: string;
  publish: string;
  end: string;
  summarizing: string;
}

/** The customer's own values in place of the sample's, everywhere they occur. */
function common(xml: string, s: Spec, subject: string) {
  return xml
    .replace(/<ns9:purchaseNumber>\d{19}<\/ns9:purchaseNumber>/g, `<ns9:purchaseNumber>${s.purchaseNumber}</ns9:purchaseNumber>`)
    .replace(/<ns9:docNumber>№\d{19}<\/ns9:docNumber>/, `<ns9:docNumber>№${s.purchaseNumber}</ns9:docNumber>`)
    .replace(/<ns9:purchaseObjectInfo>[^<]*<\/ns9:purchaseObjectInfo>/, `<ns9:purchaseObjectInfo>${esc(subject)}</ns9:purchaseObjectInfo>`)
    .replace(/<(ns\d):regNum>\d{11}<\/\1:regNum>/g, (_m, ns: string) => `<${ns}:regNum>${s.regNum}</${ns}:regNum>`)
    .replace(/<(ns\d):fullName>[^<]*<\/\1:fullName>/g, (_m, ns: string) => `<${ns}:fullName>${esc(s.c.name)}</${ns}:fullName>`)
    .replace(/<ns9:shortName>[^<]*<\/ns9:shortName>/, `<ns9:shortName>${esc(s.c.name)}</ns9:shortName>`)
    .replace(/<ns9:INN>\d+<\/ns9:INN>/, `<ns9:INN>${s.c.inn}</ns9:INN>`)
    .replace(/<ns9:KPP>\d+<\/ns9:KPP>/, `<ns9:KPP>${s.c.kpp}</ns9:KPP>`);
}

function noticeXml(file: string, s: Spec): Notice44Sample {
  const p = demoTenderPlanPositions().find((x) => x.n === s.position)!;
  const ikz = ikzOf(s.c, s.year, p);
  const plan = tenderPlanNumber({ regNum: s.regNum, year: s.year });
  const okpd = p.okpd2 ?? ['00.00', 'Не определено'];
  const xml = common(fixture(file), s, p.subject)
    .replace(/<ns9:plannedPublishDate>[^<]*</, `<ns9:plannedPublishDate>${s.publish.slice(0, 10)}+03:00<`)
    .replace(/<ns9:publishDTInEIS>[^<]*</, `<ns9:publishDTInEIS>${s.publish}<`)
    .replace(/<ns9:startDT>[^<]*</, `<ns9:startDT>${s.publish}<`)
    .replace(/<ns9:endDT>[^<]*</, `<ns9:endDT>${s.end}<`)
    .replace(/<ns9:biddingDate>[^<]*</, `<ns9:biddingDate>${s.end.slice(0, 10)}+03:00<`)
    .replace(/<ns9:summarizingDate>[^<]*</, `<ns9:summarizingDate>${s.summarizing}<`)
    .replace(/<ns9:maxPrice>[^<]*</g, `<ns9:maxPrice>${s.maxPrice}<`)
    .replace(/<ns9:purchaseCode>\d{36}</, `<ns9:purchaseCode>${ikz}<`)
    .replace(/<ns9:publishYear>\d{4}</, `<ns9:publishYear>${s.year}<`)
    .replace(/<ns9:customerCode>\d{20}</, `<ns9:customerCode>${ikuOf(s.c)}<`)
    .replace(
      /(<ns9:IKZInfo>[\s\S]*?)<ns4:OKPDCode>[^<]*<\/ns4:OKPDCode>\s*<ns4:OKPDName>[^<]*</,
      `$1<ns4:OKPDCode>${okpd[0]}</ns4:OKPDCode><ns4:OKPDName>${esc(okpd[1])}<`,
    )
    .replace(/(<ns9:IKZInfo>[\s\S]*?<ns9:purchaseNumber>)\d{4}</, `$1${pad(p.n, 4)}<`)
    .replace(/<ns3:plan2020Number>\d{18}</, `<ns3:plan2020Number>${plan}<`)
    .replace(/<ns3:position2020Number>\d{24}</, `<ns3:position2020Number>${plan}${pad(p.n, 6)}<`)
    .replace(/regNumber=\d{19}/g, `regNumber=${s.purchaseNumber}`);
  const documentType = /<ns2:(\w+) schemeVersion/.exec(xml)![1];
  return { xml, documentType, day: s.publish.slice(0, 10), purchaseNumber: s.purchaseNumber, ikz };
}

/**
 * The final protocol: the sample's three applications in their order, rated as in the sample, with this purchase's
 * prices in place of the sample's (the first one's the winner's, rated first; the others' below the НМЦК as well).
 */
function protocolXml(s: Spec, day: string, winnerPrice: string, others: [string, string]): Notice44Sample {
  const p = demoTenderPlanPositions().find((x) => x.n === s.position)!;
  const xml = common(fixture('epProtocolEF2020Final_portal44.xml'), s, p.subject)
    .replace(/<ns9:publishDTInEIS>[^<]*</, `<ns9:publishDTInEIS>${day}T15:47:00+03:00<`)
    .replace(/<ns9:publishDTInETP>[^<]*</, `<ns9:publishDTInETP>${day}T15:46:31+03:00<`)
    .replace(/<ns9:procedureDT>[^<]*</, `<ns9:procedureDT>${day}T00:00:00+03:00<`)
    .replace(/<ns9:signDT>[^<]*</, `<ns9:signDT>${day}+03:00<`)
    // the applications were filed while the notice collected them, the last price offered on the day of bidding
    .replace(/<ns9:appDT>2022-06-06T19:54:02\+03:00</, `<ns9:appDT>${s.end.slice(0, 10)}T08:54:02+03:00<`)
    .replace(/<ns9:appDT>2022-06-04T12:44:17\+03:00</, `<ns9:appDT>${s.publish.slice(0, 10)}T12:44:17+03:00<`)
    .replace(/<ns9:appDT>2022-06-06T15:28:40\+03:00</, `<ns9:appDT>${s.end.slice(0, 10)}T07:28:40+03:00<`)
    .replace(/<ns9:date>2022-06-08T10:03:23\+03:00</, `<ns9:date>${s.end.slice(0, 10)}T10:03:23+03:00<`)
    .replace(/<ns9:finalPrice>1526758.74</, `<ns9:finalPrice>${winnerPrice}<`)
    .replace(/<ns9:price>1526758.74</, `<ns9:price>${winnerPrice}<`)
    .replace(/<ns9:finalPrice>1534430.9</, `<ns9:finalPrice>${others[0]}<`)
    .replace(/<ns9:finalPrice>1534430.9</, `<ns9:finalPrice>${others[1]}<`);
  return { xml, documentType: 'epProtocolEF2020Final', day, purchaseNumber: s.purchaseNumber, ikz: ikzOf(s.c, s.year, p) };
}

/**
 * The demo 44 customer's purchases of the year: an электронный аукцион for position 1 (paper) with its final protocol,
 * and an открытый конкурс for position 3 (the roof) still collecting applications.
 */
export function demoNotices44(c: DemoCustomer, regNum: string, year: number): Notice44Sample[] {
  const auction: Spec = {
    c,
    regNum,
    year,
    position: 1,
    purchaseNumber: purchaseNumberOf(regNum, year, 1),
    maxPrice: '350000.00',
    publish: `${year}-02-16T10:00:00+03:00`,
    end: `${year}-02-26T09:00:00+03:00`,
    summarizing: `${year}-03-02`,
  };
  const contest: Spec = {
    c,
    regNum,
    year,
    position: 3,
    purchaseNumber: purchaseNumberOf(regNum, year, 2),
    maxPrice: '1200000.00',
    publish: `${year}-03-10T10:00:00+03:00`,
    end: `${year}-03-25T09:00:00+03:00`,
    summarizing: `${year}-03-30`,
  };
  return [
    noticeXml('epNotificationEF2020_portal44.xml', auction),
    protocolXml(auction, auction.summarizing, '315000.00', ['322000.00', '329500.00']),
    noticeXml('epNotificationEOK2020_portal44.xml', contest),
  ];
}

/** An authorised body or institution that places purchases for customers (ст. 26 44-ФЗ). */
export interface Placer {
  regNum: string;
  inn: string;
  kpp: string;
  name: string;
  /** responsibleRoleEPType of ЕИС's BaseTypes.xsd: RA — уполномоченный орган, AI — уполномоченное учреждение */
  role: 'RA' | 'AI';
}

/**
 * A purchase placed by an authorised body for the customer (a centralised purchase, ст. 26 44-ФЗ): the notice names
 * the body in purchaseResponsibleInfo (its own regNum, ИНН, КПП, responsibleRole RA or AI) and the customer only in its
 * lot (customerRequirementInfo/customer: regNum and name, no ИНН; IKZInfo/customerCode: the customer's ИКУ) — as
 * notificationEF2020Type and responsibleRoleEPType of ЕИС's XSD set 13.3/14.1 have it (rezident1989/portal44_xml).
 */
export function centralisedNotice44(s: Spec, placer: Placer): Notice44Sample {
  const n = noticeXml('epNotificationEF2020_portal44.xml', s);
  const org =
    `<ns9:responsibleOrgInfo><ns9:regNum>${placer.regNum}</ns9:regNum><ns9:fullName>${esc(placer.name)}</ns9:fullName>` +
    `<ns9:shortName>${esc(placer.name)}</ns9:shortName><ns9:postAddress>385000, Республика Адыгея, г. Майкоп</ns9:postAddress>` +
    `<ns9:factAddress>385000, Республика Адыгея, г. Майкоп</ns9:factAddress><ns9:INN>${placer.inn}</ns9:INN><ns9:KPP>${placer.kpp}</ns9:KPP></ns9:responsibleOrgInfo>`;
  const xml = n.xml
    .replace(/<ns9:responsibleOrgInfo>[\s\S]*?<\/ns9:responsibleOrgInfo>/, org)
    .replace('<ns9:responsibleRole>CU</ns9:responsibleRole>', `<ns9:responsibleRole>${placer.role}</ns9:responsibleRole>`);
  return { ...n, xml };
}

/** The customer's own электронный аукцион on a position (notificationEF2020), as demoNotices44 places its first one. */
export function auctionNotice44(s: Spec): Notice44Sample {
  return noticeXml('epNotificationEF2020_portal44.xml', s);
}

/** The final protocol of a purchase: the winner's price and two others below the НМЦК. */
export function protocol44Of(s: Spec, day: string, winnerPrice: string, others: [string, string]): Notice44Sample {
  return protocolXml(s, day, winnerPrice, others);
}
