/**
 * Checks the dates of a procurement (извещение → окончание подачи заявок → рассмотрение → подведение итогов)
 * against the lead-time rules and the production calendar. Pure: returns violations, never throws on bad input.
 * A missing date switches off every rule that needs it.
 */
import type { Decimal } from 'decimal.js';
import { compareIsoDates, formatRuDate, isIsoDate, type IsoDate } from './iso-date';
import { describeLeadTime, earliestApplicationDeadline, findLeadTimeRule, type LeadTimeRule } from './lead-times';
import { CalendarNotLoadedError, DEFAULT_PRODUCTION_CALENDAR, type ProductionCalendar } from './production-calendar';

export type ProcurementDateField = 'publishedOn' | 'applicationDeadline' | 'reviewOn' | 'summingUpOn' | 'nmcd';

export type ProcurementDateViolationCode =
  | 'invalid_date'
  | 'invalid_nmcd'
  | 'calendar_not_loaded'
  | 'application_deadline_too_early'
  | 'application_deadline_non_working_day'
  | 'review_before_application_deadline'
  | 'summing_up_before_review'
  | 'summing_up_before_application_deadline';

export interface ProcurementDateViolation {
  code: ProcurementDateViolationCode;
  field: ProcurementDateField;
  message: string;
}

export interface ProcurementDatesInput {
  method: string;
  smeOnly?: boolean | null;
  nmcd?: Decimal.Value | null;
  publishedOn?: IsoDate | null;
  applicationDeadline?: IsoDate | null;
  reviewOn?: IsoDate | null;
  summingUpOn?: IsoDate | null;
  rules?: readonly LeadTimeRule[];
  calendar?: ProductionCalendar;
}

const DATE_FIELDS = ['publishedOn', 'applicationDeadline', 'reviewOn', 'summingUpOn'] as const;

export function checkProcurementDates(input: ProcurementDatesInput): ProcurementDateViolation[] {
  const calendar = input.calendar ?? DEFAULT_PRODUCTION_CALENDAR;
  const violations: ProcurementDateViolation[] = [];

  // Normalise: absent → undefined; malformed → a violation and the date is ignored afterwards.
  const dates: Partial<Record<(typeof DATE_FIELDS)[number], IsoDate>> = {};
  for (const field of DATE_FIELDS) {
    const value = input[field];
    if (value === null || value === undefined || value === '') continue;
    if (isIsoDate(value)) dates[field] = value;
    else
      violations.push({
        code: 'invalid_date',
        field,
        message: `Некорректная дата: ${JSON.stringify(value)} (ожидается формат ГГГГ-ММ-ДД)`,
      });
  }
  const { publishedOn, applicationDeadline, reviewOn, summingUpOn } = dates;

  const calendarError = (field: ProcurementDateField, error: unknown): void => {
    if (error instanceof CalendarNotLoadedError) {
      if (!violations.some((v) => v.code === 'calendar_not_loaded' && v.message === error.message))
        violations.push({ code: 'calendar_not_loaded', field, message: error.message });
    } else throw error;
  };

  if (publishedOn && applicationDeadline) {
    let rule: LeadTimeRule | undefined;
    try {
      rule = findLeadTimeRule(input);
    } catch {
      violations.push({ code: 'invalid_nmcd', field: 'nmcd', message: `Некорректная НМЦД: ${String(input.nmcd)}` });
    }
    if (rule) {
      try {
        const { date } = earliestApplicationDeadline({ ...input, publishedOn, rules: [rule], calendar });
        if (compareIsoDates(applicationDeadline, date) < 0) {
          violations.push({
            code: 'application_deadline_too_early',
            field: 'applicationDeadline',
            message:
              rule.days === 0
                ? 'Срок подачи заявок не может быть раньше даты размещения извещения'
                : `Срок подачи заявок должен быть не ранее ${formatRuDate(date)} ` +
                  `(${describeLeadTime(rule)} с даты размещения извещения)`,
          });
        }
      } catch (error) {
        calendarError('applicationDeadline', error);
      }
    }
  }

  if (applicationDeadline) {
    try {
      if (!calendar.isWorkingDay(applicationDeadline)) {
        violations.push({
          code: 'application_deadline_non_working_day',
          field: 'applicationDeadline',
          message: `Окончание срока подачи заявок приходится на нерабочий день ${formatRuDate(applicationDeadline)}`,
        });
      }
    } catch (error) {
      calendarError('applicationDeadline', error);
    }
  }

  if (applicationDeadline && reviewOn && compareIsoDates(reviewOn, applicationDeadline) < 0) {
    violations.push({
      code: 'review_before_application_deadline',
      field: 'reviewOn',
      message: 'Дата рассмотрения заявок не может быть раньше окончания срока подачи заявок',
    });
  }

  if (reviewOn && summingUpOn && compareIsoDates(summingUpOn, reviewOn) < 0) {
    violations.push({
      code: 'summing_up_before_review',
      field: 'summingUpOn',
      message: 'Дата подведения итогов не может быть раньше даты рассмотрения заявок',
    });
  } else if (!reviewOn && applicationDeadline && summingUpOn && compareIsoDates(summingUpOn, applicationDeadline) < 0) {
    violations.push({
      code: 'summing_up_before_application_deadline',
      field: 'summingUpOn',
      message: 'Дата подведения итогов не может быть раньше окончания срока подачи заявок',
    });
  }

  return violations;
}
