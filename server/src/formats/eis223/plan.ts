import { FormatError } from '../errors';
import type { XmlNode } from '../xml';
import { child, childNodes, text } from '../xml-read';
import { toDecimalOrNull, toIntOrNull, xsdBoolOrNull, xsdDateToIsoOrNull } from '../values';
import { eisDateTimeOrNull, packetItems, readCodeName, readCurrency, readOrganization, readUrl, readVersion } from './common';
import type { EisPlan, EisPlanItem, EisPlanRow } from './types';

/**
 * Reads `purchasePlan` packets. Items live in purchasePlanItems (or innovationPlanItems for the innovative-products
 * plan); the SMB twins of those lists name the items that are open only to small and medium businesses. ЕИС repeats
 * such an item in full in both lists (same guid: purchasePlan_test.xml has 209 items, 20 of them repeated under
 * purchasePlanItemsSMB), so items are merged by guid and the SMB list only sets `smeOnly`.
 */

const ITEM_LISTS = [
  { list: 'purchasePlanItems', smeOnly: false, innovation: false },
  { list: 'purchasePlanItemsSMB', smeOnly: true, innovation: false },
  { list: 'innovationPlanItems', smeOnly: false, innovation: true },
  { list: 'innovationPlanItemsSMB', smeOnly: true, innovation: true },
] as const;

type ItemList = (typeof ITEM_LISTS)[number];

/** Element names inside a list: innovation items and their rows have names of their own. */
function names(kind: ItemList): { item: string; rows: string; row: string } {
  return kind.innovation
    ? { item: 'innovationPlanItem', rows: 'innovationPlanDataItemRows', row: 'innovationPlanRowItem' }
    : { item: 'purchasePlanItem', rows: 'purchasePlanDataItemRows', row: 'purchasePlanRowItem' };
}

function readRow(r: XmlNode): EisPlanRow {
  return {
    guid: text(r, 'guid'),
    ordinal: toIntOrNull(text(r, 'ordinalNumber'), 'purchasePlanRowItem/ordinalNumber'),
    okpd2: readCodeName(child(r, 'okpd2')),
    okved2: readCodeName(child(r, 'okved2')),
    okei: readCodeName(child(r, 'okei')),
    quantity: toDecimalOrNull(text(r, 'qty'), 'purchasePlanRowItem/qty'),
    okato: text(r, 'okato'),
    region: text(r, 'region'),
    quantityUndeterminable: xsdBoolOrNull(text(r, 'impossibleToDetermineAttr'), 'impossibleToDetermineAttr'),
  };
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** The notice is planned either by exact date or by year/quarter/month; both reduce to a month for the calendar. */
function plannedPeriod(it: XmlNode): Pick<EisPlanItem, 'plannedMonth' | 'plannedYear' | 'plannedDate'> {
  const plannedDate = xsdDateToIsoOrNull(text(it, 'purchasePlannedDate'), 'purchasePlannedDate');
  if (plannedDate) {
    return { plannedDate, plannedYear: Number(plannedDate.slice(0, 4)), plannedMonth: plannedDate.slice(0, 7) };
  }
  const year = toIntOrNull(text(it, 'purchasePeriodYear'), 'purchasePeriodYear');
  const month = toIntOrNull(text(it, 'purchasePeriodMonth'), 'purchasePeriodMonth');
  if (month !== null && (month < 1 || month > 12)) {
    throw new FormatError('INVALID_DATA', `Поле «purchasePeriodMonth» содержит некорректный месяц «${month}»`);
  }
  return {
    plannedDate: null,
    plannedYear: year,
    plannedMonth: year !== null && month !== null ? `${year}-${pad2(month)}` : null,
  };
}

function readItem(it: XmlNode, kind: ItemList): EisPlanItem {
  const guid = text(it, 'guid');
  if (!guid) throw new FormatError('INVALID_DATA', 'В позиции плана закупки нет идентификатора (guid)');
  const n = names(kind);
  const rows = childNodes(child(it, n.rows), n.row).map(readRow);
  const first = rows[0];
  return {
    guid,
    ordinal: toIntOrNull(text(it, 'ordinalNumber'), `${n.item}/ordinalNumber`),
    subject: text(it, 'contractSubject'),
    status: text(it, 'status'),
    okpd2: first?.okpd2 ?? null,
    okved2: first?.okved2 ?? null,
    okei: first?.okei ?? null,
    quantity: first?.quantity ?? null,
    rows,
    okato: text(it, 'okato') ?? first?.okato ?? null,
    region: text(it, 'region') ?? first?.region ?? null,
    nmcd: toDecimalOrNull(text(it, 'maximumContractPrice'), 'maximumContractPrice'),
    nmcdRub: toDecimalOrNull(text(it, 'maximumContractPriceRub'), 'maximumContractPriceRub'),
    currency: readCurrency(child(it, 'currency')),
    ...plannedPeriod(it),
    methodCode: text(it, 'purchaseMethodCode'),
    methodName: text(it, 'purchaseMethodName'),
    electronic: xsdBoolOrNull(text(it, 'isElectronic'), 'isElectronic'),
    smeOnly: kind.smeOnly,
    innovation: kind.innovation,
    longTerm: xsdBoolOrNull(text(it, 'longTerm'), 'longTerm'),
    contractEndDate: xsdDateToIsoOrNull(text(it, 'contractEndDate'), 'contractEndDate'),
  };
}

export function readPlan(root: XmlNode): EisPlan {
  const d = packetItems(root)
    .map((item) => child(item, 'purchasePlanData'))
    .find((x) => x !== undefined);
  if (!d) {
    throw new FormatError('NOT_EIS223', 'Файл не является выгрузкой ЕИС 223-ФЗ', {
      details: 'purchasePlan packet without body/item/purchasePlanData',
    });
  }
  const guid = text(d, 'guid');
  if (!guid) throw new FormatError('INVALID_DATA', 'В плане закупки нет идентификатора (guid)');
  const startDate = xsdDateToIsoOrNull(text(d, 'startDate'), 'startDate');
  const byGuid = new Map<string, EisPlanItem>();
  for (const kind of ITEM_LISTS) {
    for (const node of childNodes(child(d, kind.list), names(kind).item)) {
      const item = readItem(node, kind);
      const seen = byGuid.get(item.guid);
      if (seen) seen.smeOnly ||= item.smeOnly;
      else byGuid.set(item.guid, item);
    }
  }
  return {
    guid,
    registrationNumber: text(d, 'registrationNumber'),
    name: text(d, 'name'),
    version: readVersion(d),
    status: text(d, 'status'),
    planType: text(d, 'planType'),
    year: toIntOrNull(text(d, 'reportingYear'), 'reportingYear') ?? (startDate ? Number(startDate.slice(0, 4)) : null),
    startDate,
    endDate: xsdDateToIsoOrNull(text(d, 'endDate'), 'endDate'),
    approveDate: xsdDateToIsoOrNull(text(d, 'approveDate'), 'approveDate'),
    createDateTime: eisDateTimeOrNull(text(d, 'createDateTime'), 'createDateTime'),
    publicationDateTime: eisDateTimeOrNull(text(d, 'publicationDateTime'), 'publicationDateTime'),
    customer: readOrganization(child(d, 'customer')),
    placer: readOrganization(child(d, 'placer')),
    urlEis: readUrl(d),
    // Document order of first appearance; an item listed only under an SMB list (not seen in ЕИС exports) is kept.
    items: [...byGuid.values()],
  };
}
