/**
 * A tiny XML writer for the documents we produce. Elements whose value is null/undefined are omitted, which matches
 * the schemas' minOccurs="0" and keeps builders free of if-chains.
 */

export interface XmlElement {
  name: string;
  attrs?: Record<string, string>;
  content: string | XmlElement[];
}

type Scalar = string | number | boolean | null | undefined;
type Children = Array<XmlElement | null | undefined>;

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

/** el('ns2:guid', value) returns null for a null/undefined value so the element disappears; null children are skipped. */
export function el(name: string, content: Children, attrs?: Record<string, string>): XmlElement;
export function el(name: string, content: Scalar, attrs?: Record<string, string>): XmlElement | null;
export function el(name: string, content: Scalar | Children, attrs?: Record<string, string>): XmlElement | null {
  if (content === null || content === undefined) return null;
  if (Array.isArray(content)) {
    const kids = content.filter((c): c is XmlElement => c != null);
    return { name, attrs, content: kids };
  }
  return { name, attrs, content: String(content) };
}

function renderAttrs(attrs: Record<string, string> | undefined): string {
  if (!attrs) return '';
  return Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
}

function render(node: XmlElement, indent: string, out: string[]): void {
  const open = `${indent}<${node.name}${renderAttrs(node.attrs)}`;
  if (typeof node.content === 'string') {
    out.push(`${open}>${escapeXml(node.content)}</${node.name}>`);
  } else if (node.content.length === 0) {
    out.push(`${open}/>`);
  } else {
    out.push(`${open}>`);
    for (const kid of node.content) render(kid, `${indent}    `, out);
    out.push(`${indent}</${node.name}>`);
  }
}

export function renderXmlDocument(root: XmlElement, opts: { standalone?: boolean } = {}): string {
  const out = [`<?xml version="1.0" encoding="UTF-8"${opts.standalone ? ' standalone="yes"' : ''}?>`];
  render(root, '', out);
  return `${out.join('\n')}\n`;
}
