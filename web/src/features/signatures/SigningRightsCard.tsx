import { useState } from 'react';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SigningRightResponse } from '@proc/contract';
import { usersApi } from '../users';
import { applyServerErrors } from '../../lib/forms';
import { useSelectedCompany } from '../../lib/session';
import { formatDateTime } from '../../lib/format';
import { signaturesApi } from './api';
import { listLocale } from '../../lib/paged-table';

/** «Право подписи» of the selected company: who may sign for it, given and taken by its administrator. */
export function SigningRightsCard() {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ user_id: number; person_inn?: string; mchd_number?: string }>();
  const [search, setSearch] = useState('');
  const rights = useQuery({ queryKey: ['signatures', company, 'rights'], queryFn: signaturesApi.rights });
  const users = useQuery({
    queryKey: ['users', 'pick', search],
    queryFn: () => usersApi.list({ q: search, limit: 20 }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['signatures', company] });
  const grant = useMutation({
    mutationFn: (v: { user_id: number; person_inn?: string; mchd_number?: string }) =>
      signaturesApi.grantRight(v.user_id, { person_inn: v.person_inn || null, mchd_number: v.mchd_number || null }),
    onSuccess: () => {
      form.resetFields();
      void refresh();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const revoke = useMutation({
    mutationFn: signaturesApi.revokeRight,
    onSuccess: () => void refresh(),
  });
  return (
    <Card title="Право подписи в организации" data-testid="signing-rights">
      <Table<SigningRightResponse>
        rowKey="user_id"
        size="small"
        pagination={false}
        loading={rights.isLoading}
        dataSource={rights.data ?? []}
        locale={listLocale(rights, 'Никому не дано право подписи')}
        columns={[
          { title: 'Пользователь', render: (_: unknown, r) => `${r.user_title} (${r.login})` },
          { title: 'По доверенности', render: (_: unknown, r) => (r.mchd_number ? `МЧД № ${r.mchd_number}, ИНН ${r.person_inn}` : '—') },
          { title: 'Дано', dataIndex: 'granted_at', render: (v: string) => formatDateTime(v) },
          {
            key: 'x',
            render: (_: unknown, r) => (
              <Popconfirm title="Забрать право подписи?" okText="Забрать" cancelText="Отмена" onConfirm={() => revoke.mutate(r.user_id)}>
                <Button size="small" danger>
                  Забрать
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Form form={form} layout="inline" style={{ marginTop: 16, rowGap: 8 }} onFinish={(v) => grant.mutate(v)}>
        <Form.Item name="user_id" rules={[{ required: true, message: 'Выберите пользователя' }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            placeholder="Пользователь"
            style={{ width: 260 }}
            options={(users.data?.items ?? []).map((u) => ({ value: u.id, label: `${u.title} (${u.login})` }))}
          />
        </Form.Item>
        <Form.Item name="person_inn" rules={[{ pattern: /^\d{12}$/, message: 'ИНН физического лица — 12 цифр' }]}>
          <Input placeholder="ИНН физлица (для МЧД)" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="mchd_number">
          <Input placeholder="Номер МЧД (GUID из реестра ФНС)" style={{ width: 300 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={grant.isPending}>
            Дать право подписи
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
