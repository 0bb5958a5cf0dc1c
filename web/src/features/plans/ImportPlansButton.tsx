import { eisApi, PeriodImportButton } from '../eis';
import { MayChange } from '../../lib/MayChange';

/**
 * 'Загрузить из ЕИС' for the plans: the plans published in a period. By default from 1 December of last year, when a
 * customer publishes the next year's plan, to today.
 */
export function ImportPlansButton() {
  return (
    <MayChange>
      <PeriodImportButton
        label="Загрузить из ЕИС"
        primary
        kind="plans"
        testId="plans-import"
        title="Загрузка планов закупки из ЕИС"
        periodLabel="Период размещения планов в ЕИС"
        period={(today) => [today.subtract(1, 'year').month(11).date(1), today]}
        pending={(from, to) => `Запрошены планы, размещённые за период ${from}-${to}`}
        request={eisApi.importPlans}
      />
    </MayChange>
  );
}
