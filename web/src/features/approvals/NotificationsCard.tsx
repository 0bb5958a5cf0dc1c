import { Card, Checkbox, Space, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPrefs } from '@proc/contract';
import { noticeStore } from '../../lib/notices';
import { approvalsApi } from './api';

const ITEMS: { key: keyof NotificationPrefs; label: string }[] = [
  { key: 'email_new', label: 'Письмо о новой задаче' },
  { key: 'email_due', label: 'Письмо накануне срока («завтра срок»)' },
  { key: 'email_overdue', label: 'Письмо о просроченной задаче' },
  { key: 'email_digest', label: 'Ежедневная сводка задач' },
  { key: 'socket', label: 'Уведомления в приложении' },
];

/** Which reminders the user receives; each change is saved at once. */
export function NotificationsCard() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['notification-prefs'], queryFn: approvalsApi.prefs });
  const save = useMutation({
    mutationFn: approvalsApi.savePrefs,
    onSuccess: (p) => {
      qc.setQueryData(['notification-prefs'], p);
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'Настройки напоминаний сохранены' });
    },
  });
  return (
    <Card title="Напоминания о задачах" data-testid="notification-prefs">
      {!q.data ? (
        <Spin />
      ) : (
        <Space direction="vertical">
          {ITEMS.map((i) => (
            <Checkbox
              key={i.key}
              checked={q.data[i.key]}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ ...q.data, [i.key]: e.target.checked })}
              data-testid={`pref-${i.key}`}
            >
              {i.label}
            </Checkbox>
          ))}
        </Space>
      )}
    </Card>
  );
}
