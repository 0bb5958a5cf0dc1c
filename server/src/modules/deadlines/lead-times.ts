/**
 * Notice lead times (срок между размещением извещения и окончанием подачи заявок) as DATA, so that a
 * customer's rule version (редакция положения о закупке) can supply its own list.
 *
 * Defaults: 223-ФЗ ст. 3.2 (general terms) and ст. 3.4 (procurements among SMEs only, terms depending on НМЦД).
 */
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import type { IsoDate } from './iso-date';
import { DEFAULT_PRODUCTION_CALENDAR, type ProductionCalendar } from './production-calendar';
import { leadTimeText } from '@proc/contract/format';

export const PROCUREMENT_METHODS = [
  'competition',
  'competition_e',
  'auction',
  'auction_e',
  'quotation',
  'quotation_e',
  'proposal',
  'proposal_e',
  'single',
] as const;

export type ProcurementMethod = (typeof PROCUREMENT_METHODS)[number];
export type BaseProcurementMethod = 'competition' | 'auction' | 'quotation' | 'proposal' | 'single';
export type LeadTimeUnit = 'calendar' | 'working';

export interface LeadTimeRule {
  /** A method code; a base code ('competition') also covers its electronic form ('competition_e'). */
  method: string;
  /** true: SME-only procurements; false: all others; null: both. */
  smeOnly: boolean | null;
  /** The rule applies when НМЦД ≤ nmcdMax (decimal roubles, e.g. '30000000.00'). */
  nmcdMax?: string;
  days: number;
  unit: LeadTimeUnit;
  /** Legal basis, for display. */
  basis?: string;
}

const decimalRubSchema = z.string().regex(/^\d+(\.\d{1,2})?$/, 'Ожидается сумма в рублях, например 30000000.00');

export const leadTimeRuleSchema = z.object({
  method: z.string().min(1),
  smeOnly: z.boolean().nullable(),
  nmcdMax: decimalRubSchema.optional(),
  days: z.number().int().min(0),
  unit: z.enum(['calendar', 'working']),
  basis: z.string().optional(),
});
export const leadTimeRulesSchema = z.array(leadTimeRuleSchema);

const ART_3_2 = '223-ФЗ, ст. 3.2';
const ART_3_4 = '223-ФЗ, ст. 3.4 (закупки только у субъектов МСП)';

export const DEFAULT_LEAD_TIMES: readonly LeadTimeRule[] = Object.freeze([
  { method: 'competition', smeOnly: null, days: 15, unit: 'calendar', basis: ART_3_2 },
  { method: 'auction', smeOnly: null, days: 15, unit: 'calendar', basis: ART_3_2 },
  { method: 'quotation', smeOnly: null, days: 5, unit: 'working', basis: ART_3_2 },
  { method: 'proposal', smeOnly: null, days: 7, unit: 'working', basis: ART_3_2 },
  { method: 'competition', smeOnly: true, nmcdMax: '30000000.00', days: 7, unit: 'calendar', basis: ART_3_4 },
  { method: 'competition', smeOnly: true, days: 15, unit: 'calendar', basis: ART_3_4 },
  { method: 'auction', smeOnly: true, nmcdMax: '30000000.00', days: 7, unit: 'calendar', basis: ART_3_4 },
  { method: 'auction', smeOnly: true, days: 15, unit: 'calendar', basis: ART_3_4 },
  { method: 'quotation', smeOnly: true, nmcdMax: '7000000.00', days: 4, unit: 'working', basis: ART_3_4 },
  { method: 'proposal', smeOnly: true, nmcdMax: '15000000.00', days: 5, unit: 'working', basis: ART_3_4 },
  { method: 'single', smeOnly: null, days: 0, unit: 'calendar', basis: '223-ФЗ: закупка у единственного поставщика' },
] satisfies LeadTimeRule[]);

/**
 * 44-ФЗ's own terms between the notice and the end of applications (the wording of 02.07.2021 № 360-ФЗ, in force from
 * 01.01.2022: every competitive method is electronic). They are the law's, not a Положение's: no rule version
 * overrides them. Only the auction's thresholds could be checked against a public text, the earlier ст. 63 ч. 2–3 as
 * amended 01.05.2019 (zakonrf.info/izmeneniya-v-zakonodatelstve/izmenenie-doc-32672656/element-gl3_pf2_st63/: «не
 * превышает триста миллионов рублей либо … на выполнение работ по строительству … не превышает двух миллиардов рублей
 * … не менее чем за семь дней», otherwise fifteen), which the current ст. 49 continues. The конкурс's 10/15 days and
 * 1 bln ₽ and the котировки's one working day are the articles' wording as the author knows it: no public copy of the
 * current ст. 48 and ст. 50 was found to check them against, so docs/procurement-44.md lists them among the known
 * limits, to be re-read against the official text.
 */
const ART_48 = '44-ФЗ, ч. 1 ст. 48 (электронный конкурс)';
const ART_49 = '44-ФЗ, ч. 2 ст. 49 (электронный аукцион)';
const ART_50 = '44-ФЗ, ч. 1 ст. 50 (электронный запрос котировок)';
export const DEFAULT_LEAD_TIMES_44: readonly LeadTimeRule[] = Object.freeze([
  // ст. 48: не менее чем за 10 дней до окончания срока подачи заявок, если НМЦК не превышает 1 млрд ₽, иначе 15 дней
  { method: 'competition', smeOnly: null, nmcdMax: '1000000000.00', days: 10, unit: 'calendar', basis: ART_48 },
  { method: 'competition', smeOnly: null, days: 15, unit: 'calendar', basis: ART_48 },
  // ст. 49: не менее чем за 7 дней, если НМЦК не превышает 300 млн ₽ (2 млрд ₽ для строительных работ — the rules
  // have no subject, so such works between the two sums get the stricter 15 days), иначе 15 дней
  { method: 'auction', smeOnly: null, nmcdMax: '300000000.00', days: 7, unit: 'calendar', basis: ART_49 },
  { method: 'auction', smeOnly: null, days: 15, unit: 'calendar', basis: ART_49 },
  // ст. 50: не менее чем за один рабочий день до окончания срока подачи заявок
  { method: 'quotation', smeOnly: null, days: 1, unit: 'working', basis: ART_50 },
  // ст. 93: закупка у единственного поставщика без извещения о приёме заявок
  { method: 'single', smeOnly: null, days: 0, unit: 'calendar', basis: '44-ФЗ, ст. 93: закупка у единственного поставщика' },
  // запрос предложений is not a method of 44-ФЗ since 01.01.2022 (360-ФЗ): no rule, the card names it
] satisfies LeadTimeRule[]);

/** The default lead times of a law: 223-ФЗ's (a Положение may restate them) or 44-ФЗ's own. */
export const defaultLeadTimes = (law: '223' | '44'): readonly LeadTimeRule[] => (law === '44' ? DEFAULT_LEAD_TIMES_44 : DEFAULT_LEAD_TIMES);

/** 'competition_e' → 'competition', etc. Unknown (customer-defined) codes are returned unchanged. */
export function baseMethod(method: string): string {
  return method.endsWith('_e') && (PROCUREMENT_METHODS as readonly string[]).includes(method) ? method.slice(0, -2) : method;
}

/** Parses an amount in roubles without floats: accepts '30000000.00', '30 000 000,00', numbers and Decimals. */
export function parseRub(value: Decimal.Value): Decimal {
  const text = typeof value === 'string' ? value.replace(/[\s\u00a0]/g, '').replace(',', '.') : value;
  let d: Decimal;
  try {
    d = new Decimal(text);
  } catch {
    throw new RangeError(`Некорректная сумма: ${JSON.stringify(String(value))}`);
  }
  if (!d.isFinite()) throw new RangeError(`Некорректная сумма: ${JSON.stringify(String(value))}`);
  return d;
}

export interface LeadTimeQuery {
  method: string;
  smeOnly?: boolean | null;
  /** НМЦД in roubles; when absent, rules limited by nmcdMax are not applied. */
  nmcd?: Decimal.Value | null;
  rules?: readonly LeadTimeRule[];
}

/**
 * The most specific applicable rule: an exact method code beats its base code, an SME-specific rule beats a
 * general one, a rule limited by НМЦД beats an unlimited one (the smallest limit first). Undefined if none.
 */
export function findLeadTimeRule({ method, smeOnly, nmcd, rules = DEFAULT_LEAD_TIMES }: LeadTimeQuery): LeadTimeRule | undefined {
  const base = baseMethod(method);
  const sme = smeOnly === true;
  const amount = nmcd === null || nmcd === undefined || nmcd === '' ? undefined : parseRub(nmcd);
  const applicable = rules.filter(
    (r) =>
      (r.method === method || r.method === base) &&
      (r.smeOnly === null || r.smeOnly === sme) &&
      (r.nmcdMax === undefined || (amount !== undefined && amount.lte(parseRub(r.nmcdMax)))),
  );
  const rank = (r: LeadTimeRule): [number, number, number] => [
    r.method === method ? 0 : 1,
    r.smeOnly === null ? 1 : 0,
    r.nmcdMax === undefined ? 1 : 0,
  ];
  return applicable.sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    if (a.nmcdMax !== undefined && b.nmcdMax !== undefined) return parseRub(a.nmcdMax).cmp(parseRub(b.nmcdMax));
    return 0;
  })[0];
}

export interface EarliestDeadlineInput extends LeadTimeQuery {
  publishedOn: IsoDate;
  calendar?: ProductionCalendar;
}

export interface EarliestDeadline {
  date: IsoDate;
  rule: LeadTimeRule;
}

/**
 * The earliest allowed application deadline. Calendar days: publishedOn + days (plain arithmetic, even when the
 * result is a non-working day). Working days: the `days`-th working day after the publication day.
 * Throws when no rule applies to the method.
 */
export function earliestApplicationDeadline(input: EarliestDeadlineInput): EarliestDeadline {
  const { publishedOn, calendar = DEFAULT_PRODUCTION_CALENDAR } = input;
  const rule = findLeadTimeRule(input);
  if (!rule) throw new Error(`Не найдено правило о сроке подачи заявок для способа закупки «${input.method}»`);
  const date = rule.unit === 'working' ? calendar.addWorkingDays(publishedOn, rule.days) : calendar.addCalendarDays(publishedOn, rule.days);
  return { date, rule };
}

/** 'не менее 15 календарных дней', 'не менее 1 рабочего дня'. */
export function describeLeadTime(rule: Pick<LeadTimeRule, 'days' | 'unit'>): string {
  return leadTimeText(rule.days, rule.unit);
}
