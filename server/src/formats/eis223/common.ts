import type { CodeName } from '../schemas';
import { attr, child, childNames, childNodes, path, text } from '../xml-read';
import type { XmlNode } from '../xml';
import { toIntOrNull, xsdDateTime } from '../values';
import type { EisCurrency, EisOrganization, EisPacket } from './types';

/** Readers for the building blocks every ЕИС 223-FZ packet shares (types namespace `…/223fz/types/1`). */

const MOSCOW_OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Moscow', timeZoneName: 'longOffset' });

/** Moscow's UTC offset ('+03:00') at an instant; Europe/Moscow's history gives +04:00 for 2011–2014 and summer time before. */
function moscowOffsetAt(ms: number): string {
  const name = MOSCOW_OFFSET.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+03:00';
  return /[+-]\d{2}:\d{2}$/.exec(name)?.[0] ?? '+03:00';
}
const offsetMs = (offset: string) => (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;

/**
 * ЕИС writes date-times in Moscow time, mostly without an offset ('2019-12-17T17:01:03'); read as UTC they would be
 * three hours off. A value without an offset gets Moscow's offset of that moment; one with an offset (older exports
 * write '+04:00') stays as written. The calendar day (the first ten characters) is never changed.
 */
export function eisDateTimeOrNull(raw: string | null | undefined, field: string): string | null {
  if (raw == null || raw.trim() === '') return null;
  const v = xsdDateTime(raw, field);
  if (/(Z|[+-]\d{2}:\d{2})$/.test(v)) return v;
  const local = Date.parse(`${v}Z`);
  // the offset of the instant the wall-clock time stands for: guess with +03:00, then take the offset there
  const offset = moscowOffsetAt(local - offsetMs(moscowOffsetAt(local - 3 * 3600_000)));
  return `${v}${offset}`;
}

/** TFF version from xsi:schemaLocation ('…/schema/TFF-9.3 …/TFF-9.3/contract.xsd' → 'TFF-9.3'). */
function schemaVersion(root: XmlNode): string | null {
  const loc = attr(root, 'schemaLocation');
  const m = loc ? /TFF-[\d.]+\d/.exec(loc) : null;
  return m ? m[0] : null;
}

export function readPacket(root: XmlNode): EisPacket {
  return {
    guid: text(root, 'header', 'guid'),
    createDateTime: eisDateTimeOrNull(text(root, 'header', 'createDateTime'), 'header/createDateTime'),
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
