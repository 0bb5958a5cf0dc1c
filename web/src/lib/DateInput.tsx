import { useRef, useState } from 'react';
import { DatePicker, Tooltip, type DatePickerProps, type GetProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_BOUNDS, SHOWN_DATE, dateProblem, typedDate, typedDateProblem } from './dates';

/*
 * Every date picker of the web, bounded by the contract's DATE_MIN…DATE_MAX (form rules derived from the
 * schemas). The calendar offers nothing outside them; a date typed outside them is something antd's picker would
 * silently drop on leaving the field, so these pickers name it in the server's words instead.
 */

type DateInputProps = Omit<DatePickerProps<Dayjs, false>, 'value'> & {
  /** A date, or the text typed into the field that is no date («30.02.2026»): the form keeps it so its rule names it. */
  value?: Dayjs | string | null;
};

/**
 * A date field of a form. A date typed outside the bounds is handed to the form as typed, so the field's `dateRules`
 * show «Дата должна быть между 01.01.1990 и 31.12.2100» under it and the form is not sent — rather than the old value
 * coming back without a word and the form saving without the date the user typed. Text the picker cannot read at all
 * («30.02.2026», «3.2.26») is kept in the field on leaving it and handed to the form as the text, so the same rules say
 * «Такой даты нет: 30.02.2026»; antd's picker would put the old value back (or clear the field) without a word.
 */
export function DateInput({ onChange, onCalendarChange, onBlur, value, ...rest }: DateInputProps) {
  // the picker's value while the form holds typed text: unchanged, so the picker leaves the typed text in the field
  const shown = useRef<Dayjs | null | undefined>(undefined);
  const typed = typeof value === 'string' ? value : null;
  if (typeof value !== 'string') shown.current = value;
  const hand = onChange as ((v: Dayjs | string | null, text: string) => void) | undefined;
  return (
    <DatePicker
      format={SHOWN_DATE}
      {...DATE_BOUNDS}
      {...rest}
      value={shown.current}
      preserveInvalidOnBlur
      status={typed !== null ? 'error' : rest.status}
      onChange={(date, text) => hand?.(date, Array.isArray(text) ? text[0] : text)}
      onCalendarChange={(date, text, info) => {
        if (date && !Array.isArray(date) && dateProblem(date)) hand?.(date, Array.isArray(text) ? text[0] : text);
        onCalendarChange?.(date, text, info);
      }}
      onBlur={(e, info) => {
        const text = (e.target as HTMLInputElement).value.trim();
        const read = typedDate(text);
        if (text && !read) {
          if (text !== typed) hand?.(text, text);
        } else if (typed !== null) {
          // the typed text was put right (or the field emptied) in a way the picker did not report as a change
          hand?.(read ? dayjs(read) : null, text);
        }
        onBlur?.(e, info);
      }}
    />
  );
}

/**
 * Watches what is typed into a picker: the contract's message once a typed date is outside the bounds, kept after the
 * picker puts its value back (it says why the date was not taken) until the next date typed or chosen.
 */
function useTypedProblem() {
  const [problem, setProblem] = useState<string | null>(null);
  const watch = (dates: Dayjs | null | (Dayjs | null)[] | null) =>
    setProblem((Array.isArray(dates) ? dates : [dates]).map((d) => dateProblem(d)).find(Boolean) ?? null);
  /** On leaving the field: text the picker could not read at all («30.02.2026») is named too, and stays in the field. */
  const left = (e: { target: EventTarget | null }) => {
    const text = ((e.target as HTMLInputElement | null)?.value ?? '').trim();
    if (!text) setProblem(null);
    else if (!typedDate(text)) setProblem(typedDateProblem(text));
  };
  return { problem, watch, left, clear: () => setProblem(null) };
}

/**
 * A picker outside a form (a list filter, a report month, a dialog's single date): a date typed outside the bounds is
 * not applied and a tooltip says why, as the register's sum filters do.
 */
export function DateFilter({ onCalendarChange, onChange, onBlur, ...rest }: DatePickerProps<Dayjs, false>) {
  const typed = useTypedProblem();
  return (
    <Tooltip open={!!typed.problem} title={typed.problem} placement="bottom">
      <DatePicker
        format={SHOWN_DATE}
        {...DATE_BOUNDS}
        {...rest}
        status={typed.problem ? 'error' : rest.status}
        preserveInvalidOnBlur
        onBlur={(e, info) => {
          typed.left(e);
          onBlur?.(e, info);
        }}
        onCalendarChange={(date, text, info) => {
          typed.watch(date);
          onCalendarChange?.(date, text, info);
        }}
        onChange={(date, text) => {
          typed.clear();
          onChange?.(date, text);
        }}
      />
    </Tooltip>
  );
}

/**
 * A from–to period (a list filter or an import period): antd's range picker keeps from ≤ to itself; a date typed
 * outside the bounds is not applied and a tooltip says why.
 */
type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

export function DateRangeInput({ onCalendarChange, onChange, onBlur, ...rest }: RangePickerProps) {
  const typed = useTypedProblem();
  return (
    <Tooltip open={!!typed.problem} title={typed.problem} placement="bottom">
      <DatePicker.RangePicker
        format={SHOWN_DATE}
        {...DATE_BOUNDS}
        {...rest}
        status={typed.problem ? 'error' : rest.status}
        preserveInvalidOnBlur
        onBlur={(e, info) => {
          typed.left(e);
          onBlur?.(e, info);
        }}
        onCalendarChange={(dates, texts, info) => {
          typed.watch(dates);
          onCalendarChange?.(dates, texts, info);
        }}
        onChange={(dates, texts) => {
          typed.clear();
          onChange?.(dates, texts);
        }}
      />
    </Tooltip>
  );
}
