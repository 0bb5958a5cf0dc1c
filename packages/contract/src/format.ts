/**
 * The one set of Russian display rules for numbers, sums, percentages, sizes and dates: the web's screens and the
 * server's XLSX/PDF/DOCX both format through these, so a figure reads the same everywhere. Decimal values arrive as
 * strings (numeric columns) and are rounded with BigInt arithmetic, never through floats.
 */

export const NBSP = '\u00a0';
/** The typographic minus, as Russian documents print it. */
const MINUS = '−';

type DecimalLike = string | number | bigint | null | undefined;

interface Parsed {
  negative: boolean;
  int: string;
  frac: string;
}

function parseDecimal(v: DecimalLike): Parsed | null {
  if (v === null || v === undefined || v === '') return null;
  let s = typeof v === 'number' ? (Number.isFinite(v) ? numberToPlain(v) : '') : String(v).trim();
  s = s.replace(/\s/g, '').replace(',', '.').replace(MINUS, '-');
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  return { negative: m[1] === '-', int: m[2].replace(/^0+(?=\d)/, '') || '0', frac: m[3] ?? '' };
}

/** A JS number written out without exponent notation (1e-7 → "0.0000001"). */
function numberToPlain(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** Rounds half away from zero to `digits` fraction digits, returning integer and fraction parts. */
function roundParts(p: Parsed, digits: number): Parsed {
  if (p.frac.length <= digits) return { ...p, frac: p.frac.padEnd(digits, '0') };
  const scaled = BigInt(p.int + p.frac.slice(0, digits)) + (Number(p.frac[digits]) >= 5 ? 1n : 0n);
  const text = scaled.toString().padStart(digits + 1, '0');
  return { negative: p.negative, int: text.slice(0, text.length - digits) || '0', frac: text.slice(text.length - digits) };
}

const group = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

function join(p: Parsed, frac: string): string {
  const zero = /^0*$/.test(p.int) && /^0*$/.test(frac);
  return `${p.negative && !zero ? MINUS : ''}${group(p.int)}${frac ? `,${frac}` : ''}`;
}

/** A sum of money: «1 234 567,80», with « ₽» when a currency sign is given; «—» for no value. */
export function formatMoney(v: DecimalLike, currency: string | null = '₽'): string {
  const p = parseDecimal(v);
  if (!p) return '—';
  const r = roundParts(p, 2);
  return `${join(r, r.frac)}${currency ? `${NBSP}${currency}` : ''}`;
}

/** A quantity or unit-free decimal: trailing zeros dropped («16.00000000000» → «16», «2.500» → «2,5»), up to `maxDigits`. */
export function formatQuantity(v: DecimalLike, maxDigits = 6): string {
  const p = parseDecimal(v);
  if (!p) return '—';
  const r = roundParts(p, maxDigits);
  return join(r, r.frac.replace(/0+$/, ''));
}

/** A percentage: «16,67 %» (two digits by default; the value is already in per cent). */
export function formatPercent(v: DecimalLike, digits = 2): string {
  const p = parseDecimal(v);
  if (!p) return '—';
  const r = roundParts(p, digits);
  return `${join(r, r.frac)}${NBSP}%`;
}

/** A share of a whole as a percentage: part / whole × 100, «0,00 %» when the whole is zero. */
export function formatShare(part: DecimalLike, whole: DecimalLike, digits = 2): string {
  const a = parseDecimal(part);
  const b = parseDecimal(whole);
  if (!a || !b) return '—';
  const scale = Math.max(a.frac.length, b.frac.length);
  const num = BigInt(a.int + a.frac.padEnd(scale, '0')) * (a.negative ? -1n : 1n);
  const den = BigInt(b.int + b.frac.padEnd(scale, '0')) * (b.negative ? -1n : 1n);
  if (den === 0n) return formatPercent('0', digits);
  // per cent with `digits` fraction digits, rounded half away from zero
  const factor = 100n * 10n ** BigInt(digits);
  const raw = num * factor * 2n;
  const q = raw / den;
  const rounded = (q + (q >= 0n ? 1n : -1n)) / 2n;
  const neg = rounded < 0n;
  const text = (neg ? -rounded : rounded).toString().padStart(digits + 1, '0');
  return formatPercent(`${neg ? '-' : ''}${text.slice(0, text.length - digits)}.${text.slice(text.length - digits)}`, digits);
}

const SIZE_UNITS = ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'];

/** A file size: «512 Б», «7,2 КБ», «1,5 МБ» (binary multiples, one fraction digit). */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(Math.round(value)) : (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, '');
  return `${text.replace('.', ',')}${NBSP}${SIZE_UNITS[unit]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as «dd.mm.yyyy». A calendar date string («2026-01-21») is taken as it is, with no time-zone shift; a
 * timestamp is shown in `timeZone` (the viewer's own by default).
 */
export function formatDate(v: Date | string | null | undefined, timeZone?: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') {
    const m = ISO_DATE.exec(v.slice(0, 10));
    if (m && v.length === 10) return `${m[3]}.${m[2]}.${m[1]}`;
  }
  const d = typeof v === 'string' ? new Date(v) : v;
  if (Number.isNaN(d.getTime())) return '—';
  const parts = dateParts(d, timeZone);
  return `${parts.day}.${parts.month}.${parts.year}`;
}

/** A moment as «dd.mm.yyyy HH:MM» in `timeZone` (the viewer's own by default). */
export function formatDateTime(v: Date | string | null | undefined, timeZone?: string): string {
  if (v === null || v === undefined || v === '') return '—';
  const d = typeof v === 'string' ? new Date(v) : v;
  if (Number.isNaN(d.getTime())) return '—';
  const p = dateParts(d, timeZone);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** A period «с 01.01.2026 по 24.11.2026». */
export function formatPeriod(from: Date | string, to: Date | string, timeZone?: string): string {
  return `с ${formatDate(from, timeZone)} по ${formatDate(to, timeZone)}`;
}

function dateParts(d: Date, timeZone?: string): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  if (!timeZone) {
    return {
      day: pad(d.getDate()),
      month: pad(d.getMonth() + 1),
      year: String(d.getFullYear()),
      hour: pad(d.getHours()),
      minute: pad(d.getMinutes()),
    };
  }
  const fmt = new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const out: Record<string, string> = {};
  for (const part of fmt.formatToParts(d)) out[part.type] = part.value;
  return { day: out.day, month: out.month, year: out.year, hour: out.hour, minute: out.minute };
}

/**
 * A registry or notice number exactly as ЕИС writes it (digits only, no grouping, so it can be copied and searched);
 * screens keep it on one line with `white-space: nowrap`.
 */
export function formatRegistryNumber(v: string | null | undefined): string {
  if (!v) return '—';
  return v.trim();
}

/** A currency as Russian documents write it after a sum: «руб.» for the rouble (RUB, the old RUR, ОКВ 643), else the code. */
export function currencyShort(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  if (!c || c === 'RUB' || c === 'RUR' || c === '643' || c === '810') return 'руб.';
  return { USD: 'долл. США', EUR: 'евро', CNY: 'юан.' }[c] ?? c;
}

/**
 * «Номер и способ закупки» of a contract, the same on the card and in its reports: both parts always, a missing one
 * said in words (ЕИС sends no notice number for many single-supplier contracts).
 */
export function procurementNumberAndMethod(number: string | null | undefined, method: string | null | undefined): string {
  return `${number?.trim() ? `№ ${number.trim()}` : 'номер извещения не указан'}, ${method?.trim() || 'способ закупки не указан'}`;
}

// ---- Russian grammar after a number: the one place (Intl's CLDR rules, not hand-made remainders) ---------------

const RU_PLURAL = new Intl.PluralRules('ru');

/** The noun's form after a count: 1 запись, 2 записи, 5 записей, 21 запись; a fraction takes the «few» form (1,5 записи). */
export function pluralRu<T = string>(n: number, one: T, few: T, many: T): T {
  const form = RU_PLURAL.select(n);
  return form === 'one' ? one : form === 'many' ? many : few;
}

/** The genitive after «не более / не менее / не длиннее N»: 1 дня, 21 дня, but 2, 5 and 11 дней. */
export function genitiveAfterNumberRu<T = string>(n: number, singular: T, plural: T): T {
  return RU_PLURAL.select(n) === 'one' ? singular : plural;
}

type DayKind = 'calendar' | 'working';

/** «календарных дня» after 3, «рабочий день» after 1: the unit as it reads after the count beside it. */
export function daysUnitText(n: number, unit: DayKind): string {
  const adjective =
    unit === 'working' ? pluralRu(n, 'рабочий', 'рабочих', 'рабочих') : pluralRu(n, 'календарный', 'календарных', 'календарных');
  return `${adjective} ${pluralRu(n, 'день', 'дня', 'дней')}`;
}

/** «3 календарных дня», «1 рабочий день», «5 рабочих дней». */
export function daysText(n: number, unit: DayKind): string {
  return `${n} ${daysUnitText(n, unit)}`;
}

/** «не менее 15 календарных дней», «не менее 1 рабочего дня». */
export function leadTimeText(n: number, unit: DayKind): string {
  const adjective =
    unit === 'working' ? genitiveAfterNumberRu(n, 'рабочего', 'рабочих') : genitiveAfterNumberRu(n, 'календарного', 'календарных');
  return `не менее ${n} ${adjective} ${genitiveAfterNumberRu(n, 'дня', 'дней')}`;
}
