import { DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { ContractResponse } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { formatDate, formatMoney } from '../../lib/format';
import { CONTRACT_FILTERS, contractsApi } from './api';
import { CONTRACT_STATUS_COLORS, CONTRACT_STATUS_TITLES, contractStatusTitle } from './labels';
import { ShareBars } from './ShareBars';
import { useUrlState, tableSort, sortOrderOf, signedSort } from '../../lib/url-state';

const SORTABLE: Record<string, string> = { contract_date: 'contract_date', price: 'price', subject: 'subject' };
const statusOptions = Object.entries(CONTRACT_STATUS_TITLES).map(([value, label]) => ({ value, label }));
/** «все» is no law in the URL */
const lawOptions = [
  { value: 'all', label: 'Все законы' },
  { value: '223', label: '223-ФЗ' },
  { value: '44', label: '44-ФЗ' },
];

/** /contracts/register: the company's contracts with filters, sort and page in the URL. */
export default function RegisterPage() {
  const company = useSelectedCompany();
  const navigate = useNavigate();
  const { params, patch } = useUrlState();
  const page = Number(params.get('page') ?? 1);
  const sort = params.get('sort') ?? '-contract_date';
  const filters = Object.fromEntries(CONTRACT_FILTERS.map((k) => [k, params.get(k) ?? undefined]));
  const query = { ...filters, page, limit: 10, sort };
  const list = useQuery({ queryKey: ['contracts', company, 'list', query], queryFn: () => contractsApi.list(query) });
  const sorted = signedSort.parse(sort);
  const sortOrder = (field: string) => sortOrderOf(sorted.key, sorted.dir, field);
  const range = filters.date_from && filters.date_to ? ([dayjs(filters.date_from), dayjs(filters.date_to)] as const) : null;

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          aria-label="Поиск договоров"
          placeholder="Поиск по предмету, номеру, поставщику"
          defaultValue={filters.q}
          onSearch={(v) => patch({ q: v || undefined, page: undefined })}
          style={{ width: 340 }}
        />
        <Select
          aria-label="Закон"
          style={{ width: 140 }}
          value={filters.law ?? 'all'}
          options={lawOptions}
          onChange={(v: string) => patch({ law: v === 'all' ? undefined : v, page: undefined })}
        />
        <Select
          allowClear
          aria-label="Статус договора"
          placeholder="Статус"
          style={{ width: 180 }}
          value={filters.status}
          options={statusOptions}
          onChange={(v) => patch({ status: v, page: undefined })}
        />
        <Input.Search
          allowClear
          aria-label="ИНН поставщика"
          placeholder="ИНН поставщика"
          defaultValue={filters.supplier_inn}
          onSearch={(v) => patch({ supplier_inn: /^\d{10}(\d{2})?$/.test(v) ? v : undefined, page: undefined })}
          style={{ width: 200 }}
        />
        <DatePicker.RangePicker
          aria-label="Дата договора"
          format="DD.MM.YYYY"
          placeholder={['Дата с', 'Дата по']}
          value={range as never}
          onChange={(v) => patch({ date_from: v?.[0]?.format('YYYY-MM-DD'), date_to: v?.[1]?.format('YYYY-MM-DD'), page: undefined })}
        />
      </Space>
      <Table<ContractResponse>
        rowKey="id"
        data-testid="contracts-table"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: 'Договоров нет. Загрузите договоры из ЕИС или файлом.' }}
        onRow={(c) => ({ onClick: () => navigate(`/contracts/register/${c.id}`), style: { cursor: 'pointer' } })}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, showSizeChanger: false }}
        onChange={(p, _f, s) => {
          const next = tableSort(s);
          const field = next && SORTABLE[next.key];
          patch({
            page: p.current && p.current > 1 ? String(p.current) : undefined,
            sort: signedSort.format(field ? { key: field, dir: next.dir } : undefined),
          });
        }}
        columns={[
          // the subject's ellipsis makes the table's layout fixed: a 23-digit number needs its width said
          {
            title: 'Реестровый номер',
            dataIndex: 'registry_number',
            width: 220,
            render: (v: string | null, c) => (
              <a href={`/contracts/register/${c.id}`} onClick={(e) => e.preventDefault()} style={{ whiteSpace: 'nowrap' }}>
                {v ?? '—'}
              </a>
            ),
          },
          { title: 'Номер', dataIndex: 'number', width: 110, render: (v: string | null) => v ?? '—' },
          {
            title: 'Закон',
            dataIndex: 'law',
            width: 90,
            render: (law: string) => <Tag color={law === '44' ? 'purple' : 'blue'}>{law}-ФЗ</Tag>,
          },
          {
            title: 'Дата',
            key: 'contract_date',
            dataIndex: 'contract_date',
            width: 110,
            sorter: true,
            sortOrder: sortOrder('contract_date'),
            render: (v: string | null) => (v ? formatDate(v) : '—'),
          },
          { title: 'Предмет', key: 'subject', dataIndex: 'subject', sorter: true, sortOrder: sortOrder('subject'), ellipsis: true },
          {
            title: 'Поставщик',
            dataIndex: 'supplier_name',
            render: (v: string | null, c) => (v ? `${v}${c.supplier_inn ? `, ИНН ${c.supplier_inn}` : ''}` : '—'),
          },
          {
            title: 'Цена',
            key: 'price',
            dataIndex: 'price',
            width: 140,
            sorter: true,
            sortOrder: sortOrder('price'),
            align: 'right',
            render: (v: string | null) => formatMoney(v),
          },
          {
            title: 'Статус',
            dataIndex: 'status',
            width: 130,
            render: (s: string) => <Tag color={CONTRACT_STATUS_COLORS[s]}>{contractStatusTitle(s)}</Tag>,
          },
          { title: 'Поставлено / оплачено', key: 'shares', width: 170, render: (_: unknown, c) => <ShareBars contractId={c.id} /> },
        ]}
      />
    </>
  );
}
