import { eisApi, PeriodImportButton } from '../eis';
import { MayChange } from '../../lib/MayChange';

/** 'Загрузить из ЕИС' for the 44-ФЗ планы-графики (ЕИС's RPGZ) of a period, by default from 1 December of last year. */
export function ImportTenderPlansButton() {
  return (
    <MayChange>
      <PeriodImportButton
        label="Загрузить из ЕИС"
        primary
        kind="tenderPlans"
        testId="tender-plans-import"
        title="Загрузка планов-графиков из ЕИС"
        periodLabel="Период размещения планов-графиков в ЕИС"
        period={(today) => [today.subtract(1, 'year').month(11).date(1), today]}
        pending={(from, to) => `Запрошены планы-графики, размещённые за период ${from}-${to}`}
        request={eisApi.importTenderPlans}
      />
    </MayChange>
  );
}
