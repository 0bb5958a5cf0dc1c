import { useState } from 'react';
import { Button } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { moscowToday } from '../../lib/dates';
import { eisApi } from './api';
import { PeriodImportModal } from './PeriodImportModal';

/** 'Загрузить из ЕИС' for the 44-ФЗ планы-графики (ЕИС's RPGZ) of a period, by default from 1 December of last year. */
export function ImportTenderPlansButton() {
  const [open, setOpen] = useState(false);
  const today = moscowToday();
  return (
    <>
      <Button type="primary" icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} data-testid="tender-plans-import">
        Загрузить из ЕИС
      </Button>
      {open && (
        <PeriodImportModal
          kind="tenderPlans"
          testId="tender-plans-import"
          title="Загрузка планов-графиков из ЕИС"
          periodLabel="Период размещения планов-графиков в ЕИС"
          initialPeriod={[today.subtract(1, 'year').month(11).date(1), today]}
          pending={(from, to) => `Запрошены планы-графики, размещённые за период ${from}-${to}`}
          request={eisApi.importTenderPlans}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
