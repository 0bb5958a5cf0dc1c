import type { PlanResponse } from '@proc/contract';
import { Empty, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { eisApi, PLAN_STATUS, UploadEisButton, EisImportStatus } from '../eis';
import { ImportPlansButton } from './ImportPlansButton';
import { PlanLawTabs } from './PlanLawTabs';
import { usePagedTable } from '../../lib/paged-table';

const SORTS = ['year', 'total'];

export default function PlansPage() {
  const company = useSelectedCompany();
  const navigate = useNavigate();
  const t = usePagedTable({ sorts: SORTS, sort: 'year', order: 'desc' });
  // under ['plans', …]: the eisPlanResponse handler refreshes every plans query
  const list = useQuery({ queryKey: ['plans', company, t.query], queryFn: () => eisApi.plans(t.query) });

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3}>Планы закупки</Typography.Title>
        <Space wrap>
          <ImportPlansButton />
          <UploadEisButton testId="plans-upload" />
        </Space>
      </Space>
      <PlanLawTabs value="223" />
      <EisImportStatus kind="plans" />
      <Table<PlanResponse>
        rowKey="id"
        data-testid="plans-table"
        {...t.table(list, <Empty description="Планов закупки нет. Загрузите их из ЕИС или из файла." />)}
        onRow={(p) => ({
          onClick: () => navigate(`/eisPlanItems/${encodeURIComponent(p.registration_number)}`),
          style: { cursor: 'pointer' },
        })}
        columns={[
          {
            title: 'Реестровый номер',
            key: 'registration_number',
            render: (_: unknown, p: PlanResponse) => (
              <a
                href={`/eisPlanItems/${encodeURIComponent(p.registration_number)}`}
                onClick={(ev) => ev.preventDefault()}
                data-testid={`plan-${p.registration_number}`}
              >
                {p.registration_number}
              </a>
            ),
          },
          { title: 'Наименование', dataIndex: 'name', render: (v: string | null) => v ?? '—' },
          {
            title: 'Год',
            ...t.column('year'),
            render: (v: number | null) => v ?? '—',
          },
          { title: 'Версия', dataIndex: 'version' },
          {
            title: 'Статус',
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'published' ? 'green' : 'default'}>{PLAN_STATUS[s] ?? s}</Tag>,
          },
          { title: 'Позиций', dataIndex: 'item_count', align: 'right' },
          {
            title: 'Сумма НМЦД',
            ...t.column('total'),
            align: 'right',
            render: (v: string) => formatMoney(v),
          },
        ]}
      />
    </>
  );
}
