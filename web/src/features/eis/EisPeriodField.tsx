import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { EIS_MAX_PERIOD_DAYS, genitiveAfterNumberRu } from '@proc/contract';
import { rules } from '../../lib/forms';
import { Field } from '../../lib/Field';

export type PeriodValue = [Dayjs, Dayjs];

/** The period of an import from ЕИС (СОИ answers day by day; at most two years at a time). */
export function EisPeriodField({ label, testId }: { label: string; testId: string }) {
  return (
    <Field
      label={label}
      name="period"
      rules={[
        rules.requiredAny,
        {
          validator: (_: unknown, v?: PeriodValue) =>
            v && v[1].diff(v[0], 'day') >= EIS_MAX_PERIOD_DAYS ? Promise.reject(new Error(`Период не длиннее ${EIS_MAX_PERIOD_DAYS} ${genitiveAfterNumberRu(EIS_MAX_PERIOD_DAYS, 'дня', 'дней')}`)) : Promise.resolve(),
        },
      ]}
    >
      <DatePicker.RangePicker format="DD.MM.YYYY" style={{ width: '100%' }} placeholder={['Дата с', 'Дата по']} data-testid={testId} />
    </Field>
  );
}

/** ISO dates, as the server takes them and gives them back in its notices. */
export const isoPeriod = (v: PeriodValue) => ({ date_from: v[0].format('YYYY-MM-DD'), date_to: v[1].format('YYYY-MM-DD') });
