/**
 * ОКПД2 as a tree, derived from the codes alone (the source file has code and name only).
 *
 * Code levels: section (letter A…U) → class XX → subclass XX.X → group XX.XX → subgroup XX.XX.X → kind XX.XX.XX →
 * category XX.XX.XX.X00 → subcategory XX.XX.XX.XX0 → XX.XX.XX.XXX. The last three digits nest by trailing zeros
 * ('01.11.11.111' under '01.11.11.110', '02.10.11.210' under '02.10.11.200'), but not every intermediate code exists,
 * so a parent is the nearest EXISTING candidate; kinds (XX.XX.XX) may skip the subgroup level the same way.
 */

export interface Okpd2Entry {
  code: string;
  name: string;
}

export interface Okpd2TreeRow extends Okpd2Entry {
  parentCode: string | null;
  depth: number;
  isLeaf: boolean;
}

/** Sections of ОКПД2 (ОК 034-2014) and the classes each covers. */
export const OKPD2_SECTION_CLASSES: readonly [section: string, firstClass: number, lastClass: number][] = [
  ['A', 1, 3],
  ['B', 5, 9],
  ['C', 10, 33],
  ['D', 35, 35],
  ['E', 36, 39],
  ['F', 41, 43],
  ['G', 45, 47],
  ['H', 49, 53],
  ['I', 55, 56],
  ['J', 58, 63],
  ['K', 64, 66],
  ['L', 68, 68],
  ['M', 69, 75],
  ['N', 77, 82],
  ['O', 84, 84],
  ['P', 85, 85],
  ['Q', 86, 88],
  ['R', 90, 93],
  ['S', 94, 96],
  ['T', 97, 98],
  ['U', 99, 99],
];

export const sectionOfClass = (cls: string): string | null => {
  const n = Number(cls);
  return OKPD2_SECTION_CLASSES.find(([, a, b]) => n >= a && n <= b)?.[0] ?? null;
};

/**
 * Lines are `code TAB name`; the code may carry trailing spaces, and a few names in the published file are wrapped as
 * `"TAB…"` (a stray quote and tab before the name, a closing quote after it).
 */
export function parseOkpd2Tsv(text: string): Okpd2Entry[] {
  const out: Okpd2Entry[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) continue;
    const tab = line.indexOf('\t');
    if (tab < 0) throw new Error(`ОКПД2: строка без табуляции: ${line.slice(0, 80)}`);
    const code = line.slice(0, tab).trim();
    let name = line.slice(tab + 1);
    if (name.startsWith('"\t')) {
      name = name.slice(2);
      if (name.endsWith('"')) name = name.slice(0, -1);
    }
    name = name.trim();
    if (!/^([A-Z]|\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{3})?)?)?)$/.test(code)) throw new Error(`ОКПД2: некорректный код «${code}»`);
    out.push({ code, name });
  }
  return out;
}

/** Candidate parents of a code, nearest first. */
export function okpd2ParentCandidates(code: string): string[] {
  if (/^[A-Z]$/.test(code)) return [];
  const parts = code.split('.');
  if (parts.length === 1) {
    const section = sectionOfClass(code);
    return section ? [section] : [];
  }
  const [cls, sub, kind, tail] = parts;
  if (parts.length === 2) return sub.length === 2 ? [`${cls}.${sub[0]}`, cls] : [cls];
  if (parts.length === 3) return kind.length === 2 ? [`${cls}.${sub}.${kind[0]}`, `${cls}.${sub}`] : [`${cls}.${sub}`];
  const base = `${cls}.${sub}.${kind}`;
  const candidates: string[] = [];
  const digits = tail.split('');
  for (const i of [2, 1]) {
    if (digits[i] !== '0') {
      digits[i] = '0';
      candidates.push(`${base}.${digits.join('')}`);
    }
  }
  candidates.push(base, `${cls}.${sub}.${kind[0]}`);
  return candidates.filter((c) => c !== code);
}

/** Parent, depth and leaf flag for every entry; throws if some code has no existing parent (a broken source file). */
export function buildOkpd2Tree(entries: Okpd2Entry[]): Okpd2TreeRow[] {
  const codes = new Set(entries.map((e) => e.code));
  if (codes.size !== entries.length) throw new Error('ОКПД2: в файле повторяются коды');
  const parentOf = new Map<string, string | null>();
  for (const { code } of entries) {
    if (/^[A-Z]$/.test(code)) {
      parentOf.set(code, null);
      continue;
    }
    const parent = okpd2ParentCandidates(code).find((c) => codes.has(c));
    if (!parent) throw new Error(`ОКПД2: для кода «${code}» не найден родитель`);
    parentOf.set(code, parent);
  }
  const hasChildren = new Set([...parentOf.values()].filter((p): p is string => !!p));
  const depthOf = new Map<string, number>();
  const depth = (code: string): number => {
    const known = depthOf.get(code);
    if (known) return known;
    const parent = parentOf.get(code);
    const d = parent ? depth(parent) + 1 : 1;
    depthOf.set(code, d);
    return d;
  };
  return entries.map((e) => ({ ...e, parentCode: parentOf.get(e.code) ?? null, depth: depth(e.code), isLeaf: !hasChildren.has(e.code) }));
}

/** What a user types as a code: '17.12', '1712', '17.12.1', 'a' → a dotted prefix ('17.12'), or null when it is not a code. */
export function normalizeOkpd2Prefix(input: string): string | null {
  const q = input.trim();
  if (/^[A-Za-z]$/.test(q)) return q.toUpperCase();
  if (/^\d{2}(\.\d{0,2}(\.\d{0,2}(\.\d{0,3})?)?)?$/.test(q)) return q;
  if (/^\d{2,9}$/.test(q)) {
    // 2 + 2 + 2 + 3 digits, dots between the groups
    const groups = [q.slice(0, 2), q.slice(2, 4), q.slice(4, 6), q.slice(6, 9)].filter(Boolean);
    return groups.join('.');
  }
  return null;
}
