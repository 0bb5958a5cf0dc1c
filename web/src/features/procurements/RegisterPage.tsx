import { Button, Checkbox, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ExclamationCircleFilled, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  PROCUREMENT_STATUSES,
  PROCUREMENT_STATUS_TITLES,
  REGISTER_SORTS,
  canonicalDecimal,
  decimalProblem,
  formatDecimalInput,
  type ProcurementStatus,
  type RegisterItem,
  lawTerm,
} from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { formatDate, formatMoney, formatQuantity } from '../../lib/format';
import { procurementsApi, REGISTER_FILTERS, STATUS_COLORS } from './api';
import { useMethods } from '../catalogs';
import { usePagedTable } from '../../lib/paged-table';
import { EisImportStatus } from '../eis';
import { ImportNoticesButton } from '../notices';
import { DateRangeInput } from '../../lib/DateInput';
import { MayChange } from '../../lib/MayChange';

const statusOptions = PROCUREMENT_STATUSES.map((s) => ({ value: s, label: PROCUREMENT_STATUS_TITLES[s] }));
const ISO = 'YYYY-MM-DD';

/** A from–to date pair kept in two URL params. */
function DateRange({
  label,
  from,
  to,
  params,
  patch,
}: {
  label: string;
  from: string;
  to: string;
  params: URLSearchParams;
  patch: (p: Record<string, string | undefined>) => void;
}) {
  const a = params.get(from);
  const b = params.get(to);
  return (
    <DateRangeInput
      aria-label={label}
      placeholder={[`${label} с`, 'по']}
      allowEmpty={[true, true]}
      value={[a ? dayjs(a) : null, b ? dayjs(b) : null]}
      onChange={(v) => patch({ [from]: v?.[0]?.format(ISO), [to]: v?.[1]?.format(ISO), page: undefined })}
    />
  );
}

const MONEY_FILTERS: string[] = ['nmcd_min', 'nmcd_max'];

/**
 * A sum filter kept in the URL: typed freely, applied on Enter or when left, only when it is a sum (the contract's money
 * rule); otherwise the field says what is wrong and the table keeps its filters.
 */
function MoneyFilter({
  label,
  placeholder,
  name,
  value,
  patch,
}: {
  label: string;
  placeholder: string;
  name: string;
  value?: string;
  patch: (p: Record<string, string | undefined>) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const problem = text !== null && text.trim() !== '' ? decimalProblem(text) : null;
  const apply = () => {
    if (text === null || problem) return;
    setText(null);
    const next = text.trim() === '' ? undefined : canonicalDecimal(text);
    if (next !== value) patch({ [name]: next, page: undefined });
  };
  return (
    <Tooltip open={!!problem} title={problem} placement="bottom">
      <Input
        aria-label={label}
        aria-invalid={!!problem}
        status={problem ? 'error' : undefined}
        inputMode="decimal"
        placeholder={placeholder}
        style={{ width: 130 }}
        value={text ?? (value && !decimalProblem(value) ? formatDecimalInput(value) : '')}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onPressEnter={apply}
      />
    </Tooltip>
  );
}

/** «Всего: 12»; past the exact count «Найдено ≈ 12 300 (показаны первые 10 000): уточните фильтры». */
function registerTotal(t: number, page?: { total_capped: boolean; total_estimate?: number | null }) {
  if (!page?.total_capped) return `Всего: ${formatQuantity(String(t))}`;
  const shown = `показаны первые ${formatQuantity(String(t))}`;
  return page.total_estimate
    ? `Найдено ≈ ${formatQuantity(String(page.total_estimate))} (${shown}): уточните фильтры`
    : `Найдено более ${formatQuantity(String(t))}: уточните фильтры`;
}

export default function RegisterPage() {
  const company = useSelectedCompany();
  const navigate = useNavigate();
  const t = usePagedTable({ filters: REGISTER_FILTERS, sorts: REGISTER_SORTS, sort: 'created_at', order: 'desc', sizeChanger: true });
  const { params, patch, reset } = t;
  const methods = useMethods();
  // a sum the server cannot use (letters typed into the address) is not sent: the table stays what it can be
  const filters = Object.fromEntries(
    Object.entries(t.filters).filter(([k, v]) => v && !(MONEY_FILTERS.includes(k) && decimalProblem(v))),
  ) as Record<string, string>;
  const { sort, order } = t;
  const query = { page: t.page, limit: t.limit, sort, order, ...filters };
  const list = useQuery({ queryKey: ['procurements', company, query], queryFn: () => procurementsApi.register(query) });
  const sortOrder = (k: string) => t.column(k).sortOrder;
  const statuses = (filters.status?.split(',') ?? []) as ProcurementStatus[];
  const methodValues = filters.method?.split(',') ?? [];

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3}>Реестр закупок</Typography.Title>
        <Space>
          <ImportNoticesButton />
          <Link to="/eisNotices44" data-testid="register-notices44">
            Извещения 44-ФЗ из ЕИС
          </Link>
          <Button icon={<FileExcelOutlined />} onClick={() => void procurementsApi.exportRegister({ sort, order, ...filters })}>
            Выгрузить в Excel
          </Button>
          <MayChange>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/documents/new')}>
              Создать закупку
            </Button>
          </MayChange>
        </Space>
      </Space>
      <EisImportStatus kind="notices" />
      <Space style={{ marginBottom: 16 }} wrap data-testid="register-filters">
        <Input.Search
          key={`q-${filters.q ?? ''}`}
          allowClear
          aria-label="Поиск"
          placeholder="Поиск по наименованию, предмету, ОКПД2, номеру"
          defaultValue={filters.q}
          onSearch={(v) => patch({ q: v.trim() || undefined, page: undefined })}
          style={{ width: 360 }}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label="Статус"
          placeholder="Статус"
          style={{ minWidth: 220 }}
          value={statuses}
          options={statusOptions}
          onChange={(v: string[]) => patch({ status: v.join(',') || undefined, page: undefined })}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label="Способ закупки"
          placeholder="Способ закупки"
          style={{ minWidth: 240 }}
          value={methodValues}
          options={methods.options}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(v: string[]) => patch({ method: v.join(',') || undefined, page: undefined })}
        />
        <DateRange label="Размещение" from="published_from" to="published_to" params={params} patch={patch} />
        <DateRange label="Окончание подачи заявок" from="deadline_from" to="deadline_to" params={params} patch={patch} />
        <Space.Compact>
          <MoneyFilter
            label={`${lawTerm('nmc', filters.law)} от`}
            placeholder={`${lawTerm('nmc', filters.law)} от`}
            name="nmcd_min"
            value={filters.nmcd_min}
            patch={patch}
          />
          <MoneyFilter
            label={`${lawTerm('nmc', filters.law)} до`}
            placeholder="до"
            name="nmcd_max"
            value={filters.nmcd_max}
            patch={patch}
          />
        </Space.Compact>
        <Input
          key={`okpd2-${filters.okpd2 ?? ''}`}
          aria-label="Код ОКПД2"
          placeholder="ОКПД2, например 17.12"
          style={{ width: 180 }}
          defaultValue={filters.okpd2}
          onBlur={(e) => patch({ okpd2: e.target.value.trim() || undefined, page: undefined })}
          onPressEnter={(e) => patch({ okpd2: e.currentTarget.value.trim() || undefined, page: undefined })}
        />
        <Select
          allowClear
          aria-label="Закон"
          placeholder="Закон"
          style={{ width: 120 }}
          value={filters.law}
          options={[
            { value: '223', label: '223-ФЗ' },
            { value: '44', label: '44-ФЗ' },
          ]}
          onChange={(v: string | undefined) => patch({ law: v, page: undefined })}
          data-testid="register-law"
        />
        <Checkbox
          checked={filters.has_violations === 'true'}
          onChange={(e) => patch({ has_violations: e.target.checked ? 'true' : undefined, page: undefined })}
        >
          Только с нарушениями
        </Checkbox>
        <Checkbox
          checked={filters.sme_only === 'true'}
          onChange={(e) => patch({ sme_only: e.target.checked ? 'true' : undefined, page: undefined })}
        >
          Только для МСП
        </Checkbox>
        {Object.keys(filters).length > 0 && <Button onClick={() => reset()}>Сбросить фильтры</Button>}
      </Space>
      <Table<RegisterItem>
        rowKey="id"
        data-testid="register-table"
        {...t.table(list, Object.keys(filters).length ? 'Нет закупок, подходящих под фильтры' : 'Закупок пока нет')}
        pagination={{ ...t.table(list).pagination, showTotal: (n) => registerTotal(n, list.data) }}
        onRow={(r) => ({ onClick: () => navigate(`/documents/${r.id}`), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: 'Номер',
            key: 'number',
            dataIndex: 'number',
            sorter: true,
            sortOrder: sortOrder('number'),
            render: (n: string, r) => (
              <Space size={4}>
                {/* «2026-0018» is one number: never broken at its hyphen */}
                <Link to={`/documents/${r.id}`} onClick={(e) => e.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
                  {n}
                </Link>
                {r.law === '44' && (
                  <Tag color="geekblue" data-testid="law-44">
                    44-ФЗ
                  </Tag>
                )}
                {r.eis_differs && (
                  <Tooltip title="Сведения ЕИС расходятся с карточкой: откройте её, чтобы сверить и применить">
                    <Tag color="orange" data-testid="eis-differs-mark">
                      ЕИС ≠
                    </Tag>
                  </Tooltip>
                )}
                {r.has_violations && (
                  <Tooltip title={r.law === '44' ? 'Нарушены сроки 44-ФЗ' : 'Нарушены сроки по положению о закупке'}>
                    <ExclamationCircleFilled style={{ color: '#ff4d4f' }} aria-label="Есть нарушения" data-testid="violation-mark" />
                  </Tooltip>
                )}
              </Space>
            ),
          },
          { title: 'Наименование', key: 'title', dataIndex: 'title', sorter: true, sortOrder: sortOrder('title') },
          { title: 'Способ', key: 'method', dataIndex: 'method', render: (m: string) => methods.title(m) },
          {
            // the register of 44-ФЗ purchases speaks of the НМЦК
            title: lawTerm('nmc', filters.law),
            key: 'nmcd',
            dataIndex: 'nmcd',
            align: 'right',
            sorter: true,
            sortOrder: sortOrder('nmcd'),
            render: (v: string, r) => formatMoney(v, r.currency === 'RUB' ? '₽' : r.currency),
          },
          {
            title: 'Размещение',
            key: 'published_on',
            dataIndex: 'published_on',
            sorter: true,
            sortOrder: sortOrder('published_on'),
            render: (d: string | null) => (d ? formatDate(d) : '—'),
          },
          {
            title: 'Окончание подачи заявок',
            key: 'application_deadline',
            dataIndex: 'application_deadline',
            sorter: true,
            sortOrder: sortOrder('application_deadline'),
            render: (d: string | null) => (d ? formatDate(d) : '—'),
          },
          {
            title: 'Статус',
            key: 'status',
            dataIndex: 'status',
            sorter: true,
            sortOrder: sortOrder('status'),
            render: (s: ProcurementStatus, r) => <Tag color={STATUS_COLORS[s]}>{r.status_title}</Tag>,
          },
          {
            title: 'Создана',
            key: 'created_at',
            dataIndex: 'created_at',
            sorter: true,
            sortOrder: sortOrder('created_at'),
            render: (d: string) => formatDate(d),
          },
        ]}
      />
    </>
  );
}
