import type { TenderPlanResponse } from '@proc/contract';
import { Empty, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { usePagedTable } from '../../lib/paged-table';
import { eisApi, EisImportStatus, UploadEisButton } from '../eis';
import { ImportTenderPlansButton } from './ImportTenderPlansButton';
import { PlanLawTabs } from './PlanLawTabs';
import { listLocale } from '../../lib/paged-table';

/** 44-ФЗ планы-графики imported from ЕИС: the newest version of each, or every version. */
export default function TenderPlansPage() {
  const company = useSelectedCompany();
  const navigate = useNavigate();
  // the server gives every plan at once (no pages): the hook keeps the filters in the URL, the table pages locally
  const { filters, filter } = usePagedTable({ filters: ['year', 'versions'] as const });
  const year = filters.year;
  const versions = filters.versions === 'all' ? 'all' : 'latest';
  // under ['tender-plans', …]: the eisTenderPlanResponse handler refreshes it
  const list = useQuery({ queryKey: ['tender-plans', company, { year, versions }], queryFn: () => eisApi.tenderPlans({ year, versions }) });
  const open = (p: TenderPlanResponse) => navigate(`/eisPlans/tender/${p.plan_number}${p.latest ? '' : `?version=${p.version}`}`);
  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3}>Планы-графики (44-ФЗ)</Typography.Title>
        <Space wrap>
          <Link to="/eisNotices44" data-testid="tender-plans-notices44">
            Извещения 44-ФЗ
          </Link>
          <ImportTenderPlansButton />
          <UploadEisButton testId="tender-plans-upload" />
        </Space>
      </Space>
      <PlanLawTabs value="44" />
      <EisImportStatus kind="tenderPlans" />
      <Space style={{ marginBottom: 16 }} wrap>
        <InputNumber
          aria-label="Год плана-графика"
          placeholder="Год"
          min={2020}
          max={2100}
          value={year ? Number(year) : null}
          onChange={(v) => filter({ year: v ? String(v) : undefined })}
        />
        <Select
          aria-label="Версии"
          style={{ width: 220 }}
          value={versions}
          options={[
            { value: 'latest', label: 'Действующие версии' },
            { value: 'all', label: 'Все версии' },
          ]}
          onChange={(v) => filter({ versions: v === 'all' ? 'all' : undefined })}
        />
      </Space>
      <Table<TenderPlanResponse>
        rowKey="id"
        data-testid="tender-plans-table"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={listLocale(list, <Empty description="Планов-графиков нет. Загрузите их из ЕИС или из файла." />)}
        onRow={(p) => ({ onClick: () => open(p), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: 'Номер плана-графика',
            key: 'plan_number',
            render: (_: unknown, p: TenderPlanResponse) => (
              <a
                href={`/eisPlans/tender/${p.plan_number}`}
                onClick={(ev) => ev.preventDefault()}
                data-testid={`tender-plan-${p.plan_number}-${p.version}`}
              >
                {p.plan_number}
              </a>
            ),
          },
          { title: 'Заказчик', dataIndex: 'customer_name', render: (v: string | null) => v ?? '—' },
          { title: 'Год', dataIndex: 'year' },
          {
            title: 'Плановый период',
            key: 'period',
            render: (_: unknown, p: TenderPlanResponse) => (p.first_year ? `${p.first_year}–${p.second_year ?? p.first_year}` : '—'),
          },
          {
            title: 'Версия',
            key: 'version',
            render: (_: unknown, p: TenderPlanResponse) => (
              <Space>
                {p.version}
                {p.latest ? <Tag color="green">Действующая</Tag> : <Tag>Прежняя</Tag>}
              </Space>
            ),
          },
          { title: 'Размещён в ЕИС', dataIndex: 'published_at', render: (v: string | null) => (v ? formatDateTime(v) : '—') },
          { title: 'Позиций', dataIndex: 'position_count', align: 'right' },
          { title: 'Сумма', dataIndex: 'total', align: 'right', render: (v: string) => formatMoney(v) },
        ]}
      />
    </>
  );
}
