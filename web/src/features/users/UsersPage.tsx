import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Table, Tag, Typography, Popconfirm } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES, ROLE_TITLES, type UserResponse, type Role } from '@proc/contract';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useUnsavedDialog } from '../../lib/unsaved';
import { FormDialog } from '../../lib/FormDialog';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { useSession } from '../../lib/session';
import { useCompanyOptions } from '../companies';
import { companyTitle } from '../../lib/format';
import { AuditHistory } from '../audit';
import { usePagedTable } from '../../lib/paged-table';
import { USER_FILTERS, usersApi } from './api';
import { labelWithoutIds } from '../../lib/select-labels';

const SORTS = ['title', 'login', 'created_at'];
const roleOptions = ROLES.map((r) => ({ value: r, label: ROLE_TITLES[r] }));

export default function UsersPage() {
  const session = useSession()!;
  const t = usePagedTable({ filters: USER_FILTERS, sorts: SORTS, sort: 'title', order: 'asc' });
  const role = t.filters.role as Role | undefined;
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['users', t.query], queryFn: () => usersApi.list(t.query) });
  const { options: companies } = useCompanyOptions();
  const [editing, setEditing] = useState<UserResponse | 'new' | null>(null);
  const [granting, setGranting] = useState<UserResponse | null>(null);
  const [resetting, setResetting] = useState<UserResponse | null>(null);
  const [history, setHistory] = useState<UserResponse | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['users'] });
  const canManage = session.user.role === 'admin' || session.user.role === 'administrator';
  const block = useMutation({
    mutationFn: usersApi.setBlocked,
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
          defaultValue={t.filters.q}
          onSearch={(v) => t.filter({ q: v || undefined })}
          style={{ width: 380 }}
        />
        <Select
          allowClear
          placeholder="Роль"
          style={{ width: 220 }}
          value={role}
          options={roleOptions}
          onChange={(v) => t.filter({ role: v })}
        />
      </Space>
      <Table<UserResponse>
        rowKey="id"
        {...t.table(list)}
        columns={[
          { title: 'ФИО', ...t.column('title') },
          { title: 'Логин', ...t.column('login') },
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
    mutationFn: (v: Parameters<typeof usersApi.create>[0]) =>
      user
        ? usersApi.update(user.id, { title: v.title, email: v.email || null, phone: v.phone || null, role: v.role })
        : usersApi.create({ ...v, email: v.email || null }, key),
    onSuccess: () => {
      unsaved.saved();
      onSaved();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  return (
    <FormDialog
      form={form}
      title={user ? 'Изменить пользователя' : 'Новый пользователь'}
      unsaved={unsaved}
      saving={save.isPending}
      initialValues={user ?? { role: 'client' }}
      onFinish={(v) => save.mutate(v)}
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
            <Select showSearch={{ optionFilterProp: 'label' }} options={companies.map((c) => ({ value: c.id, label: companyTitle(c) }))} />
          </Field>
          <Field label="Пароль" name="password" rules={[rules.required, { min: 8, message: 'Пароль не короче 8 символов' }]}>
            <Input.Password autoComplete="new-password" />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

function GrantsForm({ user, onClose, onSaved }: { user: UserResponse; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ company_ids: number[] }>();
  const all = useQuery({
    queryKey: ['companies', 'all'],
    queryFn: usersApi.companies,
  });
  const save = useMutation({
    mutationFn: (ids: number[]) => usersApi.grant(user.id, ids),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  return (
    <FormDialog
      form={form}
      title={`Доступ к заказчикам: ${user.title}`}
      onCancel={onClose}
      saving={save.isPending}
      initialValues={{ company_ids: user.granted_company_ids }}
      onFinish={(v) => save.mutate(v.company_ids ?? [])}
    >
      <Form.Item name="company_ids" noStyle>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          labelRender={labelWithoutIds(all.isLoading)}
          showSearch={{ optionFilterProp: 'label' }}
          options={(all.data ?? []).filter((c) => c.id !== user.company_id).map((c) => ({ value: c.id, label: companyTitle(c) }))}
        />
      </Form.Item>
    </FormDialog>
  );
}

function ResetPasswordForm({ user, onClose }: { user: UserResponse; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const save = useMutation({
    mutationFn: (password: string) => usersApi.resetPassword(user.id, password),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      form={form}
      title={`Новый пароль: ${user.title}`}
      onCancel={onClose}
      saving={save.isPending}
      onFinish={(v) => save.mutate(v.password)}
    >
      <Field label="Пароль" name="password" rules={[rules.required, { min: 8, message: 'Пароль не короче 8 символов' }]}>
        <Input.Password autoComplete="new-password" />
      </Field>
    </FormDialog>
  );
}
