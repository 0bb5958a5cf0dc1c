import { useState } from 'react';
import { Button, Card, Checkbox, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_KINDS, APPROVAL_KIND_TITLES, ROLE_TITLES, canEdit, type ApprovalRouteResponse, type Role } from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { MoneyInput } from '../../lib/MoneyInput';
import { applyServerErrors, rules } from '../../lib/forms';
import { formatMoney } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useUnsavedDialog } from '../../lib/unsaved';
import { noticeStore } from '../../lib/notices';
import { listLocale } from '../../lib/paged-table';
import { useSelectedCompany, useSession } from '../../lib/session';
import { approvalsApi, type ApprovalRouteBody } from './api';

interface StepForm {
  participants: string[];
  term_days: number;
  with_signature: boolean;
}
interface RouteForm {
  kind: string;
  title: string;
  is_default: boolean;
  law?: string | null;
  min_amount?: string | null;
  steps: StepForm[];
}

type Participant = ApprovalRouteBody['steps'][number]['participants'][number];
/** The form holds the options' values as text: the server's schema checks them (400 beside the field). */
const toBody = (v: RouteForm): ApprovalRouteBody => ({
  ...v,
  kind: v.kind as ApprovalRouteBody['kind'],
  law: (v.law || null) as ApprovalRouteBody['law'],
  min_amount: v.min_amount || null,
  steps: v.steps.map((s) => ({
    term_days: s.term_days,
    with_signature: !!s.with_signature,
    participants: s.participants.map((p): Participant =>
      p.startsWith('u:') ? { user_id: Number(p.slice(2)) } : ({ role: p.slice(2) } as Participant),
    ),
  })),
});
const toForm = (r: ApprovalRouteResponse): RouteForm => ({
  kind: r.kind,
  title: r.title,
  is_default: r.is_default,
  law: r.law,
  min_amount: r.min_amount,
  steps: r.steps.map((s) => ({
    term_days: s.term_days,
    with_signature: s.with_signature,
    participants: s.participants.map((p) => (p.user_id ? `u:${p.user_id}` : `r:${p.role}`)),
  })),
});

/** The company's approval routes: per kind of document, ordered steps of users or roles, terms, signature; rules of choice. */
export default function RoutesPage() {
  const company = useSelectedCompany();
  const role = useSession()!.user.role;
  const qc = useQueryClient();
  const routes = useQuery({ queryKey: ['approval-routes', company], queryFn: approvalsApi.routes });
  const people = useQuery({ queryKey: ['approval-participants', company], queryFn: approvalsApi.participants });
  const [editing, setEditing] = useState<ApprovalRouteResponse | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: approvalsApi.deleteRoute,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['approval-routes', company] }),
  });
  const roles = [...new Set((people.data ?? []).map((u) => u.role))] as Role[];
  const options = [
    {
      label: 'Пользователи',
      options: (people.data ?? []).map((u) => ({ value: `u:${u.id}`, label: `${u.title} (${ROLE_TITLES[u.role as Role] ?? u.role})` })),
    },
    { label: 'Роли (любой пользователь роли)', options: roles.map((r) => ({ value: `r:${r}`, label: `Роль: ${ROLE_TITLES[r]}` })) },
  ];
  const editable = canEdit(role);
  return (
    <Card
      title="Маршруты согласования"
      size="small"
      extra={
        editable && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="route-add">
            Добавить маршрут
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Документ вида, для которого задан хотя бы один маршрут, публикуется и отправляется только после согласования. Этап с несколькими
        участниками — параллельный: нужны решения всех. Срок этапа — в рабочих днях по производственному календарю.
      </Typography.Paragraph>
      <Table<ApprovalRouteResponse>
        rowKey="id"
        size="small"
        loading={routes.isLoading}
        dataSource={routes.data ?? []}
        pagination={false}
        locale={listLocale(routes, <Empty description="Маршрутов нет: документы не согласуются" />)}
        columns={[
          { title: 'Вид документа', dataIndex: 'kind', render: (k: keyof typeof APPROVAL_KIND_TITLES) => APPROVAL_KIND_TITLES[k] },
          {
            title: 'Маршрут',
            dataIndex: 'title',
            render: (t: string, r) => (
              <>
                {t} {r.is_default && <Tag>по умолчанию</Tag>}
                {r.law && <Tag>{r.law}-ФЗ</Tag>}
                {r.min_amount && <Tag>сумма свыше {formatMoney(r.min_amount)}</Tag>}
              </>
            ),
          },
          {
            title: 'Этапы',
            render: (_: unknown, r) => (
              <ol style={{ margin: 0, paddingLeft: 18 }}>
                {r.steps.map((s, i) => (
                  <li key={i}>
                    {s.participants.map((p) => p.title).join(' + ')} — {s.term_days} раб. дн.{s.with_signature ? ', с подписью' : ''}
                  </li>
                ))}
              </ol>
            ),
          },
          {
            title: '',
            width: 160,
            render: (_: unknown, r) =>
              editable && (
                <Space>
                  <Button size="small" onClick={() => setEditing(r)}>
                    Изменить
                  </Button>
                  <Popconfirm title="Удалить маршрут?" okText="Удалить" cancelText="Отмена" onConfirm={() => remove.mutate(r.id)}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label="Удалить" />
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {editing !== null && (
        <RouteDialog
          route={editing === 'new' ? null : editing}
          options={options}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void qc.invalidateQueries({ queryKey: ['approval-routes', company] });
          }}
        />
      )}
    </Card>
  );
}

type Options = { label: string; options: { value: string; label: string }[] }[];

function RouteDialog({
  route,
  options,
  onClose,
  onSaved,
}: {
  route: ApprovalRouteResponse | null;
  options: Options;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<RouteForm>();
  const unsaved = useUnsavedDialog(onClose);
  // one key per opening of the form: a double click on «Сохранить» creates one route
  const { key } = useIdempotencyKey();
  const save = useMutation({
    mutationFn: (v: RouteForm) => approvalsApi.saveRoute(route?.id ?? null, toBody(v), key),
    onSuccess: () => {
      unsaved.saved();
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'Маршрут сохранён' });
      onSaved();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  return (
    <FormDialog
      title={route ? 'Маршрут согласования' : 'Новый маршрут'}
      form={form}
      unsaved={unsaved}
      saving={save.isPending}
      initialValues={
        route
          ? toForm(route)
          : { kind: 'purchase', title: '', is_default: true, steps: [{ participants: [], term_days: 2, with_signature: false }] }
      }
      onFinish={(v: RouteForm) => save.mutate(v)}
    >
      <Form.Item label="Вид документа" name="kind" rules={[rules.requiredAny]}>
        <Select options={APPROVAL_KINDS.map((k) => ({ value: k, label: APPROVAL_KIND_TITLES[k] }))} />
      </Form.Item>
      <Form.Item label="Название" name="title" rules={[rules.required]}>
        <Input data-testid="route-title" />
      </Form.Item>
      <Space wrap>
        <Form.Item name="is_default" valuePropName="checked">
          <Checkbox>По умолчанию</Checkbox>
        </Form.Item>
        <Form.Item label="Закон" name="law">
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: '223', label: '223-ФЗ' },
              { value: '44', label: '44-ФЗ' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Сумма свыше" name="min_amount">
          <MoneyInput />
        </Form.Item>
      </Space>
      <Form.List name="steps">
        {(fields, { add, remove: drop }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="start" wrap style={{ display: 'flex' }} data-testid={`route-step-${i}`}>
                <b style={{ lineHeight: '32px' }}>{i + 1}.</b>
                <Form.Item name={[f.name, 'participants']} rules={[rules.requiredAny]}>
                  <Select mode="multiple" style={{ width: 340 }} placeholder="Участники" options={options} optionFilterProp="label" />
                </Form.Item>
                <Form.Item name={[f.name, 'term_days']} rules={[rules.requiredAny]}>
                  <InputNumber min={1} max={60} addonAfter="раб. дн." style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'with_signature']} valuePropName="checked">
                  <Checkbox>с подписью</Checkbox>
                </Form.Item>
                {fields.length > 1 && <Button icon={<DeleteOutlined />} aria-label="Убрать этап" onClick={() => drop(f.name)} />}
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ participants: [], term_days: 2, with_signature: false })}>
              Добавить этап
            </Button>
          </>
        )}
      </Form.List>
    </FormDialog>
  );
}
