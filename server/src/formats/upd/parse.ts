import { FormatError, withFormatErrors } from '../errors';
import { validateResult } from '../validate';
import { parseXml, type XmlNode } from '../xml';
import { attr, child, childNodes, text } from '../xml-read';
import { ruDateToIso, toDecimalOrNull, toIntOrNull } from '../values';
import { readParty } from './party';
import { updDocument, type UpdDocument, type UpdLine, type UpdTotals } from './types';

/**
 * Reads the seller's title of an УПД (КНД 1115131, files ON_NSCHFDOPPR_…), formats 5.01 (order ММВ-7-15/820@) and
 * 5.02/5.03 (order ЕД-7-26/970@). The versions differ in where the number, date, currency and unit name live; each
 * reader below takes the newer place first and falls back to the 5.01 one.
 */

const UPD_KND = '1115131';
const UPD_BUYER_KND = '1115132';
const WHAT = 'УПД';

function notUpd(details: string): FormatError {
  return new FormatError('NOT_UPD', 'Файл не является УПД', { details });
}

/** СумНал (line) and СумНалВсего (totals) hold either a sum or the words "без НДС". */
function readVat(node: XmlNode | undefined, field: string): { vatAmount: string | null; withoutVat: boolean } {
  return {
    vatAmount: toDecimalOrNull(text(node, 'СумНал'), field),
    withoutVat: text(node, 'БезНДС') !== null,
  };
}

function readLine(n: XmlNode, index: number): UpdLine {
  const extra = child(n, 'ДопСведТов');
  const ordinal = toIntOrNull(attr(n, 'НомСтр'), 'НомСтр');
  return {
    ordinal: ordinal ?? index + 1,
    name: attr(n, 'НаимТов'),
    okeiCode: attr(n, 'ОКЕИ_Тов'),
    unitName: attr(n, 'НаимЕдИзм') ?? attr(extra, 'НаимЕдИзм'),
    quantity: toDecimalOrNull(attr(n, 'КолТов'), 'КолТов'),
    price: toDecimalOrNull(attr(n, 'ЦенаТов'), 'ЦенаТов'),
    amountWithoutVat: toDecimalOrNull(attr(n, 'СтТовБезНДС'), 'СтТовБезНДС'),
    vatRate: attr(n, 'НалСт'),
    ...readVat(child(n, 'СумНал'), 'СумНал'),
    amountWithVat: toDecimalOrNull(attr(n, 'СтТовУчНал'), 'СтТовУчНал'),
    itemCode: attr(extra, 'КодТов'),
  };
}

function readTotals(table: XmlNode | undefined): UpdTotals | null {
  const total = child(table, 'ВсегоОпл');
  if (!total) return null;
  return {
    amountWithoutVat: toDecimalOrNull(attr(total, 'СтТовБезНДСВсего'), 'СтТовБезНДСВсего'),
    ...readVat(child(total, 'СумНалВсего'), 'СумНалВсего'),
    amountWithVat: toDecimalOrNull(attr(total, 'СтТовУчНалВсего'), 'СтТовУчНалВсего'),
  };
}

function readUpd(rootName: string, file: XmlNode): UpdDocument {
  if (rootName !== 'Файл') throw notUpd(`root <${rootName}>`);
  const fileId = attr(file, 'ИдФайл');
  const doc = child(file, 'Документ');
  const knd = attr(doc, 'КНД');
  // The КНД is authoritative; the file-name prefix is the fallback for generators that omit it.
  // the buyer's title (КНД 1115132, ON_NSCHFDOPPOK_…) answers a seller's УПД and carries no goods: say which file to take
  if (knd === UPD_BUYER_KND || fileId?.startsWith('ON_NSCHFDOPPOK')) {
    throw new FormatError(
      'NOT_UPD',
      'Файл — титул покупателя УПД (ON_NSCHFDOPPOK): загрузите титул продавца (файл ON_NSCHFDOPPR_…), в нём товары и суммы',
      { details: `КНД=${knd ?? '-'} ИдФайл=${fileId ?? '-'}` },
    );
  }
  if (!doc || (knd !== null ? knd !== UPD_KND : !fileId?.startsWith('ON_NSCHFDOPPR'))) {
    throw notUpd(`КНД=${knd ?? '-'} ИдФайл=${fileId ?? '-'}`);
  }
  const version = attr(file, 'ВерсФорм');
  if (!fileId || !version) {
    throw new FormatError('INVALID_DATA', 'В УПД не указаны идентификатор файла (ИдФайл) или версия формата (ВерсФорм)');
  }
  if (!/^5\.0\d$/.test(version)) {
    throw new FormatError('NOT_UPD', `Версия формата УПД ${version} не поддерживается (поддерживаются 5.01–5.03)`);
  }
  const inv = child(doc, 'СвСчФакт');
  if (!inv) throw new FormatError('INVALID_DATA', 'В УПД нет сведений о документе (СвСчФакт)');
  const number = attr(inv, 'НомерДок') ?? attr(inv, 'НомерСчФ');
  const rawDate = attr(inv, 'ДатаДок') ?? attr(inv, 'ДатаСчФ');
  if (!number || !rawDate) throw new FormatError('INVALID_DATA', 'В УПД не указаны номер или дата документа');
  const seller = readParty(child(inv, 'СвПрод'));
  if (!seller) throw new FormatError('INVALID_DATA', 'В УПД нет сведений о продавце (СвПрод)');
  const table = child(doc, 'ТаблСчФакт');
  return {
    fileId,
    formatVersion: version,
    documentFunction: attr(doc, 'Функция'),
    number,
    date: ruDateToIso(rawDate, attr(inv, 'ДатаДок') ? 'ДатаДок' : 'ДатаСчФ'),
    currencyCode: attr(child(inv, 'ДенИзм'), 'КодОКВ') ?? attr(inv, 'КодОКВ'),
    seller,
    buyer: readParty(child(inv, 'СвПокуп')),
    lines: childNodes(table, 'СведТов').map(readLine),
    totals: readTotals(table),
  };
}

/** Parses an УПД XML file (windows-1251 as a rule; any declared encoding is honoured). Throws FormatError only. */
export function parseUpd(buf: Uint8Array): UpdDocument {
  return withFormatErrors(WHAT, () => {
    const { rootName, root } = parseXml(buf);
    return validateResult(updDocument, readUpd(rootName, root), WHAT);
  });
}
