import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Table, Tabs, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentityRequestItem } from '@proc/contract';
import { DECISION_STATUSES, registrationsApi, type DecisionStatus } from './api';
import { FormDialog } from '../../lib/FormDialog';
import { useUrlChoice } from '../../lib/url-state';
import { Field } from '../../lib/Field';
import { formatDateTime } from '../../lib/format';
import { noticeStore } from '../../lib/notices';
import { applyServerErrors, rules } from '../../lib/forms';
import { listLocale } from '../../lib/paged-table';

const pair = (inn: string | null, kpp: string | null, ogrn: string | null) => `${inn ?? '—'} / ${kpp ?? '—'} / ${ogrn ?? '—'}`;
/** Who else has the ИНН asked for: the operator's warning, the same words in the row and in the approval dialog. */
const holdersWarning = (r: IdentityRequestItem) =>
  `ИНН ${r.inn} уже есть у ${r.inn_holders.length === 1 ? 'организации' : 'организаций'} ${r.inn_holders
    .map((h) => `«${h.title ?? 'без названия'}»${h.kpp ? ` (КПП ${h.kpp})` : ''}`)
    .join(', ')}: после подтверждения документы ЕИС с этим ИНН могут относиться к обеим`;

/**
 * Clients' changes of their company's ИНН, КПП or ОГРН, beside registrations: the old values stay in force until the
 * operator approves the change; a refusal keeps them, and the client sees the reason.
 */
export function IdentityRequests() {
  const [status, setStatus] = useUrlChoice('identity_status', DECISION_STATUSES, 'pending');
  const [rejecting, setRejecting] = useState<IdentityRequestItem | null>(null);
  // an ИНН another organisation has is approved only with a reason (the server refuses it without one)
  const [approving, setApproving] = useState<IdentityRequestItem | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const [approveForm] = Form.useForm<{ reason: string }>();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['identity-requests', status],
    queryFn: () => registrationsApi.identityRequests(status),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['identity-requests'] });
  const approve = useMutation({
    mutationFn: registrationsApi.approveIdentity,
    onSuccess: (r) => {
      noticeStore.show({
        kind: 'success',
        header: 'Успешно',
        message: `Смена реквизитов подтверждена: действуют ИНН ${r.inn}${r.kpp ? `, КПП ${r.kpp}` : ''}`,
      });
      setApproving(null);
      approveForm.resetFields();
      void refresh();
    },
    onError: (e) => applyServerErrors(approveForm, e),
  });
  const reject = useMutation({
    mutationFn: (v: { id: number; reason: string }) => registrationsApi.rejectIdentity(v.id, v.reason),
    onSuccess: () => {
      noticeStore.show({
        kind: 'success',
        header: 'Успешно',
        message: 'Заявка отклонена: остаются прежние реквизиты, клиент увидит причину',
      });
      setRejecting(null);
      form.resetFields();
      void refresh();
    },
  });
  return (
    <section data-testid="identity-requests" style={{ marginTop: 32 }}>
      <Typography.Title level={3}>Заявки на смену ИНН, КПП, ОГРН</Typography.Title>
      <Tabs
        activeKey={status}
        onChange={(k) => setStatus(k as DecisionStatus)}
        items={[
          { key: 'pending', label: 'Ожидают' },
          { key: 'approved', label: 'Подтверждены' },
          { key: 'rejected', label: 'Отклонены' },
        ]}
      />
      <Table<IdentityRequestItem>
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 10 }}
        locale={listLocale(q, 'Заявок нет')}
        columns={[
          { title: 'Организация', dataIndex: 'company_title' },
          { title: 'Действуют: ИНН / КПП / ОГРН', key: 'old', render: (_: unknown, r) => pair(r.old_inn, r.old_kpp, r.old_ogrn) },
          {
            title: 'Запрошены',
            key: 'new',
            render: (_: unknown, r) => (
              <Space direction="vertical" size={4}>
                <Typography.Text strong>{pair(r.inn, r.kpp, r.ogrn)}</Typography.Text>
                {r.inn_holders.length > 0 && (
                  <Alert type="warning" showIcon message={holdersWarning(r)} data-testid="identity-inn-holders" />
                )}
              </Space>
            ),
          },
          { title: 'Кто', dataIndex: 'requested_by' },
          { title: 'Подана', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
          ...(status !== 'pending' ? [{ title: 'Причина', dataIndex: 'reason' }] : []),
          ...(status === 'pending'
            ? [
                {
                  title: 'Действия',
                  key: 'actions',
                  render: (_: unknown, r: IdentityRequestItem) => (
                    <Space>
                      <Button
                        type="primary"
                        size="small"
                        onClick={() => (r.inn_holders.length ? setApproving(r) : approve.mutate({ id: r.id }))}
                        loading={approve.isPending && approve.variables?.id === r.id}
                        data-testid="identity-approve"
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
        title={`Отклонить смену реквизитов «${rejecting?.company_title ?? ''}»`}
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
      <FormDialog
        form={approveForm}
        open={!!approving}
        title={`Подтвердить смену реквизитов «${approving?.company_title ?? ''}»`}
        okText="Подтвердить"
        saving={approve.isPending}
        onCancel={() => setApproving(null)}
        before={approving && <Alert type="warning" showIcon message={holdersWarning(approving)} style={{ marginBottom: 16 }} />}
        onFinish={(v) => approving && approve.mutate({ id: approving.id, reason: v.reason })}
      >
        <Field
          label="Причина подтверждения"
          name="reason"
          rules={[rules.required]}
          extra="Например: обособленное подразделение той же организации (другой КПП)"
        >
          <Input.TextArea rows={3} />
        </Field>
      </FormDialog>
    </section>
  );
}
