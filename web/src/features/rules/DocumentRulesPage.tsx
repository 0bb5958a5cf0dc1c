import { useMemo, useState, type ReactNode } from 'react';
import { Breadcrumb, Button, Checkbox, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { FormDialog } from '../../lib/FormDialog';
import { useUrlState } from '../../lib/url-state';
import { isNotFound, routeId } from '../../lib/ObjectNotFound';
import { RuleNotFound } from './RuleNotFound';
import {
  DAYS_UNITS,
  DAYS_UNIT_TITLES,
  daysText,
  DOCUMENT_KINDS,
  DOCUMENT_KIND_TITLES,
  SUBJECT_TITLES,
  type DocumentKind,
  type DocumentRuleRequest,
  type DocumentRuleResponse,
} from '@proc/contract';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { useSession, useSelectedCompany } from '../../lib/session';
import { formatMoney } from '../../lib/format';
import { rulesApi } from './api';
import { decimalOrNull } from './dates';
import { METHOD_TITLES, methodOptions, methodTitle } from '../catalogs';
import { AuditHistoryPanel } from '../audit';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';

type Subject = DocumentRuleResponse['subject'];
const subjectTitle = (s: Subject) => (s === 'any' ? 'Любой' : SUBJECT_TITLES[s]);
const subjectOptions = (['any', 'goods', 'works', 'services'] as const).map((s) => ({ value: s, label: subjectTitle(s) }));
const kindOptions = DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_TITLES[k] }));
const unitOptions = DAYS_UNITS.map((u) => ({ value: u, label: DAYS_UNIT_TITLES[u] }));
const methodOrder = Object.keys(METHOD_TITLES);
const byMethod = (a: DocumentRuleResponse, b: DocumentRuleResponse) => {
  const ia = methodOrder.indexOf(a.method);
  const ib = methodOrder.indexOf(b.method);
  return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.method.localeCompare(b.method) || a.id - b.id;
};

/** A bound as one unbreakable piece: a narrow cell broke «до 600 000 ₽» inside the sum (antd cells break long words). */
const bound = (word: string, v: string) => <span style={{ whiteSpace: 'nowrap' }}>{`${word} ${formatMoney(v)}`}</span>;

function nmcdRange(r: DocumentRuleResponse): ReactNode {
  if (!r.nmcd_min && !r.nmcd_max) return 'любая';
  return (
    <>
      {r.nmcd_min && bound('от', r.nmcd_min)}
      {r.nmcd_min && r.nmcd_max && ' '}
      {r.nmcd_max && bound('до', r.nmcd_max)}
    </>
  );
}

/** Staff only: which documents a procurement of each method needs under this version; editable while it is a draft. */
export default function DocumentRulesPage() {
  const params = useParams();
  const ruleId = routeId(params.procId) ?? 0;
  const versionId = routeId(params.id) ?? 0;
  const session = useSession()!;
  const company = useSelectedCompany();
  const { params: search, patch } = useUrlState();
  const method = search.get('method') ?? undefined;
  const qc = useQueryClient();
  const rule = useQuery({
    queryKey: ['procurement_rules', company, 'rule', ruleId],
    queryFn: () => rulesApi.get(ruleId),
    enabled: ruleId > 0,
  });
  const version = useQuery({
    queryKey: ['procurement_rules', company, 'version', ruleId, versionId],
    queryFn: () => rulesApi.version(ruleId, versionId),
    enabled: ruleId > 0 && versionId > 0,
  });
  const list = useQuery({
    queryKey: ['procurement_rules', company, 'document_rules', ruleId, versionId],
    queryFn: () => rulesApi.documentRules(ruleId, versionId),
    enabled: ruleId > 0 && versionId > 0,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['procurement_rules'] });
  const editable = version.data?.status === 'draft' && session.user.role !== 'operator' && !rule.data?.is_template;
  const [editing, setEditing] = useState<DocumentRuleResponse | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (r: DocumentRuleResponse) => rulesApi.deleteDocumentRule(ruleId, versionId, r.id),
    onSuccess: refresh,
  });

  const all = useMemo(() => [...(list.data ?? [])].sort(byMethod), [list.data]);
  const methods = useMemo(() => [...new Set(all.map((r) => r.method))], [all]);
  const shown = method ? all.filter((r) => r.method === method) : all;

  if (ruleId === 0 || versionId === 0 || [rule, version, list].some((q) => isNotFound(q.error))) return <RuleNotFound version />;
  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 8 }}
        items={[
          { title: <Link to="/procurementsRules">Положения о закупке</Link> },
          { title: <Link to={`/procurementsRules/${ruleId}/versions`}>{rule.data?.title ?? '…'}</Link> },
          { title: version.data ? `Редакция № ${version.data.number}` : '…' },
        ]}
      />
      <Space style={{ justifyContent: 'space-between', width: '100%' }} align="start">
        <div>
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            Правила документов
          </Typography.Title>
          {version.data && (
            <Typography.Paragraph type="secondary">
              Редакция № {version.data.number} · {version.data.status_title}
              {version.data.status !== 'draft' && ' · изменять можно только черновик'}
            </Typography.Paragraph>
          )}
        </div>
        {editable && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="doc-rule-create">
            Добавить правило
          </Button>
        )}
      </Space>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          aria-label="Способ закупки"
          placeholder="Все способы"
          style={{ width: 320 }}
          value={method}
          options={methods.map((m) => ({ value: m, label: `${methodTitle(m)} (${all.filter((r) => r.method === m).length})` }))}
          onChange={(v?: string) => patch({ method: v })}
          data-testid="doc-rules-method"
        />
      </Space>
      <Table<DocumentRuleResponse>
        rowKey="id"
        size="middle"
        data-testid="doc-rules-table"
        loading={list.isLoading}
        dataSource={shown}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Правил документов нет" /> }}
        columns={[
          {
            title: 'Способ закупки',
            dataIndex: 'method',
            // rows of one method are merged into one cell: the table reads as groups
            onCell: (r, i = 0) => {
              const prev = shown[i - 1];
              if (prev && prev.method === r.method) return { rowSpan: 0 };
              let n = 1;
              while (shown[i + n]?.method === r.method) n++;
              return { rowSpan: n };
            },
            render: (m: string) => <Typography.Text strong>{methodTitle(m)}</Typography.Text>,
          },
          { title: 'Предмет', dataIndex: 'subject', render: subjectTitle },
          {
            title: 'Документ',
            key: 'doc',
            render: (_: unknown, r) => (
              <>
                {r.title}
                {r.template !== r.document_kind && (
                  <Typography.Text type="secondary"> (шаблон: {DOCUMENT_KIND_TITLES[r.template]})</Typography.Text>
                )}
              </>
            ),
          },
          { title: 'Обязательный', dataIndex: 'required', render: (b: boolean) => (b ? <Tag color="blue">да</Tag> : <Tag>нет</Tag>) },
          { title: 'Мин. срок', key: 'days', render: (_: unknown, r) => (r.min_days === null ? '—' : daysText(r.min_days, r.days_unit)) },
          { title: 'НМЦД', key: 'nmcd', render: (_: unknown, r) => nmcdRange(r) },
          { title: 'Примечание', dataIndex: 'note', render: (n: string | null) => n ?? '' },
          ...(editable
            ? [
                {
                  title: 'Действия',
                  key: 'a',
                  render: (_: unknown, r: DocumentRuleResponse) => (
                    <Space>
                      <a role="button" tabIndex={0} onClick={() => setEditing(r)} data-testid={`doc-rule-edit-${r.id}`}>
                        Изменить
                      </a>
                      <Popconfirm
                        title="Удалить правило документа?"
                        okText="Удалить"
                        cancelText="Отмена"
                        onConfirm={() => remove.mutate(r)}
                      >
                        <a role="button" tabIndex={0} data-testid={`doc-rule-delete-${r.id}`}>
                          Удалить
                        </a>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <AuditHistoryPanel entity="rule_version" entityId={versionId} title="Журнал изменений редакции" style={{ marginTop: 16 }} />
      {editing && (
        <DocumentRuleForm
          ruleId={ruleId}
          versionId={versionId}
          docRule={editing === 'new' ? null : editing}
          method={method}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </>
  );
}

interface Values {
  method: string;
  subject: Subject;
  document_kind: DocumentKind;
  template?: DocumentKind;
  title?: string;
  required: boolean;
  min_days?: number | null;
  days_unit: 'calendar' | 'working';
  nmcd_min?: string;
  nmcd_max?: string;
  note?: string;
}

function DocumentRuleForm({
  ruleId,
  versionId,
  docRule,
  method,
  onClose,
  onSaved,
}: {
  ruleId: number;
  versionId: number;
  docRule: DocumentRuleResponse | null;
  method?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: DocumentRuleRequest = {
        method: v.method,
        subject: v.subject,
        document_kind: v.document_kind,
        template: v.template,
        title: v.title?.trim() || undefined,
        required: v.required,
        min_days: v.min_days ?? null,
        days_unit: v.days_unit,
        nmcd_min: decimalOrNull(v.nmcd_min),
        nmcd_max: decimalOrNull(v.nmcd_max),
        note: v.note?.trim() || undefined,
      };
      return docRule
        ? rulesApi.updateDocumentRule(ruleId, versionId, docRule.id, body)
        : rulesApi.createDocumentRule(ruleId, versionId, body);
    },
    onSuccess: () => {
      onSaved();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  const initial: Partial<Values> = docRule
    ? {
        ...docRule,
        title: docRule.title,
        nmcd_min: docRule.nmcd_min ?? undefined,
        nmcd_max: docRule.nmcd_max ?? undefined,
        note: docRule.note ?? undefined,
      }
    : { method, subject: 'any', required: true, days_unit: 'calendar' };
  return (
    <FormDialog<Values>
      form={form}
      width={720}
      title={docRule ? 'Изменить правило документа' : 'Новое правило документа'}
      onCancel={onClose}
      saving={save.isPending}
      okButtonProps={{ 'data-testid': 'doc-rule-save' }}
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0 16px' }}>
        <Field label="Способ закупки" name="method" rules={[rules.requiredAny]}>
          <Select autoFocus showSearch={{ optionFilterProp: 'label' }} options={methodOptions} data-testid="doc-rule-method" />
        </Field>
        <Field label="Предмет закупки" name="subject" rules={[rules.requiredAny]}>
          <Select options={subjectOptions} />
        </Field>
        <Field label="Документ" name="document_kind" rules={[rules.requiredAny]}>
          <Select options={kindOptions} data-testid="doc-rule-kind" />
        </Field>
        <Field label="Шаблон" name="template">
          <Select allowClear placeholder="Как у документа" options={kindOptions} />
        </Field>
      </div>
      <Field label="Наименование документа" name="title">
        <Input placeholder="По умолчанию — наименование шаблона" maxLength={500} />
      </Field>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr 1fr', gap: '0 16px' }}>
        <Field label="Мин. срок" name="min_days">
          <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
        </Field>
        <Field label="Дни" name="days_unit">
          <Select options={unitOptions} />
        </Field>
        <Field label="НМЦД от, ₽" name="nmcd_min" rules={moneyRules()}>
          <MoneyInput />
        </Field>
        <Field label="НМЦД до, ₽" name="nmcd_max" rules={moneyRules({ positive: true })}>
          <MoneyInput />
        </Field>
      </div>
      <Form.Item name="required" valuePropName="checked">
        <Checkbox>Обязательный документ</Checkbox>
      </Form.Item>
      <Field label="Примечание" name="note">
        <Input.TextArea rows={2} maxLength={2000} />
      </Field>
    </FormDialog>
  );
}
