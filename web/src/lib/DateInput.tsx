import { useState } from 'react';
import { DatePicker, Tooltip, type DatePickerProps, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_BOUNDS, SHOWN_DATE, dateProblem } from './dates';

/*
 * Every date picker of the web, bounded by the contract's DATE_MIN…DATE_MAX (issue 31: form rules derived from the
 * schemas). The calendar offers nothing outside them; a date typed outside them is something antd's picker would
 * silently drop on leaving the field, so these pickers name it in the server's words instead.
 */

/**
 * A date field of a form. A date typed outside the bounds is handed to the form as typed, so the field's `dateRules`
 * show «Дата должна быть между 01.01.1990 и 31.12.2100» under it and the form is not sent — rather than the old value
 * coming back without a word and the form saving without the date the user typed.
 */
export function DateInput({ onChange, onCalendarChange, ...rest }: DatePickerProps<Dayjs, false>) {
  return (
    <DatePicker
      format={SHOWN_DATE}
      {...DATE_BOUNDS}
      {...rest}
      onChange={onChange}
      onCalendarChange={(date, text, info) => {
        if (date && !Array.isArray(date) && dateProblem(date)) onChange?.(date, Array.isArray(text) ? text[0] : text);
        onCalendarChange?.(date, text, info);
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
  return { problem, watch, clear: () => setProblem(null) };
}

/**
 * A picker outside a form (a list filter, a report month, a dialog's single date): a date typed outside the bounds is
 * not applied and a tooltip says why, as the register's sum filters do.
 */
export function DateFilter({ onCalendarChange, onChange, ...rest }: DatePickerProps<Dayjs, false>) {
  const typed = useTypedProblem();
  return (
    <Tooltip open={!!typed.problem} title={typed.problem} placement="bottom">
      <DatePicker
        format={SHOWN_DATE}
        {...DATE_BOUNDS}
        {...rest}
        status={typed.problem ? 'error' : rest.status}
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

export function DateRangeInput({ onCalendarChange, onChange, ...rest }: RangePickerProps) {
  const typed = useTypedProblem();
  return (
    <Tooltip open={!!typed.problem} title={typed.problem} placement="bottom">
      <DatePicker.RangePicker
        format={SHOWN_DATE}
        {...DATE_BOUNDS}
        {...rest}
        status={typed.problem ? 'error' : rest.status}
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
