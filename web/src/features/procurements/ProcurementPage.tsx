import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Timeline,
  Typography,
  type FormInstance,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { FormDialog } from '../../lib/FormDialog';
import { useUrlState } from '../../lib/url-state';
import {
  CURRENCY_TITLES,
  decimalProblem,
  rublesInWordsRu,
  leadTimeText,
  procurementStatusTitle,
  SUBJECT_KINDS,
  SUBJECT_TITLES,
  validateIkz,
  ProcurementRequest,
  type ProcurementInput,
  type ProcurementReferenceField,
  type ProcurementResponse,
  type ProcurementStatus,
  lawTerm,
} from '@proc/contract';
import { useIdempotencyKey } from '../../lib/idempotency';
import { Field } from '../../lib/Field';
import { DateInput } from '../../lib/DateInput';
import { dateRules, isoDateProps } from '../../lib/dates';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';
import { labelWithoutIds } from '../../lib/select-labels';
import { ApiError, showHttpError } from '../../lib/api';
import { FindingsList } from '../../lib/FindingsList';
import { applyServerErrors, rules } from '../../lib/forms';
import { SCROLL_TO_FIRST_ERROR, enterDoesNotSubmit, reportInvalidFields } from '../../lib/long-forms';
import { formatDate, formatDateTime } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { noticeStore } from '../../lib/notices';
import { CatalogSelect, Okpd2Select, useMethods } from '../catalogs';
import { procurementsApi, STATUS_COLORS } from './api';
import { AuditHistoryPanel } from '../audit';
import { useUnsavedChanges } from '../../lib/unsaved';
import { sameValues } from '../../lib/form-baseline';
import { IkzCode } from '../../lib/IkzCode';
import { isNotFound, routeId } from '../../lib/ObjectNotFound';
import { ProcurementNotFound } from './ProcurementNotFound';
import { PublishReadiness } from './PublishReadiness';
import { ApprovalPanel } from '../approvals';

/** The names of the card's stored catalogue values, from the card itself (its `references`): names from the first paint. */
const known = (p: ProcurementResponse | null, field: ProcurementReferenceField) =>
  p?.references[field].map((r) => ({ value: r.id, label: r.name }));
const withKnown = <O extends { value: unknown }>(options: O[], extra: O[]) => [
  ...extra.filter((e) => !options.some((o) => o.value === e.value)),
  ...options,
];
import { NmckTab } from '../nmck';
import { ProcedureTab } from '../procedure';
import { LinesCard } from '../lines';
import { EisReconciliation, eisDatesDiffer, useEisReconciliation } from '../notices';
import { useCanChange } from '../../lib/MayChange';

const SUBJECT_TYPE: Record<string, number> = { goods: 1, works: 2, services: 3 };
const COMMENT_REQUIRED: ProcurementStatus[] = ['cancelled', 'failed'];
const TRANSITION_LABELS_223: Partial<Record<ProcurementStatus, string>> = {
  docs_ready: 'Документация сформирована',
  published: 'Опубликовать',
  accepting: 'Начать приём заявок',
  summing_up: 'Подвести итоги',
  contract_signed: 'Договор заключён',
  cancelled: 'Отменить закупку',
  failed: 'Признать несостоявшейся',
};
/** The buttons in 44-ФЗ's words: извещение (ст. 42), контракт, отмена (ст. 36) и несостоявшееся определение (ст. 52). */
const TRANSITION_LABELS_44: Partial<Record<ProcurementStatus, string>> = {
  docs_ready: 'Извещение сформировано',
  published: 'Разместить извещение',
  accepting: 'Начать подачу заявок',
  summing_up: 'Подвести итоги определения поставщика',
  contract_signed: 'Контракт заключён',
  cancelled: 'Отменить определение поставщика',
  failed: 'Признать определение поставщика несостоявшимся',
};
const transitionLabel = (to: ProcurementStatus, law: string) =>
  (law === '44' ? TRANSITION_LABELS_44 : TRANSITION_LABELS_223)[to] ?? procurementStatusTitle(to, law);

/** An обеспечение as the form holds it: a kind picked, its value maybe not typed yet. */
type EnsuringDraft = { kind?: 'percent' | 'amount'; value?: string | number | null } | null;
type FormValues = Omit<ProcurementInput, 'okpd2' | 'application_ensuring' | 'contract_ensuring'> & {
  okpd2: string[];
  application_ensuring?: EnsuringDraft;
  contract_ensuring?: EnsuringDraft;
};

const toForm = (p: ProcurementResponse): FormValues => ({
  ...p,
  rule_id: p.rule?.id ?? undefined,
  okpd2: p.okpd2.map((o) => o.code),
  subject_description: p.subject_description ?? undefined,
  delivery_terms: p.delivery_terms ?? undefined,
  delivery_place: p.delivery_place ?? undefined,
  plan_item_number: p.plan_item_number ?? undefined,
});

/** A new card's values; an обеспечение starts as a percent with no value yet. */
const INITIAL = {
  currency: 'RUB',
  subject: 'goods',
  sme_only: false,
  okpd2: [],
  application_ensuring: { kind: 'percent' },
  contract_ensuring: { kind: 'percent' },
} satisfies Partial<FormValues>;

/** What the card saves: the request's own fields. */
const CARD_FIELDS = Object.keys(ProcurementRequest.shape) as (keyof FormValues)[];
const AMOUNTS = new Set(['nmcd', 'value']);
/** Two states of the card hold the same thing, as the server would keep them (an unfilled обеспечение is none). */
const sameCard = (a: Partial<FormValues>, b: Partial<FormValues>, keys: readonly (keyof FormValues)[] = CARD_FIELDS) => {
  const body = (v: Partial<FormValues>) => ({
    ...v,
    application_ensuring: ensuring(v.application_ensuring),
    contract_ensuring: ensuring(v.contract_ensuring),
  });
  return sameValues(body(a), body(b), keys, AMOUNTS);
};

const ensuring = (e: EnsuringDraft | undefined): ProcurementInput['application_ensuring'] =>
  e && e.value !== undefined && e.value !== null && String(e.value).trim() !== '' ? { kind: e.kind ?? 'percent', value: e.value } : null;

const toBody = (v: FormValues): ProcurementInput => ({
  ...v,
  okpd2: (v.okpd2 ?? []).map((code) => ({ code })),
  application_ensuring: ensuring(v.application_ensuring),
  contract_ensuring: ensuring(v.contract_ensuring),
});

export default function ProcurementPage() {
  const { id: raw } = useParams();
  const isNew = !raw || raw === 'new';
  const id = isNew ? null : routeId(raw);
  const company = useSelectedCompany();
  const card = useQuery({ queryKey: ['procurement', company, id], enabled: id !== null, queryFn: () => procurementsApi.get(id!) });
  if (!isNew && (id === null || isNotFound(card.error))) return <ProcurementNotFound />;
  if (id !== null && card.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  // another failure was shown as a notice by the API client
  if (id !== null && !card.data) return null;
  if (!card.data) return <NewProcurement key="new" />;
  return <ProcurementTabs procurement={card.data} />;
}

function NewProcurement() {
  return <ProcurementCard procurement={null} unsaved={useUnsavedChanges()} />;
}

/** A saved procurement: its card and the «Обоснование НМЦК» (the tab in the URL, so a link opens it). */
function ProcurementTabs({ procurement: p }: { procurement: ProcurementResponse }) {
  const { params, patch } = useUrlState();
  const qc = useQueryClient();
  const company = useSelectedCompany();
  const asked = params.get('tab');
  const tab = asked === 'nmck' || asked === 'procedure' ? asked : 'card';
  // one guard for the page: unsaved edits of the card or of the НМЦК tab hold a link, Back or reload alike
  const unsaved = useUnsavedChanges();
  const { part } = unsaved;
  const nmckUnsaved = useMemo(() => part('nmck'), [part]);
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => patch({ tab: k === 'nmck' || k === 'procedure' ? k : undefined })}
      items={[
        {
          key: 'card',
          label: 'Карточка закупки',
          children: (
            <>
              <ProcurementCard key={p.id} procurement={p} unsaved={unsaved} />
              <LinesCard procurementId={p.id} law={p.law} />
            </>
          ),
        },
        {
          key: 'nmck',
          label: 'Обоснование НМЦК',
          children: (
            <NmckTab
              procurementId={p.id}
              unsaved={nmckUnsaved}
              onApplied={() => void qc.invalidateQueries({ queryKey: ['procurement', company, p.id] })}
            />
          ),
        },
        {
          key: 'procedure',
          label: 'Процедура',
          children: <ProcedureTab procurementId={p.id} />,
        },
      ]}
    />
  );
}

function ProcurementCard({
  procurement: p,
  unsaved,
}: {
  procurement: ProcurementResponse | null;
  unsaved: ReturnType<typeof useUnsavedChanges>;
}) {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const company = useSelectedCompany();
  const methods = useMethods();
  const subject = Form.useWatch('subject', form);
  const law = Form.useWatch('law', form) ?? p?.law;
  const rulesList = useQuery({
    queryKey: ['procurement_rules', company, 'select'],
    queryFn: procurementsApi.rulesForSelect,
  });
  // a role that may not change data gets the card to read: nothing offered that the server would refuse
  const canChange = useCanChange();
  const editable = (p ? p.editable : true) && canChange;
  const { changed: markChanged, saved: markSaved } = unsaved;
  // The card as the server last sent it (a new card: its initial values). The form is dirty while what it would save
  // differs from it by value — not by the edit events seen — so a refetch (the НМЦК applied on its tab), a control
  // echoing its value, or an edit typed back to what was there leaves nothing to ask about.
  const server = useRef<Partial<FormValues>>(p ? toForm(p) : INITIAL);
  const loaded = useRef(false);
  const syncDirty = useCallback(
    () => (sameCard(form.getFieldsValue(true), server.current) ? markSaved() : markChanged()),
    [form, markSaved, markChanged],
  );
  useEffect(() => {
    if (!p) return;
    const next = toForm(p);
    if (!loaded.current) form.setFieldsValue(next);
    else {
      // only what the server changed comes in: the user's edits in other fields stay
      const prev = server.current;
      const changed = CARD_FIELDS.filter((k) => !sameCard(next, prev, [k]));
      form.setFieldsValue(Object.fromEntries(changed.map((k) => [k, next[k]])) as Partial<FormValues>);
    }
    loaded.current = true;
    server.current = next;
    syncDirty();
  }, [p, form, syncDirty]);
  const saving = useRef(false);
  // the new card's create carries one key per page open: a repeat (double click, lost answer) returns the same record
  const idem = useIdempotencyKey();
  const save = useMutation({
    mutationFn: (v: FormValues) => (p ? procurementsApi.update(p.id, toBody(v)) : procurementsApi.create(toBody(v), idem.key)),
    onSuccess: (r) => {
      unsaved.saved();
      noticeStore.show({
        kind: 'success',
        header: 'Успешно',
        message: p ? `Закупка ${r.number} сохранена` : `Закупка ${r.number} создана`,
      });
      qc.setQueryData(['procurement', company, r.id], r);
      void qc.invalidateQueries({ queryKey: ['procurements'] });
      if (!p) {
        idem.renew();
        navigate(`/documents/${r.id}`, { replace: true });
      }
    },
    onError: (err) => applyServerErrors(form, err),
  });

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} data-testid="procurement-title">
          {p ? `Закупка № ${p.number}` : 'Новая закупка'}
          {p && (
            <Tag
              color={p.law === '44' ? 'geekblue' : 'default'}
              style={{ marginLeft: 12, verticalAlign: 'middle' }}
              data-testid="procurement-law"
            >
              {p.law === '44' ? '44-ФЗ' : '223-ФЗ'}
            </Tag>
          )}
          {p?.ikz && (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 14, marginLeft: 4, fontFamily: 'monospace' }}
              data-testid="procurement-ikz"
            >
              ИКЗ <IkzCode value={p.ikz} />
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
      {p && (p.law === '44' ? !!p.ikz : !!p.notice_number) && <EisReconciliation procurement={p} />}
      <Row gutter={24}>
        <Col xs={24} xl={15}>
          <Form<FormValues>
            form={form}
            layout="vertical"
            disabled={!editable}
            initialValues={INITIAL}
            onKeyDown={enterDoesNotSubmit}
            onValuesChange={syncDirty}
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
              <Field label={lawTerm('subject', law)} name="subject_description">
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Field>
              <Field label="ОКПД2" name="okpd2">
                <Okpd2Select
                  mode="multiple"
                  placeholder="Код или слова наименования"
                  knownOptions={p?.okpd2.map((o) => ({ value: o.code, label: o.name ? `${o.code} ${o.name}` : o.code }))}
                />
              </Field>
              {/* a 44-ФЗ purchase follows the law and the customer's own documents, not a Положение (ст. 2 223-ФЗ) */}
              <Field label="Положение о закупке" name="rule_id" hidden={law === '44'}>
                <Select
                  allowClear
                  placeholder="Действующее положение организации"
                  loading={rulesList.isLoading}
                  labelRender={labelWithoutIds(rulesList.isLoading)}
                  options={withKnown(
                    (rulesList.data?.items ?? []).map((r) => ({ value: r.id, label: r.title })),
                    p?.rule ? [{ value: p.rule.id, label: p.rule.title }] : [],
                  )}
                />
              </Field>
              <Field label="Закон" name="law">
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: '223', label: '223-ФЗ' },
                    { value: '44', label: '44-ФЗ' },
                  ]}
                />
              </Field>
              {law === '44' && (
                <Row gutter={16}>
                  <Col span={18}>
                    <Field
                      label="ИКЗ (идентификационный код закупки)"
                      name="ikz"
                      normalize={(v: string) => (v ? v.replace(/\s/g, '') : null)}
                      rules={[ikzRule(form)]}
                      extra={<IkzParts form={form} />}
                    >
                      <Input maxLength={36} style={{ fontFamily: 'monospace' }} placeholder="36 цифр" />
                    </Field>
                  </Col>
                  <Col span={6}>
                    <Field
                      label="КВР"
                      name="kvr"
                      normalize={(v: string) => (v ? v.trim() : null)}
                      rules={[{ pattern: /^\d{3}$/, message: 'КВР: три цифры, например 244' }]}
                    >
                      <Input maxLength={3} />
                    </Field>
                  </Col>
                </Row>
              )}
              {law !== '44' && (
                // ЕИС's notice of the purchase (its versions, protocols, contract) reaches the card by this number
                <Field
                  label="Номер извещения в ЕИС"
                  name="notice_number"
                  normalize={(v: string) => (v ? v.replace(/\s/g, '') : null)}
                  rules={[{ pattern: /^\d{11}$/, message: 'Номер извещения в ЕИС: 11 цифр' }]}
                >
                  <Input maxLength={11} style={{ maxWidth: 240, fontFamily: 'monospace' }} placeholder="11 цифр" />
                </Field>
              )}
              <Field label="Номер позиции плана закупки" name="plan_item_number">
                <Input style={{ maxWidth: 240 }} />
              </Field>
              <Field name="sme_only" valuePropName="checked">
                <Checkbox>{lawTerm('sme', law)}</Checkbox>
              </Field>
            </Card>
            <Card title="Цена и финансирование" size="small" style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                <Col span={10}>
                  <Field
                    label={lawTerm('nmc', law)}
                    name="nmcd"
                    rules={moneyRules({ required: true, positive: true })}
                    extra={<NmcdInWords form={form} />}
                  >
                    <MoneyInput />
                  </Field>
                </Col>
                <Col span={4}>
                  <Field label="Валюта" name="currency" rules={[rules.required]}>
                    <Select
                      options={Object.entries(CURRENCY_TITLES).map(([code, title]) => ({ value: code, label: title }))}
                      popupMatchSelectWidth={200}
                    />
                  </Field>
                </Col>
                <Col span={10}>
                  <Field label={`Метод определения ${lawTerm('nmc', law)}`} name="nmcd_method_id">
                    <CatalogSelect
                      knownOptions={known(p, 'nmcd_method_id')}
                      kind="elements"
                      query={{ type: 1 }}
                      requestName={`Методы определения ${lawTerm('nmc', law)}`}
                    />
                  </Field>
                </Col>
              </Row>
              <Field label="Источники финансирования" name="funding_source_ids">
                <CatalogSelect
                  knownOptions={known(p, 'funding_source_ids')}
                  kind="elements"
                  query={{ type: 8 }}
                  mode="multiple"
                  requestName="Источники финансирования"
                />
              </Field>
              <EnsuringField label="Обеспечение заявки" name="application_ensuring" law={law} />
              <EnsuringField label={`Обеспечение исполнения ${lawTerm('contractGen', law)}`} name="contract_ensuring" law={law} />
              <Field label="Обеспечение (справочник)" name="ensuring_ids">
                <CatalogSelect knownOptions={known(p, 'ensuring_ids')} kind="ensuring" mode="multiple" requestName="Обеспечение" />
              </Field>
            </Card>
            <Card title="Требования и условия" size="small" style={{ marginBottom: 16 }}>
              <Field label="Единые (дополнительные) требования" name="requirement_ids">
                <CatalogSelect
                  knownOptions={known(p, 'requirement_ids')}
                  kind="elements"
                  query={{ type: 2 }}
                  mode="multiple"
                  requestName="Требования"
                />
              </Field>
              <Field label="Дополнительная информация и документы" name="info_document_ids">
                <CatalogSelect
                  knownOptions={known(p, 'info_document_ids')}
                  kind="elements"
                  query={{ type: 7 }}
                  mode="multiple"
                  requestName="Дополнительная информация и документы"
                />
              </Field>
              <Field label="Условия поставки (выполнения работ, оказания услуг)" name="delivery_term_ids">
                <CatalogSelect
                  knownOptions={known(p, 'delivery_term_ids')}
                  kind="execTerms"
                  query={{ type: 1, subject_type: SUBJECT_TYPE[subject ?? 'goods'] }}
                  mode="multiple"
                  requestName="Условия поставки"
                />
              </Field>
              <Field label="Сроки (условия) поставки" name="delivery_terms">
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
              </Field>
              <Field label="Место поставки (справочник)" name="delivery_place_ids">
                <CatalogSelect
                  knownOptions={known(p, 'delivery_place_ids')}
                  kind="execTerms"
                  query={{ type: 2 }}
                  mode="multiple"
                  requestName="Место поставки"
                />
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
                    <Field label={label} name={name} {...isoDateProps} rules={dateRules()}>
                      <DateInput style={{ width: '100%' }} />
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
        <Col xs={24} xl={9}>
          {p ? (
            <SidePanel p={p} />
          ) : (
            <Alert
              type="info"
              showIcon
              title="Номер закупки будет присвоен при сохранении; положение о закупке — действующее положение организации."
            />
          )}
        </Col>
      </Row>
    </>
  );
}

/**
 * The ИКЗ checked as it is typed, against what the form knows (its ОКПД2 and КВР); the server checks the rest — the
 * company's ИКУ and the план-график position — and its messages land under the same field.
 */
const ikzRule = (form: FormInstance<FormValues>) => ({
  validator: async (_: unknown, v: string | null | undefined) => {
    if (!v) return;
    const issues = validateIkz(v, { okpd2: form.getFieldValue('okpd2') ?? [], kvr: form.getFieldValue('kvr') || null });
    if (issues.length) throw new Error(issues.map((i) => i.message).join('; '));
  },
});

/** The typed ИКЗ split into its parts, once it has its 36 digits. */
function IkzParts({ form }: { form: FormInstance<FormValues> }) {
  const v = Form.useWatch('ikz', form);
  return v && /^\d{36}$/.test(v) ? <IkzCode value={v} /> : null;
}

/** «НМЦД прописью» as the documents will write it, live while the sum is typed (roubles only). */
function NmcdInWords({ form }: { form: FormInstance<FormValues> }) {
  const nmcd = Form.useWatch('nmcd', form);
  const currency = Form.useWatch('currency', form);
  const words =
    nmcd && (currency ?? 'RUB') === 'RUB' && !decimalProblem(String(nmcd), { positive: true }) ? rublesInWordsRu(String(nmcd)) : null;
  return words ? <span data-testid="nmcd-in-words">{words}</span> : null;
}

function EnsuringField({ label, name, law }: { label: string; name: 'application_ensuring' | 'contract_ensuring'; law?: string }) {
  return (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      <Space.Compact style={{ alignItems: 'flex-start' }}>
        <Field name={[name, 'kind']} noStyle>
          <Select
            style={{ width: 150 }}
            aria-label={`${label}: вид`}
            options={[
              { value: 'percent', label: `% от ${lawTerm('nmc', law)}` },
              { value: 'amount', label: 'Сумма' },
            ]}
          />
        </Field>
        <Field name={[name, 'value']} style={{ marginBottom: 16 }} rules={moneyRules()}>
          <MoneyInput aria-label={label} style={{ width: 200 }} />
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
  /** A move the server found against a term: the broken rules, and the reason the user gives to move anyway. */
  const [overrideFor, setOverrideFor] = useState<{ to: ProcurementStatus; comment?: string; rules: string[] } | null>(null);
  const [overrideForm] = Form.useForm<{ reason: string }>();
  const history = useQuery({ queryKey: ['procurement-history', company, p.id, p.status], queryFn: () => procurementsApi.history(p.id) });
  const eis = useEisReconciliation(p.id, p.law, p.law === '44' || !!p.notice_number);
  const canChange = useCanChange();
  const move = useMutation({
    mutationFn: ({ to, comment, reason }: { to: ProcurementStatus; comment?: string; reason?: string }) =>
      procurementsApi.transition(p.id, to, comment, reason),
    onSuccess: (r) => {
      qc.setQueryData(['procurement', company, p.id], r);
      void qc.invalidateQueries({ queryKey: ['procurements'] });
      setCommentFor(null);
      setOverrideFor(null);
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `Статус закупки: ${r.status_title}` });
    },
    onError: (err, v) => {
      if (err instanceof ApiError && err.body?.code === 'CONFIRM_REQUIRED') {
        setCommentFor(null);
        setOverrideFor({ to: v.to, comment: v.comment, rules: err.body.fields?.warnings ?? [err.body.message ?? ''] });
      } else if (err instanceof ApiError && err.body?.fields) showHttpError(err); // quiet hid it: the card has no field for it
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
          {(canChange ? p.allowed_transitions : []).map((to) => (
            <Button
              key={to}
              danger={COMMENT_REQUIRED.includes(to)}
              loading={move.isPending && move.variables?.to === to}
              onClick={() => (COMMENT_REQUIRED.includes(to) ? setCommentFor(to) : move.mutate({ to }))}
            >
              {transitionLabel(to, p.law)}
            </Button>
          ))}
        </Space>
        <PublishReadiness p={p} />
      </Card>
      <ApprovalPanel
        kind="purchase"
        documentId={p.id}
        onChange={() => void qc.invalidateQueries({ queryKey: ['procurement', company, p.id] })}
      />
      <Card title="Срок подачи заявок" size="small" data-testid="deadline-card">
        <Descriptions size="small" column={1}>
          {p.law === '44' ? (
            // 44-ФЗ's terms are the law's own: no Положение governs them
            <Descriptions.Item label="Сроки">по 44-ФЗ</Descriptions.Item>
          ) : (
            <>
              <Descriptions.Item label="Положение">{p.rule?.title ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Редакция">
                {p.rule_version
                  ? `№ ${p.rule_version.number}${p.rule_version.in_force_from ? ` от ${formatDate(p.rule_version.in_force_from)}` : ''}`
                  : '—'}
              </Descriptions.Item>
            </>
          )}
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
          <Alert
            type="error"
            showIcon
            title="Нарушения сроков"
            data-testid="violations"
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {p.violations.map((v) => (
                  <li key={v.code + v.field}>{v.message}</li>
                ))}
              </ul>
            }
          />
        ) : eisDatesDiffer(eis.data) ? (
          // the card's dates are not those ЕИС published: checking them says nothing of the real purchase
          <Alert
            type="warning"
            showIcon
            title="Сроки не проверены: даты в карточке отличаются от опубликованных в ЕИС — примените данные ЕИС"
            data-testid="terms-eis-differs"
          />
        ) : !p.published_on || !p.application_deadline ? (
          // nothing was compared: no green light for a card without dates
          <Alert
            type="info"
            showIcon
            title="Сроки не проверены: укажите дату размещения и дату окончания подачи заявок"
            data-testid="terms-unchecked"
          />
        ) : (
          <Alert
            type="success"
            showIcon
            title={p.law === '44' ? 'Сроки соответствуют 44-ФЗ' : 'Сроки соответствуют положению о закупке'}
            data-testid="terms-ok"
          />
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
      <FormDialog
        form={commentForm}
        open={commentFor !== null}
        title={commentFor ? transitionLabel(commentFor, p.law) : ''}
        okText="Подтвердить"
        saving={move.isPending}
        onCancel={() => setCommentFor(null)}
        onFinish={(v) => move.mutate({ to: commentFor!, comment: v.comment })}
      >
        <Field label="Комментарий" name="comment" rules={[rules.required]}>
          <Input.TextArea autoSize={{ minRows: 3 }} autoFocus />
        </Field>
      </FormDialog>
      <FormDialog
        form={overrideForm}
        open={overrideFor !== null}
        title={overrideFor ? `${transitionLabel(overrideFor.to, p.law)}: сроки нарушены` : ''}
        okText="Перевести вопреки сроку"
        okButtonProps={{ danger: true }}
        saving={move.isPending}
        onCancel={() => setOverrideFor(null)}
        testId="term-override"
        before={
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            description={<FindingsList items={overrideFor?.rules ?? []} testId="term-rules" />}
          />
        }
        onFinish={(v) => move.mutate({ to: overrideFor!.to, comment: overrideFor!.comment, reason: v.reason })}
      >
        <Field label="Причина (сохранится в журнале)" name="reason" rules={[rules.required]}>
          <Input.TextArea autoSize={{ minRows: 2 }} autoFocus />
        </Field>
      </FormDialog>
    </Space>
  );
}
