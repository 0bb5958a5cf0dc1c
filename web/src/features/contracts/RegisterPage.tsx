import { Input, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { ContractListItem } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { formatDate, formatMoney } from '../../lib/format';
import { CONTRACT_FILTERS, contractsApi } from './api';
import { CONTRACT_STATUS_COLORS, CONTRACT_STATUS_TITLES, contractStatusTitle } from './labels';
import { ShareBars } from './ShareBars';
import { WaitingExecutions } from './WaitingExecutions';
import { usePagedTable } from '../../lib/paged-table';
import { DateRangeInput } from '../../lib/DateInput';

const SORTS = ['contract_date', 'price', 'subject'];
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
  const t = usePagedTable({ filters: CONTRACT_FILTERS, sorts: SORTS, sort: 'contract_date', order: 'desc' });
  const { filters, filter } = t;
  const list = useQuery({ queryKey: ['contracts', company, 'list', t.query], queryFn: () => contractsApi.list(t.query) });
  const range = filters.date_from && filters.date_to ? ([dayjs(filters.date_from), dayjs(filters.date_to)] as const) : null;

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          aria-label="Поиск договоров"
          placeholder="Поиск по предмету, номеру, поставщику"
          defaultValue={filters.q}
          onSearch={(v) => filter({ q: v || undefined })}
          style={{ width: 340 }}
        />
        <Select
          aria-label="Закон"
          style={{ width: 140 }}
          value={filters.law ?? 'all'}
          options={lawOptions}
          onChange={(v: string) => filter({ law: v === 'all' ? undefined : v })}
        />
        <Select
          allowClear
          aria-label="Статус договора"
          placeholder="Статус"
          style={{ width: 180 }}
          value={filters.status}
          options={statusOptions}
          onChange={(v) => filter({ status: v })}
        />
        <Input.Search
          allowClear
          aria-label="ИНН поставщика"
          placeholder="ИНН поставщика"
          defaultValue={filters.supplier_inn}
          onSearch={(v) => filter({ supplier_inn: /^\d{10}(\d{2})?$/.test(v) ? v : undefined })}
          style={{ width: 200 }}
        />
        <DateRangeInput
          aria-label="Дата договора"
          placeholder={['Дата с', 'Дата по']}
          value={range as never}
          onChange={(v) => filter({ date_from: v?.[0]?.format('YYYY-MM-DD'), date_to: v?.[1]?.format('YYYY-MM-DD') })}
        />
      </Space>
      <WaitingExecutions />
      <Table<ContractListItem>
        rowKey="id"
        data-testid="contracts-table"
        {...t.table(list, 'Договоров нет. Загрузите договоры из ЕИС или файлом.')}
        onRow={(c) => ({ onClick: () => navigate(`/contracts/register/${c.id}`), style: { cursor: 'pointer' } })}
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
          // «41-А/2026» is one number: never broken at its hyphen
          {
            title: 'Номер',
            dataIndex: 'number',
            width: 110,
            render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{v ?? '—'}</span>,
          },
          {
            title: 'Закон',
            dataIndex: 'law',
            width: 90,
            render: (law: string) => <Tag color={law === '44' ? 'purple' : 'blue'}>{law}-ФЗ</Tag>,
          },
          {
            title: 'Дата',
            ...t.column('contract_date'),
            width: 110,
            render: (v: string | null) => (v ? formatDate(v) : '—'),
          },
          { title: 'Предмет', ...t.column('subject'), ellipsis: true },
          {
            title: 'Поставщик',
            dataIndex: 'supplier_name',
            render: (v: string | null, c) => (v ? `${v}${c.supplier_inn ? `, ИНН ${c.supplier_inn}` : ''}` : '—'),
          },
          {
            title: 'Цена',
            ...t.column('price'),
            width: 140,
            align: 'right',
            render: (v: string | null) => formatMoney(v),
          },
          {
            title: 'Статус',
            dataIndex: 'status',
            width: 130,
            render: (s: string) => <Tag color={CONTRACT_STATUS_COLORS[s]}>{contractStatusTitle(s)}</Tag>,
          },
          {
            title: 'Поставлено / оплачено',
            key: 'shares',
            width: 170,
            render: (_: unknown, c) => <ShareBars contractId={c.id} figures={c.figures} />,
          },
        ]}
      />
    </>
  );
}
