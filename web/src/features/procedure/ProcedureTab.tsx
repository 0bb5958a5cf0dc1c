import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMMISSION_ROLE_TITLES,
  EVENTS,
  PROTOCOL_TITLES,
  type CommissionRole,
  type ProcedureApplication,
  type ProcedureResponse,
  type ProtocolKind,
} from '@proc/contract';
import { useSelectedCompany } from '../../lib/session';
import { FormDialog } from '../../lib/FormDialog';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { moscowToday } from '../../lib/dates';
import { onAuthEvent } from '../../lib/socket';
import { procedureApi } from './api';

type MemberRow = { full_name: string; position?: string; role: CommissionRole; present: boolean };
type CriterionRow = { name: string; kind: 'price' | 'other'; weight: string };
type ApplicationForm = { participant_name: string; inn: string; kpp?: string; received_at: string; price: string; smsp?: boolean };

const ROLE_OPTIONS = (Object.keys(COMMISSION_ROLE_TITLES) as CommissionRole[]).map((r) => ({ value: r, label: COMMISSION_ROLE_TITLES[r] }));

/**
 * The purchase's own procedure: the commission and its quorum, the applications received after the deadline, the
 * review (admitted or refused with the grounds and the documentation's clause), the scoring by the criteria and
 * their weights (a запрос котировок by price alone), the protocols as DOCX and the winner's price for the contract.
 */
export function ProcedureTab({ procurementId }: { procurementId: number }) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const key = ['procedure', company, procurementId];
  const q = useQuery({ queryKey: key, queryFn: () => procedureApi.panel(procurementId) });
  useEffect(
    () =>
      onAuthEvent(EVENTS.procedureChanged, (p) => {
        if (p.procurement_id !== procurementId) return;
        void qc.invalidateQueries({ queryKey: ['procedure', company, procurementId] });
        // the card's status follows the protocols
        void qc.invalidateQueries({ queryKey: ['procurement', company, procurementId] });
      }),
    [company, procurementId, qc],
  );
  const d = q.data;
  if (!d) return null;
  const set = (next: ProcedureResponse) => qc.setQueryData(key, next);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="procedure-tab">
      {d.winner && (
        <Alert
          type="success"
          data-testid="procedure-winner"
          message={`Победитель: ${d.winner.participant_name} (ИНН ${d.winner.inn}). Цена договора: ${formatMoney(d.winner.price)}`}
          description="Цена победителя — цена договора при его заключении."
        />
      )}
      <Commission d={d} onSaved={set} />
      {!d.by_price_only && <Criteria d={d} onSaved={set} />}
      <Applications d={d} onSaved={set} />
      <Protocols d={d} onSaved={set} />
    </Space>
  );
}

function Commission({ d, onSaved }: { d: ProcedureResponse; onSaved: (d: ProcedureResponse) => void }) {
  const [form] = Form.useForm<{ members: MemberRow[] }>();
  const [open, setOpen] = useState(false);
  const save = useMutation({
    mutationFn: (members: MemberRow[]) =>
      procedureApi.setCommission(d.procurement_id, { members: members.map((m) => ({ ...m, position: m.position || null })) }),
    onSuccess: (n) => (onSaved(n), setOpen(false)),
  });
  const share = Number(d.quorum_share) === 0.5 ? 'более половины' : `более ${Number(d.quorum_share) * 100} %`;
  return (
    <Card
      size="small"
      title="Комиссия по осуществлению закупки"
      extra={
        <Button size="small" onClick={() => setOpen(true)} data-testid="procedure-commission-edit">
          Состав комиссии
        </Button>
      }
    >
      {d.members.length ? (
        <>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.members}
            columns={[
              { title: 'ФИО', dataIndex: 'full_name' },
              { title: 'Должность', dataIndex: 'position', render: (v: string | null) => v ?? '—' },
              { title: 'Роль', dataIndex: 'role', render: (r: CommissionRole) => COMMISSION_ROLE_TITLES[r] },
              { title: 'На заседании', dataIndex: 'present', render: (p: boolean) => (p ? 'присутствует' : 'отсутствует') },
            ]}
          />
          <Typography.Text type={d.quorum ? 'success' : 'danger'} data-testid="procedure-quorum">
            {d.quorum
              ? `Кворум есть: присутствует ${share} членов комиссии`
              : `Нет кворума: должно присутствовать ${share} членов комиссии`}
          </Typography.Text>
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Комиссия не сформирована" />
      )}
      <FormDialog
        form={form}
        open={open}
        width={900}
        title="Состав комиссии"
        onCancel={() => setOpen(false)}
        saving={save.isPending}
        testId="procedure-commission-dialog"
        initialValues={{
          members: d.members.length
            ? d.members.map((m) => ({ full_name: m.full_name, position: m.position ?? '', role: m.role, present: m.present }))
            : [
                { full_name: '', role: 'chair', present: true },
                { full_name: '', role: 'secretary', present: true },
                { full_name: '', role: 'member', present: true },
              ],
        }}
        onFinish={(v) => save.mutate(v.members)}
      >
        <Typography.Paragraph type="secondary">
          Порядок работы комиссии и кворум устанавливает Положение о закупке (ч. 2 ст. 2 223-ФЗ); кворум организации — {share}.
        </Typography.Paragraph>
        <Form.List name="members">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="start">
                  <Form.Item name={[f.name, 'full_name']} rules={[{ required: true, message: 'Укажите ФИО' }]} noStyle>
                    <Input placeholder="ФИО" style={{ width: 260 }} data-testid={`procedure-member-name-${i}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'position']} noStyle>
                    <Input placeholder="Должность" style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'role']} noStyle>
                    <Select options={ROLE_OPTIONS} style={{ width: 200 }} data-testid={`procedure-member-role-${i}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'present']} valuePropName="checked" noStyle>
                    <Checkbox>присутствует</Checkbox>
                  </Form.Item>
                  <Button onClick={() => remove(f.name)}>Убрать</Button>
                </Space>
              ))}
              <Button onClick={() => add({ full_name: '', role: 'member', present: true })} data-testid="procedure-member-add">
                Добавить члена комиссии
              </Button>
            </Space>
          )}
        </Form.List>
      </FormDialog>
    </Card>
  );
}

function Criteria({ d, onSaved }: { d: ProcedureResponse; onSaved: (d: ProcedureResponse) => void }) {
  const [form] = Form.useForm<{ criteria: CriterionRow[] }>();
  const [open, setOpen] = useState(false);
  const save = useMutation({
    mutationFn: (v: { criteria: CriterionRow[] }) => procedureApi.setCriteria(d.procurement_id, v),
    onSuccess: (n) => (onSaved(n), setOpen(false)),
  });
  return (
    <Card
      size="small"
      title="Критерии оценки заявок"
      extra={
        <Button size="small" onClick={() => setOpen(true)} data-testid="procedure-criteria-edit">
          Критерии
        </Button>
      }
    >
      {d.criteria.length ? (
        <Space wrap>
          {d.criteria.map((c) => (
            <Tag key={c.id}>
              {c.name} — {c.weight.replace('.', ',')} %{c.kind === 'price' ? ' (ценовой)' : ''}
            </Tag>
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Критерии не установлены" />
      )}
      <FormDialog
        form={form}
        open={open}
        width={800}
        title="Критерии оценки и их значимость"
        onCancel={() => setOpen(false)}
        saving={save.isPending}
        testId="procedure-criteria-dialog"
        initialValues={{
          criteria: d.criteria.length
            ? d.criteria.map((c) => ({ name: c.name, kind: c.kind, weight: c.weight }))
            : [{ name: 'Цена договора', kind: 'price', weight: '' }],
        }}
        onFinish={(v) => save.mutate(v)}
      >
        <Typography.Paragraph type="secondary">Сумма значимостей — 100 %. Баллы по цене: Цmin / Цi × 100.</Typography.Paragraph>
        <Form.List name="criteria">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="start">
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: 'Укажите критерий' }]} noStyle>
                    <Input placeholder="Критерий" style={{ width: 300 }} data-testid={`procedure-criterion-name-${i}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'kind']} noStyle>
                    <Select
                      style={{ width: 180 }}
                      options={[
                        { value: 'price', label: 'Ценовой' },
                        { value: 'other', label: 'Нестоимостной' },
                      ]}
                      data-testid={`procedure-criterion-kind-${i}`}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'weight']} rules={moneyRules({ required: true, positive: true })} noStyle>
                    <MoneyInput placeholder="Значимость, %" style={{ width: 140 }} data-testid={`procedure-criterion-weight-${i}`} />
                  </Form.Item>
                  <Button onClick={() => remove(f.name)}>Убрать</Button>
                </Space>
              ))}
              <Button onClick={() => add({ name: '', kind: 'other', weight: '' })} data-testid="procedure-criterion-add">
                Добавить критерий
              </Button>
            </Space>
          )}
        </Form.List>
      </FormDialog>
    </Card>
  );
}

function Applications({ d, onSaved }: { d: ProcedureResponse; onSaved: (d: ProcedureResponse) => void }) {
  const id = d.procurement_id;
  const [form] = Form.useForm<ApplicationForm>();
  const [refuseForm] = Form.useForm<{ reason: string; clause: string }>();
  const [scoreForm] = Form.useForm<{ scores: Record<string, string> }>();
  const [adding, setAdding] = useState(false);
  const [refusing, setRefusing] = useState<ProcedureApplication | null>(null);
  const [scoring, setScoring] = useState<ProcedureApplication | null>(null);
  const reviewed = d.protocols.some((p) => p.kind === 'review');
  const summed = d.protocols.some((p) => p.kind === 'summary');
  const add = useMutation({
    // the time typed is Moscow's: the protocol prints it so (МСК)
    mutationFn: (v: ApplicationForm) =>
      procedureApi.addApplication(id, { ...v, kpp: v.kpp || null, smsp: !!v.smsp, received_at: `${v.received_at}:00+03:00` }),
    onSuccess: (n) => (onSaved(n), setAdding(false)),
  });
  const decide = useMutation({
    mutationFn: (v: { application_id: number; admitted: boolean; reason?: string; clause?: string }) =>
      procedureApi.review(id, { decisions: [v] }),
    onSuccess: (n) => (onSaved(n), setRefusing(null)),
  });
  const score = useMutation({
    mutationFn: (v: { application_id: number; scores: Record<string, string> }) =>
      procedureApi.scores(id, {
        scores: Object.entries(v.scores).map(([c, s]) => ({ application_id: v.application_id, criterion_id: Number(c), score: s })),
      }),
    onSuccess: (n) => (onSaved(n), setScoring(null)),
  });
  const others = d.criteria.filter((c) => c.kind === 'other');
  return (
    <Card
      size="small"
      title="Заявки участников"
      extra={
        <Button
          size="small"
          disabled={!d.applications_open || reviewed}
          onClick={() => setAdding(true)}
          data-testid="procedure-application-add"
        >
          Внести заявку
        </Button>
      }
    >
      {!d.applications_open && !reviewed && (
        <Typography.Paragraph type="secondary">Заявки вносятся после окончания срока подачи заявок.</Typography.Paragraph>
      )}
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.applications}
        data-testid="procedure-applications"
        locale={{ emptyText: 'Заявок нет' }}
        columns={[
          { title: '№', dataIndex: 'number', width: 50 },
          {
            title: 'Участник',
            key: 'p',
            render: (_: unknown, a) => (
              <>
                {a.participant_name}
                {a.smsp && <Tag style={{ marginLeft: 4 }}>МСП</Tag>}
                <div>
                  <Typography.Text type="secondary">
                    ИНН {a.inn}
                    {a.kpp ? ` / КПП ${a.kpp}` : ''}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          { title: 'Получена', dataIndex: 'received_at', render: (v: string) => formatDateTime(v) },
          { title: 'Цена', dataIndex: 'price', align: 'right', render: (v: string) => formatMoney(v) },
          {
            title: 'Решение',
            key: 'r',
            render: (_: unknown, a) =>
              a.admitted === null ? (
                <Space>
                  <Button
                    size="small"
                    disabled={reviewed}
                    onClick={() => decide.mutate({ application_id: a.id, admitted: true })}
                    data-testid={`procedure-admit-${a.number}`}
                  >
                    Допустить
                  </Button>
                  <Button
                    size="small"
                    danger
                    disabled={reviewed}
                    onClick={() => setRefusing(a)}
                    data-testid={`procedure-refuse-${a.number}`}
                  >
                    Отклонить
                  </Button>
                </Space>
              ) : a.admitted ? (
                <Tag color="green">допущена</Tag>
              ) : (
                <span>
                  <Tag color="red">отклонена</Tag> {a.reason} ({a.clause})
                </span>
              ),
          },
          {
            title: 'Оценка',
            key: 's',
            render: (_: unknown, a) =>
              a.admitted ? (
                <Space direction="vertical" size={0}>
                  {a.rank !== null && (
                    <Typography.Text strong data-testid={`procedure-rank-${a.number}`}>
                      № {a.rank}
                    </Typography.Text>
                  )}
                  {a.total !== null && <span>рейтинг {a.total.replace('.', ',')}</span>}
                  {others.length > 0 && !summed && (
                    <Button size="small" onClick={() => setScoring(a)} data-testid={`procedure-score-${a.number}`}>
                      Баллы
                    </Button>
                  )}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: 'Файл',
            key: 'f',
            render: (_: unknown, a) =>
              a.file_name ? (
                <Button type="link" size="small" onClick={() => void procedureApi.file(id, a.id, a.file_name!)}>
                  {a.file_name}
                </Button>
              ) : reviewed ? (
                '—'
              ) : (
                <input
                  type="file"
                  aria-label={`Файл заявки № ${a.number}`}
                  onChange={async (e) => {
                    const f = e.target.files?.[0];
                    if (!f) return;
                    const bytes = new Uint8Array(await f.arrayBuffer());
                    let bin = '';
                    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
                    onSaved(await procedureApi.attach(id, a.id, { file_name: f.name, content_base64: btoa(bin) }));
                  }}
                />
              ),
          },
        ]}
      />
      <FormDialog
        form={form}
        open={adding}
        title="Заявка участника"
        onCancel={() => setAdding(false)}
        saving={add.isPending}
        testId="procedure-application-dialog"
        onFinish={(v) => add.mutate(v)}
      >
        <Form.Item name="participant_name" label="Наименование участника" rules={[{ required: true, message: 'Укажите участника' }]}>
          <Input data-testid="procedure-app-name" />
        </Form.Item>
        <Form.Item name="inn" label="ИНН" rules={[{ required: true, message: 'Укажите ИНН' }]}>
          <Input data-testid="procedure-app-inn" />
        </Form.Item>
        <Form.Item name="kpp" label="КПП">
          <Input data-testid="procedure-app-kpp" />
        </Form.Item>
        <Form.Item name="received_at" label="Дата и время получения (МСК)" rules={[{ required: true, message: 'Укажите дату и время' }]}>
          <Input type="datetime-local" data-testid="procedure-app-received" />
        </Form.Item>
        <Form.Item name="price" label="Ценовое предложение, ₽" rules={moneyRules({ required: true, positive: true })}>
          <MoneyInput data-testid="procedure-app-price" />
        </Form.Item>
        <Form.Item name="smsp" valuePropName="checked">
          <Checkbox>Субъект МСП</Checkbox>
        </Form.Item>
      </FormDialog>
      <FormDialog
        form={refuseForm}
        open={refusing !== null}
        title={`Отклонить заявку «${refusing?.participant_name ?? ''}»`}
        onCancel={() => setRefusing(null)}
        saving={decide.isPending}
        okText="Отклонить"
        testId="procedure-refuse-dialog"
        onFinish={(v) => refusing && decide.mutate({ application_id: refusing.id, admitted: false, ...v })}
      >
        <Form.Item name="reason" label="Основание отклонения" rules={[{ required: true, message: 'Укажите основание' }]}>
          <Input.TextArea rows={2} data-testid="procedure-refuse-reason" />
        </Form.Item>
        <Form.Item
          name="clause"
          label="Положение документации, которому не соответствует заявка"
          rules={[{ required: true, message: 'Укажите положение документации' }]}
        >
          <Input data-testid="procedure-refuse-clause" />
        </Form.Item>
      </FormDialog>
      <FormDialog
        form={scoreForm}
        open={scoring !== null}
        title={`Баллы заявки «${scoring?.participant_name ?? ''}»`}
        onCancel={() => setScoring(null)}
        saving={score.isPending}
        testId="procedure-score-dialog"
        initialValues={{ scores: Object.fromEntries(others.map((c) => [String(c.id), scoring?.scores[String(c.id)] ?? ''])) }}
        onFinish={(v) => scoring && score.mutate({ application_id: scoring.id, scores: v.scores })}
      >
        {others.map((c, i) => (
          <Form.Item key={c.id} name={['scores', String(c.id)]} label={`${c.name} (0–100)`} rules={moneyRules({ required: true })}>
            <MoneyInput data-testid={`procedure-score-input-${i}`} />
          </Form.Item>
        ))}
      </FormDialog>
    </Card>
  );
}

function Protocols({ d, onSaved }: { d: ProcedureResponse; onSaved: (d: ProcedureResponse) => void }) {
  const [form] = Form.useForm<{ signed_on: string }>();
  const [kind, setKind] = useState<ProtocolKind | null>(null);
  const make = useMutation({
    mutationFn: (v: { signed_on: string }) => procedureApi.protocol(d.procurement_id, kind!, v.signed_on),
    onSuccess: (n) => (onSaved(n), setKind(null)),
  });
  const made = (k: ProtocolKind) => d.protocols.find((p) => p.kind === k);
  return (
    <Card size="small" title="Протоколы">
      <Space direction="vertical">
        {(['review', 'summary'] as ProtocolKind[]).map((k) => {
          const p = made(k);
          return p ? (
            <Space key={k}>
              <Button
                type="link"
                onClick={() => void procedureApi.download(d.procurement_id, k, `${PROTOCOL_TITLES[k]}.docx`)}
                data-testid={`procedure-protocol-download-${k}`}
              >
                {PROTOCOL_TITLES[k]}
              </Button>
              <Typography.Text type="secondary">подписан {formatDate(p.signed_on)}</Typography.Text>
            </Space>
          ) : (
            <Button
              key={k}
              disabled={k === 'summary' && !made('review')}
              onClick={() => setKind(k)}
              data-testid={`procedure-protocol-${k}`}
            >
              Составить: {PROTOCOL_TITLES[k].toLowerCase()}
            </Button>
          );
        })}
      </Space>
      <FormDialog
        form={form}
        open={kind !== null}
        title={kind ? PROTOCOL_TITLES[kind] : ''}
        onCancel={() => setKind(null)}
        saving={make.isPending}
        okText="Составить"
        testId="procedure-protocol-dialog"
        initialValues={{ signed_on: moscowToday().format('YYYY-MM-DD') }}
        onFinish={(v) => make.mutate(v)}
      >
        <Form.Item name="signed_on" label="Дата подписания протокола" rules={[{ required: true, message: 'Укажите дату' }]}>
          <Input type="date" data-testid="procedure-protocol-date" />
        </Form.Item>
        <Typography.Text type="secondary">
          После подписания сведения протокола не меняются; протокол рассмотрения переводит закупку в «Подведение итогов».
        </Typography.Text>
      </FormDialog>
    </Card>
  );
}
