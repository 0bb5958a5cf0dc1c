import { useEffect } from 'react';
import { Badge } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS, type TaskCounts } from '@proc/contract';
import { onAuthEvent } from '../../lib/socket';
import { approvalsApi } from './api';

/** «Мои задачи» in the top bar with the count of open tasks (red when some are overdue), kept live by the socket. */
export function TasksBadge() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['tasks-count'], queryFn: approvalsApi.counts, staleTime: 60_000 });
  useEffect(
    () =>
      onAuthEvent(EVENTS.tasksChanged, (p) => {
        qc.setQueryData(['tasks-count'], p as unknown as TaskCounts);
        void qc.invalidateQueries({ queryKey: ['tasks'] });
      }),
    [qc],
  );
  const open = q.data?.open ?? 0;
  const overdue = q.data?.overdue ?? 0;
  return (
    <Link
      to="/tasks"
      data-testid="tasks-link"
      title={overdue ? `Открытых задач: ${open}, просрочено: ${overdue}` : `Открытых задач: ${open}`}
    >
      <Badge count={open} size="small" color={overdue ? '#ff4d4f' : '#1677ff'} offset={[6, -2]} data-testid="tasks-count">
        <span style={{ whiteSpace: 'nowrap' }}>
          <CheckSquareOutlined /> Мои задачи
        </span>
      </Badge>
    </Link>
  );
}
