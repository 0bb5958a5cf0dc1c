import { Empty, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { eisApi, PLAN_STATUS, type Plan } from './api';
import { UploadEisButton } from './UploadEisButton';
import { ImportPlansButton } from './ImportPlansButton';
import { EisImportStatus } from './EisImportStatus';
import { PlanLawTabs } from './PlanLawTabs';
import { useUrlState, tableSort, sortOrderOf, signedSort } from '../../lib/url-state';

const SORTS = ['year', 'total'] as const;

export default function PlansPage() {
  const company = useSelectedCompany();
  const navigate = useNavigate();
  const { params, patch } = useUrlState();
  const page = Number(params.get('page') ?? 1);
  const sort = params.get('sort') ?? '-year';
  // under ['plans', …]: the eisPlanResponse handler refreshes every plans query
  const list = useQuery({ queryKey: ['plans', company, { page, sort }], queryFn: () => eisApi.plans({ page, limit: 10, sort }) });
  const sorted = signedSort.parse(sort);
  const sortOrder = (field: string) => sortOrderOf(sorted.key, sorted.dir, field);

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
      <Table<Plan>
        rowKey="id"
        data-testid="plans-table"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: <Empty description="Планов закупки нет. Загрузите их из ЕИС или из файла." /> }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, showSizeChanger: false }}
        onRow={(p) => ({
          onClick: () => navigate(`/eisPlanItems/${encodeURIComponent(p.registration_number)}`),
          style: { cursor: 'pointer' },
        })}
        onChange={(p, _f, s) => {
          const next = tableSort(s);
          patch({
            page: p.current && p.current > 1 ? String(p.current) : undefined,
            sort: signedSort.format(next && SORTS.includes(next.key as (typeof SORTS)[number]) ? next : undefined),
          });
        }}
        columns={[
          {
            title: 'Реестровый номер',
            key: 'registration_number',
            render: (_: unknown, p: Plan) => (
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
            key: 'year',
            dataIndex: 'year',
            sorter: true,
            sortOrder: sortOrder('year'),
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
            key: 'total',
            dataIndex: 'total',
            align: 'right',
            sorter: true,
            sortOrder: sortOrder('total'),
            render: (v: string) => formatMoney(v),
          },
        ]}
      />
    </>
  );
}
