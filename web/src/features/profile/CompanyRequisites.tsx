import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Input, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankRequisitesResponse, Contact } from '@proc/contract';
import { profileApi, type CompanyRecordKind } from './api';
import { Field } from '../../lib/Field';
import { applyServerErrors, rules } from '../../lib/forms';
import { noticeStore } from '../../lib/notices';
import { useUnsavedDialog } from '../../lib/unsaved';
import { FormDialog } from '../../lib/FormDialog';

type BankForm = Omit<BankRequisitesResponse, 'id'>;
type ContactForm = Omit<Contact, 'id'>;

/** The list's record being added (id null) or edited, with the values its dialog opens with. */
interface Editing<T> {
  id: number | null;
  values: Partial<T>;
}

/** A company's list of records (bank accounts, contacts): which one is being edited, and removal. */
function useRecords<T extends object>(kind: CompanyRecordKind, companyId: number, key: unknown[], what: string) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => profileApi.removeRecord(kind, companyId, id, what),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
  return { editing, open: (id: number | null, values: Partial<T>) => setEditing({ id, values }), close: () => setEditing(null), remove };
}

/**
 * The dialog that adds or edits one record of a company's list: server field errors under the fields, one request
 * however often «Сохранить» is pressed, the list refreshed after. Like every form, a half-filled one asks
 * «Есть несохранённые изменения» before «Отмена», Esc, a click beside it or leaving the page drops the edits; it is
 * mounted only while open, so the page holds one such guard at a time.
 */
function RecordDialog<T extends object>({
  kind,
  companyId,
  queryKey,
  what,
  title,
  editing,
  onClose,
  children,
}: {
  kind: CompanyRecordKind;
  companyId: number;
  queryKey: unknown[];
  what: string;
  title: string;
  editing: Editing<T>;
  onClose: () => void;
  children: ReactNode;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<T>();
  const unsaved = useUnsavedDialog(onClose);
  const save = useMutation({
    mutationFn: (v: T) => profileApi.saveRecord(kind, companyId, editing.id, v as never, what),
    onSuccess: () => {
      unsaved.saved();
      onClose();
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `${what}: сохранено` });
      void qc.invalidateQueries({ queryKey });
    },
    onError: (err) => applyServerErrors(form, err),
  });
  return (
    <FormDialog
      form={form}
      title={title}
      unsaved={unsaved}
      saving={save.isPending}
      initialValues={editing.values}
      onFinish={(v) => save.mutate(v)}
    >
      {children}
    </FormDialog>
  );
}

/** A list record's «Изменить» and «Удалить» (after a question) for a user who may edit the company's card. */
const recordActions = (question: string, edit: () => void, remove: () => void) => [
  <Button key="e" type="link" size="small" onClick={edit}>
    Изменить
  </Button>,
  <Popconfirm key="d" title={question} okText="Удалить" cancelText="Отмена" onConfirm={remove}>
    <Button type="link" size="small" danger>
      Удалить
    </Button>
  </Popconfirm>,
];

export function BankRequisites({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const key = ['companies', companyId, 'banks'];
  const banks = useQuery({
    queryKey: key,
    queryFn: () => profileApi.banks(companyId),
  });
  const e = useRecords<BankForm>('banks', companyId, key, 'Банковские реквизиты');
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
                ? recordActions(
                    'Удалить счёт?',
                    () => e.open(b.id, b),
                    () => e.remove.mutate(b.id),
                  )
                : undefined
            }
          >
            <Space wrap>
              {b.bank_name} · БИК {b.bik} · к/с {b.corr_account} · р/с {b.account} {b.is_main && <Tag color="blue">основной</Tag>}
            </Space>
          </List.Item>
        )}
      />
      {e.editing && (
        <RecordDialog<BankForm>
          kind="banks"
          companyId={companyId}
          queryKey={key}
          what="Банковские реквизиты"
          title={e.editing.id ? 'Изменить банковские реквизиты' : 'Новый расчётный счёт'}
          editing={e.editing}
          onClose={e.close}
        >
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
        </RecordDialog>
      )}
    </>
  );
}

export function Contacts({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const key = ['companies', companyId, 'contacts'];
  const contacts = useQuery({
    queryKey: key,
    queryFn: () => profileApi.contacts(companyId),
  });
  const e = useRecords<ContactForm>('contacts', companyId, key, 'Контакт');
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
                ? recordActions(
                    'Удалить контакт?',
                    () => e.open(k.id, k),
                    () => e.remove.mutate(k.id),
                  )
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
      {e.editing && (
        <RecordDialog<ContactForm>
          kind="contacts"
          companyId={companyId}
          queryKey={key}
          what="Контакт"
          title={e.editing.id ? 'Изменить контакт' : 'Новый контакт'}
          editing={e.editing}
          onClose={e.close}
        >
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
        </RecordDialog>
      )}
    </>
  );
}
