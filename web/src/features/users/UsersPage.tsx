import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Table, Tag, Typography, Popconfirm } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES, ROLE_TITLES, type Paged, type UserResponse, type Role } from '@proc/contract';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useUnsavedDialog } from '../../lib/unsaved';
import { api } from '../../lib/api';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { useSession } from '../../lib/session';
import { useCompanyOptions } from '../companies';
import { companyTitle } from '../../lib/format';
import { AuditHistory } from '../audit/AuditHistory';
import { useUrlState, tableSort, sortOrderOf } from '../../lib/url-state';
import { labelWithoutIds } from '../../lib/select-labels';

const roleOptions = ROLES.map((r) => ({ value: r, label: ROLE_TITLES[r] }));

export default function UsersPage() {
  const session = useSession()!;
  const { params, patch } = useUrlState();
  const page = Number(params.get('page') ?? 1);
  const q = params.get('q') ?? '';
  const role = (params.get('role') as Role | null) ?? undefined;
  const sort = params.get('sort') ?? 'title';
  const order = params.get('order') ?? 'asc';
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['users', { page, q, role, sort, order }],
    queryFn: () => api.get<Paged<UserResponse>>('/users', { name: 'Пользователи', query: { page, limit: 10, q, role, sort, order } }),
  });
  const { options: companies } = useCompanyOptions();
  const [editing, setEditing] = useState<UserResponse | 'new' | null>(null);
  const [granting, setGranting] = useState<UserResponse | null>(null);
  const [resetting, setResetting] = useState<UserResponse | null>(null);
  const [history, setHistory] = useState<UserResponse | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['users'] });
  const canManage = session.user.role === 'admin' || session.user.role === 'administrator';
  const block = useMutation({
    mutationFn: (u: UserResponse) =>
      api.patch(`/users/${u.id}`, { name: u.blocked ? 'Разблокировка' : 'Блокировка', body: { blocked: !u.blocked } }),
    onSuccess: refresh,
  });

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3}>Пользователи</Typography.Title>
        {canManage && (
          <Button type="primary" onClick={() => setEditing('new')}>
            Добавить пользователя
          </Button>
        )}
      </Space>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="Поиск по ФИО, логину, e-mail, организации"
          defaultValue={q}
          onSearch={(v) => patch({ q: v || undefined, page: undefined })}
          style={{ width: 380 }}
        />
        <Select
          allowClear
          placeholder="Роль"
          style={{ width: 220 }}
          value={role}
          options={roleOptions}
          onChange={(v) => patch({ role: v, page: undefined })}
        />
      </Space>
      <Table<UserResponse>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, showSizeChanger: false }}
        onChange={(p, _f, s) => {
          const sorted = tableSort(s);
          patch({ page: String(p.current ?? 1), sort: sorted?.key, order: sorted?.dir });
        }}
        columns={[
          { title: 'ФИО', dataIndex: 'title', sorter: true, sortOrder: sortOrderOf(sort, order, 'title') },
          { title: 'Логин', dataIndex: 'login', sorter: true, sortOrder: sortOrderOf(sort, order, 'login') },
          { title: 'E-mail', dataIndex: 'email' },
          { title: 'Роль', dataIndex: 'role', render: (r: Role) => ROLE_TITLES[r] },
          { title: 'Организация', dataIndex: 'company_title' },
          {
            title: 'Состояние',
            dataIndex: 'blocked',
            render: (b: boolean) => (b ? <Tag color="red">заблокирован</Tag> : <Tag color="green">активен</Tag>),
          },
          {
            title: 'Действия',
            key: 'a',
            render: (_: unknown, u: UserResponse) => (
              <Space wrap>
                {canManage && (
                  <>
                    <a onClick={() => setEditing(u)}>Изменить</a>
                    {session.user.role === 'admin' && u.role !== 'client' && <a onClick={() => setGranting(u)}>Доступ к заказчикам</a>}
                    <a onClick={() => setResetting(u)}>Сбросить пароль</a>
                    {u.id !== session.user.id && (
                      <Popconfirm
                        title={u.blocked ? 'Разблокировать пользователя?' : 'Заблокировать пользователя? Его сеансы будут завершены.'}
                        okText="Да"
                        cancelText="Нет"
                        onConfirm={() => block.mutate(u)}
                      >
                        <a>{u.blocked ? 'Разблокировать' : 'Заблокировать'}</a>
                      </Popconfirm>
                    )}
                  </>
                )}
                <a onClick={() => setHistory(u)} data-testid={`user-history-${u.id}`}>
                  История
                </a>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <UserForm user={editing === 'new' ? null : editing} companies={companies} onClose={() => setEditing(null)} onSaved={refresh} />
      )}
      {granting && <GrantsForm user={granting} onClose={() => setGranting(null)} onSaved={refresh} />}
      {resetting && <ResetPasswordForm user={resetting} onClose={() => setResetting(null)} />}
      {history && (
        <Modal open title={`История изменений: ${history.title}`} footer={null} width={760} onCancel={() => setHistory(null)}>
          <AuditHistory entity="user" entityId={history.id} />
        </Modal>
      )}
    </>
  );
}

function UserForm({
  user,
  companies,
  onClose,
  onSaved,
}: {
  user: UserResponse | null;
  companies: { id: number; title: string | null }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const unsaved = useUnsavedDialog(onClose);
  // one key per opening of the form: a double click on «Сохранить» creates one user, the repeat gets the same answer
  const { key } = useIdempotencyKey();
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) =>
      user
        ? api.patch(`/users/${user.id}`, {
            name: 'Сохранение пользователя',
            body: { title: v.title, email: v.email || null, phone: v.phone || null, role: v.role },
            quiet: true,
          })
        : api.post('/users', { name: 'Создание пользователя', body: { ...v, email: v.email || null }, quiet: true, idempotencyKey: key }),
    onSuccess: () => {
      unsaved.saved();
      onSaved();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  return (
    <Modal
      open
      title={user ? 'Изменить пользователя' : 'Новый пользователь'}
      okText="Сохранить"
      cancelText="Отмена"
      onCancel={unsaved.cancel}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={user ?? { role: 'client' }}
        onFinish={(v) => save.mutate(v)}
        onValuesChange={unsaved.changed}
      >
        <Field label="ФИО" name="title" rules={[rules.required]}>
          <Input />
        </Field>
        {!user && (
          <Field label="Логин" name="login" rules={[rules.required]}>
            <Input />
          </Field>
        )}
        <Field label="E-mail" name="email" rules={[rules.email]}>
          <Input />
        </Field>
        <Field label="Телефон" name="phone">
          <Input />
        </Field>
        <Field label="Роль" name="role" rules={[rules.requiredAny]}>
          <Select options={roleOptions} />
        </Field>
        {!user && (
          <>
            <Field label="Организация" name="company_id" rules={[rules.requiredAny]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={companies.map((c) => ({ value: c.id, label: companyTitle(c) }))}
              />
            </Field>
            <Field label="Пароль" name="password" rules={[rules.required, { min: 8, message: 'Пароль не короче 8 символов' }]}>
              <Input.Password autoComplete="new-password" />
            </Field>
          </>
        )}
      </Form>
    </Modal>
  );
}

function GrantsForm({ user, onClose, onSaved }: { user: UserResponse; onClose: () => void; onSaved: () => void }) {
  const [ids, setIds] = useState<number[]>(user.granted_company_ids);
  const all = useQuery({
    queryKey: ['companies', 'all'],
    queryFn: () => api.get<{ id: number; title: string | null }[]>('/companies', { name: 'Организации' }),
  });
  const save = useMutation({
    mutationFn: () => api.put(`/users/${user.id}/grants`, { name: 'Доступ к заказчикам', body: { company_ids: ids } }),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`Доступ к заказчикам: ${user.title}`}
      okText="Сохранить"
      cancelText="Отмена"
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending }}
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={ids}
        onChange={setIds}
        labelRender={labelWithoutIds(all.isLoading)}
        showSearch={{ optionFilterProp: 'label' }}
        options={(all.data ?? []).filter((c) => c.id !== user.company_id).map((c) => ({ value: c.id, label: companyTitle(c) }))}
      />
    </Modal>
  );
}

function ResetPasswordForm({ user, onClose }: { user: UserResponse; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const save = useMutation({
    mutationFn: (password: string) => api.post(`/users/${user.id}/password`, { name: 'Сброс пароля', body: { password } }),
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={`Новый пароль: ${user.title}`}
      okText="Сохранить"
      cancelText="Отмена"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v.password)}>
        <Field label="Пароль" name="password" rules={[rules.required, { min: 8, message: 'Пароль не короче 8 символов' }]}>
          <Input.Password autoComplete="new-password" />
        </Field>
      </Form>
    </Modal>
  );
}
