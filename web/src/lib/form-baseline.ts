import { normalizeDecimal } from '@proc/contract/money';

/**
 * A form's value as the server would keep it, for telling an edit from a value that only looks different: an empty
 * text, an empty list, null and a missing value are one «nothing» (the server stores null); texts compare trimmed (the
 * server trims them); an amount compares by its number, as the money input keeps it («1 708,3», "1708.30" and
 * "1708.3" are one sum). `decimals` names the keys whose values are amounts, at any depth.
 */
export function canonicalValue(v: unknown, decimals: ReadonlySet<string>, key?: string): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return null;
    return key !== undefined && decimals.has(key) ? canonicalAmount(s) : s;
  }
  if (Array.isArray(v)) return v.length === 0 ? null : v.map((x) => canonicalValue(x, decimals));
  if (typeof v === 'object') {
    const entries = Object.keys(v)
      .sort()
      .map((k) => [k, canonicalValue((v as Record<string, unknown>)[k], decimals, k)] as const)
      .filter(([, x]) => x !== null);
    return entries.length === 0 ? null : Object.fromEntries(entries);
  }
  if (typeof v === 'number' && key !== undefined && decimals.has(key)) return canonicalAmount(String(v));
  return v;
}

/** "001708,30" → "1708.3"; a text that is no number stays as typed (it differs from any stored sum). */
function canonicalAmount(s: string): string {
  const n = normalizeDecimal(s);
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(n);
  if (!m) return s;
  const int = m[2].replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const sign = m[1] && (int !== '0' || frac) ? '-' : '';
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/** Whether two sets of a form's values hold the same thing in each of `keys` (see canonicalValue). */
export function sameValues(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  keys: readonly string[],
  decimals: ReadonlySet<string> = new Set(),
): boolean {
  return keys.every((k) => JSON.stringify(canonicalValue(a[k], decimals, k)) === JSON.stringify(canonicalValue(b[k], decimals, k)));
}
