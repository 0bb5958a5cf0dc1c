import dayjs, { type Dayjs } from 'dayjs';
import type { FormRule as Rule } from 'antd';
import { moscowDateOf } from '@proc/contract/moscow-date';
import { DATE_MAX, DATE_MIN, DATE_RANGE_MESSAGE, isCalendarDate } from '@proc/contract/checks';
import { MESSAGES } from '@proc/contract/messages';
import { now } from './clock';

/**
 * Today's Moscow date as a picker value. Default dates (an approval date, a tariff's start, an import period) are Moscow
 * dates like every date the server keeps: a bare dayjs() is the browser's own day, a day off in Vladivostok after
 * 17:00 Moscow time or in Kaliningrad before 01:00.
 */
export const moscowToday = (): Dayjs => dayjs(moscowDateOf(now()));

/** How dates are shown and typed in every picker. */
export const SHOWN_DATE = 'DD.MM.YYYY';
const ISO = 'YYYY-MM-DD';

/**
 * The first and last day the server takes (the contract's `isoDate`), as picker bounds: the calendar shows nothing
 * outside them, and a date typed outside them is named by `dateProblem`.
 */
export const DATE_BOUNDS = { minDate: dayjs(DATE_MIN), maxDate: dayjs(DATE_MAX) } as const;

/** The picker's `disabledDate` for the same bounds (for pickers that add their own limits to them). */
export const outOfDateBounds = (d: Dayjs): boolean => {
  const iso = d.format(ISO);
  return iso < DATE_MIN || iso > DATE_MAX;
};

const ISO_RE = /^\d{4}-\d{2}-\d{2}$/;
const SHOWN_RE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** A date as typed into a picker (ДД.ММ.ГГГГ) in ISO, when it is one of the calendar's days; else null. */
export function typedDate(text: string): string | null {
  const m = SHOWN_RE.exec(text.trim());
  const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : null;
  return iso && isCalendarDate(iso) ? iso : null;
}

/**
 * What is wrong with a picker's text the picker could not take: «30.02.2026» is no day of the calendar, «3.2.26» not
 * the shown form; a real day outside the bounds gets the contract's message. Null for a date the picker takes.
 */
export function typedDateProblem(text: string): string | null {
  const t = text.trim();
  if (!SHOWN_RE.test(t)) return 'Введите дату в виде ДД.ММ.ГГГГ';
  const iso = typedDate(t);
  return iso ? dateProblem(iso) : `Такой даты нет: ${t}`;
}

/**
 * The contract's own message for a date outside 01.01.1990–31.12.2100 (a picker value or an ISO string); else null.
 * Any other string is text typed into a picker that it could not take (DateInput hands it to the form as typed).
 */
export function dateProblem(v: Dayjs | string | null | undefined): string | null {
  if (!v) return null;
  if (typeof v === 'string') {
    if (!ISO_RE.test(v)) return typedDateProblem(v);
    return isCalendarDate(v) && (v < DATE_MIN || v > DATE_MAX) ? DATE_RANGE_MESSAGE : null;
  }
  return v.isValid() && outOfDateBounds(v) ? DATE_RANGE_MESSAGE : null;
}

/** Form rules of a date field (a picker value or an ISO string): the bounds, and the spec's required rule if asked. */
export function dateRules(o: { required?: boolean } = {}): Rule[] {
  return [
    ...(o.required ? [{ required: true, message: MESSAGES.required }] : []),
    {
      validator: (_: unknown, v: Dayjs | string | null | undefined) => {
        const problem = dateProblem(v);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}

/**
 * The rule of a period's end field: not before its start (`from`, another field of the same form), with the server's
 * words for it. The field lists `from` in its `dependencies`, so a changed start checks the end again.
 */
export const notBeforeRule =
  (from: string, message: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_: unknown, v: Dayjs | string | null | undefined) => {
      const start = getFieldValue(from) as Dayjs | string | null | undefined;
      return v && start && dayjs(v).isBefore(dayjs(start), 'day') ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

/**
 * Form item props that keep a date as the API's ISO string in the form while its picker shows a dayjs value. Text the
 * picker could not take (DateInput hands «30.02.2026» over as typed) stays that text, so `dateRules` name it.
 */
export const isoDateProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? (ISO_RE.test(v) ? dayjs(v) : v) : null }),
  normalize: (d: Dayjs | string | null) => (typeof d === 'string' ? d : d ? d.format(ISO) : null),
};
