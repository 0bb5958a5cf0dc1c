import { Button, Card, Popconfirm, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@proc/contract';
import { profileApi } from './api';
import { formatDateTime } from '../../lib/format';
import { noticeStore } from '../../lib/notices';
import { listLocale } from '../../lib/paged-table';

/** «Сеансы»: where the user is signed in, and a way to end any of those sessions (a lost laptop, a shared computer). */
export default function SessionsCard() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['auth', 'sessions'], queryFn: profileApi.sessions });
  const end = useMutation({
    mutationFn: profileApi.endSession,
    onSuccess: () => {
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'Сеанс завершён' });
      void qc.invalidateQueries({ queryKey: ['auth', 'sessions'] });
    },
  });
  const endOthers = useMutation({
    mutationFn: profileApi.endOtherSessions,
    onSuccess: (r) => {
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `Завершено сеансов: ${r.ended}` });
      void qc.invalidateQueries({ queryKey: ['auth', 'sessions'] });
    },
  });
  const others = (q.data ?? []).filter((s) => !s.current).length;
  return (
    <Card
      title="Сеансы"
      data-testid="sessions"
      extra={
        others > 0 && (
          <Popconfirm
            title={`Завершить все остальные сеансы (${others})? Этот сеанс останется.`}
            okText="Да"
            cancelText="Нет"
            onConfirm={() => endOthers.mutate()}
          >
            <Button size="small" danger loading={endOthers.isPending} data-testid="sessions-end-others">
              Завершить все остальные
            </Button>
          </Popconfirm>
        )
      }
    >
      <Table<SessionResponse>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        locale={listLocale(q, 'Других сеансов нет')}
        columns={[
          {
            title: 'Устройство',
            dataIndex: 'device',
            render: (d: string, s) =>
              s.current ? (
                <>
                  {d} <Tag color="blue">этот сеанс</Tag>
                </>
              ) : (
                d
              ),
          },
          { title: 'IP-адрес', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
          { title: 'Последнее действие', dataIndex: 'last_used_at', render: (v: string) => formatDateTime(v) },
          { title: 'Вход', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
          {
            title: '',
            key: 'end',
            align: 'right',
            render: (_: unknown, s) =>
              s.current ? null : (
                <Popconfirm title="Завершить этот сеанс?" okText="Да" cancelText="Нет" onConfirm={() => end.mutate(s.id)}>
                  <Button size="small" danger loading={end.isPending && end.variables === s.id}>
                    Завершить
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
