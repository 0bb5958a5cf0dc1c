import fs from 'node:fs';
import path from 'node:path';
import { Decimal } from 'decimal.js';
import { REPO_ROOT } from '../../server/src/paths';
import type { DemoCustomer } from './generate-demo';
import { demoTenderPlanPositions, ikzOf, ikuOf, tenderPlanNumber, type TenderPlanPositionSpec } from './tender-plan-samples';
import { purchaseNumberOf } from './notice44-samples';

/**
 * The 44-ФЗ register of contracts (СОИ subsystem RGK) of the demo budget institution, in ЕИС's export format. A
 * contract is the real export fixtures/eis44/contract_portal44.xml (rezident1989/portal44_xml; fixtures/README.md)
 * with the customer, numbers, dates, ИКЗ, plan position, stages and product put in, element for element as the real one
 * has them; executions and cancels are written like fixtures/eis44/contractProcedure_payDoc_built.xml and
 * contractCancel_built.xml. Each such document was checked against the XSD set of that repository (fcsExport.xsd
 * 13.3) with xmllint-wasm. The register number is as ЕИС makes it: the customer's budget level (1), ИНН (10), the year
 * (2) and an ordinal (6); the ИКЗ is the plan position's own (tender-plan-samples.ts), which links the two.
 */

const TEMPLATE = path.join(REPO_ROOT, 'fixtures/eis44/contract_portal44.xml');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const NS = `xmlns="http://zakupki.gov.ru/oos/types/1" xmlns:ns3="http://zakupki.gov.ru/oos/export/1"`;

export interface Contract44Spec {
  ordinal: number;
  /** the purchase it was concluded on: the ordinal of its number (notice44-samples.ts purchaseNumberOf) */
  notice: number;
  /** the plan position it was concluded on (its ИКЗ) */
  position: TenderPlanPositionSpec;
  number: string;
  signDate: string;
  /** placement in ЕИС: the day СОИ serves it under */
  publishDate: string;
  quantity: string;
  unitPrice: string;
  stages: Array<{ sid: number; start: string; end: string; price: string }>;
  supplier: { name: string; inn: string; kpp: string; ogrn: string };
}

export const regNum44 = (c: DemoCustomer, year: number, ordinal: number) =>
  `2${c.inn}${String(year).slice(2)}${String(ordinal).padStart(6, '0')}`;

function stagesXml(s: Contract44Spec): { finance: string; execution: string } {
  const finance = s.stages
    .map(
      (x) =>
        `<stages><externalSid>${x.sid}</externalSid><startDate>${x.start}</startDate><sid>${x.sid}</sid><endDate>${x.end}</endDate>` +
        `<payments><KVR>${s.position.kvr[0]}</KVR><paymentMonth>${Number(x.end.slice(5, 7))}</paymentMonth><paymentYear>${x.end.slice(0, 4)}</paymentYear><paymentSum>${x.price}</paymentSum></payments></stages>`,
    )
    .join('');
  const execution = s.stages
    .map(
      (x) =>
        `<stages><sid>${x.sid}</sid><externalSid>${x.sid}</externalSid><startDate>${x.start}</startDate><endDate>${x.end}</endDate><stagePrice>${x.price}</stagePrice><stageAdvancePaymentSum/></stages>`,
    )
    .join('');
  return { finance, execution };
}

export function contract44Xml(c: DemoCustomer, regNumOrg: string, year: number, s: Contract44Spec): string {
  const reg = regNum44(c, year, s.ordinal);
  const price = new Decimal(s.quantity).times(s.unitPrice).toFixed(2);
  const { finance, execution } = stagesXml(s);
  const [okpd2Code, okpd2Name] = s.position.okpd2 ?? ['', ''];
  const product =
    `<products><product><sid>${600000000 + s.ordinal}</sid><externalSid>${39240000 + s.ordinal}</externalSid><indexNum>1</indexNum>` +
    `<OKPD2><code>${okpd2Code}</code><name>${esc(okpd2Name)}</name></OKPD2><name>${esc(s.position.subject)}</name><hierarchyType>ND</hierarchyType><type>PRODUCT</type>` +
    `<OKEI><code>796</code><nationalCode>ШТ</nationalCode><trueNationalCode>ШТ</trueNationalCode><fullName>Штука</fullName><nationalName>шт</nationalName></OKEI>` +
    `<price>${s.unitPrice}</price><volumeSpecifyingMethod>QF</volumeSpecifyingMethod><quantity>${s.quantity}</quantity><sum>${price}</sum><VATRate>n</VATRate><improvedProductReplacement>false</improvedProductReplacement></product></products>`;
  const planNumber = tenderPlanNumber({ regNum: regNumOrg, year });
  return fs
    .readFileSync(TEMPLATE, 'utf8')
    .replace(/<id>84115664<\/id>/, `<id>${85000000 + s.ordinal}</id>`)
    .replace(/<publishDate>[^<]*<\/publishDate>/, `<publishDate>${s.publishDate}</publishDate>`)
    .replace(/<placementDate>[^<]*<\/placementDate>/, `<placementDate>${s.publishDate.slice(0, 19)}</placementDate>`)
    .replace(/<purchaseCode>[^<]*<\/purchaseCode>/, `<purchaseCode>${ikzOf(c, year, s.position)}</purchaseCode>`)
    .replace(
      /<notificationNumber>[^<]*<\/notificationNumber>/,
      `<notificationNumber>${purchaseNumberOf(regNumOrg, year, s.notice)}</notificationNumber>`,
    )
    .replace(/<ns4:plan2020Number>[^<]*</, `<ns4:plan2020Number>${planNumber}<`)
    .replace(/<ns4:position2020Number>[^<]*</, `<ns4:position2020Number>${planNumber}${String(s.position.n).padStart(6, '0')}<`)
    .replace(/<regNum>03732003473<\/regNum>/g, `<regNum>${regNumOrg}</regNum>`)
    .replace(/<fullName>ГОСУДАРСТВЕННОЕ БЮДЖЕТНОЕ[^<]*<\/fullName>/g, `<fullName>${esc(c.name)}</fullName>`)
    .replace(/<shortName>ГБОУ[^<]*<\/shortName>/, `<shortName>${esc(c.name)}</shortName>`)
    .replace(/<inn>7709330442<\/inn>/, `<inn>${c.inn}</inn>`)
    .replace(/<kpp>770901001<\/kpp>/, `<kpp>${c.kpp}</kpp>`)
    .replace(/<customerCode>[^<]*<\/customerCode>/, `<customerCode>${ikuOf(c)}</customerCode>`)
    .replace(/(<KBKsChange>false<\/KBKsChange>)[\s\S]*?(<\/financingPlan>)/, `$1${finance}$2`)
    .replace(/<signDate>[^<]*<\/signDate>/, `<signDate>${s.signDate}</signDate>`)
    .replace(/<regNum>2770933044223000024<\/regNum>/, `<regNum>${reg}</regNum>`)
    .replace(/<number>[^<]*<\/number>/, `<number>${esc(s.number)}</number>`)
    .replace(/<contractSubject>[\s\S]*?<\/contractSubject>/, `<contractSubject>${esc(s.position.subject)}</contractSubject>`)
    .replace(/(<priceInfo>\s*<price>)[^<]*</, `$1${price}<`)
    .replace(/<quantityContractStages>\d+</, `<quantityContractStages>${s.stages.length}<`)
    .replace(
      /<executionPeriod>[\s\S]*?<\/executionPeriod>/,
      `<executionPeriod><startDate>${s.stages[0].start}</startDate>${execution}<endDate>${s.stages[s.stages.length - 1].end}</endDate></executionPeriod>`,
    )
    .replace(/<products>[\s\S]*?<\/products>/, product)
    .replace(/<OGRN>1047796613237<\/OGRN>/, `<OGRN>${s.supplier.ogrn}</OGRN>`)
    .replace(/<fullName>ОБЩЕСТВО С ОГРАНИЧЕННОЙ[^<]*<\/fullName>/, `<fullName>${esc(s.supplier.name)}</fullName>`)
    .replace(/<INN>7716511778<\/INN>/, `<INN>${s.supplier.inn}</INN>`)
    .replace(/<KPP>772401001<\/KPP>/, `<KPP>${s.supplier.kpp}</KPP>`)
    .replace(/reestrNumber=2770933044223000024/, `reestrNumber=${reg}`);
}

export interface ExecutionSpec {
  id: number;
  regNum: string;
  publishDate: string;
  stageSid: number;
  stage: { start: string; end: string };
  acceptance?: { number: string; date: string; acceptDate: string; sum: string };
  payment?: { number: string; date: string; sum: string };
  final: boolean;
  contractStage: 'E' | 'EC';
}

const rub = '<currency><code>RUB</code><name>Российский рубль</name></currency>';

/**
 * `export/contractProcedure` (fcsExport.xsd 13.3: `contractProcedure` of zfcs_contractProcedure2015Type, «Информация об
 * исполнении (расторжении) контракта»), element for element as IntegrationTypes.xsd of rezident1989/portal44_xml
 * src/schemes/13_3 orders them: id, sid, regNum (zfcs_contract.regNum2015Type, up to 19), publishDate, versionNumber,
 * executions { stage {sid, externalSid, startDate, endDate}, ordinalNumber, finalStageExecution, execution+ { choice of
 * docAcceptance {sid, code, name, documentDate, documentNum, deliveryAcceptDate, fulfilmentSum, fulfilmentSumRUR} |
 * payDoc {sid, documentName, documentDate, documentNum}, then currency, paid?, paidRUR? } }, currentContractStage.
 * The names as RGK's documentType44 values: a public client's map "RGK": ["contract", "contractAvailableForElAct",
 * "contractCancel", "contractProcedure", "contractProcedureCancel"] (find_string id 53181417276).
 */
export function contractProcedure44Xml(e: ExecutionSpec): string {
  const acceptance = e.acceptance
    ? `<execution><docAcceptance><sid>${e.id}1</sid><code>03</code><name>Акт выполненных работ</name><documentDate>${e.acceptance.date}</documentDate><documentNum>${esc(e.acceptance.number)}</documentNum><deliveryAcceptDate>${e.acceptance.acceptDate}</deliveryAcceptDate><fulfilmentSum>${e.acceptance.sum}</fulfilmentSum><fulfilmentSumRUR>${e.acceptance.sum}</fulfilmentSumRUR></docAcceptance>${rub}</execution>`
    : '';
  const payment = e.payment
    ? `<execution><payDoc><sid>${e.id}2</sid><documentName>Платежное поручение</documentName><documentDate>${e.payment.date}</documentDate><documentNum>${esc(e.payment.number)}</documentNum></payDoc>${rub}<paid>${e.payment.sum}</paid><paidRUR>${e.payment.sum}</paidRUR></execution>`
    : '';
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ns3:export ${NS}><ns3:contractProcedure schemeVersion="13.3">` +
    `<id>${e.id}</id><sid>${e.id}</sid><regNum>${e.regNum}</regNum><publishDate>${e.publishDate}</publishDate><versionNumber>0</versionNumber>` +
    `<executions><stage><sid>${e.stageSid}</sid><externalSid>${e.stageSid}</externalSid><startDate>${e.stage.start}</startDate><endDate>${e.stage.end}</endDate></stage>` +
    `<ordinalNumber>1</ordinalNumber><finalStageExecution>${e.final}</finalStageExecution>${acceptance}${payment}</executions>` +
    `<currentContractStage>${e.contractStage}</currentContractStage><okpd2okved2>true</okpd2okved2><isEDIBased>false</isEDIBased><isPURorASFKBased>false</isPURorASFKBased><isUnilateralRefusalAuto>false</isUnilateralRefusalAuto>` +
    `</ns3:contractProcedure></ns3:export>`
  );
}

/**
 * `export/contractCancel` (fcsExport.xsd 13.3, zfcs_contractCancel2015Type of the same IntegrationTypes.xsd): regNum,
 * cancelDate (xs:dateTime), publishDate?, documentBase, currentContractStage? — «IN», as the register shows an annulled
 * contract (zfcs_contract.contractStageType).
 */
export function contractCancel44Xml(regNum: string, cancelDate: string, reason: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ns3:export ${NS}><ns3:contractCancel schemeVersion="13.3">` +
    `<regNum>${regNum}</regNum><cancelDate>${cancelDate}</cancelDate><publishDate>${cancelDate}</publishDate><documentBase>${esc(reason)}</documentBase><currentContractStage>IN</currentContractStage>` +
    `</ns3:contractCancel></ns3:export>`
  );
}

/** One RGK document, the day СОИ serves it under (its placement) and the register number it is filed under. */
export interface Rgk44Document {
  xml: string;
  documentType: 'contract' | 'contractProcedure' | 'contractCancel';
  day: string;
  /** regNum: getDocsByReestrNumberRequest for RGK answers with every document under it (soi.ts) */
  regNum: string;
}

/**
 * The demo institution's register of contracts for `year`: the ТКО contract (position 2) in two stages, its first
 * stage accepted and paid; the paper contract (position 1), which was then found invalid (contractCancel).
 */
export function demoContracts44(c: DemoCustomer, regNumOrg: string, year: number): Rgk44Document[] {
  const [paper, waste] = demoTenderPlanPositions();
  const supplier = {
    name: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ЭКОСЕРВИС"',
    inn: '0105020396',
    kpp: '010501001',
    ogrn: '1020100001580',
  };
  const wasteSpec: Contract44Spec = {
    ordinal: 1,
    // a purchase whose notice the demo does not carry
    notice: 3,
    position: waste,
    number: `ТКО-${year}/1`,
    signDate: `${year}-03-02`,
    publishDate: `${year}-03-04T10:00:00+03:00`,
    quantity: '12',
    unitPrice: '12407.94',
    stages: [
      { sid: 93000001, start: `${year}-03-02`, end: `${year}-06-30`, price: '49631.76' },
      { sid: 93000002, start: `${year}-07-01`, end: `${year}-12-31`, price: '99263.52' },
    ],
    supplier,
  };
  const paperSpec: Contract44Spec = {
    ordinal: 2,
    // the электронный аукцион of notice44-samples.ts: its final protocol named this supplier's application first
    notice: 1,
    position: paper,
    number: `Б-${year}/2`,
    signDate: `${year}-03-05`,
    publishDate: `${year}-03-06T12:00:00+03:00`,
    quantity: '1000',
    // the price the аукцион's winner offered (notice44-samples.ts: its final protocol's 315 000.00)
    unitPrice: '315.00',
    stages: [{ sid: 93000003, start: `${year}-03-05`, end: `${year}-04-30`, price: '315000.00' }],
    supplier: { ...supplier, name: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "БУМАГА-ОПТ"', inn: '0105020407', ogrn: '1020100001591' },
  };
  const wasteReg = regNum44(c, year, 1);
  const paperReg = regNum44(c, year, 2);
  const stage = { start: `${year}-03-02`, end: `${year}-06-30` };
  return [
    { xml: contract44Xml(c, regNumOrg, year, wasteSpec), documentType: 'contract', day: `${year}-03-04`, regNum: wasteReg },
    { xml: contract44Xml(c, regNumOrg, year, paperSpec), documentType: 'contract', day: `${year}-03-06`, regNum: paperReg },
    {
      xml: contractProcedure44Xml({
        id: 240000001,
        regNum: wasteReg,
        publishDate: `${year}-07-03T09:15:00+03:00`,
        stageSid: 93000001,
        stage,
        acceptance: { number: `ТКО-${year}/1-1`, date: `${year}-06-30`, acceptDate: `${year}-07-02`, sum: '49631.76' },
        final: false,
        contractStage: 'E',
      }),
      documentType: 'contractProcedure',
      day: `${year}-07-03`,
      regNum: wasteReg,
    },
    {
      xml: contractProcedure44Xml({
        id: 240000002,
        regNum: wasteReg,
        publishDate: `${year}-07-10T14:40:00+03:00`,
        stageSid: 93000001,
        stage,
        payment: { number: '518', date: `${year}-07-09`, sum: '49631.76' },
        final: true,
        contractStage: 'E',
      }),
      documentType: 'contractProcedure',
      day: `${year}-07-10`,
      regNum: wasteReg,
    },
    {
      xml: contractCancel44Xml(
        paperReg,
        `${year}-03-20T11:00:00+03:00`,
        'Решение суда о признании контракта недействительным от 18.03.' + year,
      ),
      documentType: 'contractCancel',
      day: `${year}-03-20`,
      regNum: paperReg,
    },
  ];
}
