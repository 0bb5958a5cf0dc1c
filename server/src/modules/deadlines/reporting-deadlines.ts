/**
 * Deadlines for the contract register (реестр договоров, 223-ФЗ ст. 4.1) and the monthly report on contracts
 * (223-ФЗ ст. 4 ч. 19). Terms are DATA (REPORTING_TERMS) so a rule version can override them.
 *
 * Counting (ГК РФ ст. 191): a term starts on the day after the basis event. Working-day terms follow the
 * production calendar. Calendar-day terms are plain arithmetic by default (the strict, earlier date); pass
 * `shiftToWorkingDay: true` to move a calendar-day deadline that falls on a non-working day to the next working
 * day (ГК РФ ст. 193). The monthly report's 10th is always moved to the next working day if needed.
 */
import { compareIsoDates, formatIsoDate, parseIsoDate, type IsoDate } from './iso-date';
import type { LeadTimeUnit } from './lead-times';
import { DEFAULT_PRODUCTION_CALENDAR, type ProductionCalendar } from './production-calendar';

export type ContractReportKind = 'contract' | 'change' | 'payment' | 'stage';

export interface ReportingTerm {
  days: number;
  unit: LeadTimeUnit;
  label: string;
}

export interface ReportingTerms {
  contract: ReportingTerm;
  change: ReportingTerm;
  payment: ReportingTerm;
  stage: ReportingTerm;
  /** Day of the following month by which the monthly report on contracts is due. */
  monthlyReportDay: number;
}

export const REPORTING_TERMS: Readonly<ReportingTerms> = Object.freeze({
  contract: { days: 3, unit: 'working', label: 'Сведения о договоре в реестр договоров' },
  change: { days: 10, unit: 'calendar', label: 'Сведения об изменении договора' },
  payment: { days: 10, unit: 'calendar', label: 'Сведения об исполнении (оплате) договора' },
  stage: { days: 10, unit: 'calendar', label: 'Сведения об исполнении этапа договора' },
  monthlyReportDay: 10,
} satisfies ReportingTerms);

/**
 * 44-ФЗ's register of contracts (ст. 103 ч. 3, checked against the article's text as amended 07.12.2022, e.g.
 * https://zakonrf.info/izmeneniya-v-zakonodatelstve/sravnenie-35283: «В течение пяти рабочих дней с даты заключения
 * контракта заказчик направляет указанную в пунктах 1 - 7, 9, 12 и 14 части 2 настоящей статьи информацию …»; changes
 * of the contract «в течение пяти рабочих дней с даты внесения таких изменений»; the execution, its stages and
 * payments go by the same part's order, in five working days). 44-ФЗ has no monthly report of 223-ФЗ's ч. 19 ст. 4.
 */
export const REPORTING_TERMS_44: Readonly<ReportingTerms> = Object.freeze({
  contract: { days: 5, unit: 'working', label: 'Информация о контракте в реестр контрактов (ч. 3 ст. 103 44-ФЗ)' },
  change: { days: 5, unit: 'working', label: 'Информация об изменении контракта (ч. 3 ст. 103 44-ФЗ)' },
  payment: { days: 5, unit: 'working', label: 'Информация об оплате контракта (ч. 3 ст. 103 44-ФЗ)' },
  stage: { days: 5, unit: 'working', label: 'Информация об исполнении этапа контракта (ч. 3 ст. 103 44-ФЗ)' },
  // no monthly report under 44-ФЗ: the field is kept for the shape, monthlyReportDeadline is not asked for a 44 company
  monthlyReportDay: 10,
} satisfies ReportingTerms);

/** The reporting terms of a contract's law. */
export const reportingTermsOf = (law: '223' | '44'): Readonly<ReportingTerms> => (law === '44' ? REPORTING_TERMS_44 : REPORTING_TERMS);

export interface ContractReportingDeadline {
  kind: ContractReportKind;
  dueOn: IsoDate;
  basisDate: IsoDate;
  label: string;
}

export interface ContractReportingInput {
  /** the law the contract was concluded under (223 by default): its terms, unless `terms` says otherwise */
  law?: '223' | '44';
  signedOn?: IsoDate | null;
  changes?: readonly IsoDate[];
  payments?: readonly IsoDate[];
  stages?: readonly IsoDate[];
  terms?: Partial<ReportingTerms>;
  shiftToWorkingDay?: boolean;
  calendar?: ProductionCalendar;
}

export function reportingDueDate(
  basisDate: IsoDate,
  term: Pick<ReportingTerm, 'days' | 'unit'>,
  options: { shiftToWorkingDay?: boolean; calendar?: ProductionCalendar } = {},
): IsoDate {
  const calendar = options.calendar ?? DEFAULT_PRODUCTION_CALENDAR;
  if (term.unit === 'working') return calendar.addWorkingDays(basisDate, term.days);
  const due = calendar.addCalendarDays(basisDate, term.days);
  return options.shiftToWorkingDay ? calendar.workingDayOnOrAfter(due) : due;
}

/** Deadlines for one contract, sorted by due date (ties keep the order contract, changes, payments, stages). */
export function contractReportingDeadlines(input: ContractReportingInput): ContractReportingDeadline[] {
  const terms: ReportingTerms = { ...reportingTermsOf(input.law ?? '223'), ...input.terms };
  const options = { shiftToWorkingDay: input.shiftToWorkingDay, calendar: input.calendar };
  const events: { kind: ContractReportKind; basisDate: IsoDate }[] = [
    ...(input.signedOn ? [{ kind: 'contract' as const, basisDate: input.signedOn }] : []),
    ...(input.changes ?? []).map((basisDate) => ({ kind: 'change' as const, basisDate })),
    ...(input.payments ?? []).map((basisDate) => ({ kind: 'payment' as const, basisDate })),
    ...(input.stages ?? []).map((basisDate) => ({ kind: 'stage' as const, basisDate })),
  ];
  return events
    .map(({ kind, basisDate }) => ({
      kind,
      dueOn: reportingDueDate(basisDate, terms[kind], options),
      basisDate,
      label: terms[kind].label,
    }))
    .sort((a, b) => compareIsoDates(a.dueOn, b.dueOn));
}

/**
 * Due date of the monthly report on contracts for the reporting month (1–12): the `monthlyReportDay` (10th) of
 * the following month, moved to the next working day when that day is not working.
 */
export function monthlyReportDeadline(
  year: number,
  month: number,
  options: { terms?: Partial<ReportingTerms>; calendar?: ProductionCalendar } = {},
): IsoDate {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Некорректный месяц: ${month}`);
  if (!Number.isInteger(year)) throw new RangeError(`Некорректный год: ${year}`);
  const calendar = options.calendar ?? DEFAULT_PRODUCTION_CALENDAR;
  const day = options.terms?.monthlyReportDay ?? REPORTING_TERMS.monthlyReportDay;
  const nominal = month === 12 ? formatIsoDate(year + 1, 1, day) : formatIsoDate(year, month + 1, day);
  parseIsoDate(nominal); // rejects e.g. day 31 of a 30-day month
  return calendar.workingDayOnOrAfter(nominal);
}

/** Done after the due date, or not done and today is past the due date. Due date itself is still in time. */
export function isOverdue(dueOn: IsoDate, doneOn: IsoDate | null | undefined, today: IsoDate): boolean {
  if (doneOn) return compareIsoDates(doneOn, dueOn) > 0;
  return compareIsoDates(today, dueOn) > 0;
}
