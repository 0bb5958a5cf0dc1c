import { useState } from 'react';
import { Button, Checkbox, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TASK_KINDS, TASK_KIND_TITLES, type TaskResponse } from '@proc/contract';
import { routes } from '@proc/contract/routes';
import { call } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { sessionStore } from '../../lib/session';
import { LoadFailed } from '../../lib/LoadFailed';
import { approvalsApi, type TaskFilters } from './api';

/**
 * «Мои задачи»: everything waiting for the user across the companies they work with, nearest due first; a page more
 * by the keyset the server gives. A link acts for the task's company (the picker follows), so the page opens there.
 */
export default function TasksPage() {
  const [filters, setFilters] = useState<TaskFilters>({});
  const companies = useQuery({
    queryKey: ['companies-my'],
    queryFn: () => call(routes.companies.getMy, { name: 'Мои организации' }),
  });
  const q = useInfiniteQuery({
    queryKey: ['tasks', filters],
    queryFn: ({ pageParam }) => approvalsApi.tasks(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const open = (t: TaskResponse) => {
    if (t.company_id && t.company_id !== sessionStore.actingCompanyId()) sessionStore.select(t.company_id);
  };
  return (
    <>
      <Typography.Title level={3}>Мои задачи</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="Вид задачи"
          style={{ width: 220 }}
          value={filters.kind}
          options={TASK_KINDS.map((k) => ({ value: k, label: TASK_KIND_TITLES[k] }))}
          onChange={(kind?: string) => setFilters((f) => ({ ...f, kind }))}
          data-testid="tasks-kind"
        />
        {(companies.data?.length ?? 0) > 1 && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="Организация"
            style={{ width: 320 }}
            value={filters.company_id}
            options={companies.data?.map((c) => ({ value: c.id, label: c.title }))}
            onChange={(company_id?: number) => setFilters((f) => ({ ...f, company_id }))}
          />
        )}
        <Checkbox
          checked={filters.overdue === 'true'}
          onChange={(e) => setFilters((f) => ({ ...f, overdue: e.target.checked ? 'true' : undefined }))}
          data-testid="tasks-overdue"
        >
          Только просроченные
        </Checkbox>
      </Space>
      {q.isError ? (
        <LoadFailed retry={() => q.refetch()} />
      ) : (
        <Table<TaskResponse>
          rowKey="id"
          size="small"
          loading={q.isLoading}
          dataSource={items}
          pagination={false}
          data-testid="tasks-table"
          locale={{ emptyText: <Empty description="Задач нет: всё сделано" /> }}
          columns={[
            {
              title: 'Срок',
              dataIndex: 'due_on',
              width: 170,
              render: (d: string | null, t) =>
                d ? (
                  <Space size={4}>
                    {formatDate(d)}
                    {t.overdue && (
                      <Tag color="red" data-testid="task-overdue">
                        просрочено
                      </Tag>
                    )}
                  </Space>
                ) : (
                  '—'
                ),
            },
            {
              title: 'Задача',
              dataIndex: 'title',
              render: (title: string, t) => (
                <>
                  <Link to={t.link} onClick={() => open(t)} data-testid="task-link">
                    {title}
                  </Link>
                  {t.subtitle && <div style={{ color: '#888' }}>{t.subtitle}</div>}
                </>
              ),
            },
            { title: 'Вид', dataIndex: 'kind_title', width: 200 },
            { title: 'Организация', dataIndex: 'company_title', width: 260, render: (c: string | null) => c ?? '—' },
          ]}
        />
      )}
      {q.hasNextPage && (
        <Button style={{ marginTop: 12 }} loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          Показать ещё
        </Button>
      )}
    </>
  );
}
