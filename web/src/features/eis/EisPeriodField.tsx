import { Form, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { EIS_FUTURE_PERIOD, EIS_MAX_PERIOD_DAYS, genitiveAfterNumberRu, pluralRu, type EisImportKind } from '@proc/contract';
import { rules } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { useSelectedCompany } from '../../lib/session';
import { budgetMinutes, eisApi, formatMinutes } from './api';
import { statusKey } from './EisImportStatus';
import { moscowToday } from '../../lib/dates';
import { DateRangeInput } from '../../lib/DateInput';

export type PeriodValue = [Dayjs, Dayjs];

/**
 * How long the period will take: ЕИС answers one day and kind of document per request, and a token may make
 * EIS_REQUESTS_PER_MINUTE requests a minute (the server's status answer says how many).
 */
function Estimate({ kind, testId }: { kind: EisImportKind; testId: string }) {
  const company = useSelectedCompany();
  const v = Form.useWatch('period') as PeriodValue | undefined;
  const status = useQuery({ queryKey: statusKey(company, kind), queryFn: () => eisApi.importStatus(kind) });
  const perMinute = status.data?.requests_per_minute;
  const perDay = status.data?.requests_per_day ?? 1;
  if (!v?.[0] || !v[1] || !perMinute) return null;
  const days = v[1].startOf('day').diff(v[0].startOf('day'), 'day') + 1;
  if (days < 1 || days > EIS_MAX_PERIOD_DAYS) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid={`${testId}-estimate`}>
      Дней: {days}. ЕИС отвечает{' '}
      {perDay === 1
        ? 'на один запрос за день'
        : `на ${perDay} ${pluralRu(perDay, 'запрос', 'запроса', 'запросов')} за день (по одному на тип документа)`}
      , не больше {perMinute} запросов в минуту по токену: загрузка займёт {formatMinutes(budgetMinutes(days, perDay, perMinute))}
    </Typography.Paragraph>
  );
}

/** The period of an import from ЕИС (СОИ answers day by day; at most two years at a time), with the time it will take. */
export function EisPeriodField({ label, testId, kind }: { label: string; testId: string; kind: EisImportKind }) {
  return (
    <>
      <Field
        label={label}
        name="period"
        rules={[
          rules.requiredAny,
          {
            validator: (_: unknown, v?: PeriodValue) =>
              v && v[1].diff(v[0], 'day') >= EIS_MAX_PERIOD_DAYS
                ? Promise.reject(
                    new Error(`Период не длиннее ${EIS_MAX_PERIOD_DAYS} ${genitiveAfterNumberRu(EIS_MAX_PERIOD_DAYS, 'дня', 'дней')}`),
                  )
                : Promise.resolve(),
          },
          {
            validator: (_: unknown, v?: PeriodValue) =>
              v?.[1] && v[1].isAfter(moscowToday(), 'day') ? Promise.reject(new Error(EIS_FUTURE_PERIOD)) : Promise.resolve(),
          },
        ]}
      >
        <DateRangeInput
          style={{ width: '100%' }}
          placeholder={['Дата с', 'Дата по']}
          data-testid={testId}
          disabledDate={(d) => d.isAfter(moscowToday(), 'day')}
        />
      </Field>
      <Estimate kind={kind} testId={testId} />
    </>
  );
}

/** ISO dates, as the server takes them and gives them back in its notices. */
export const isoPeriod = (v: PeriodValue) => ({ date_from: v[0].format('YYYY-MM-DD'), date_to: v[1].format('YYYY-MM-DD') });
