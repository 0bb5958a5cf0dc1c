import { Typography } from 'antd';
import { eisApi, PeriodImportButton } from '../eis';
import { MayChange } from '../../lib/MayChange';

/**
 * «Загрузить из ЕИС» for the 44-ФЗ notices and their final protocols (ЕИС's PRIZ) of a period, by default the last
 * month: each purchase meets its план-график position and procurement by ИКЗ.
 */
export function ImportNotices44Button() {
  return (
    <MayChange>
      <PeriodImportButton
        label="Загрузить из ЕИС"
        primary
        kind="notices44"
        testId="notices44-import"
        title="Загрузка извещений и протоколов 44-ФЗ из ЕИС"
        periodLabel="Период размещения в ЕИС"
        period={(today) => [today.subtract(1, 'month'), today]}
        pending={(from, to) => `Запрошены извещения и протоколы 44-ФЗ, размещённые за период ${from}-${to}`}
        request={eisApi.importNotices44}
        intro={
          <Typography.Paragraph type="secondary">
            Извещения организации об электронных аукционах, запросах котировок и открытых конкурсах и итоговые протоколы по ним. Закупка
            связывается с позицией плана-графика и с закупкой 44-ФЗ по ИКЗ.
          </Typography.Paragraph>
        }
      />
    </MayChange>
  );
}
