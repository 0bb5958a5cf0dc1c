import { useState } from 'react';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { AUDIT_ENTITY_TITLES, auditActionTitle, auditEntityTitle, type AuditItem } from '@proc/contract';
import { usePagedTable } from '../../lib/paged-table';
import { sessionStore } from '../../lib/session';
import { companyTitle, formatDateTime } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { useCompanyOptions } from '../companies';
import { AUDIT_FILTERS, auditApi, useAudit, type AuditFilters } from './api';
import { AuditChanges } from './AuditChanges';
import { DateRangeInput } from '../../lib/DateInput';

const ISO = 'YYYY-MM-DD';
const entityOptions = Object.entries(AUDIT_ENTITY_TITLES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'ru'));

/** Where an object's card is, when it has one. */
function cardOf(item: AuditItem): string | null {
  const id = item.entity_id;
  if (item.entity === 'procurement') return `/documents/${id}`;
  if (item.entity === 'contract') return `/contracts/register/${id}`;
  if (item.entity === 'procurement_rule') return `/procurementsRules/${id}/versions`;
  const ruleId = [item.after, item.before]
    .map((v) => (v && typeof v === 'object' ? (v as { rule_id?: unknown }).rule_id : undefined))
    .find((x) => typeof x === 'number');
  if (item.entity === 'rule_version' && ruleId) return `/procurementsRules/${ruleId}/versions/${id}/documentsRules`;
  return null;
}

/** Cards act for the picked company: open the object's one first, as the picker would. */
function actFor(companyId: number | null) {
  if (companyId === null || sessionStore.actingCompanyId() === companyId) return;
  sessionStore.select(companyId);
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'companies' });
}

/** Users to filter by, searched on the server as the staff member types. */
function UserFilter({ value, knownTitle, onChange }: { value?: string; knownTitle?: string | null; onChange: (id?: string) => void }) {
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['users', 'audit-filter', q],
    queryFn: () => auditApi.users({ q: q || undefined, limit: 20 }),
    staleTime: 30_000,
  });
  const options = (found.data?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.title} (${u.login})` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: knownTitle ?? `Пользователь № ${value}` });
  return (
    <Select
      allowClear
      aria-label="Кто изменил"
      placeholder="Кто изменил"
      style={{ width: 260 }}
      showSearch={{ filterOption: false, onSearch: setQ }}
      loading={found.isFetching}
      value={value}
      options={options}
      onChange={(v: string | undefined) => onChange(v)}
    />
  );
}

/** /audit (staff): the trail of the companies the user may act for, searched by object, user, dates and words. */
export default function AuditPage() {
  const t = usePagedTable({ filters: AUDIT_FILTERS, pageSize: 20, sizeChanger: true });
  const { options: companies } = useCompanyOptions();
  const { page, limit, filter, reset } = t;
  const filters = Object.fromEntries(Object.entries(t.filters).filter(([, v]) => v)) as AuditFilters;
  const list = useAudit(filters, page, limit);
  const items = list.data?.items ?? [];
  const any = Object.keys(filters).length > 0;

  return (
    <>
      <Typography.Title level={3}>Журнал изменений</Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap data-testid="audit-filters">
        <Select
          allowClear
          aria-label="Вид объекта"
          placeholder="Вид объекта"
          style={{ width: 260 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.entity}
          options={entityOptions}
          onChange={(v: string | undefined) => filter({ entity: v })}
        />
        <Input
          key={`id-${filters.entity_id ?? ''}`}
          allowClear
          aria-label="Номер объекта"
          placeholder="Номер объекта"
          style={{ width: 150 }}
          defaultValue={filters.entity_id}
          onBlur={(e) => filter({ entity_id: e.target.value.trim() || undefined })}
          onPressEnter={(e) => filter({ entity_id: e.currentTarget.value.trim() || undefined })}
        />
        <UserFilter
          value={filters.user_id}
          knownTitle={items.find((i) => String(i.user_id) === filters.user_id)?.user_title}
          onChange={(v) => filter({ user_id: v })}
        />
        {companies.length > 1 && (
          <Select
            allowClear
            aria-label="Организация"
            placeholder="Организация"
            style={{ width: 260 }}
            showSearch={{ optionFilterProp: 'label' }}
            value={filters.company_id}
            options={companies.map((c) => ({ value: String(c.id), label: companyTitle(c) }))}
            onChange={(v: string | undefined) => filter({ company_id: v })}
          />
        )}
        <DateRangeInput
          aria-label="Период"
          placeholder={['Изменено с', 'по']}
          allowEmpty={[true, true]}
          value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
          onChange={(v) => filter({ from: v?.[0]?.format(ISO), to: v?.[1]?.format(ISO) })}
        />
        <Input.Search
          key={`q-${filters.q ?? ''}`}
          allowClear
          aria-label="Поиск"
          placeholder="Слова в изменённых значениях"
          defaultValue={filters.q}
          onSearch={(v) => filter({ q: v.trim() || undefined })}
          style={{ width: 300 }}
        />
        {any && <Button onClick={reset}>Сбросить фильтры</Button>}
      </Space>
      <Table<AuditItem>
        rowKey="id"
        size="small"
        data-testid="audit-table"
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        dataSource={items}
        locale={t.table(list, any ? 'Нет записей, подходящих под фильтры' : 'Записей пока нет').locale}
        pagination={{ ...t.table(list).pagination, pageSizeOptions: [20, 50, 100], showTotal: (n) => `Всего: ${n}` }}
        onChange={t.table(list).onChange}
        columns={[
          { title: 'Когда', key: 'created_at', dataIndex: 'created_at', width: 160, render: (d: string) => formatDateTime(d) },
          {
            title: 'Кто',
            key: 'user',
            width: 180,
            render: (_: unknown, r) =>
              r.user_id ? (
                <a
                  role="button"
                  tabIndex={0}
                  onClick={() => filter({ user_id: String(r.user_id) })}
                  title="Показать изменения этого пользователя"
                >
                  {r.user_title ?? `№ ${r.user_id}`}
                </a>
              ) : (
                <Typography.Text type="secondary">Система</Typography.Text>
              ),
          },
          {
            title: 'Организация',
            key: 'company',
            width: 180,
            render: (_: unknown, r) =>
              r.company_title ?? (r.company_id ? `№ ${r.company_id}` : <Typography.Text type="secondary">общие данные</Typography.Text>),
          },
          {
            title: 'Объект',
            key: 'entity',
            width: 220,
            render: (_: unknown, r) => {
              const to = cardOf(r);
              // the business number where the object has one (2026-0016, 41-А/2026); an id only where it has none
              const text = r.entity_number
                ? `${auditEntityTitle(r.entity)} ${r.entity_number}`
                : `${auditEntityTitle(r.entity)} № ${r.entity_id}`;
              return (
                <Space direction="vertical" size={0}>
                  {to ? (
                    <Link to={to} onClick={() => actFor(r.company_id)}>
                      {text}
                    </Link>
                  ) : (
                    text
                  )}
                  <a
                    role="button"
                    tabIndex={0}
                    style={{ fontSize: 12 }}
                    onClick={() => filter({ entity: r.entity, entity_id: r.entity_id })}
                  >
                    вся история объекта
                  </a>
                </Space>
              );
            },
          },
          { title: 'Действие', key: 'action', width: 200, render: (_: unknown, r) => <Tag>{auditActionTitle(r.entity, r.action)}</Tag> },
          { title: 'Изменения', key: 'changes', render: (_: unknown, r) => <AuditChanges item={r} max={5} /> },
        ]}
      />
    </>
  );
}
