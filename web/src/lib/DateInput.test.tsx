import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import dayjs from 'dayjs';
import { DATE_MAX, DATE_MIN, DATE_RANGE_MESSAGE } from '@proc/contract/checks';
import { isoDate } from '@proc/contract';
import { DATE_BOUNDS, dateProblem, dateRules, isoDateProps, notBeforeRule, outOfDateBounds, typedDateProblem } from './dates';
import { DateInput, DateRangeInput } from './DateInput';
import { Field } from './Field';

afterEach(cleanup);

// the picker's popup measures itself; jsdom has no layout, so nothing to observe
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const serverSays = (iso: string) => {
  const r = isoDate.safeParse(iso);
  return r.success ? null : r.error.issues[0].message;
};

describe('date bounds from the contract', () => {
  it('the pickers are bounded by DATE_MIN…DATE_MAX, and name a date outside them as the server does', () => {
    expect(DATE_BOUNDS.minDate.format('YYYY-MM-DD')).toBe(DATE_MIN);
    expect(DATE_BOUNDS.maxDate.format('YYYY-MM-DD')).toBe(DATE_MAX);
    expect(DATE_RANGE_MESSAGE).toBe('Дата должна быть между 01.01.1990 и 31.12.2100');
    for (const iso of ['1900-01-01', '1989-12-31', '1990-01-01', '2026-11-27', '2100-12-31', '2101-01-01']) {
      expect(dateProblem(iso), iso).toBe(serverSays(iso));
      expect(dateProblem(dayjs(iso)), iso).toBe(serverSays(iso));
      expect(outOfDateBounds(dayjs(iso)), iso).toBe(serverSays(iso) !== null);
    }
    expect(dateProblem(null)).toBeNull();
  });

  it('form rules: the bounds, the required rule when asked, and a period end not before its start', async () => {
    const [bounds] = dateRules() as [{ validator: (r: unknown, v: unknown) => Promise<void> }];
    await expect(bounds.validator({}, '1900-01-01')).rejects.toThrow(DATE_RANGE_MESSAGE);
    await expect(bounds.validator({}, dayjs('2026-01-01'))).resolves.toBeUndefined();
    await expect(bounds.validator({}, null)).resolves.toBeUndefined();
    expect(dateRules({ required: true })[0]).toMatchObject({ required: true, message: 'Обязательное поле' });
    const end = notBeforeRule('from', 'Дата окончания раньше даты начала') as (f: { getFieldValue: () => unknown }) => {
      validator: (r: unknown, v: unknown) => Promise<void>;
    };
    const startingOn = (from: string) => end({ getFieldValue: () => from });
    await expect(startingOn('2026-02-01').validator({}, '2026-01-31')).rejects.toThrow('Дата окончания раньше даты начала');
    await expect(startingOn('2026-02-01').validator({}, dayjs('2026-02-01'))).resolves.toBeUndefined();
    expect(isoDateProps.normalize(dayjs('2026-03-04'))).toBe('2026-03-04');
  });
});

const typeInto = (input: HTMLElement, text: string) => {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
};

describe('a date typed outside the bounds', () => {
  it('in a form: the field says why in the server words and the form is not sent', async () => {
    const sent = vi.fn();
    const { container } = render(
      <Form onFinish={sent}>
        <Field label="Дата" name="d" {...isoDateProps} rules={dateRules()}>
          <DateInput aria-label="Дата" />
        </Field>
        <Button htmlType="submit">Сохранить</Button>
      </Form>,
    );
    typeInto(screen.getByLabelText('Дата'), '01.01.1900');
    await act(async () => fireEvent.click(screen.getByText('Сохранить')));
    await waitFor(() => expect(screen.getByText(DATE_RANGE_MESSAGE)).toBeTruthy());
    expect(container.querySelector('.ant-form-item-has-error')).not.toBeNull();
    expect(sent).not.toHaveBeenCalled();

    typeInto(screen.getByLabelText('Дата'), '01.01.2026');
    // a date in the bounds is taken as the picker takes any: on Enter or on leaving the field
    fireEvent.keyDown(screen.getByLabelText('Дата'), { key: 'Enter' });
    await act(async () => fireEvent.click(screen.getByText('Сохранить')));
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ d: '2026-01-01' }));
    expect(container.querySelector('.ant-form-item-has-error')).toBeNull();
  });

  it('a day the calendar has not (30.02.2026): named, kept in the field, the form not sent until put right', async () => {
    const sent = vi.fn();
    render(
      <Form onFinish={sent} initialValues={{ d: '2026-02-01' }}>
        <Field label="Дата" name="d" {...isoDateProps} rules={dateRules()}>
          <DateInput aria-label="Дата" />
        </Field>
        <Button htmlType="submit">Сохранить</Button>
      </Form>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Дата');
    expect(input.value).toBe('01.02.2026');
    typeInto(input, '30.02.2026');
    fireEvent.blur(input);
    await act(async () => fireEvent.click(screen.getByText('Сохранить')));
    await waitFor(() => expect(screen.getByText('Такой даты нет: 30.02.2026')).toBeTruthy());
    expect(input.value).toBe('30.02.2026');
    expect(sent).not.toHaveBeenCalled();

    typeInto(input, '3.2.26');
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getByText('Введите дату в виде ДД.ММ.ГГГГ')).toBeTruthy());
    expect(input.value).toBe('3.2.26');

    // the date the field held before is a date again when typed back, though the picker saw no change of its own
    typeInto(input, '01.02.2026');
    fireEvent.blur(input);
    await act(async () => fireEvent.click(screen.getByText('Сохранить')));
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ d: '2026-02-01' }));
  });

  it('typed text in words: what is wrong with it', () => {
    expect(typedDateProblem('30.02.2026')).toBe('Такой даты нет: 30.02.2026');
    expect(typedDateProblem('29.02.2028')).toBeNull();
    expect(typedDateProblem('01.01.1900')).toBe(DATE_RANGE_MESSAGE);
    expect(typedDateProblem('abc')).toBe('Введите дату в виде ДД.ММ.ГГГГ');
    expect(dateProblem('31.04.2026')).toBe('Такой даты нет: 31.04.2026');
  });

  it('in a period filter: a day the calendar has not is named on leaving the field, not applied', async () => {
    const applied = vi.fn();
    render(<DateRangeInput placeholder={['Дата с', 'Дата по']} allowEmpty={[true, true]} onChange={applied} />);
    const from = screen.getByPlaceholderText<HTMLInputElement>('Дата с');
    typeInto(from, '30.02.2026');
    fireEvent.blur(from);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Такой даты нет: 30.02.2026'));
    expect(applied).not.toHaveBeenCalled();
  });

  it('in a period filter: not applied, and a tooltip says why', async () => {
    const applied = vi.fn();
    const { container } = render(<DateRangeInput placeholder={['Дата с', 'Дата по']} allowEmpty={[true, true]} onChange={applied} />);
    const flagged = () => container.querySelector('.ant-picker-status-error');
    typeInto(screen.getByPlaceholderText('Дата с'), '01.01.1900');
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(DATE_RANGE_MESSAGE));
    expect(flagged()).not.toBeNull();
    fireEvent.keyDown(screen.getByPlaceholderText('Дата с'), { key: 'Enter' });
    expect(applied).not.toHaveBeenCalled();
    typeInto(screen.getByPlaceholderText('Дата с'), '01.01.2026');
    await waitFor(() => expect(flagged()).toBeNull());
  });
});
