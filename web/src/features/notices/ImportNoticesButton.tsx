import { Typography } from 'antd';
import { eisApi, PeriodImportButton } from '../eis';
import { MayChange } from '../../lib/MayChange';

/**
 * «Загрузить извещения из ЕИС» for the procurement register: the company's notices of every 223-ФЗ type published in
 * a period; each becomes (or updates) the procurement of its number. By default the last month.
 */
export function ImportNoticesButton() {
  return (
    <MayChange>
      <PeriodImportButton
        label="Загрузить извещения из ЕИС"
        kind="notices"
        testId="notices-import"
        title="Загрузка извещений из ЕИС"
        periodLabel="Период размещения извещений в ЕИС"
        period={(today) => [today.subtract(1, 'month'), today]}
        pending={(from, to) => `Запрошены извещения, размещённые за период ${from}-${to}`}
        request={eisApi.importNotices}
        intro={
          <Typography.Paragraph type="secondary">
            Извещения организации о закупках всех способов (конкурсы, аукционы, запросы котировок и предложений, закупки у единственного
            поставщика и иные способы) попадут в реестр закупок; уже внесённые обновятся.
          </Typography.Paragraph>
        }
      />
    </MayChange>
  );
}
