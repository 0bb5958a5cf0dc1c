import { useState } from 'react';
import { Button, Checkbox, Form, Input, List, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankRequisitesResponse, Contact } from '@proc/contract';
import { profileApi } from './api';
import { Field } from '../../lib/Field';
import { applyServerErrors, rules } from '../../lib/forms';
import { noticeStore } from '../../lib/notices';

type BankForm = Omit<BankRequisitesResponse, 'id'>;
type ContactForm = Omit<Contact, 'id'>;

/**
 * A dialog that adds or edits one record of a company's list (a bank account, a contact): server field errors under
 * the fields, one request however often «Сохранить» is pressed, the list refreshed after.
 */
function useEditor<T extends object>(url: string, key: unknown[], what: string) {
  const qc = useQueryClient();
  const [form] = Form.useForm<T>();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const save = useMutation({
    mutationFn: (v: T) => profileApi.saveRecord(url, editing?.id ?? null, v, what),
    onSuccess: () => {
      setEditing(null);
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `${what}: сохранено` });
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (err) => applyServerErrors(form, err),
  });
  const remove = useMutation({
    mutationFn: (id: number) => profileApi.removeRecord(url, id, what),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
  const open = (id: number | null, values: Partial<T>) => {
    setEditing({ id });
    form.resetFields();
    form.setFieldsValue(values as never);
  };
  return { form, editing, setEditing, save, remove, open };
}

export function BankRequisites({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const key = ['companies', companyId, 'banks'];
  const banks = useQuery({
    queryKey: key,
    queryFn: () => profileApi.banks(companyId),
  });
  const e = useEditor<BankForm>(`/companies/${companyId}/bank_requesits`, key, 'Банковские реквизиты');
  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5}>Банковские реквизиты</Typography.Title>
        {canEdit && (
          <Button size="small" data-testid={`bank-add-${companyId}`} onClick={() => e.open(null, { is_main: !(banks.data ?? []).length })}>
            Добавить счёт
          </Button>
        )}
      </Space>
      <List
        size="small"
        dataSource={banks.data ?? []}
        locale={{ emptyText: 'Реквизиты не указаны' }}
        data-testid={`banks-${companyId}`}
        renderItem={(b) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Button key="e" type="link" size="small" onClick={() => e.open(b.id, b)}>
                      Изменить
                    </Button>,
                    <Popconfirm key="d" title="Удалить счёт?" okText="Удалить" cancelText="Отмена" onConfirm={() => e.remove.mutate(b.id)}>
                      <Button type="link" size="small" danger>
                        Удалить
                      </Button>
                    </Popconfirm>,
                  ]
                : undefined
            }
          >
            <Space wrap>
              {b.bank_name} · БИК {b.bik} · к/с {b.corr_account} · р/с {b.account} {b.is_main && <Tag color="blue">основной</Tag>}
            </Space>
          </List.Item>
        )}
      />
      <Modal
        open={!!e.editing}
        title={e.editing?.id ? 'Изменить банковские реквизиты' : 'Новый расчётный счёт'}
        okText="Сохранить"
        cancelText="Отмена"
        onCancel={() => e.setEditing(null)}
        onOk={() => e.form.submit()}
        okButtonProps={{ loading: e.save.isPending }}
        destroyOnHidden
      >
        <Form form={e.form} layout="vertical" onFinish={(v) => !e.save.isPending && e.save.mutate(v)}>
          <Field label="Банк" name="bank_name" rules={[rules.required]}>
            <Input autoFocus />
          </Field>
          <Field label="БИК" name="bik" rules={[rules.required, { pattern: /^\d{9}$/, message: 'БИК состоит из 9 цифр' }]}>
            <Input inputMode="numeric" maxLength={9} />
          </Field>
          <Field
            label="Корреспондентский счёт"
            name="corr_account"
            rules={[rules.required, { pattern: /^\d{20}$/, message: 'Счёт состоит из 20 цифр' }]}
          >
            <Input inputMode="numeric" maxLength={20} />
          </Field>
          <Field
            label="Расчётный счёт"
            name="account"
            rules={[rules.required, { pattern: /^\d{20}$/, message: 'Счёт состоит из 20 цифр' }]}
          >
            <Input inputMode="numeric" maxLength={20} />
          </Field>
          <Form.Item name="is_main" valuePropName="checked">
            <Checkbox>Основной счёт (печатается в проекте договора)</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export function Contacts({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const key = ['companies', companyId, 'contacts'];
  const contacts = useQuery({
    queryKey: key,
    queryFn: () => profileApi.contacts(companyId),
  });
  const e = useEditor<ContactForm>(`/companies/${companyId}/contacts`, key, 'Контакт');
  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5}>Контакты</Typography.Title>
        {canEdit && (
          <Button
            size="small"
            data-testid={`contact-add-${companyId}`}
            onClick={() => e.open(null, { is_active: !(contacts.data?.items ?? []).length })}
          >
            Добавить контакт
          </Button>
        )}
      </Space>
      <List
        size="small"
        dataSource={contacts.data?.items ?? []}
        locale={{ emptyText: 'Контакты не указаны' }}
        data-testid={`contacts-${companyId}`}
        renderItem={(k) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Button key="e" type="link" size="small" onClick={() => e.open(k.id, k)}>
                      Изменить
                    </Button>,
                    <Popconfirm
                      key="d"
                      title="Удалить контакт?"
                      okText="Удалить"
                      cancelText="Отмена"
                      onConfirm={() => e.remove.mutate(k.id)}
                    >
                      <Button type="link" size="small" danger>
                        Удалить
                      </Button>
                    </Popconfirm>,
                  ]
                : undefined
            }
          >
            <Space wrap>
              {k.name}
              {k.position && ` — ${k.position}`}
              {k.phone && ` · ${k.phone}`}
              {k.email && ` · ${k.email}`} {k.is_active && <Tag color="green">активный</Tag>}
            </Space>
          </List.Item>
        )}
      />
      <Modal
        open={!!e.editing}
        title={e.editing?.id ? 'Изменить контакт' : 'Новый контакт'}
        okText="Сохранить"
        cancelText="Отмена"
        onCancel={() => e.setEditing(null)}
        onOk={() => e.form.submit()}
        okButtonProps={{ loading: e.save.isPending }}
        destroyOnHidden
      >
        <Form form={e.form} layout="vertical" onFinish={(v) => !e.save.isPending && e.save.mutate(v)}>
          <Field label="ФИО" name="name" rules={[rules.required]}>
            <Input autoFocus />
          </Field>
          <Field label="Должность" name="position">
            <Input />
          </Field>
          <Field label="Телефон" name="phone">
            <Input inputMode="tel" />
          </Field>
          <Field label="Электронная почта" name="email" rules={[rules.email]}>
            <Input inputMode="email" />
          </Field>
          <Form.Item name="is_active" valuePropName="checked">
            <Checkbox>Активный контакт (печатается в документации)</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
