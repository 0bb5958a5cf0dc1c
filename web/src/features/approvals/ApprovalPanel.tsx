import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS, type ApprovalKind, type ApprovalResponse, type ApprovalSlotResponse } from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { ApiError } from '../../lib/api';
import { applyServerErrors, rules } from '../../lib/forms';
import { formatDate, formatDateTime } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import { noticeStore } from '../../lib/notices';
import { useSelectedCompany } from '../../lib/session';
import { onAuthEvent } from '../../lib/socket';
import { useSigner } from '../signatures';
import { approvalsApi } from './api';

const STATUS_COLORS: Record<string, string> = { pending: 'processing', approved: 'success', returned: 'warning', restarted: 'default' };
const SLOT_COLORS: Record<string, string> = {
  active: 'processing',
  approved: 'success',
  returned: 'warning',
  delegated: 'default',
  skipped: 'default',
  waiting: 'default',
};

/**
 * A document's approval: the route that applies, «Отправить на согласование», each step's participants with their
 * decisions and terms, the history — and, for the one whose decision it waits for, approve (with a КЭП of the
 * approval sheet on a «с подписью» step), return with a comment, or delegate.
 */
export function ApprovalPanel({ kind, documentId, onChange }: { kind: ApprovalKind; documentId: number; onChange?: () => void }) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const key = ['approval', company, kind, documentId];
  const q = useQuery({ queryKey: key, queryFn: () => approvalsApi.state(kind, documentId) });
  const idem = useIdempotencyKey();
  const { sign, picker } = useSigner();
  const [returning, setReturning] = useState<ApprovalSlotResponse | null>(null);
  const [delegating, setDelegating] = useState<ApprovalSlotResponse | null>(null);
  const [returnForm] = Form.useForm<{ comment: string }>();
  const [delegateForm] = Form.useForm<{ user_id: number; comment?: string }>();
  const participants = useQuery({
    queryKey: ['approval-participants', company],
    queryFn: approvalsApi.participants,
    enabled: !!delegating,
  });
  useEffect(
    () =>
      onAuthEvent(EVENTS.approvalChanged, (p) => {
        if (p.kind === kind && p.document_id === documentId) void qc.invalidateQueries({ queryKey: key });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [qc, kind, documentId, company],
  );
  const done = (a: ApprovalResponse, message: string) => {
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: ['tasks-count'] });
    onChange?.();
    noticeStore.show({ kind: 'success', header: 'Согласование', message: `${message}: ${a.status_title}` });
  };
  const send = useMutation({
    mutationFn: () => approvalsApi.send(kind, documentId, idem.key),
    onSuccess: (a) => {
      idem.renew();
      done(a, 'Отправлено на согласование');
    },
  });
  const approve = useMutation({
    mutationFn: async ({ a, s }: { a: ApprovalResponse; s: ApprovalSlotResponse }) => {
      let signature: string | undefined;
      if (s.with_signature) {
        const bytes = Uint8Array.from(atob(a.sheet_base64), (c) => c.charCodeAt(0));
        const signed = await sign(bytes);
        if (!signed) return null;
        signature = signed;
      }
      return approvalsApi.approve(a.id, s.id, { signature });
    },
    onSuccess: (a) => a && done(a, 'Решение принято'),
  });
  const giveBack = useMutation({
    mutationFn: ({ a, s, comment }: { a: ApprovalResponse; s: ApprovalSlotResponse; comment: string }) =>
      approvalsApi.giveBack(a.id, s.id, comment),
    onSuccess: (a) => {
      setReturning(null);
      returnForm.resetFields();
      done(a, 'Возвращено на доработку');
    },
    onError: (e) => applyServerErrors(returnForm, e),
  });
  const delegate = useMutation({
    mutationFn: ({ a, s, v }: { a: ApprovalResponse; s: ApprovalSlotResponse; v: { user_id: number; comment?: string } }) =>
      approvalsApi.delegate(a.id, s.id, v.user_id, v.comment),
    onSuccess: (a) => {
      setDelegating(null);
      delegateForm.resetFields();
      done(a, 'Этап передан');
    },
    onError: (e) => {
      if (e instanceof ApiError && !Object.keys(e.fields).length)
        noticeStore.show({ kind: 'error', header: 'Передача этапа', message: e.message });
      applyServerErrors(delegateForm, e);
    },
  });

  if (q.isLoading) return <Spin />;
  const state = q.data;
  if (!state || (!state.required && !state.approval)) return null;
  const a = state.approval;
  const canSend = !a || a.status === 'returned' || a.status === 'restarted' || (a.status === 'approved' && a.outdated);
  const steps = a ? [...new Set(a.slots.map((s) => s.step_no))] : [];
  return (
    <Card title="Согласование" size="small" data-testid="approval-card">
      {a ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={STATUS_COLORS[a.status]} data-testid="approval-status">
              {a.status_title}
            </Tag>
            <Typography.Text type="secondary">{a.route_title}</Typography.Text>
          </Space>
          <Typography.Text type="secondary">
            Версия: {a.version_label}; отправил(а) {a.author}, {formatDateTime(a.created_at)}
          </Typography.Text>
          {a.outdated && a.status === 'approved' && (
            <Alert type="warning" showIcon title="Документ изменён после согласования: отправьте его на согласование заново" />
          )}
          {a.waiting_for && <Alert type="info" showIcon title={`Ждёт: ${a.waiting_for}`} data-testid="approval-waiting" />}
          {steps.map((n) => (
            <div key={n}>
              <b>Этап {n + 1}</b>
              {a.slots
                .filter((s) => s.step_no === n)
                .map((s) => (
                  <div key={s.id} style={{ marginLeft: 12, marginTop: 4 }} data-testid={`approval-slot-${s.id}`}>
                    <Space wrap size={4}>
                      <span>{s.assignee}</span>
                      {s.with_signature && <Tag icon={<SafetyCertificateOutlined />}>с подписью</Tag>}
                      <Tag color={SLOT_COLORS[s.status]}>{s.status_title}</Tag>
                      {s.due_on && s.status === 'active' && (
                        <Tag color={s.overdue ? 'red' : undefined}>
                          {s.overdue ? 'просрочено, ' : ''}до {formatDate(s.due_on)}
                        </Tag>
                      )}
                      {s.decided_by && s.status !== 'active' && (
                        <Typography.Text type="secondary">
                          {s.decided_by}, {formatDateTime(s.decided_at)}
                        </Typography.Text>
                      )}
                    </Space>
                    {s.comment && <div style={{ color: '#666' }}>«{s.comment}»</div>}
                    {s.mine && (
                      <Space wrap style={{ marginTop: 4 }}>
                        <Button
                          type="primary"
                          size="small"
                          icon={s.with_signature ? <SafetyCertificateOutlined /> : undefined}
                          loading={approve.isPending}
                          onClick={() => approve.mutate({ a, s })}
                          data-testid="approval-approve"
                        >
                          {s.with_signature ? 'Согласовать с подписью' : 'Согласовать'}
                        </Button>
                        <Button size="small" onClick={() => setReturning(s)} data-testid="approval-return">
                          Вернуть на доработку
                        </Button>
                        <Button size="small" onClick={() => setDelegating(s)} data-testid="approval-delegate">
                          Передать
                        </Button>
                      </Space>
                    )}
                  </div>
                ))}
            </div>
          ))}
          <Timeline
            style={{ marginTop: 8 }}
            items={a.events.map((e) => ({
              key: e.id,
              content: (
                <>
                  <b>{e.title}</b> — {formatDateTime(e.created_at)}
                  {e.user ? `, ${e.user}` : ''}
                  {e.comment && <div style={{ color: '#666' }}>{e.comment}</div>}
                </>
              ),
            }))}
          />
        </Space>
      ) : (
        <Typography.Paragraph type="secondary">
          {state.route ? `Маршрут: ${state.route.title}` : 'Нет подходящего маршрута согласования: задайте маршрут по умолчанию в профиле.'}
        </Typography.Paragraph>
      )}
      {canSend && state.route && (
        <Button type="primary" loading={send.isPending} onClick={() => send.mutate()} data-testid="approval-send">
          {a ? 'Отправить на согласование заново' : 'Отправить на согласование'}
        </Button>
      )}
      {picker}
      <FormDialog
        form={returnForm}
        open={!!returning}
        title="Вернуть на доработку"
        okText="Вернуть"
        saving={giveBack.isPending}
        onCancel={() => setReturning(null)}
        onFinish={(v) => a && returning && giveBack.mutate({ a, s: returning, comment: v.comment })}
      >
        <Form.Item label="Что доработать" name="comment" rules={[rules.required]}>
          <Input.TextArea rows={3} data-testid="approval-return-comment" />
        </Form.Item>
      </FormDialog>
      <FormDialog
        form={delegateForm}
        open={!!delegating}
        title="Передать этап"
        okText="Передать"
        saving={delegate.isPending}
        onCancel={() => setDelegating(null)}
        onFinish={(v) => a && delegating && delegate.mutate({ a, s: delegating, v })}
      >
        <Form.Item label="Кому" name="user_id" rules={[rules.requiredAny]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={participants.isLoading}
            options={participants.data?.map((u) => ({ value: u.id, label: u.title }))}
          />
        </Form.Item>
        <Form.Item label="Комментарий" name="comment">
          <Input.TextArea rows={2} />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
