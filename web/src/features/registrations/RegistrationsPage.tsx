import { useState } from 'react';
import { Button, Form, Input, Space, Table, Tabs, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationItem as Item } from '@proc/contract';
import { DECISION_STATUSES, registrationsApi, type DecisionStatus } from './api';
import { FormDialog } from '../../lib/FormDialog';
import { useUrlChoice } from '../../lib/url-state';
import { rules } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { formatDateTime } from '../../lib/format';
import { IdentityRequests } from './IdentityRequests';
import { noticeStore } from '../../lib/notices';
import { listLocale } from '../../lib/paged-table';

/** Operators approve or reject registrations. */
export default function RegistrationsPage() {
  const [status, setStatus] = useUrlChoice('registration_status', DECISION_STATUSES, 'pending');
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['registrations', status],
    queryFn: () => registrationsApi.list(status),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['registrations'] });
  const approve = useMutation({
    mutationFn: registrationsApi.approve,
    onSuccess: (r) => {
      noticeStore.show({
        kind: 'success',
        header: 'Успешно',
        message: `Регистрация подтверждена: ${r.company_title} и пользователь ${r.user_login} созданы`,
      });
      void refresh();
    },
  });
  const reject = useMutation({
    mutationFn: (v: { id: number; reason: string }) => registrationsApi.reject(v.id, v.reason),
    onSuccess: () => {
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'Заявка отклонена, заявитель увидит причину' });
      setRejecting(null);
      form.resetFields();
      void refresh();
    },
  });
  return (
    <>
      <Typography.Title level={3}>Заявки на регистрацию</Typography.Title>
      <Tabs
        activeKey={status}
        onChange={(k) => setStatus(k as DecisionStatus)}
        items={[
          { key: 'pending', label: 'Ожидают' },
          { key: 'approved', label: 'Подтверждены' },
          { key: 'rejected', label: 'Отклонены' },
        ]}
      />
      <Table<Item>
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={listLocale(q)}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: 'Организация', dataIndex: 'company_title' },
          { title: 'ИНН', dataIndex: 'inn' },
          { title: 'Пользователь', dataIndex: 'user_title' },
          { title: 'Логин', dataIndex: 'user_login' },
          { title: 'E-mail', dataIndex: 'email' },
          { title: 'Подана', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
          ...(status === 'rejected' ? [{ title: 'Причина', dataIndex: 'reason' }] : []),
          ...(status === 'pending'
            ? [
                {
                  title: 'Действия',
                  key: 'actions',
                  render: (_: unknown, r: Item) => (
                    <Space>
                      <Button
                        type="primary"
                        size="small"
                        onClick={() => approve.mutate(r.id)}
                        loading={approve.isPending && approve.variables === r.id}
                      >
                        Подтвердить
                      </Button>
                      <Button danger size="small" onClick={() => setRejecting(r)}>
                        Отклонить
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormDialog
        form={form}
        open={!!rejecting}
        title={`Отклонить заявку «${rejecting?.company_title ?? ''}»`}
        okText="Отклонить"
        okButtonProps={{ danger: true }}
        saving={reject.isPending}
        onCancel={() => setRejecting(null)}
        onFinish={(v) => rejecting && reject.mutate({ id: rejecting.id, reason: v.reason })}
      >
        <Field label="Причина отказа" name="reason" rules={[rules.required]}>
          <Input.TextArea rows={3} />
        </Field>
      </FormDialog>
      <IdentityRequests />
    </>
  );
}
