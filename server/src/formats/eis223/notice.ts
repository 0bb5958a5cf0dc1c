import { FormatError } from '../errors';
import type { XmlNode } from '../xml';
import { child, childNodes, text } from '../xml-read';
import { toDecimalOrNull, toIntOrNull, xsdBoolOrNull } from '../values';
import { eisDateTimeOrNull, itemData, packetItems, readCodeName, readCurrency, readOrganization, readUrl, readVersion } from './common';
import type { EisNotice, EisNoticeLot, EisNoticeLotItem } from './types';

/**
 * Reads purchase notices. ЕИС has one root per method (notice-types.ts: purchaseNotice, purchaseNoticeAE,
 * purchaseNoticeAE94FZ, purchaseNoticeOK, purchaseNoticeZKESMBO, …) with a matching data element
 * (purchaseNoticeAE94FZData…); the parts we read are common to all. Early exports (TFF-2.0, 2012) have no `lotData`:
 * the lot itself holds subject, currency, initialSum and lotItems, and the items are classified by ОКДП.
 */

function readLotItem(i: XmlNode): EisNoticeLotItem {
  return {
    guid: text(i, 'guid'),
    ordinal: toIntOrNull(text(i, 'ordinalNumber'), 'lotItem/ordinalNumber'),
    okpd2: readCodeName(child(i, 'okpd2')),
    okdp: readCodeName(child(i, 'okdp')),
    okved2: readCodeName(child(i, 'okved2')),
    okei: readCodeName(child(i, 'okei')),
    quantity: toDecimalOrNull(text(i, 'qty'), 'lotItem/qty'),
  };
}

function readLot(lot: XmlNode): EisNoticeLot {
  const data = child(lot, 'lotData') ?? lot;
  const items = childNodes(child(data, 'lotItems'), 'lotItem').map(readLotItem);
  const plan = child(lot, 'lotPlanInfo');
  return {
    guid: text(lot, 'guid'),
    ordinal: toIntOrNull(text(lot, 'ordinalNumber'), 'lot/ordinalNumber'),
    subject: text(data, 'subject'),
    nmcd: toDecimalOrNull(text(data, 'initialSum'), 'lot/initialSum'),
    currency: readCurrency(child(data, 'currency')),
    okpd2: items[0]?.okpd2 ?? null,
    items,
    smeOnly: xsdBoolOrNull(text(data, 'forSmallOrMiddle'), 'forSmallOrMiddle'),
    planPosition: plan
      ? {
          planRegistrationNumber: text(plan, 'planRegistrationNumber'),
          positionNumber: toIntOrNull(text(plan, 'positionNumber'), 'lotPlanInfo/positionNumber'),
          positionGuid: text(plan, 'positionGuid'),
        }
      : null,
  };
}

export function readNotice(root: XmlNode, rootName: string): EisNotice {
  const d = packetItems(root)
    .map((item) => itemData(item, /^purchaseNotice\w*Data$/))
    .find((x) => x !== undefined);
  if (!d) {
    throw new FormatError('NOT_EIS223', 'Файл не является выгрузкой ЕИС 223-ФЗ', {
      details: `${rootName} packet without body/item/purchaseNotice…Data`,
    });
  }
  const guid = text(d, 'guid');
  if (!guid) throw new FormatError('INVALID_DATA', 'В извещении о закупке нет идентификатора (guid)');
  const place = child(d, 'electronicPlaceInfo');
  return {
    guid,
    registrationNumber: text(d, 'registrationNumber'),
    name: text(d, 'name'),
    version: readVersion(d),
    status: text(d, 'status'),
    noticeType: rootName,
    method: { code: text(d, 'purchaseMethodCode'), name: text(d, 'purchaseCodeName') },
    customer: readOrganization(child(d, 'customer')),
    placer: readOrganization(child(d, 'placer')),
    createDateTime: eisDateTimeOrNull(text(d, 'createDateTime'), 'createDateTime'),
    publicationDateTime: eisDateTimeOrNull(text(d, 'publicationDateTime'), 'publicationDateTime'),
    modificationDate: eisDateTimeOrNull(text(d, 'modificationDate'), 'modificationDate'),
    submissionCloseDateTime: eisDateTimeOrNull(text(d, 'submissionCloseDateTime'), 'submissionCloseDateTime'),
    electronicPlace: place ? { name: text(place, 'name'), url: text(place, 'url') } : null,
    lots: childNodes(child(d, 'lots'), 'lot').map(readLot),
    urlEis: readUrl(d),
  };
}
