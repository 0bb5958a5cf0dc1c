import { z } from 'zod';
import { FormatError, withFormatErrors } from '../errors';
import { codeName, decimalString, isoDate, isoDateTime } from '../schemas';
import { validateResult } from '../validate';
import { parseXml, type XmlNode } from '../xml';
import { child, childNodes, path, text } from '../xml-read';
import { toDecimalOrNull, toIntOrNull, xsdBoolOrNull, xsdDateTimeOrNull, xsdDateToIsoOrNull } from '../values';

/**
 * The 44-ФЗ register of contracts (СОИ subsystem RGK) as ЕИС gives it out: `export/contract`,
 * `export/contractProcedure` and `export/contractCancel` of fcsExport.xsd, typed `zfcs_contract2015Type`,
 * `zfcs_contractProcedure2015Type` and `zfcs_contractCancel2015Type` of IntegrationTypes.xsd (namespace
 * http://zakupki.gov.ru/oos/types/1, scheme 13.x; the set is rezident1989/portal44_xml `src/schemes/13_3`, see
 * fixtures/README.md). The XSD path of each field is named beside it.
 */

export const contract44Product = z.object({
  /** products/product/name */
  name: z.string().nullable(),
  /** products/product/OKPD2 (code, name) */
  okpd2: codeName.nullable(),
  /** products/product/OKEI (code, fullName) */
  okei: codeName.nullable(),
  /** products/product/price: the unit price */
  price: decimalString.nullable(),
  /** products/product/quantity */
  quantity: decimalString.nullable(),
  /** products/product/sum */
  sum: decimalString.nullable(),
});

export const contract44Stage = z.object({
  /** executionPeriod/stages/sid (guid where there is none): the stage's key, the same in contractProcedure's stage/sid */
  key: z.string().nullable(),
  /** executionPeriod/stages/startDate, endDate */
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  /** executionPeriod/stages/stagePrice */
  price: decimalString.nullable(),
});
export type Contract44Stage = z.infer<typeof contract44Stage>;

export const contract44 = z.object({
  /** id: ЕИС's id of this document version */
  id: z.string().nullable(),
  /** regNum (zfcs_contract.regNum2015Type, 19 digits): the register entry's number, the same across versions */
  regNum: z.string(),
  /** versionNumber */
  version: z.number().int(),
  /** number: the contract's own number as the parties wrote it */
  number: z.string().nullable(),
  /** signDate */
  signDate: isoDate.nullable(),
  /** publishDate */
  publishDate: isoDateTime.nullable(),
  /** priceInfo/price, priceInfo/currency/code */
  price: decimalString.nullable(),
  currency: z.string().nullable(),
  /** contractSubject */
  subject: z.string().nullable(),
  /** foundation/(fcsOrder|oosOrder)/order/purchaseCode: the ИКЗ (base:ikzCodeType, 36 digits) */
  ikz: z.string().nullable(),
  /** foundation/…/order/notificationNumber */
  noticeNumber: z.string().nullable(),
  /** foundation/…/order/tenderPlan2020Info (plan2020Number, position2020Number) */
  planNumber: z.string().nullable(),
  positionNumber: z.string().nullable(),
  /** foundation/…/order/placingSingleCustomerText: the method in words */
  methodName: z.string().nullable(),
  /** customer (regNum, fullName, inn, kpp) */
  customer: z.object({
    regNum: z.string().nullable(),
    fullName: z.string().nullable(),
    inn: z.string().nullable(),
    kpp: z.string().nullable(),
  }),
  /** suppliersInfo/supplierInfo/(legalEntityRF | individualPersonRFIndEntr | individualPersonRF | …Foreign…), or the
   * 2015–2018 suppliers/supplier: name (an ИП «ИП Фамилия Имя Отчество»), INN, KPP */
  suppliers: z.array(z.object({ name: z.string().nullable(), inn: z.string().nullable(), kpp: z.string().nullable() })),
  /** executionPeriod/startDate, endDate */
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  stages: z.array(contract44Stage),
  products: z.array(contract44Product),
  /** currentContractStage: E исполнение, EC исполнение завершено, ET исполнение прекращено, IN аннулирован */
  stage: z.string().nullable(),
  /** href: the card on zakupki.gov.ru */
  href: z.string().nullable(),
});
export type Contract44 = z.infer<typeof contract44>;

export const contract44Execution = z.object({
  /** executions/stage (sid, startDate, endDate): the contract stage it belongs to */
  stageKey: z.string().nullable(),
  stageStartDate: isoDate.nullable(),
  stageEndDate: isoDate.nullable(),
  /** executions/ordinalNumber, finalStageExecution */
  ordinal: z.number().int().nullable(),
  final: z.boolean().nullable(),
  /** executions/execution/docAcceptance: a document of acceptance (its code, name, date, number, signed, sum) */
  acceptance: z
    .object({
      code: z.string().nullable(),
      name: z.string().nullable(),
      date: isoDate.nullable(),
      number: z.string().nullable(),
      acceptDate: isoDate.nullable(),
      sum: decimalString.nullable(),
    })
    .nullable(),
  /** executions/execution/payDoc (documentName, documentDate, documentNum) with the execution's paidRUR/paid */
  payment: z
    .object({ name: z.string().nullable(), date: isoDate.nullable(), number: z.string().nullable(), sum: decimalString.nullable() })
    .nullable(),
});
export type Contract44Execution = z.infer<typeof contract44Execution>;

export const contractProcedure44 = z.object({
  /** id (sid where there is none) */
  id: z.string(),
  /** regNum: the contract's register number */
  regNum: z.string(),
  version: z.number().int(),
  publishDate: isoDateTime.nullable(),
  executions: z.array(contract44Execution),
  /** currentContractStage */
  stage: z.string().nullable(),
});
export type ContractProcedure44 = z.infer<typeof contractProcedure44>;

export const contractCancel44 = z.object({
  /** regNum, cancelDate, publishDate, documentBase, currentContractStage */
  regNum: z.string(),
  cancelDate: isoDateTime,
  publishDate: isoDateTime.nullable(),
  reason: z.string().nullable(),
  stage: z.string().nullable(),
});
export type ContractCancel44 = z.infer<typeof contractCancel44>;

export const contracts44File = z.object({
  contracts: z.array(contract44),
  procedures: z.array(contractProcedure44),
  cancels: z.array(contractCancel44),
});
export type Contracts44File = z.infer<typeof contracts44File>;

const WHAT = 'ЕИС 44-ФЗ (реестр контрактов)';
/** Pretty-printed exports break long texts over lines: one space each. */
const squeeze = (s: string | null) => (s === null ? null : s.replace(/\s+/g, ' ').trim() || null);
const date = (n: XmlNode | undefined, name: string, field: string) => xsdDateToIsoOrNull(text(n, name), field);
const money = (n: XmlNode | undefined, name: string, field: string) => toDecimalOrNull(text(n, name), field);

/** foundation is a choice (fcsOrder | oosOrder | …), each with its order: the first that has one. */
function orderOf(doc: XmlNode): XmlNode | undefined {
  const foundation = child(doc, 'foundation');
  for (const kind of ['fcsOrder', 'oosOrder', 'notOversightOrder']) {
    const order = path(foundation, kind, 'order');
    if (order) return order;
  }
  return undefined;
}

const fioOf = (n: XmlNode | undefined) => {
  const fio = ['lastName', 'firstName', 'middleName'].map((k) => text(child(n, 'nameInfo') ?? n, k)).filter(Boolean);
  return fio.length ? fio.join(' ') : null;
};
const ipName = (fio: string | null) => (fio ? `ИП ${fio}` : null);

/**
 * A supplier of `suppliersInfo/supplierInfo` (zfcs_contract2015SupplierInfoType of ЕИС's IntegrationTypes.xsd, set
 * 13.3 in rezident1989/portal44_xml): a choice of legalEntityRF/EGRULInfo {fullName, INN, KPP}, individualPersonRFIndEntr
 * /EGRIPInfo {lastName, firstName, middleName, INN} (an ИП), individualPersonRF (a physical person), legalEntityForeignState
 * and individualPersonForeignState (registerInRFTaxBodies/INN, KPP where registered in Russia).
 */
function supplierOf(s: XmlNode) {
  const egrul = path(s, 'legalEntityRF', 'EGRULInfo');
  if (egrul) return { name: squeeze(text(egrul, 'fullName')), inn: text(egrul, 'INN'), kpp: text(egrul, 'KPP') };
  const ip = path(s, 'individualPersonRFIndEntr', 'EGRIPInfo');
  if (ip) return { name: ipName(fioOf(ip)), inn: text(ip, 'INN'), kpp: null };
  const person = child(s, 'individualPersonRF') ?? child(s, 'individualPersonRFisCulture');
  if (person) {
    const info = child(person, 'EGRIPInfo') ?? person;
    const isIp = xsdBoolOrNull(text(person, 'isIP') ?? text(person, 'otherInfo', 'isIP'), 'individualPersonRF/isIP');
    return { name: isIp ? ipName(fioOf(info)) : fioOf(info), inn: text(info, 'INN'), kpp: null };
  }
  const foreignPerson = child(s, 'individualPersonForeignState');
  if (foreignPerson) return { name: fioOf(foreignPerson), inn: text(foreignPerson, 'registerInRFTaxBodies', 'INN'), kpp: null };
  const foreign = child(s, 'legalEntityForeignState');
  return {
    name: squeeze(text(foreign, 'fullName')),
    inn: text(foreign, 'registerInRFTaxBodies', 'INN'),
    kpp: text(foreign, 'registerInRFTaxBodies', 'KPP'),
  };
}

/**
 * A supplier of the 2015–2018 layout `suppliers/supplier` (zfcs_contract2015SupplierType, «Поставщик в информации о
 * контракте с 01.01.2015» of the same XSD; contracts of schemes 6–8 carry only it): legalEntityRF {fullName, INN, KPP}
 * without EGRULInfo, individualPersonRF {lastName, firstName, middleName, INN, isIP}, and the foreign ones.
 */
function supplier2015Of(s: XmlNode) {
  const legal = child(s, 'legalEntityRF');
  if (legal) return { name: squeeze(text(legal, 'fullName')), inn: text(legal, 'INN'), kpp: text(legal, 'KPP') };
  const person = child(s, 'individualPersonRF') ?? child(s, 'individualPersonRFisCulture');
  if (person) {
    const isIp = xsdBoolOrNull(text(person, 'isIP'), 'suppliers/supplier/individualPersonRF/isIP');
    return { name: isIp ? ipName(fioOf(person)) : fioOf(person), inn: text(person, 'INN'), kpp: null };
  }
  return supplierOf(s);
}

export function readContract44(doc: XmlNode): Contract44 {
  const regNum = text(doc, 'regNum');
  if (!regNum) throw new FormatError('INVALID_DATA', 'В сведениях о контракте нет реестрового номера (regNum)');
  const order = orderOf(doc);
  const customer = child(doc, 'customer');
  const period = child(doc, 'executionPeriod');
  return {
    id: text(doc, 'id'),
    regNum,
    version: toIntOrNull(text(doc, 'versionNumber'), 'versionNumber') ?? 0,
    number: squeeze(text(doc, 'number')),
    signDate: date(doc, 'signDate', 'signDate'),
    publishDate: xsdDateTimeOrNull(text(doc, 'publishDate'), 'publishDate'),
    price: money(child(doc, 'priceInfo'), 'price', 'priceInfo/price'),
    currency: text(doc, 'priceInfo', 'currency', 'code'),
    subject: squeeze(text(doc, 'contractSubject')),
    ikz: text(order, 'purchaseCode'),
    noticeNumber: text(order, 'notificationNumber'),
    planNumber: text(order, 'tenderPlan2020Info', 'plan2020Number'),
    positionNumber: text(order, 'tenderPlan2020Info', 'position2020Number'),
    methodName: squeeze(text(order, 'placingSingleCustomerText')),
    customer: {
      regNum: text(customer, 'regNum'),
      fullName: squeeze(text(customer, 'fullName')),
      inn: text(customer, 'inn'),
      kpp: text(customer, 'kpp'),
    },
    suppliers: [
      ...childNodes(child(doc, 'suppliersInfo'), 'supplierInfo').map(supplierOf),
      ...childNodes(child(doc, 'suppliers'), 'supplier').map(supplier2015Of),
    ],
    startDate: date(period, 'startDate', 'executionPeriod/startDate'),
    endDate: date(period, 'endDate', 'executionPeriod/endDate'),
    stages: childNodes(period, 'stages').map((s) => ({
      key: text(s, 'sid') ?? text(s, 'guid'),
      startDate: date(s, 'startDate', 'executionPeriod/stages/startDate'),
      endDate: date(s, 'endDate', 'executionPeriod/stages/endDate'),
      price: money(s, 'stagePrice', 'executionPeriod/stages/stagePrice'),
    })),
    products: childNodes(child(doc, 'products'), 'product').map((p) => {
      const okpd2 = child(p, 'OKPD2');
      const okei = child(p, 'OKEI');
      return {
        name: squeeze(text(p, 'name')),
        okpd2: text(okpd2, 'code') ? { code: text(okpd2, 'code')!, name: squeeze(text(okpd2, 'name')) } : null,
        okei: text(okei, 'code')
          ? { code: text(okei, 'code')!, name: squeeze(text(okei, 'nationalName') ?? text(okei, 'fullName')) }
          : null,
        price: money(p, 'price', 'products/product/price'),
        quantity: money(p, 'quantity', 'products/product/quantity'),
        sum: money(p, 'sum', 'products/product/sum'),
      };
    }),
    stage: text(doc, 'currentContractStage'),
    href: squeeze(text(doc, 'href')),
  };
}

function readExecutions(block: XmlNode): Contract44Execution[] {
  const stage = child(block, 'stage');
  const base = {
    stageKey: text(stage, 'sid') ?? text(stage, 'guid'),
    stageStartDate: date(stage, 'startDate', 'executions/stage/startDate'),
    stageEndDate: date(stage, 'endDate', 'executions/stage/endDate'),
    ordinal: toIntOrNull(text(block, 'ordinalNumber'), 'executions/ordinalNumber'),
    final: xsdBoolOrNull(text(block, 'finalStageExecution'), 'executions/finalStageExecution'),
  };
  return childNodes(block, 'execution').map((e) => {
    const acc = child(e, 'docAcceptance');
    const pay = child(e, 'payDoc');
    return {
      ...base,
      acceptance: acc
        ? {
            code: text(acc, 'code'),
            name: squeeze(text(acc, 'name')),
            date: date(acc, 'documentDate', 'docAcceptance/documentDate'),
            number: text(acc, 'documentNum'),
            acceptDate: date(acc, 'deliveryAcceptDate', 'docAcceptance/deliveryAcceptDate'),
            sum:
              money(acc, 'fulfilmentSumRUR', 'docAcceptance/fulfilmentSumRUR') ??
              money(acc, 'fulfilmentSum', 'docAcceptance/fulfilmentSum'),
          }
        : null,
      payment: pay
        ? {
            name: squeeze(text(pay, 'documentName')),
            date: date(pay, 'documentDate', 'payDoc/documentDate'),
            number: text(pay, 'documentNum'),
            sum: money(e, 'paidRUR', 'execution/paidRUR') ?? money(e, 'paid', 'execution/paid'),
          }
        : null,
    };
  });
}

export function readContractProcedure44(doc: XmlNode): ContractProcedure44 {
  const regNum = text(doc, 'regNum');
  const id = text(doc, 'id') ?? text(doc, 'sid');
  if (!regNum || !id) throw new FormatError('INVALID_DATA', 'В сведениях об исполнении контракта нет реестрового номера (regNum)');
  return {
    id,
    regNum,
    version: toIntOrNull(text(doc, 'versionNumber'), 'versionNumber') ?? 0,
    publishDate: xsdDateTimeOrNull(text(doc, 'publishDate'), 'publishDate'),
    executions: childNodes(doc, 'executions').flatMap(readExecutions),
    stage: text(doc, 'currentContractStage'),
  };
}

export function readContractCancel44(doc: XmlNode): ContractCancel44 {
  const regNum = text(doc, 'regNum');
  const cancelDate = xsdDateTimeOrNull(text(doc, 'cancelDate'), 'cancelDate');
  if (!regNum || !cancelDate)
    throw new FormatError('INVALID_DATA', 'В сведениях о недействительности контракта нет номера или даты (regNum, cancelDate)');
  return {
    regNum,
    cancelDate,
    publishDate: xsdDateTimeOrNull(text(doc, 'publishDate'), 'publishDate'),
    reason: squeeze(text(doc, 'documentBase')),
    stage: text(doc, 'currentContractStage'),
  };
}

export const CONTRACT44_ROOTS = ['contract', 'contractProcedure', 'contractCancel'] as const;

/**
 * The 44-ФЗ contract documents of an export (`export` holds one kind, maxOccurs unbounded) or a bare contractProcedure
 * or contractCancel, or null when the file is none of them. A bare `contract` root is the 223-ФЗ packet's.
 */
export function readContracts44(rootName: string, root: XmlNode): Contracts44File | null {
  const pick = (name: string) => (rootName === 'export' ? childNodes(root, name) : rootName === name ? [root] : []);
  if (rootName === 'contract') return null;
  const contracts = pick('contract');
  const procedures = pick('contractProcedure');
  const cancels = pick('contractCancel');
  if (!contracts.length && !procedures.length && !cancels.length) return null;
  return {
    contracts: contracts.map(readContract44),
    procedures: procedures.map(readContractProcedure44),
    cancels: cancels.map(readContractCancel44),
  };
}

/** Parses a 44-ФЗ contract register file; throws FormatError only. */
export function parseContracts44(buf: Uint8Array): Contracts44File {
  return withFormatErrors(WHAT, () => {
    const { rootName, root } = parseXml(buf);
    const file = readContracts44(rootName, root);
    if (!file)
      throw new FormatError('NOT_EIS223', 'Файл не является сведениями реестра контрактов ЕИС 44-ФЗ (contract, contractProcedure)', {
        details: `root <${rootName}>`,
      });
    return validateResult(contracts44File, file, WHAT);
  });
}
