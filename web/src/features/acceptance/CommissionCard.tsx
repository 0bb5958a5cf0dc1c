import { useState } from 'react';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Radio, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMISSION_MIN_MEMBERS } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { FormDialog } from '../../lib/FormDialog';
import { acceptanceApi, type MemberInput } from './api';

/** Working days; null: the law's own term. */
type Terms = { acceptance_days: number | null; payment_days: number | null };
type Row = { key: number; full_name: string; position: string; login: string };
const blank = (key: number): Row => ({ key, full_name: '', position: '', login: '' });

/**
 * The contract's acceptance commission and its terms of acceptance and payment. A commission, where formed, has at
 * least five members (ч. 6 ст. 94 44-ФЗ) and a chair; a member who is a user of the system signs with КЭП, an
 * outsider on paper (the scan is attached to the decision).
 */
export function CommissionCard({ contractId }: { contractId: number }) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['acceptance', company, 'contract', contractId], queryFn: () => acceptanceApi.settings(contractId) });
  const [editing, setEditing] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [chair, setChair] = useState(0);
  const [terms, setTerms] = useState<Terms | null>(null);
  const [termsForm] = Form.useForm<Terms>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['acceptance', company] });
  const save = useMutation({
    mutationFn: () =>
      acceptanceApi.setCommission(
        contractId,
        rows
          .filter((r) => r.full_name.trim() || r.login.trim())
          .map<MemberInput & { login?: string | null }>((r) => ({
            full_name: r.full_name.trim() || null,
            position: r.position.trim() || null,
            login: r.login.trim() || null,
            is_chair: r.key === chair,
          })),
      ),
    onSuccess: async () => {
      await refresh();
      setEditing(false);
    },
  });
  const saveTerms = useMutation({
    mutationFn: (t: Terms) => acceptanceApi.setTerms(contractId, t),
    onSuccess: async () => {
      await refresh();
      await qc.invalidateQueries({ queryKey: ['execution', company] });
      setTerms(null);
    },
  });
  const s = q.data;
  if (!s) return null;
  const startEdit = () => {
    const list = s.members.length
      ? s.members.map((m, i) => ({ key: i, full_name: m.full_name, position: m.position ?? '', login: '' }))
      : Array.from({ length: COMMISSION_MIN_MEMBERS }, (_, i) => blank(i));
    setRows(list);
    setChair(
      Math.max(
        0,
        s.members.findIndex((m) => m.is_chair),
      ),
    );
    setEditing(true);
  };
  return (
    <Card
      size="small"
      title="Приёмочная комиссия и сроки"
      data-testid="acceptance-commission"
      extra={
        <Space>
          <Button size="small" onClick={() => setTerms({ acceptance_days: s.acceptance_days, payment_days: s.payment_days })}>
            Сроки
          </Button>
          <Button size="small" onClick={startEdit} data-testid="commission-edit">
            Состав комиссии
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Приёмка: {s.acceptance_days ?? s.default_acceptance_days ?? '—'} раб. дн. с получения документа
        {s.acceptance_days ? ' (по договору)' : s.default_acceptance_days ? ' (ч. 13 ст. 94 44-ФЗ)' : ' (не установлен)'}; оплата:{' '}
        {s.payment_days ?? s.default_payment_days} раб. дн. с даты приёмки{s.payment_days ? ' (по договору)' : ' (по закону)'}
      </Typography.Paragraph>
      {s.members.length ? (
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={s.members}
          columns={[
            { title: 'ФИО', key: 'n', render: (_: unknown, m) => `${m.full_name}${m.is_chair ? ' (председатель)' : ''}` },
            { title: 'Должность', dataIndex: 'position', render: (v: string | null) => v ?? '—' },
            { title: 'Подпись', key: 's', render: (_: unknown, m) => (m.user_id ? 'КЭП (пользователь)' : 'на бумаге, скан') },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Комиссия не создана: решение о приёмке принимает заказчик" />
      )}
      <Modal
        open={editing}
        width={860}
        title="Состав приёмочной комиссии"
        onCancel={() => setEditing(false)}
        onOk={() => save.mutate()}
        okText="Сохранить"
        okButtonProps={{ loading: save.isPending }}
      >
        <Typography.Paragraph type="secondary">
          Не менее {COMMISSION_MIN_MEMBERS} человек (ч. 6 ст. 94 44-ФЗ). Для пользователя системы укажите логин — он подписывает решение
          КЭП; для приглашённого — ФИО, его подпись прикладывается сканом. Чтобы работать без комиссии, очистите все строки.
        </Typography.Paragraph>
        <Radio.Group value={chair} onChange={(e) => setChair(e.target.value as number)} style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {rows.map((r, i) => (
              <Space key={r.key} wrap>
                <Radio value={r.key}>председатель</Radio>
                <Input
                  placeholder="ФИО"
                  value={r.full_name}
                  onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, full_name: e.target.value } : x)))}
                  data-testid={`member-name-${i}`}
                />
                <Input
                  placeholder="Должность"
                  value={r.position}
                  onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, position: e.target.value } : x)))}
                />
                <Input
                  placeholder="Логин пользователя"
                  value={r.login}
                  onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, login: e.target.value } : x)))}
                  data-testid={`member-login-${i}`}
                />
              </Space>
            ))}
          </Space>
        </Radio.Group>
        <Button style={{ marginTop: 8 }} onClick={() => setRows([...rows, blank(Math.max(-1, ...rows.map((r) => r.key)) + 1)])}>
          Добавить члена комиссии
        </Button>
        <Button style={{ marginTop: 8, marginLeft: 8 }} onClick={() => setRows([])}>
          Без комиссии
        </Button>
      </Modal>
      <FormDialog
        form={termsForm}
        open={terms !== null}
        title="Сроки приёмки и оплаты по договору"
        onCancel={() => setTerms(null)}
        saving={saveTerms.isPending}
        initialValues={terms ?? undefined}
        onFinish={(v) => saveTerms.mutate({ acceptance_days: v.acceptance_days ?? null, payment_days: v.payment_days ?? null })}
      >
        <Space direction="vertical">
          <span>
            Приёмка, рабочих дней:{' '}
            <Form.Item name="acceptance_days" noStyle>
              <InputNumber min={1} max={120} placeholder={String(s.default_acceptance_days ?? '')} />
            </Form.Item>
          </span>
          <span>
            Оплата, рабочих дней:{' '}
            <Form.Item name="payment_days" noStyle>
              <InputNumber min={1} max={120} placeholder={String(s.default_payment_days ?? '')} />
            </Form.Item>
          </span>
          <Typography.Text type="secondary">
            Пусто — по закону (44-ФЗ: ч. 13 ст. 94, ч. 13.1 ст. 34; 223-ФЗ: ч. 5.3 ст. 3, ПП РФ № 1352)
          </Typography.Text>
        </Space>
      </FormDialog>
    </Card>
  );
}
