import { useState } from 'react';
import { Button } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { eisApi } from './api';
import { PeriodImportModal } from './PeriodImportModal';
import { moscowToday } from '../../lib/dates';

/**
 * 'Загрузить из ЕИС' for the plans: the plans published in a period. By default from 1 December of last year, when a
 * customer publishes the next year's plan, to today.
 */
export function ImportPlansButton() {
  const [open, setOpen] = useState(false);
  const today = moscowToday();
  return (
    <>
      <Button type="primary" icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} data-testid="plans-import">
        Загрузить из ЕИС
      </Button>
      {open && (
        <PeriodImportModal
          kind="plans"
          testId="plans-import"
          title="Загрузка планов закупки из ЕИС"
          periodLabel="Период размещения планов в ЕИС"
          initialPeriod={[today.subtract(1, 'year').month(11).date(1), today]}
          pending={(from, to) => `Запрошены планы, размещённые за период ${from}-${to}`}
          request={eisApi.importPlans}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
