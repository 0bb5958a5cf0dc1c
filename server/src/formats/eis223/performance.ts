import { FormatError } from '../errors';
import type { XmlNode } from '../xml';
import { child, childNodes, text } from '../xml-read';
import { toDecimalOrNull, toIntOrNull, xsdBoolOrNull, xsdDateToIsoOrNull } from '../values';
import { eisDateTimeOrNull, packetItems, readCodeName, readCurrency, readOrganization, readUrl, readVersion } from './common';
import type { EisPayment, EisPerformance, EisPerformanceDocument, EisPerformanceStage } from './types';

/**
 * Reads `performanceContract` packets (сведения об исполнении договора). Two payment shapes exist: TFF-7.5 puts one
 * payment's fields directly on `position` (paymentDate, price, currency, rubPrice, prepaid); later schemas list them
 * under `position/paymentInfos/paymentInfo`. Both become `stage.payments`.
 */

/** `inline`: the payment fields sit on `position` itself, whose `ordinal` numbers the stage, not the payment. */
function readPayment(n: XmlNode, inline: boolean): EisPayment {
  return {
    ordinal: inline ? 1 : toIntOrNull(text(n, 'ordinal'), 'paymentInfo/ordinal'),
    date: xsdDateToIsoOrNull(text(n, 'paymentDate'), 'paymentDate'),
    amount: toDecimalOrNull(text(n, 'price'), 'position/price'),
    currency: readCurrency(child(n, 'currency')),
    rubAmount: toDecimalOrNull(text(n, 'rubPrice'), 'position/rubPrice'),
    prepaid: xsdBoolOrNull(text(n, 'prepaid'), 'prepaid'),
  };
}

function readDocument(d: XmlNode): EisPerformanceDocument {
  const pos = child(d, 'contractPosition');
  return {
    ordinal: toIntOrNull(text(d, 'ordinal'), 'doc/ordinal'),
    date: xsdDateToIsoOrNull(text(d, 'date'), 'doc/date'),
    code: text(d, 'code'),
    name: text(d, 'name'),
    number: text(d, 'number'),
    contractPosition: pos ? { guid: text(pos, 'guid'), name: text(pos, 'name'), okpd2: readCodeName(child(pos, 'okpd2')) } : null,
    okei: readCodeName(child(d, 'okei')),
    quantity: toDecimalOrNull(text(d, 'qty'), 'doc/qty'),
    prepayment: xsdBoolOrNull(text(d, 'prepayment'), 'doc/prepayment'),
  };
}

function readStage(p: XmlNode): EisPerformanceStage {
  const listed = childNodes(child(p, 'paymentInfos'), 'paymentInfo');
  // The inline (TFF-7.5) payment has no ordinal of its own: it is the stage's only payment, so it is number 1.
  const inline = text(p, 'paymentDate') !== null || text(p, 'price') !== null ? [readPayment(p, true)] : [];
  return {
    ordinal: toIntOrNull(text(p, 'ordinal'), 'position/ordinal'),
    payments: listed.length > 0 ? listed.map((n) => readPayment(n, false)) : inline,
    documents: childNodes(child(p, 'docs'), 'doc').map(readDocument),
  };
}

export function readPerformance(d: XmlNode): EisPerformance {
  const guid = text(d, 'guid');
  if (!guid) throw new FormatError('INVALID_DATA', 'В сведениях об исполнении договора нет идентификатора (guid)');
  const info = child(d, 'contractInfo');
  const positions = child(d, 'positions');
  return {
    guid,
    registrationNumber: text(d, 'registrationNumber'),
    contractRegistrationNumber: text(d, 'contractRegNumber'),
    version: readVersion(d),
    status: text(d, 'status'),
    createDateTime: eisDateTimeOrNull(text(d, 'createDateTime'), 'createDateTime'),
    publicationDate: eisDateTimeOrNull(text(d, 'publicationDate'), 'publicationDate'),
    completed: xsdBoolOrNull(text(d, 'completed'), 'completed'),
    hasPenalty: xsdBoolOrNull(text(d, 'hasPenalty'), 'hasPenalty'),
    customer: readOrganization(child(d, 'customer')),
    placer: readOrganization(child(d, 'placer')),
    contract: info
      ? {
          guid: text(info, 'guid'),
          number: text(info, 'name'),
          customerName: text(info, 'agencyName'),
          supplierName: text(info, 'supplierName'),
          subject: text(info, 'lotInfo') ?? text(info, 'contractSubject'),
          contractDate: xsdDateToIsoOrNull(text(info, 'contractDate'), 'contractInfo/contractDate'),
        }
      : null,
    stages: childNodes(positions, 'position').map(readStage),
    total: toDecimalOrNull(text(positions, 'total'), 'positions/total'),
    urlEis: readUrl(d),
  };
}

export function readPerformances(root: XmlNode): EisPerformance[] {
  const records = packetItems(root)
    .map((item) => child(item, 'performanceContractData'))
    .filter((d): d is XmlNode => d !== undefined);
  if (records.length === 0) {
    throw new FormatError('NOT_EIS223', 'Файл не является выгрузкой ЕИС 223-ФЗ', {
      details: 'performanceContract packet without body/item/performanceContractData',
    });
  }
  return records.map(readPerformance);
}
