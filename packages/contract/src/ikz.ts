/**
 * ИКЗ — идентификационный код закупки (ст. 23 44-ФЗ), 36 digits. Its parts, by the Порядок формирования ИКЗ
 * (приказ Минфина России от 10.04.2019 № 55н, п. 5 — restated in public guides, e.g.
 * https://lippt.ru/posobiya/2049-kod-organizacii-unikalnyy-uchetnyy-nomer-organizacii-spz-iko-iku-kod-po-svr.html:
 * «Код состоит из 36 цифр: 1-2 разряды — две последние цифры года размещения извещения…»), and ЕИС's XSD type `ikzCodeType` (a string of exactly 36 characters; public generated
 * bindings of the 44-FZ schemas: «class ikzCodeType: Индивидуальный код закупки (ИКЗ) … must be 36»):
 * - 1–2 — the last two digits of the year the notice is placed (or the contract concluded without one);
 * - 3–22 — the customer's identification code ИКУ (20 digits);
 * - 23–26 — the position's number in the план-график;
 * - 27–29 — the purchase's number within that position; a план-график position's own ИКЗ carries `000` there (the
 *   Порядок, п. 5: «при формировании идентификационного кода закупки в плане-графике … в 27 - 29 разрядах указывается
 *   значение 0»; ПП РФ от 30.09.2019 № 1279 has the plan's positions carry that code), and the purchase placed on the
 *   position gets 001, 002, … — as the real export fixtures/eis44/tenderPlan2020_portal44.xml shows (…0001 000 3811 244);
 * - 30–33 — the object's ОКПД2 code, its first four digits (class and subclass) without the dots; `0000` where no
 *   single code applies (several codes, or a purchase the Порядок exempts);
 * - 34–36 — the code of the expenditure type КВР (`000` where none applies).
 *
 * Pure functions without dependencies: the server checks an ИКЗ typed or imported, the web shows its parts.
 */

export type IkzPartKey = 'year' | 'iku' | 'position' | 'purchase' | 'okpd2' | 'kvr';

export interface IkzPartDefinition {
  key: IkzPartKey;
  /** 1-based digit positions, inclusive, as the Порядок numbers them */
  from: number;
  to: number;
  title: string;
}

export const IKZ_LENGTH = 36;

export const IKZ_PARTS: readonly IkzPartDefinition[] = [
  { key: 'year', from: 1, to: 2, title: 'Год размещения извещения' },
  { key: 'iku', from: 3, to: 22, title: 'Идентификационный код заказчика (ИКУ)' },
  { key: 'position', from: 23, to: 26, title: 'Номер позиции плана-графика' },
  { key: 'purchase', from: 27, to: 29, title: 'Номер закупки в позиции плана-графика' },
  { key: 'okpd2', from: 30, to: 33, title: 'Код ОКПД2 (класс и подкласс)' },
  { key: 'kvr', from: 34, to: 36, title: 'Код вида расходов (КВР)' },
];

const PART = Object.fromEntries(IKZ_PARTS.map((p) => [p.key, p])) as Record<IkzPartKey, IkzPartDefinition>;
const width = (key: IkzPartKey) => PART[key].to - PART[key].from + 1;
const digitsLabel = (key: IkzPartKey) => `разряды ${PART[key].from}–${PART[key].to}`;

export interface IkzPart extends IkzPartDefinition {
  value: string;
}

/** The ИКЗ cut into its labelled parts; null for anything that is not 36 digits. */
export function splitIkz(ikz: string): IkzPart[] | null {
  const v = ikz.trim();
  if (!/^\d{36}$/.test(v)) return null;
  return IKZ_PARTS.map((p) => ({ ...p, value: v.slice(p.from - 1, p.to) }));
}

/** One problem of an ИКЗ or of the parts it is made of: the part it is in and a Russian message naming it. */
export interface IkzIssue {
  part: IkzPartKey | 'structure';
  message: string;
}

/** ОКПД2 code → the four digits of the ИКЗ: `26.20.15.000` → `2620`; none → `0000`. */
export function ikzOkpd2Part(code: string | null | undefined): string | null {
  if (code == null || code.trim() === '') return '0000';
  const c = code.trim();
  // ОКПД2 codes are XX, XX.X, XX.XX, XX.XX.X, XX.XX.XX, XX.XX.XX.XXX (ОК 034-2014)
  if (!/^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$/.test(c)) return null;
  const digits = c.replace(/\./g, '');
  if (digits.length < 4) return null;
  return digits.slice(0, 4);
}

export interface IkzInput {
  /** the year of the notice: four digits (2026) or its last two (26) */
  year: number | string;
  /** ИКУ, 20 digits */
  iku: string;
  /** the position's number in the план-график, 1…9999 */
  positionNumber: number | string;
  /** the purchase's number within the position, 1…999 */
  purchaseNumber: number | string;
  /** the ОКПД2 code of the object (any depth), or null/empty for `0000` */
  okpd2?: string | null;
  /** КВР, three digits; null/empty for `000` */
  kvr?: string | null;
}

function numberPart(raw: number | string, key: 'position' | 'purchase', issues: IkzIssue[]): string {
  const n = width(key);
  const s = String(raw).trim();
  const max = 10 ** n - 1;
  const what = key === 'position' ? 'Номер позиции плана-графика' : 'Номер закупки в позиции плана-графика';
  if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > max) {
    issues.push({ part: key, message: `${what} (${digitsLabel(key)} ИКЗ): целое число от 1 до ${max}` });
    return '';
  }
  return s.padStart(n, '0');
}

/** Makes an ИКЗ of its parts, or tells which parts are wrong. */
export function generateIkz(input: IkzInput): { ikz: string; issues: [] } | { ikz: null; issues: IkzIssue[] } {
  const issues: IkzIssue[] = [];
  const y = String(input.year).trim();
  let year = '';
  if (/^\d{4}$/.test(y) && Number(y) >= 2000 && Number(y) <= 2099) year = y.slice(2);
  else if (/^\d{2}$/.test(y)) year = y;
  else issues.push({ part: 'year', message: `Год (${digitsLabel('year')} ИКЗ): четыре цифры года, например 2026` });
  const iku = String(input.iku ?? '').trim();
  if (!/^\d{20}$/.test(iku)) issues.push({ part: 'iku', message: `ИКУ заказчика (${digitsLabel('iku')} ИКЗ) состоит из 20 цифр` });
  const position = numberPart(input.positionNumber, 'position', issues);
  const purchase = numberPart(input.purchaseNumber, 'purchase', issues);
  const okpd2 = ikzOkpd2Part(input.okpd2);
  if (okpd2 === null)
    issues.push({ part: 'okpd2', message: `Код ОКПД2 (${digitsLabel('okpd2')} ИКЗ) не похож на код ОКПД2: нужен код вида 26.20.15` });
  const k = (input.kvr ?? '').trim();
  const kvr = k === '' ? '000' : /^\d{3}$/.test(k) ? k : null;
  if (kvr === null) issues.push({ part: 'kvr', message: `КВР (${digitsLabel('kvr')} ИКЗ) состоит из трёх цифр, например 244` });
  if (issues.length) return { ikz: null, issues };
  return { ikz: `${year}${iku}${position}${purchase}${okpd2}${kvr}`, issues: [] };
}

/** What an ИКЗ must agree with where it is typed or imported: the customer, the position's ОКПД2 and КВР, the year. */
export interface IkzExpectations {
  /** the customer's ИКУ from its card */
  iku?: string | null;
  /** the ОКПД2 code(s) of the position or purchase: the ИКЗ's four digits must be one of theirs, or `0000` */
  okpd2?: string | readonly string[] | null;
  /** the КВР of the position */
  kvr?: string | null;
  /** the notice's year (four digits) */
  year?: number | null;
  /** the position's number in the план-график */
  positionNumber?: number | string | null;
  /** whose ИКЗ it is: a purchase's (the default) needs its number in 27–29, a план-график position's has `000` there */
  of?: 'purchase' | 'position';
}

/**
 * Checks an ИКЗ: its structure (36 digits, non-zero position and purchase numbers), then — for whatever is known —
 * that it names the customer's ИКУ, the position's ОКПД2 and КВР and the year. Every message names the wrong part.
 */
export function validateIkz(raw: string, expected: IkzExpectations = {}): IkzIssue[] {
  const ikz = (raw ?? '').trim();
  if (!/^\d*$/.test(ikz)) return [{ part: 'structure', message: 'ИКЗ состоит только из цифр' }];
  if (ikz.length !== IKZ_LENGTH) return [{ part: 'structure', message: `ИКЗ состоит из 36 цифр, а введено ${ikz.length}` }];
  const parts = Object.fromEntries(splitIkz(ikz)!.map((p) => [p.key, p.value])) as Record<IkzPartKey, string>;
  const issues: IkzIssue[] = [];
  if (parts.position === '0000')
    issues.push({ part: 'position', message: `Номер позиции плана-графика (${digitsLabel('position')} ИКЗ) не может быть 0000` });
  if (parts.purchase === '000' && expected.of !== 'position')
    issues.push({ part: 'purchase', message: `Номер закупки в позиции (${digitsLabel('purchase')} ИКЗ) не может быть 000` });
  if (expected.year != null && String(expected.year).slice(-2) !== parts.year) {
    issues.push({
      part: 'year',
      message: `Год в ИКЗ (${digitsLabel('year')}) — ${parts.year}, а извещение размещается в ${expected.year} году`,
    });
  }
  if (expected.iku && expected.iku !== parts.iku) {
    issues.push({ part: 'iku', message: `ИКУ в ИКЗ (${digitsLabel('iku')}) — ${parts.iku}, а у заказчика ИКУ ${expected.iku}` });
  }
  if (expected.positionNumber != null && String(expected.positionNumber).padStart(4, '0') !== parts.position) {
    issues.push({
      part: 'position',
      message: `Номер позиции в ИКЗ (${digitsLabel('position')}) — ${parts.position}, а в плане-графике позиция № ${expected.positionNumber}`,
    });
  }
  const codes =
    expected.okpd2 == null
      ? []
      : (typeof expected.okpd2 === 'string' ? [expected.okpd2] : [...expected.okpd2]).filter((c) => c.trim() !== '');
  if (codes.length && parts.okpd2 !== '0000') {
    const allowed = codes.map(ikzOkpd2Part).filter((c): c is string => c !== null);
    if (!allowed.includes(parts.okpd2)) {
      issues.push({
        part: 'okpd2',
        message: `ОКПД2 в ИКЗ (${digitsLabel('okpd2')}) — ${parts.okpd2}, а у позиции ОКПД2 ${codes.join(', ')} (ожидается ${[...new Set(allowed)].join(' или ')} либо 0000)`,
      });
    }
  }
  if (expected.kvr && expected.kvr.trim() !== parts.kvr) {
    issues.push({ part: 'kvr', message: `КВР в ИКЗ (${digitsLabel('kvr')}) — ${parts.kvr}, а у позиции КВР ${expected.kvr.trim()}` });
  }
  return issues;
}

/** ИКУ of a customer: 20 digits (the code the ИКЗ carries in its digits 3–22). */
export const IKU_RE = /^\d{20}$/;
export const IKU_MESSAGE = 'ИКУ (идентификационный код заказчика) состоит из 20 цифр';

/**
 * What ties a план-график position, its notice and the purchase made from it: the year, the customer's ИКУ and the
 * position's number (digits 1–26). The purchase's own number (27–29) differs — `000` on the position, 001… on each
 * purchase placed on it — and the ОКПД2/КВР tail may be refined, so the whole ИКЗ is never the key. Null if not an ИКЗ.
 */
export function ikzPositionKey(ikz: string | null | undefined): string | null {
  const v = (ikz ?? '').trim();
  return /^\d{36}$/.test(v) ? v.slice(0, 26) : null;
}

/** The ИКЗ of the `n`-th purchase on a position: the position's ИКЗ with `n` in digits 27–29 (Порядок 55н, п. 5). */
export function ikzOfPurchase(positionIkz: string, n: number): string {
  if (!/^\d{36}$/.test(positionIkz) || !Number.isInteger(n) || n < 1 || n > 999) throw new RangeError('ikzOfPurchase');
  return `${positionIkz.slice(0, 26)}${String(n).padStart(3, '0')}${positionIkz.slice(29)}`;
}
