/**
 * Automatic mapping of УПД lines to contract positions. Pure: no database. A line gets the best position whose
 * confidence reaches MAP_THRESHOLD; otherwise it stays unmapped (and is still stored by the caller).
 */
import Decimal from 'decimal.js';

export const MAP_THRESHOLD = 0.55;

export interface LineToMatch {
  name: string | null;
  okeiCode: string | null;
  price: string | null;
  /** ОКПД2 when the file carries one (КодТов sometimes holds it). */
  okpd2: string | null;
}

export interface PositionToMatch {
  id: number;
  name: string;
  okpd2: string | null;
  okeiCode: string | null;
  price: string | null;
}

export interface LineMatch {
  positionId: number | null;
  /** 0..1, three decimals; the best candidate's score even when below the threshold (shows how close it was). */
  confidence: number;
}

const STOP = new Set([
  'и',
  'в',
  'на',
  'для',
  'с',
  'со',
  'по',
  'из',
  'к',
  'от',
  'до',
  'или',
  'не',
  'без',
  'под',
  'над',
  'при',
  'за',
  'об',
  'о',
  'через',
  'а',
]);
// Russian inflection endings, longest first: "бумаги", "бумага", "бумагу" meet at "бумаг"
const ENDINGS = [
  'ами',
  'ями',
  'ию',
  'ия',
  'ии',
  'ью',
  'ья',
  'ье',
  'ого',
  'его',
  'ому',
  'ему',
  'ыми',
  'ими',
  'ой',
  'ей',
  'ий',
  'ый',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ов',
  'ев',
  'ам',
  'ям',
  'ах',
  'ях',
  'ом',
  'ем',
  'а',
  'я',
  'о',
  'е',
  'ы',
  'и',
  'у',
  'ю',
  'ь',
  'й',
];

export function normaliseName(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]+/g, ' ')
    .trim();
}

function stem(word: string): string {
  if (/^\d/.test(word) || word.length <= 3) return word;
  for (const e of ENDINGS) if (word.endsWith(e) && word.length - e.length >= 3) return word.slice(0, -e.length);
  return word;
}

export function wordStems(s: string): Set<string> {
  return new Set(
    normaliseName(s)
      .split(' ')
      .filter((w) => w && !STOP.has(w))
      .map(stem),
  );
}

function trigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of normaliseName(s).split(' ').filter(Boolean)) {
    const p = `  ${w} `;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  return out;
}

function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const x of a) if (b.has(x)) common++;
  return common / (a.size + b.size - common);
}

/** Word-stem Jaccard or trigram Jaccard, whichever is higher (stems catch reordering, trigrams catch typos). */
export function nameSimilarity(a: string, b: string): number {
  return Math.max(jaccard(wordStems(a), wordStems(b)), jaccard(trigrams(a), trigrams(b)));
}

function priceCloseness(a: string, b: string): number {
  const x = new Decimal(a);
  const y = new Decimal(b);
  const max = Decimal.max(x.abs(), y.abs());
  if (max.isZero()) return 1;
  return Math.max(0, 1 - x.minus(y).abs().div(max).toNumber() * 5);
}

const OKPD2_RE = /^\d{2}(\.\d{1,2}){1,3}(\.\d{1,3})?$/;
export const looksLikeOkpd2 = (code: string | null): string | null => (code && OKPD2_RE.test(code.trim()) ? code.trim() : null);

/** Weighted mean over the signals both sides have; the name always counts, the others only when present. */
export function scoreLine(line: LineToMatch, pos: PositionToMatch): number {
  let sum = 0;
  let weight = 0;
  const add = (w: number, v: number) => {
    sum += w * v;
    weight += w;
  };
  const name = line.name && pos.name ? nameSimilarity(line.name, pos.name) : 0;
  add(0.6, name);
  if (line.okeiCode && pos.okeiCode) add(0.15, line.okeiCode === pos.okeiCode ? 1 : 0);
  if (line.price && pos.price) add(0.25, priceCloseness(line.price, pos.price));
  let score = sum / weight;
  if (line.okpd2 && pos.okpd2) {
    if (line.okpd2 === pos.okpd2) score = Math.max(score, 0.6 + 0.4 * score);
    else score *= 0.5;
  }
  // a matching unit and price cannot carry a line whose name has nothing in common with the position
  if (name < 0.2 && !(line.okpd2 && line.okpd2 === pos.okpd2)) score = Math.min(score, MAP_THRESHOLD - 0.05);
  return Math.round(score * 1000) / 1000;
}

export function matchLines(lines: LineToMatch[], positions: PositionToMatch[]): LineMatch[] {
  return lines.map((line) => {
    let best: LineMatch = { positionId: null, confidence: 0 };
    for (const p of positions) {
      const c = scoreLine(line, p);
      if (c > best.confidence) best = { positionId: p.id, confidence: c };
    }
    return best.confidence >= MAP_THRESHOLD ? best : { positionId: null, confidence: best.confidence };
  });
}
