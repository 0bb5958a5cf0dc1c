import { Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney, formatQuantity } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { PROCUREMENT_STATUS_TITLES, type PlanItemResponse, type ProcurementStatus } from '@proc/contract';
import { useMethods } from '../catalogs';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useConfirmRequired } from '../../lib/confirm-required';
import { eisApi, PLAN_ITEM_FILTERS } from '../eis';
import { usePagedTable } from '../../lib/paged-table';
import { SearchFilter, TextFilter } from '../../lib/ListFilters';
import { PositionsHeader, positionsEmpty } from './PositionsHeader';
import { ObjectNotFound, isNotFound } from '../../lib/ObjectNotFound';
import { DateFilter } from '../../lib/DateInput';
import { MayChange } from '../../lib/MayChange';

const SORTS = ['ordinal', 'nmcd', 'planned_month', 'subject'];
const monthTitle = (m: string | null) =>
  m ? dayjs(`${m}-01`).toDate().toLocaleDateString('ru-RU', { month: 'long', year: 'numeric' }) : '—';

export default function PlanItemsPage() {
  const { number = '' } = useParams();
  const company = useSelectedCompany();
  const navigate = useNavigate();
  const methods = useMethods();
  const t = usePagedTable({ filters: PLAN_ITEM_FILTERS, sorts: SORTS, sort: 'ordinal', order: 'asc' });
  const { filters, filter } = t;
  const list = useQuery({
    queryKey: ['plans', company, number, 'items', t.query],
    queryFn: () => eisApi.planItems(number, t.query),
  });
  // one key per page open and item: a double click on «Создать закупку» gets the first procurement back
  const idem = useIdempotencyKey();
  const confirmRequired = useConfirmRequired();
  const create = useMutation({
    mutationFn: ({ item, another }: { item: PlanItemResponse; another?: boolean }) =>
      eisApi.createProcurement(number, item.id, { another, idempotencyKey: `${idem.key}-${item.id}${another ? '-another' : ''}` }),
    onSuccess: (p) => {
      idem.renew();
      navigate(`/documents/${p.id}`);
    },
    // the item already has its procurement: the server names it; a second one only if the user asks
    onError: (e, v) =>
      void confirmRequired(e, 'У позиции уже есть закупка', 'Создать ещё одну', () => create.mutate({ item: v.item, another: true })),
  });

  if (isNotFound(list.error))
    return <ObjectNotFound title="План закупки не найден" back={{ to: '/eisPlans', label: 'К планам закупки' }} />;
  return (
    <>
      <PositionsHeader back="/eisPlans" backLabel="Планы закупки" title={`Позиции плана закупки № ${number}`} />
      <Space style={{ marginBottom: 16 }} wrap>
        <SearchFilter
          label="Поиск по предмету"
          placeholder="Поиск по предмету договора"
          value={filters.q}
          onChange={(q) => filter({ q })}
          width={320}
        />
        <TextFilter
          label="ОКПД2"
          placeholder="ОКПД2 (начало кода)"
          value={filters.okpd2}
          onChange={(okpd2) => filter({ okpd2 })}
          width={200}
        />
        <Select
          allowClear
          aria-label="Способ закупки"
          placeholder="Способ закупки"
          style={{ width: 280 }}
          value={filters.method}
          options={methods.options}
          onChange={(v) => filter({ method: v })}
        />
        <DateFilter
          picker="month"
          format="MM.YYYY"
          aria-label="Планируемый месяц"
          placeholder="Планируемый месяц"
          value={filters.month ? dayjs(`${filters.month}-01`) : null}
          onChange={(d) => filter({ month: d ? d.format('YYYY-MM') : undefined })}
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
          onChange={(v) => filter({ sme_only: v })}
        />
      </Space>
      <Table<PlanItemResponse>
        rowKey="id"
        data-testid="plan-items-table"
        {...t.table(list, positionsEmpty(Object.values(filters).some(Boolean), 'В плане нет позиций'))}
        scroll={{ x: 1580 }}
        columns={[
          { title: '№', ...t.column('ordinal'), width: 70 },
          { title: 'Предмет договора', ...t.column('subject'), width: 280 },
          // what tells the items apart and their procurement come first: at 1280 px they are on screen beside the fixed
          // actions, the codes after a scroll
          { title: 'Способ закупки', dataIndex: 'method', width: 200, render: (v: string | null) => (v ? methods.title(v) : '—') },
          {
            title: 'НМЦД',
            ...t.column('nmcd'),
            align: 'right',
            width: 150,
            render: (v: string | null, i: PlanItemResponse) => formatMoney(v, i.currency === 'RUB' ? '₽' : i.currency),
          },
          {
            title: 'Планируемый месяц',
            ...t.column('planned_month'),
            width: 150,
            render: monthTitle,
          },
          {
            title: 'Закупка',
            key: 'procurements',
            width: 190,
            render: (_: unknown, i: PlanItemResponse) =>
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
          { title: 'Ед. изм.', key: 'unit', width: 120, render: (_: unknown, i: PlanItemResponse) => i.okei_name ?? i.okei_code ?? '—' },
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
            render: (_: unknown, i: PlanItemResponse) => (
              <MayChange>
                <Button
                  size="small"
                  loading={create.isPending && create.variables?.item.id === i.id}
                  disabled={create.isPending}
                  onClick={() => create.mutate({ item: i })}
                  data-testid={`plan-item-create-${i.ordinal}`}
                >
                  Создать закупку
                </Button>
              </MayChange>
            ),
          },
        ]}
      />
    </>
  );
}
