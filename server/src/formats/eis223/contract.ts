import { FormatError } from '../errors';
import type { XmlNode } from '../xml';
import { child, childNodes, text } from '../xml-read';
import { toDecimalOrNull, toIntOrNull, xsdBoolOrNull, xsdDateToIsoOrNull } from '../values';
import { eisDateTimeOrNull, packetItems, readCodeName, readCountry, readCurrency, readOrganization, readUrl, readVersion } from './common';
import type { EisContract, EisContractPosition, EisSupplier } from './types';

/**
 * Reads `contract` packets (contract register records). TFF-3.5 records lack `registrationNumber` and `name` and use
 * ОКДП; TFF-8/9 add them and ОКПД2. Element names are looked up by local name, so files whose header/body reset
 * the default namespace (or never declare it) read the same.
 */

function readSupplier(s: XmlNode): EisSupplier {
  return {
    name: text(s, 'name'),
    shortName: text(s, 'shortName'),
    inn: text(s, 'inn'),
    kpp: text(s, 'kpp'),
    ogrn: text(s, 'ogrn'),
    okpo: text(s, 'okpo'),
    type: text(s, 'type'),
    individual: xsdBoolOrNull(text(s, 'individual'), 'supplierInfo/individual'),
    nonResident: xsdBoolOrNull(text(s, 'nonResident'), 'supplierInfo/nonResident'),
    sme: xsdBoolOrNull(text(s, 'provider'), 'supplierInfo/provider'),
    country: readCountry(child(child(s, 'address'), 'country')),
  };
}

function readPosition(p: XmlNode): EisContractPosition {
  return {
    guid: text(p, 'guid'),
    ordinal: toIntOrNull(text(p, 'ordinalNumber'), 'contractPosition/ordinalNumber'),
    name: text(p, 'name'),
    okpd2: readCodeName(child(p, 'okpd2')),
    okved2: readCodeName(child(p, 'okved2')),
    okdp: readCodeName(child(p, 'okdp')),
    okpd: readCodeName(child(p, 'okpd')),
    okei: readCodeName(child(p, 'okei')),
    quantity: toDecimalOrNull(text(p, 'qty'), 'contractPosition/qty'),
    unitPrice: toDecimalOrNull(text(p, 'unitPrice') ?? text(p, 'price'), 'contractPosition/price'),
    amount: toDecimalOrNull(text(p, 'sum') ?? text(p, 'amount'), 'contractPosition/sum'),
    country: readCountry(child(p, 'country')),
  };
}

export function readContract(d: XmlNode): EisContract {
  const guid = text(d, 'guid');
  if (!guid) throw new FormatError('INVALID_DATA', 'В сведениях о договоре нет идентификатора (guid)');
  const notice = child(d, 'purchaseNoticeInfo');
  const purchaseType = child(d, 'purchaseTypeInfo');
  return {
    guid,
    registrationNumber: text(d, 'contractRegNumber'),
    recordRegistrationNumber: text(d, 'registrationNumber'),
    version: readVersion(d),
    number: text(d, 'name'),
    contractDate: xsdDateToIsoOrNull(text(d, 'contractDate'), 'contractDate'),
    createDateTime: eisDateTimeOrNull(text(d, 'createDateTime'), 'createDateTime'),
    publicationDate: eisDateTimeOrNull(text(d, 'publicationDate'), 'publicationDate'),
    status: text(d, 'status'),
    customer: readOrganization(child(d, 'customer')),
    placer: readOrganization(child(d, 'placer')),
    suppliers: childNodes(d, 'supplierInfo').map(readSupplier),
    price: toDecimalOrNull(text(d, 'price'), 'price'),
    rubPrice: toDecimalOrNull(text(d, 'rubPrice'), 'rubPrice'),
    currency: readCurrency(child(d, 'currency')),
    subject: text(d, 'subjectContract'),
    startDate: xsdDateToIsoOrNull(text(d, 'startExecutionDate'), 'startExecutionDate'),
    endDate: xsdDateToIsoOrNull(text(d, 'endExecutionDate'), 'endExecutionDate'),
    electronic: xsdBoolOrNull(text(d, 'digitalPurchase'), 'digitalPurchase'),
    smePurchase: xsdBoolOrNull(text(d, 'provider'), 'provider'),
    purchase: {
      noticeNumber: text(notice, 'purchaseNoticeNumber'),
      noticeGuid: text(notice, 'guid'),
      noticeName: text(notice, 'name'),
      noticePublicationDateTime: eisDateTimeOrNull(text(notice, 'publicationDateTime'), 'purchaseNoticeInfo/publicationDateTime'),
      methodCode: text(purchaseType, 'code'),
      methodName: text(purchaseType, 'name'),
      lotGuid: text(d, 'lotGuid'),
      lotNumber: toIntOrNull(text(d, 'lotNum'), 'lotNum'),
    },
    positions: childNodes(child(d, 'contractPositions'), 'contractPosition').map(readPosition),
    urlEis: readUrl(d),
  };
}

export function readContracts(root: XmlNode): EisContract[] {
  const records = packetItems(root)
    .map((item) => child(item, 'contractData'))
    .filter((d): d is XmlNode => d !== undefined);
  if (records.length === 0) {
    throw new FormatError('NOT_EIS223', 'Файл не является выгрузкой ЕИС 223-ФЗ', {
      details: 'contract packet without body/item/contractData',
    });
  }
  return records.map(readContract);
}
