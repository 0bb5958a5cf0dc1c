import { useState } from 'react';
import { Alert, Button, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { pluralRu, type WaitingExecution44 } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { formatDateTime, formatMoney } from '../../lib/format';
import { listLocale } from '../../lib/paged-table';
import { contractsApi } from './api';

const PAGE = 10;

/**
 * The 44-ФЗ executions (contractProcedure) ЕИС gave before their contracts: kept, shown here as waiting, and counted in
 * the contract's figures as soon as the contract with that registry number is loaded. Nothing shows when none waits.
 */
export function WaitingExecutions() {
  const company = useSelectedCompany();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  // under ['contracts']: an import of contracts refreshes it with the register
  const q = useQuery({
    queryKey: ['contracts', company, 'waiting-executions', page],
    queryFn: () => contractsApi.waitingExecutions({ page, limit: PAGE }),
  });
  const total = q.data?.total ?? 0;
  if (!total) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="waiting-executions"
      message={`${total} ${pluralRu(total, 'сведения', 'сведения', 'сведений')} об исполнении из ЕИС ожидают контракт`}
      description={
        <>
          Контракта с их реестровым номером в реестре ещё нет. Приёмка и оплаты из них войдут в поставленное и оплаченное по контракту, как
          только он будет загружен из ЕИС.{' '}
          <Button type="link" size="small" onClick={() => setOpen(!open)} data-testid="waiting-executions-toggle">
            {open ? 'Скрыть' : 'Показать'}
          </Button>
          {open && (
            <Table<WaitingExecution44>
              rowKey="id"
              size="small"
              style={{ marginTop: 8 }}
              dataSource={q.data?.items}
              loading={q.isFetching}
              locale={listLocale(q)}
              pagination={total > PAGE ? { current: page, pageSize: PAGE, total, onChange: setPage, showSizeChanger: false } : false}
              columns={[
                {
                  title: 'Реестровый номер контракта',
                  dataIndex: 'registry_number',
                  render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
                },
                { title: 'Опубликовано в ЕИС', dataIndex: 'published_at', render: (v: string | null) => (v ? formatDateTime(v) : '—') },
                { title: 'Редакция', dataIndex: 'version', align: 'right' },
                {
                  title: 'Документы о приёмке',
                  key: 'acceptances',
                  align: 'right',
                  render: (_: unknown, w) => (w.acceptances ? `${w.acceptances} на ${formatMoney(w.accepted_sum)}` : '—'),
                },
                {
                  title: 'Оплаты',
                  key: 'payments',
                  align: 'right',
                  render: (_: unknown, w) => (w.payments ? `${w.payments} на ${formatMoney(w.paid_sum)}` : '—'),
                },
              ]}
            />
          )}
        </>
      }
    />
  );
}
