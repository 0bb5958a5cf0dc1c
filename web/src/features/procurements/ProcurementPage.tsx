import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, DatePicker, Descriptions, Empty, Form, Input, Modal, Radio, Row, Select, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CURRENCY_TITLES,
  leadTimeText,
  PROCUREMENT_STATUS_TITLES,
  SUBJECT_KINDS,
  SUBJECT_TITLES,
  type Paged,
  type ProcurementInput,
  type ProcurementRuleResponse,
  type ProcurementResponse,
  type ProcurementStatus,
} from '@proc/contract';
import { Field } from '../../lib/Field';
import { api } from '../../lib/api';
import { applyServerErrors, rules } from '../../lib/forms';
import { SCROLL_TO_FIRST_ERROR, enterDoesNotSubmit, reportInvalidFields } from '../../lib/long-forms';
import { formatDate, formatDateTime } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { noticeStore } from '../../lib/notices';
import { CatalogSelect } from '../catalogs/CatalogSelect';
import { Okpd2Select } from '../catalogs/Okpd2Select';
import { procurementsApi, STATUS_COLORS, useMethods } from './api';
import { AuditHistoryPanel } from '../audit/AuditHistory';

const SUBJECT_TYPE: Record<string, number> = { goods: 1, works: 2, services: 3 };
const COMMENT_REQUIRED: ProcurementStatus[] = ['cancelled', 'failed'];
const TRANSITION_LABELS: Partial<Record<ProcurementStatus, string>> = {
  docs_ready: 'Документация сформирована',
  published: 'Опубликовать',
  accepting: 'Начать приём заявок',
  summing_up: 'Подвести итоги',
  contract_signed: 'Договор заключён',
  cancelled: 'Отменить закупку',
  failed: 'Признать несостоявшейся',
};

/** Form item props that keep ISO dates in the form and show a DatePicker. */
const dateProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

type FormValues = Omit<ProcurementInput, 'okpd2'> & { okpd2: string[] };

const toForm = (p: ProcurementResponse): FormValues => ({
  ...p,
  rule_id: p.rule?.id ?? undefined,
  okpd2: p.okpd2.map((o) => o.code),
  subject_description: p.subject_description ?? undefined,
  delivery_terms: p.delivery_terms ?? undefined,
  delivery_place: p.delivery_place ?? undefined,
  plan_item_number: p.plan_item_number ?? undefined,
});

const ensuring = (e: ProcurementInput['application_ensuring']) => (e && e.value !== undefined && String(e.value).trim() !== '' ? { kind: e.kind ?? 'percent', value: e.value } : null);

const toBody = (v: FormValues): ProcurementInput => ({
  ...v,
  okpd2: (v.okpd2 ?? []).map((code) => ({ code })),
  application_ensuring: ensuring(v.application_ensuring),
  contract_ensuring: ensuring(v.contract_ensuring),
});

export default function ProcurementPage() {
  const { id: raw } = useParams();
  const id = raw && raw !== 'new' ? Number(raw) : null;
  const company = useSelectedCompany();
  const card = useQuery({ queryKey: ['procurement', company, id], enabled: id !== null, queryFn: () => procurementsApi.get(id!) });
  if (id !== null && card.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (id !== null && !card.data) return <Empty description="Закупка не найдена" />;
  return <ProcurementCard key={id ?? 'new'} procurement={card.data ?? null} />;
}

function ProcurementCard({ procurement: p }: { procurement: ProcurementResponse | null }) {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const company = useSelectedCompany();
  const methods = useMethods();
  const subject = Form.useWatch('subject', form);
  const rulesList = useQuery({
    queryKey: ['procurement_rules', company, 'select'],
    queryFn: () => api.get<Paged<ProcurementRuleResponse>>('/procurement_rules', { name: 'Положения о закупке', query: { limit: 100 } }),
  });
  const editable = p ? p.editable : true;
  useEffect(() => {
    if (p) form.setFieldsValue(toForm(p));
  }, [p, form]);
  const saving = useRef(false);
  const save = useMutation({
    mutationFn: (v: FormValues) => (p ? procurementsApi.update(p.id, toBody(v)) : procurementsApi.create(toBody(v))),
    onSuccess: (r) => {
      noticeStore.show({ kind: 'success', header: 'Успешно', message: p ? `Закупка ${r.number} сохранена` : `Закупка ${r.number} создана` });
      qc.setQueryData(['procurement', company, r.id], r);
      void qc.invalidateQueries({ queryKey: ['procurements'] });
      if (!p) navigate(`/documents/${r.id}`, { replace: true });
    },
    onError: (err) => applyServerErrors(form, err),
  });

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} data-testid="procurement-title">
          {p ? `Закупка № ${p.number}` : 'Новая закупка'}
          {p && (
            <Tag color={p.law === '44' ? 'geekblue' : 'default'} style={{ marginLeft: 12, verticalAlign: 'middle' }} data-testid="procurement-law">
              {p.law === '44' ? '44-ФЗ' : '223-ФЗ'}
            </Tag>
          )}
          {p?.ikz && (
            <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 4, fontFamily: 'monospace' }} data-testid="procurement-ikz">
              ИКЗ {p.ikz}
              {p.kvr ? ` · КВР ${p.kvr}` : ''}
            </Typography.Text>
          )}
          {p?.notice_number && (
            <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }} data-testid="procurement-notice">
              извещение в ЕИС № {p.notice_number}
            </Typography.Text>
          )}
        </Typography.Title>
        <Space wrap>
          <Link to="/documents">К реестру</Link>
          {p && <Link to={`/procurement_documents/${p.id}`}>Документация</Link>}
          {p && <Link to={`/files/${p.id}`}>Файлы</Link>}
        </Space>
      </Space>
      <Row gutter={24}>
        <Col xs={24} xl={15}>
          <Form<FormValues>
            form={form}
            layout="vertical"
            disabled={!editable}
            initialValues={{ currency: 'RUB', subject: 'goods', sme_only: false, okpd2: [], application_ensuring: { kind: 'percent' }, contract_ensuring: { kind: 'percent' } }}
            onKeyDown={enterDoesNotSubmit}
            scrollToFirstError={SCROLL_TO_FIRST_ERROR}
            onFinishFailed={reportInvalidFields}
            // one save at a time: a second click or submit while the first runs would create a second procurement (a
            // ref, not the mutation's state, which the second click of a double click does not yet see)
            onFinish={(v) => {
              if (saving.current) return;
              saving.current = true;
              save.mutate(v, { onSettled: () => (saving.current = false) });
            }}
          >
            <Card title="Основные сведения" size="small" style={{ marginBottom: 16 }}>
              <Field label="Наименование закупки" name="title" rules={[rules.required]}>
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
              </Field>
              <Row gutter={16}>
                <Col span={12}>
                  <Field label="Способ закупки" name="method" rules={[rules.requiredAny]}>
                    <Select showSearch={{ optionFilterProp: 'label' }} options={methods.options} placeholder="Выберите способ" />
                  </Field>
                </Col>
                <Col span={12}>
                  <Field label="Предмет закупки" name="subject" rules={[rules.requiredAny]}>
                    <Radio.Group optionType="button" options={SUBJECT_KINDS.map((s) => ({ value: s, label: SUBJECT_TITLES[s] }))} />
                  </Field>
                </Col>
              </Row>
              <Field label="Предмет договора" name="subject_description">
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Field>
              <Field label="ОКПД2" name="okpd2">
                <Okpd2Select mode="multiple" placeholder="Код или слова наименования" />
              </Field>
              <Field label="Положение о закупке" name="rule_id">
                <Select allowClear placeholder="Действующее положение организации" loading={rulesList.isLoading} options={(rulesList.data?.items ?? []).map((r) => ({ value: r.id, label: r.title }))} />
              </Field>
              <Field label="Номер позиции плана закупки" name="plan_item_number">
                <Input style={{ maxWidth: 240 }} />
              </Field>
              <Field name="sme_only" valuePropName="checked">
                <Checkbox>Только для субъектов МСП</Checkbox>
              </Field>
            </Card>
            <Card title="Цена и финансирование" size="small" style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                <Col span={10}>
                  <Field label="НМЦД" name="nmcd" rules={[rules.required, { pattern: /^\s*\d[\d\s\u00a0]*([.,]\d{1,2})?\s*$/, message: 'Сумма: число с не более чем двумя знаками после запятой' }]}>
                    <Input inputMode="decimal" />
                  </Field>
                </Col>
                <Col span={4}>
                  <Field label="Валюта" name="currency" rules={[rules.required]}>
                    <Select options={Object.entries(CURRENCY_TITLES).map(([code, title]) => ({ value: code, label: title }))} popupMatchSelectWidth={200} />
                  </Field>
                </Col>
                <Col span={10}>
                  <Field label="Метод определения НМЦД" name="nmcd_method_id">
                    <CatalogSelect kind="elements" query={{ type: 1 }} requestName="Методы определения НМЦД" />
                  </Field>
                </Col>
              </Row>
              <Field label="Источники финансирования" name="funding_source_ids">
                <CatalogSelect kind="elements" query={{ type: 8 }} mode="multiple" requestName="Источники финансирования" />
              </Field>
              <EnsuringField label="Обеспечение заявки" name="application_ensuring" />
              <EnsuringField label="Обеспечение исполнения договора" name="contract_ensuring" />
              <Field label="Обеспечение (справочник)" name="ensuring_ids">
                <CatalogSelect kind="ensuring" mode="multiple" requestName="Обеспечение" />
              </Field>
            </Card>
            <Card title="Требования и условия" size="small" style={{ marginBottom: 16 }}>
              <Field label="Единые (дополнительные) требования" name="requirement_ids">
                <CatalogSelect kind="elements" query={{ type: 2 }} mode="multiple" requestName="Требования" />
              </Field>
              <Field label="Дополнительная информация и документы" name="info_document_ids">
                <CatalogSelect kind="elements" query={{ type: 7 }} mode="multiple" requestName="Дополнительная информация и документы" />
              </Field>
              <Field label="Условия поставки (выполнения работ, оказания услуг)" name="delivery_term_ids">
                <CatalogSelect kind="execTerms" query={{ type: 1, subject_type: SUBJECT_TYPE[subject ?? 'goods'] }} mode="multiple" requestName="Условия поставки" />
              </Field>
              <Field label="Сроки (условия) поставки" name="delivery_terms">
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
              </Field>
              <Field label="Место поставки (справочник)" name="delivery_place_ids">
                <CatalogSelect kind="execTerms" query={{ type: 2 }} mode="multiple" requestName="Место поставки" />
              </Field>
              <Field label="Место поставки" name="delivery_place">
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
              </Field>
            </Card>
            <Card title="Сроки" size="small" style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                {(
                  [
                    ['published_on', 'Дата размещения извещения'],
                    ['application_deadline', 'Окончание подачи заявок'],
                    ['review_on', 'Рассмотрение заявок'],
                    ['summing_up_on', 'Подведение итогов'],
                  ] as const
                ).map(([name, label]) => (
                  <Col span={6} key={name}>
                    <Field label={label} name={name} {...dateProps}>
                      <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
                    </Field>
                  </Col>
                ))}
              </Row>
            </Card>
            {editable && (
              <Button type="primary" htmlType="submit" loading={save.isPending} disabled={false}>
                Сохранить
              </Button>
            )}
          </Form>
        </Col>
        <Col xs={24} xl={9}>{p ? <SidePanel p={p} /> : <Alert type="info" showIcon title="Номер закупки будет присвоен при сохранении; положение о закупке — действующее положение организации." />}</Col>
      </Row>
    </>
  );
}

function EnsuringField({ label, name }: { label: string; name: 'application_ensuring' | 'contract_ensuring' }) {
  return (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      <Space.Compact style={{ alignItems: 'flex-start' }}>
        <Field name={[name, 'kind']} noStyle>
          <Select style={{ width: 150 }} aria-label={`${label}: вид`} options={[{ value: 'percent', label: '% от НМЦД' }, { value: 'amount', label: 'Сумма' }]} />
        </Field>
        <Field name={[name, 'value']} style={{ marginBottom: 16 }}>
          <Input aria-label={label} style={{ width: 200 }} inputMode="decimal" />
        </Field>
      </Space.Compact>
    </Form.Item>
  );
}

function SidePanel({ p }: { p: ProcurementResponse }) {
  const qc = useQueryClient();
  const company = useSelectedCompany();
  const [commentFor, setCommentFor] = useState<ProcurementStatus | null>(null);
  const [commentForm] = Form.useForm<{ comment: string }>();
  const history = useQuery({ queryKey: ['procurement-history', company, p.id, p.status], queryFn: () => procurementsApi.history(p.id) });
  const move = useMutation({
    mutationFn: ({ to, comment }: { to: ProcurementStatus; comment?: string }) => procurementsApi.transition(p.id, to, comment),
    onSuccess: (r) => {
      qc.setQueryData(['procurement', company, p.id], r);
      void qc.invalidateQueries({ queryKey: ['procurements'] });
      setCommentFor(null);
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `Статус закупки: ${r.status_title}` });
    },
  });
  const rule = p.deadline.rule;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title="Статус" size="small">
        <Tag color={STATUS_COLORS[p.status]} data-testid="procurement-status">
          {p.status_title}
        </Tag>
        <Space wrap style={{ marginTop: 12 }}>
          {p.allowed_transitions.map((to) => (
            <Button
              key={to}
              danger={COMMENT_REQUIRED.includes(to)}
              loading={move.isPending && move.variables?.to === to}
              onClick={() => (COMMENT_REQUIRED.includes(to) ? setCommentFor(to) : move.mutate({ to }))}
            >
              {TRANSITION_LABELS[to] ?? PROCUREMENT_STATUS_TITLES[to]}
            </Button>
          ))}
        </Space>
      </Card>
      <Card title="Срок подачи заявок" size="small">
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="Положение">{p.rule?.title ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Редакция">
            {p.rule_version ? `№ ${p.rule_version.number}${p.rule_version.in_force_from ? ` от ${formatDate(p.rule_version.in_force_from)}` : ''}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Самая ранняя дата окончания подачи заявок">
            <span data-testid="earliest-deadline">{p.deadline.earliest ? formatDate(p.deadline.earliest) : 'укажите дату размещения'}</span>
          </Descriptions.Item>
          {rule && (
            <Descriptions.Item label="Правило">
              {leadTimeText(rule.days, rule.unit)}
              {rule.basis ? ` (${rule.basis})` : ''}
            </Descriptions.Item>
          )}
        </Descriptions>
        {p.violations.length > 0 ? (
          <Alert type="error" showIcon title="Нарушения сроков" data-testid="violations" description={<ul style={{ margin: 0, paddingLeft: 18 }}>{p.violations.map((v) => <li key={v.code + v.field}>{v.message}</li>)}</ul>} />
        ) : (
          <Alert type="success" showIcon title="Сроки соответствуют положению о закупке" />
        )}
      </Card>
      <Card title="История статусов" size="small">
        {history.isLoading ? (
          <Spin />
        ) : (
          <Timeline
            items={(history.data ?? []).map((h) => ({
              key: h.id,
              content: (
                <>
                  <b>{h.to_title}</b> — {formatDateTime(h.created_at)}
                  {h.user ? `, ${h.user.title}` : ''}
                  {h.comment && <div style={{ color: '#666' }}>{h.comment}</div>}
                </>
              ),
            }))}
          />
        )}
      </Card>
      <AuditHistoryPanel entity="procurement" entityId={p.id} />
      <Modal
        open={commentFor !== null}
        title={commentFor ? TRANSITION_LABELS[commentFor] : ''}
        okText="Подтвердить"
        cancelText="Отмена"
        destroyOnHidden
        onCancel={() => setCommentFor(null)}
        onOk={() => commentForm.submit()}
        okButtonProps={{ loading: move.isPending }}
      >
        <Form form={commentForm} layout="vertical" preserve={false} onFinish={(v) => move.mutate({ to: commentFor!, comment: v.comment })}>
          <Field label="Комментарий" name="comment" rules={[rules.required]}>
            <Input.TextArea autoSize={{ minRows: 3 }} autoFocus />
          </Field>
        </Form>
      </Modal>
    </Space>
  );
}
