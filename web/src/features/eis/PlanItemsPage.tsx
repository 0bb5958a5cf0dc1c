import { Button, DatePicker, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney, formatQuantity } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { PROCUREMENT_STATUS_TITLES, type ProcurementStatus } from '@proc/contract';
import { useMethods } from '../procurements/api';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useConfirmRequired } from '../../lib/confirm-required';
import { ObjectNotFound, isNotFound } from '../../lib/ObjectNotFound';
import { eisApi, PLAN_ITEM_FILTERS, type PlanItem } from './api';
import { useUrlState, tableSort, sortOrderOf, signedSort } from '../../lib/url-state';

const SORTS = ['ordinal', 'nmcd', 'planned_month', 'subject'] as const;
const monthTitle = (m: string | null) =>
  m ? dayjs(`${m}-01`).toDate().toLocaleDateString('ru-RU', { month: 'long', year: 'numeric' }) : '—';

export default function PlanItemsPage() {
  const { number = '' } = useParams();
  const company = useSelectedCompany();
  const navigate = useNavigate();
  const methods = useMethods();
  const { params, patch } = useUrlState();
  const page = Number(params.get('page') ?? 1);
  const sort = params.get('sort') ?? 'ordinal';
  const filters = Object.fromEntries(PLAN_ITEM_FILTERS.map((k) => [k, params.get(k) ?? undefined])) as Record<
    (typeof PLAN_ITEM_FILTERS)[number],
    string | undefined
  >;
  const list = useQuery({
    queryKey: ['plans', company, number, 'items', { page, sort, ...filters }],
    queryFn: () => eisApi.planItems(number, { page, limit: 10, sort, ...filters }),
  });
  // one key per page open and item: a double click on «Создать закупку» gets the first procurement back
  const idem = useIdempotencyKey();
  const confirmRequired = useConfirmRequired();
  const create = useMutation({
    mutationFn: ({ item, another }: { item: PlanItem; another?: boolean }) =>
      eisApi.createProcurement(number, item.id, { another, idempotencyKey: `${idem.key}-${item.id}${another ? '-another' : ''}` }),
    onSuccess: (p) => {
      idem.renew();
      navigate(`/documents/${p.id}`);
    },
    // the item already has its procurement: the server names it; a second one only if the user asks
    onError: (e, v) =>
      void confirmRequired(e, 'У позиции уже есть закупка', 'Создать ещё одну', () => create.mutate({ item: v.item, another: true })),
  });
  const sorted = signedSort.parse(sort);
  const sortOrder = (field: string) => sortOrderOf(sorted.key, sorted.dir, field);

  if (isNotFound(list.error))
    return <ObjectNotFound title="План закупки не найден" back={{ to: '/eisPlans', label: 'К планам закупки' }} />;
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/eisPlans">
          <ArrowLeftOutlined /> Планы закупки
        </Link>
      </Space>
      <Typography.Title level={3}>Позиции плана закупки № {number}</Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          aria-label="Поиск по предмету"
          placeholder="Поиск по предмету договора"
          defaultValue={filters.q}
          onSearch={(v) => patch({ q: v.trim() || undefined, page: undefined })}
          style={{ width: 320 }}
        />
        <Input
          key={`okpd2-${filters.okpd2 ?? ''}`}
          allowClear
          aria-label="ОКПД2"
          placeholder="ОКПД2 (начало кода)"
          defaultValue={filters.okpd2}
          onBlur={(e) => patch({ okpd2: e.target.value.trim() || undefined, page: undefined })}
          onPressEnter={(e) => patch({ okpd2: e.currentTarget.value.trim() || undefined, page: undefined })}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          aria-label="Способ закупки"
          placeholder="Способ закупки"
          style={{ width: 280 }}
          value={filters.method}
          options={methods.options}
          onChange={(v) => patch({ method: v, page: undefined })}
        />
        <DatePicker
          picker="month"
          format="MM.YYYY"
          aria-label="Планируемый месяц"
          placeholder="Планируемый месяц"
          value={filters.month ? dayjs(`${filters.month}-01`) : null}
          onChange={(d) => patch({ month: d ? d.format('YYYY-MM') : undefined, page: undefined })}
        />
        <Select
          allowClear
          aria-label="Только для МСП"
          placeholder="Участники"
          style={{ width: 200 }}
          value={filters.sme_only}
          options={[
            { value: 'true', label: 'Только МСП' },
            { value: 'false', label: 'Без ограничения' },
          ]}
          onChange={(v) => patch({ sme_only: v, page: undefined })}
        />
      </Space>
      <Table<PlanItem>
        rowKey="id"
        data-testid="plan-items-table"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 1580 }}
        locale={{
          emptyText: (
            <Empty description={Object.values(filters).some(Boolean) ? 'Нет позиций по заданным условиям' : 'В плане нет позиций'} />
          ),
        }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, showSizeChanger: false }}
        onChange={(p, _f, s) => {
          const next = tableSort(s);
          patch({
            page: p.current && p.current > 1 ? String(p.current) : undefined,
            sort: signedSort.format(next && SORTS.includes(next.key as (typeof SORTS)[number]) ? next : undefined),
          });
        }}
        columns={[
          { title: '№', key: 'ordinal', dataIndex: 'ordinal', width: 70, sorter: true, sortOrder: sortOrder('ordinal') },
          { title: 'Предмет договора', key: 'subject', dataIndex: 'subject', width: 280, sorter: true, sortOrder: sortOrder('subject') },
          // what tells the items apart and their procurement come first: at 1280 px they are on screen beside the fixed
          // actions, the codes after a scroll
          { title: 'Способ закупки', dataIndex: 'method', width: 200, render: (v: string | null) => (v ? methods.title(v) : '—') },
          {
            title: 'НМЦД',
            key: 'nmcd',
            dataIndex: 'nmcd',
            align: 'right',
            sorter: true,
            sortOrder: sortOrder('nmcd'),
            width: 150,
            render: (v: string | null, i: PlanItem) => formatMoney(v, i.currency === 'RUB' ? '₽' : i.currency),
          },
          {
            title: 'Планируемый месяц',
            key: 'planned_month',
            dataIndex: 'planned_month',
            width: 150,
            sorter: true,
            sortOrder: sortOrder('planned_month'),
            render: monthTitle,
          },
          {
            title: 'Закупка',
            key: 'procurements',
            width: 190,
            render: (_: unknown, i: PlanItem) =>
              i.procurements.length ? (
                <Space direction="vertical" size={2} data-testid={`plan-item-procurements-${i.ordinal}`}>
                  {i.procurements.map((p) => (
                    <span key={p.id} style={{ whiteSpace: 'nowrap' }}>
                      <Link to={`/documents/${p.id}`}>№ {p.number}</Link>{' '}
                      <Tag>{PROCUREMENT_STATUS_TITLES[p.status as ProcurementStatus] ?? p.status}</Tag>
                    </span>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">нет</Typography.Text>
              ),
          },
          { title: 'ОКПД2', dataIndex: 'okpd2_code', width: 120, render: (v: string | null) => v ?? '—' },
          { title: 'ОКВЭД2', dataIndex: 'okved2_code', width: 90, render: (v: string | null) => v ?? '—' },
          { title: 'Ед. изм.', key: 'unit', width: 120, render: (_: unknown, i: PlanItem) => i.okei_name ?? i.okei_code ?? '—' },
          { title: 'Количество', dataIndex: 'quantity', align: 'right', width: 130, render: (v: string | null) => formatQuantity(v) },
          {
            title: 'МСП',
            dataIndex: 'sme_only',
            width: 120,
            render: (v: boolean) => (v ? <Tag color="blue">Только МСП</Tag> : <Tag>Нет</Tag>),
          },
          {
            title: 'Действия',
            key: 'actions',
            fixed: 'right',
            width: 170,
            render: (_: unknown, i: PlanItem) => (
              <Button
                size="small"
                loading={create.isPending && create.variables?.item.id === i.id}
                disabled={create.isPending}
                onClick={() => create.mutate({ item: i })}
                data-testid={`plan-item-create-${i.ordinal}`}
              >
                Создать закупку
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
