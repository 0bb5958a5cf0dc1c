import { ATTR_PREFIX, TEXT_KEY, type XmlNode, type XmlValue } from './xml';

/**
 * Accessors over parsed XML. fast-xml-parser gives a single child as a value and repeated children as an array, and
 * an element with no attributes as a bare string; these helpers hide both so readers can ask for "all <item>s".
 */

function asNode(v: XmlValue): XmlNode | null {
  if (typeof v === 'string') return { [TEXT_KEY]: v };
  if (Array.isArray(v)) return null;
  return v;
}

/** All child elements with this local name, in document order. */
export function childNodes(node: XmlNode | null | undefined, name: string): XmlNode[] {
  if (!node || !Object.hasOwn(node, name)) return [];
  const v = node[name];
  const list = Array.isArray(v) ? v : [v];
  const out: XmlNode[] = [];
  for (const item of list) {
    const n = asNode(item);
    if (n) out.push(n);
  }
  return out;
}

/** The first child element with this local name. */
export function child(node: XmlNode | null | undefined, name: string): XmlNode | undefined {
  return childNodes(node, name)[0];
}

/** Follows a chain of first children: path(root, 'body', 'item'). */
export function path(node: XmlNode | null | undefined, ...names: string[]): XmlNode | undefined {
  let cur: XmlNode | undefined = node ?? undefined;
  for (const name of names) {
    cur = child(cur, name);
    if (!cur) return undefined;
  }
  return cur;
}

/** Text content of an element node; empty text is null so "absent" and "empty" read the same. */
export function ownText(node: XmlNode | null | undefined): string | null {
  if (!node) return null;
  const t = node[TEXT_KEY];
  if (typeof t !== 'string') return null;
  return t === '' ? null : t;
}

/** Text of the first child element `name`, or of a nested path: text(n, 'currency', 'code'). */
export function text(node: XmlNode | null | undefined, ...names: string[]): string | null {
  return ownText(path(node, ...names));
}

export function attr(node: XmlNode | null | undefined, name: string): string | null {
  if (!node) return null;
  const v = node[ATTR_PREFIX + name];
  return typeof v === 'string' && v !== '' ? v : null;
}

/** Names of the child elements (attributes and text excluded), e.g. to find `purchaseNoticeAEData`. */
export function childNames(node: XmlNode | null | undefined): string[] {
  if (!node) return [];
  return Object.keys(node).filter((k) => k !== TEXT_KEY && !k.startsWith(ATTR_PREFIX));
}
