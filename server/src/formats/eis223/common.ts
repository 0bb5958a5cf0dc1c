import type { CodeName } from '../schemas';
import { attr, child, childNames, childNodes, path, text } from '../xml-read';
import type { XmlNode } from '../xml';
import { toIntOrNull, xsdDateTimeOrNull } from '../values';
import type { EisCurrency, EisOrganization, EisPacket } from './types';

/** Readers for the building blocks every ЕИС 223-FZ packet shares (types namespace `…/223fz/types/1`). */

/** TFF version from xsi:schemaLocation ('…/schema/TFF-9.3 …/TFF-9.3/contract.xsd' → 'TFF-9.3'). */
function schemaVersion(root: XmlNode): string | null {
  const loc = attr(root, 'schemaLocation');
  const m = loc ? /TFF-[\d.]+\d/.exec(loc) : null;
  return m ? m[0] : null;
}

export function readPacket(root: XmlNode): EisPacket {
  return {
    guid: text(root, 'header', 'guid'),
    createDateTime: xsdDateTimeOrNull(text(root, 'header', 'createDateTime'), 'header/createDateTime'),
    schemaVersion: schemaVersion(root),
  };
}

/** The `body/item` elements; a daily export may hold many. */
export function packetItems(root: XmlNode): XmlNode[] {
  return childNodes(child(root, 'body'), 'item');
}

/** `{code, name}` pairs (okpd2, okved2, okei, purchaseTypeInfo…); null when there is no code. */
export function readCodeName(node: XmlNode | undefined, codeElement = 'code'): CodeName | null {
  const code = text(node, codeElement);
  if (code === null) return null;
  return { code, name: text(node, 'name') };
}

/** Countries are identified by their digital (ОКСМ) code. */
export function readCountry(node: XmlNode | undefined): CodeName | null {
  if (!node) return null;
  const code = text(node, 'digitalCode') ?? text(node, 'code');
  if (code === null) return null;
  return { code, name: text(node, 'name') };
}

export function readCurrency(node: XmlNode | undefined): EisCurrency | null {
  if (!node) return null;
  return { code: text(node, 'code'), digitalCode: text(node, 'digitalCode'), name: text(node, 'name') };
}

/** customer/placer/detachedOrg wrap the organisation in `mainInfo` (customerInfoType). */
export function readOrganization(node: XmlNode | undefined): EisOrganization | null {
  if (!node) return null;
  const info = child(node, 'mainInfo') ?? node;
  return {
    name: text(info, 'fullName'),
    shortName: text(info, 'shortName'),
    inn: text(info, 'inn'),
    kpp: text(info, 'kpp'),
    ogrn: text(info, 'ogrn'),
    okato: text(info, 'okato'),
  };
}

/** Older schemas call the link urlOOS, newer urlEIS. */
export function readUrl(node: XmlNode): string | null {
  return text(node, 'urlEIS') ?? text(node, 'urlOOS');
}

export function readVersion(node: XmlNode): number | null {
  return toIntOrNull(text(node, 'version'), 'version');
}

/** The record element inside an item, found by name pattern (purchaseNoticeData, purchaseNoticeAEData, …). */
export function itemData(item: XmlNode, pattern: RegExp): XmlNode | undefined {
  const name = childNames(item).find((n) => pattern.test(n));
  return name ? path(item, name) : undefined;
}
