import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Space, Table, Tag, Typography, Upload } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS, type AcceptancePanelResponse, type AcceptanceTerm } from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { FormDialog } from '../../lib/FormDialog';
import { formatDate, formatQuantity } from '../../lib/format';
import { onAuthEvent } from '../../lib/socket';
import { newIdempotencyKey } from '../../lib/idempotency';
import { noticeStore } from '../../lib/notices';
import { useSigner } from '../signatures';
import { ApprovalPanel } from '../approvals';
import { acceptanceApi, fileAsBase64, type AttachedFile, type LineDecision } from './api';

const STATE_COLOR: Record<AcceptancePanelResponse['state'], string> = {
  received: 'blue',
  review: 'gold',
  accepted: 'green',
  partial: 'orange',
  refused: 'red',
};
const DECISION = { accept: 'Принять', partial: 'Принять частично', refuse: 'Отказать' } as const;

/** A term of the document: due date, done or overdue, and the rule it comes from. */
export function TermTag({ t }: { t: AcceptanceTerm }) {
  const color = t.overdue ? 'red' : t.done_on ? 'green' : 'blue';
  const text = t.done_on
    ? `${t.label}: до ${formatDate(t.due_on)}, выполнено ${formatDate(t.done_on)}${t.overdue ? ' с просрочкой' : ''}`
    : `${t.label}: до ${formatDate(t.due_on)}${t.overdue ? ' — просрочено' : ''}`;
  return (
    <Tag color={color} title={t.rule} data-testid={`term-${t.kind}`}>
      {text}
    </Tag>
  );
}

/** Every refresh a decision makes: this panel, the document list, the card's figures and terms, the dashboard. */
function useRefresh(contractId: number) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['acceptance', company] }),
      qc.invalidateQueries({ queryKey: ['execution', company] }),
      qc.invalidateQueries({ queryKey: ['contracts', company] }),
      qc.invalidateQueries({ queryKey: ['dashboard'] }),
    ]).then(() => contractId);
}

/** The lines' decision form: what is accepted of each line and why the rest is refused. */
function LinesForm({
  panel,
  value,
  onChange,
}: {
  panel: AcceptancePanelResponse;
  value: Record<number, { q: string; reason: string }>;
  onChange: (v: Record<number, { q: string; reason: string }>) => void;
}) {
  return (
    <Table
      rowKey="line_id"
      size="small"
      pagination={false}
      dataSource={panel.lines}
      columns={[
        { title: '№', dataIndex: 'ordinal', width: 40 },
        { title: 'Наименование', dataIndex: 'name' },
        { title: 'Кол-во', dataIndex: 'quantity', align: 'right', render: (v: string | null) => formatQuantity(v) },
        {
          title: 'Принять',
          key: 'accepted',
          width: 120,
          render: (_: unknown, l) => (
            <Input
              aria-label={`Принять по строке ${l.ordinal}`}
              value={value[l.line_id]?.q ?? l.quantity ?? ''}
              onChange={(e) => onChange({ ...value, [l.line_id]: { q: e.target.value, reason: value[l.line_id]?.reason ?? '' } })}
              data-testid={`accept-qty-${l.ordinal}`}
            />
          ),
        },
        {
          title: 'Причина отказа',
          key: 'reason',
          render: (_: unknown, l) => (
            <Input
              aria-label={`Причина отказа по строке ${l.ordinal}`}
              value={value[l.line_id]?.reason ?? ''}
              onChange={(e) => onChange({ ...value, [l.line_id]: { q: value[l.line_id]?.q ?? l.quantity ?? '', reason: e.target.value } })}
              data-testid={`accept-reason-${l.ordinal}`}
            />
          ),
        },
      ]}
    />
  );
}

const toLines = (panel: AcceptancePanelResponse, v: Record<number, { q: string; reason: string }>): LineDecision[] =>
  panel.lines.flatMap((l) => {
    const x = v[l.line_id];
    if (!x || x.q.trim() === (l.quantity ?? '')) return [];
    return [{ line_id: l.line_id, accepted_quantity: x.q.trim(), reason: x.reason.trim() || null }];
  });

/** One decision dialog: the customer's own, a member's signed one, or an outsider's with the scan of the paper. */
function DecisionDialog({
  panel,
  mode,
  onClose,
}: {
  panel: AcceptancePanelResponse;
  mode: { kind: 'customer' } | { kind: 'member'; memberId: number; name: string; outsider: boolean } | null;
  onClose: () => void;
}) {
  const [lines, setLines] = useState<Record<number, { q: string; reason: string }>>({});
  const [reason, setReason] = useState('');
  const [scan, setScan] = useState<AttachedFile | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const { sign, picker } = useSigner({ personal: true });
  const refresh = useRefresh(panel.contract_id);
  useEffect(() => {
    setLines({});
    setReason('');
    setScan(null);
    setKey(newIdempotencyKey());
  }, [mode]);
  const run = useMutation({
    mutationFn: async () => {
      const body = { lines: toLines(panel, lines), reason: reason.trim() || null };
      if (!mode || mode.kind === 'customer') return acceptanceApi.decide(panel.document_id, body, key);
      if (mode.outsider) {
        if (!scan) throw new Error('Приложите скан бумажной подписи');
        return acceptanceApi.vote(panel.document_id, { ...body, member_id: mode.memberId, scan }, key);
      }
      const text = await acceptanceApi.voteText(panel.document_id, { ...body, member_id: mode.memberId });
      const bytes = Uint8Array.from(atob(text.content_base64), (c) => c.charCodeAt(0));
      const signature = await sign(bytes);
      if (!signature) return null;
      return acceptanceApi.vote(panel.document_id, { ...body, member_id: mode.memberId, signature }, key);
    },
    onSuccess: async (r) => {
      if (!r) return;
      noticeStore.show({ kind: 'success', header: 'Приёмка', message: `УПД № ${r.number}: ${r.state_title.toLowerCase()}` });
      await refresh();
      onClose();
    },
    onError: (e) => {
      if (!(e instanceof Error) || e.message.startsWith('Приложите'))
        noticeStore.show({ kind: 'error', header: 'Приёмка', message: String((e as Error).message ?? e) });
    },
  });
  const commission = panel.commission.members.length > 0;
  const title = !mode
    ? ''
    : mode.kind === 'customer'
      ? commission
        ? 'Утвердить решение комиссии'
        : 'Решение о приёмке'
      : `Решение члена комиссии: ${mode.name}`;
  return (
    <Modal
      open={!!mode}
      title={title}
      width={820}
      onCancel={onClose}
      okText={mode?.kind === 'member' && !mode.outsider ? 'Подписать и отправить' : 'Сохранить решение'}
      okButtonProps={{ loading: run.isPending, ...{ 'data-testid': 'decision-ok' } }}
      onOk={() => run.mutate()}
      destroyOnHidden
    >
      {mode?.kind === 'customer' && commission ? (
        <Typography.Paragraph>
          Решение составлено по решениям всех членов комиссии: по каждой строке принимается наименьшее принятое количество с причинами
          отказа (ч. 7 ст. 94 44-ФЗ: документ о приёмке подписывают все члены комиссии, утверждает заказчик).
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Строки, которые принимаются не полностью, — с причиной отказа (мотивированный отказ).
          </Typography.Paragraph>
          <LinesForm panel={panel} value={lines} onChange={setLines} />
          <Input.TextArea
            style={{ marginTop: 8 }}
            placeholder="Общая причина отказа (если есть)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={1000}
            data-testid="decision-reason"
          />
          {mode?.kind === 'member' && mode.outsider && (
            <Upload
              accept=".png,.jpg,.jpeg,.pdf"
              maxCount={1}
              beforeUpload={(f) => {
                void fileAsBase64(f).then(setScan);
                return false;
              }}
            >
              <Button style={{ marginTop: 8 }} data-testid="decision-scan">
                Скан бумажной подписи
              </Button>
            </Upload>
          )}
        </>
      )}
      {picker}
    </Modal>
  );
}

/**
 * The buyer's title of a decided document (ON_NSCHFDOPPOK, ФНС format 5.03): formed by the server for the user who
 * signs it, signed in the browser over its exact bytes, then downloadable with its detached .sig for the ЭДО operator.
 * A partial acceptance or a refusal is the motivated refusal in the same file.
 */
function BuyerTitle({ panel }: { panel: AcceptancePanelResponse }) {
  const { sign, picker } = useSigner();
  const refresh = useRefresh(panel.contract_id);
  const run = useMutation({
    mutationFn: async () => {
      const formed = await acceptanceApi.formBuyerTitle(panel.document_id);
      const bytes = Uint8Array.from(atob(formed.content_base64), (c) => c.charCodeAt(0));
      const signature = await sign(bytes);
      if (!signature) return null;
      return acceptanceApi.signBuyerTitle(panel.document_id, signature);
    },
    onSuccess: async (r) => {
      if (!r) return;
      noticeStore.show({ kind: 'success', header: 'Титул покупателя', message: `УПД № ${r.number}: титул покупателя подписан` });
      await refresh();
    },
  });
  const t = panel.buyer_title;
  const refusal = panel.state !== 'accepted';
  return (
    <>
      {t?.signed ? (
        <>
          <Button
            size="small"
            onClick={() => void acceptanceApi.buyerTitle(panel.document_id)}
            data-testid={`buyer-title-xml-${panel.document_id}`}
          >
            {refusal ? 'Титул покупателя с мотивированным отказом (XML)' : 'Титул покупателя (XML)'}
          </Button>
          <Button
            size="small"
            onClick={() => void acceptanceApi.buyerTitleSig(panel.document_id)}
            data-testid={`buyer-title-sig-${panel.document_id}`}
          >
            Подпись титула (.sig)
          </Button>
          <Typography.Text type="secondary" data-testid={`buyer-title-signed-${panel.document_id}`}>
            Титул покупателя подписан{t.signer ? `: ${t.signer}` : ''}
          </Typography.Text>
        </>
      ) : (
        <Button size="small" loading={run.isPending} onClick={() => run.mutate()} data-testid={`buyer-title-sign-${panel.document_id}`}>
          {refusal ? 'Подписать титул покупателя (мотивированный отказ)' : 'Подписать титул покупателя'}
        </Button>
      )}
      {picker}
    </>
  );
}

/** The expertise dialog (ч. 3 ст. 94 44-ФЗ): in-house or by an expert organisation with its conclusion. */
function ReviewDialog({ panel, open, onClose }: { panel: AcceptancePanelResponse; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ kind: 'in_house' | 'expert'; expert?: string }>();
  const kind = Form.useWatch('kind', form) ?? 'in_house';
  const [conclusion, setConclusion] = useState<AttachedFile | null>(null);
  const refresh = useRefresh(panel.contract_id);
  // the dialog's fields are dropped on close, and the attached conclusion with them
  const close = () => {
    setConclusion(null);
    onClose();
  };
  const run = useMutation({
    mutationFn: (v: { kind: 'in_house' | 'expert'; expert?: string }) =>
      acceptanceApi.review(panel.document_id, { kind: v.kind, expert_name: v.expert?.trim() || null, conclusion }),
    onSuccess: async () => {
      await refresh();
      close();
    },
  });
  return (
    <FormDialog
      form={form}
      open={open}
      title="Экспертиза поставленного"
      okText="Направить"
      onCancel={close}
      saving={run.isPending}
      initialValues={{ kind: 'in_house' }}
      onFinish={(v) => run.mutate(v)}
    >
      <Form.Item name="kind" noStyle>
        <Radio.Group>
          <Radio value="in_house">Своими силами</Radio>
          <Radio value="expert">Экспертная организация</Radio>
        </Radio.Group>
      </Form.Item>
      {kind === 'expert' && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
          <Form.Item name="expert" noStyle>
            <Input placeholder="Экспертная организация" maxLength={500} />
          </Form.Item>
          <Upload
            maxCount={1}
            beforeUpload={(f) => {
              void fileAsBase64(f).then(setConclusion);
              return false;
            }}
          >
            <Button>Заключение экспертизы</Button>
          </Upload>
        </Space>
      )}
    </FormDialog>
  );
}

/**
 * The acceptance of one supplier document: its state, the expertise, the commission with each member's decision and
 * signature, the terms of acceptance and payment, the customer's decision and the act of acceptance (DOCX).
 */
export function AcceptancePanel({ documentId, contractId }: { documentId: number; contractId: number }) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['acceptance', company, documentId], queryFn: () => acceptanceApi.panel(documentId) });
  const [dialog, setDialog] = useState<Parameters<typeof DecisionDialog>[0]['mode']>(null);
  const [review, setReview] = useState(false);
  // another user's decision (a member's signature, the customer's approval) shows here at once
  useEffect(
    () =>
      onAuthEvent(EVENTS.acceptanceDecisionResponse, (p) => {
        if (p.contract_id !== contractId) return;
        void qc.invalidateQueries({ queryKey: ['acceptance', company] });
        void qc.invalidateQueries({ queryKey: ['execution', company] });
        void qc.invalidateQueries({ queryKey: ['contracts', company] });
      }),
    [company, contractId, qc],
  );
  const a = q.data;
  if (!a) return null;
  const open = a.state === 'received' || a.state === 'review';
  const members = a.commission.members;
  return (
    <div data-testid={`acceptance-panel-${documentId}`} style={{ marginBottom: 8 }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Tag color={STATE_COLOR[a.state]} data-testid={`acceptance-state-${documentId}`}>
          {a.state_title}
          {a.accepted_on && !open ? ` ${formatDate(a.accepted_on)}` : ''}
        </Tag>
        {a.received_on && <Typography.Text type="secondary">получен {formatDate(a.received_on)}</Typography.Text>}
        {a.terms.map((t) => (
          <TermTag key={t.kind} t={t} />
        ))}
      </Space>
      {a.review && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          Экспертиза: {a.review.kind === 'expert' ? `экспертная организация ${a.review.expert_name ?? ''}` : 'своими силами'}
          {a.review.conclusion_file_name ? `, заключение «${a.review.conclusion_file_name}»` : ''}
        </Typography.Paragraph>
      )}
      {a.refusal_reason && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={`Мотивированный отказ: ${a.refusal_reason}`} />
      )}
      {!open && a.lines.some((l) => l.refusal_reason) && (
        <Descriptions size="small" column={1} style={{ marginBottom: 8 }}>
          {a.lines
            .filter((l) => l.refusal_reason)
            .map((l) => (
              <Descriptions.Item key={l.line_id} label={`Строка ${l.ordinal}`}>
                принято {formatQuantity(l.accepted_quantity)} из {formatQuantity(l.quantity)}: {l.refusal_reason}
              </Descriptions.Item>
            ))}
        </Descriptions>
      )}
      {members.length > 0 && (
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          style={{ marginBottom: 8 }}
          dataSource={members}
          data-testid={`commission-votes-${documentId}`}
          columns={[
            {
              title: 'Член комиссии',
              key: 'name',
              render: (_: unknown, m) => `${m.full_name}${m.is_chair ? ' (председатель)' : ''}${m.position ? `, ${m.position}` : ''}`,
            },
            {
              title: 'Решение',
              key: 'vote',
              render: (_: unknown, m) =>
                m.vote ? (
                  <span data-testid={`vote-${m.id}`}>
                    {DECISION[m.vote.decision]}
                    {m.vote.signed_by === 'kep' ? ` — КЭП ${m.vote.signer ?? ''}` : ' — скан подписи'}
                  </span>
                ) : open && (m.id === a.my_member_id || m.user_id === null) ? (
                  <Button
                    size="small"
                    onClick={() => setDialog({ kind: 'member', memberId: m.id, name: m.full_name, outsider: m.user_id === null })}
                    data-testid={`vote-button-${m.id}`}
                  >
                    {m.user_id === null ? 'Внести решение' : 'Моё решение'}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">ожидается</Typography.Text>
                ),
            },
          ]}
        />
      )}
      <Space wrap>
        {open && a.state === 'received' && (
          <Button size="small" onClick={() => setReview(true)} data-testid={`acceptance-review-${documentId}`}>
            На экспертизу
          </Button>
        )}
        {open && (
          <Button
            size="small"
            type="primary"
            disabled={members.length > 0 && !a.commission.complete}
            title={members.length > 0 && !a.commission.complete ? 'Решение принимают все члены комиссии' : undefined}
            onClick={() => setDialog({ kind: 'customer' })}
            data-testid={`acceptance-decide-${documentId}`}
          >
            {members.length > 0 ? 'Утвердить решение комиссии' : 'Решение о приёмке'}
          </Button>
        )}
        {!open && (
          <Button size="small" onClick={() => void acceptanceApi.act(documentId)} data-testid={`acceptance-act-${documentId}`}>
            Документ о приёмке (DOCX)
          </Button>
        )}
        {!open && <BuyerTitle panel={a} />}
        {open && <Typography.Text type="secondary">Пока документ не принят, в «Поставлено» он не учитывается</Typography.Text>}
      </Space>
      <DecisionDialog panel={a} mode={dialog} onClose={() => setDialog(null)} />
      <ReviewDialog panel={a} open={review} onClose={() => setReview(false)} />
      <ApprovalPanel kind="acceptance" documentId={documentId} onChange={() => void q.refetch()} />
    </div>
  );
}
