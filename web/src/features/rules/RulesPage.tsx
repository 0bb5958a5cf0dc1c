import { useState } from 'react';
import { Button, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ProcurementRuleResponse } from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { useSession, useSelectedCompany } from '../../lib/session';
import { formatDate, formatDateTime } from '../../lib/format';
import { rulesApi, type RulesArchived } from './api';
import { LAW_TITLES } from '../catalogs';
import { CopyRuleModal } from './CopyRuleModal';
import { usePagedTable } from '../../lib/paged-table';
import { noticeStore } from '../../lib/notices';

const archivedOptions = [
  { value: 'false', label: 'Действующие' },
  { value: 'true', label: 'Архивные' },
  { value: 'all', label: 'Все' },
];

export default function RulesPage() {
  const session = useSession()!;
  const company = useSelectedCompany();
  const t = usePagedTable({ filters: ['q', 'archived'] as const });
  const q = t.filters.q ?? '';
  const archived = (['false', 'true', 'all'].includes(t.filters.archived ?? '') ? t.filters.archived : 'false') as RulesArchived;
  const qc = useQueryClient();
  const query = { page: t.page, q: q || undefined, archived };
  const list = useQuery({ queryKey: ['procurement_rules', company, query], queryFn: () => rulesApi.list(query) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['procurement_rules'] });
  // the operator serves its own company only and does not change customers' data
  const canEdit = session.user.role !== 'operator';
  const [editing, setEditing] = useState<ProcurementRuleResponse | 'new' | null>(null);
  const [copying, setCopying] = useState(false);
  const toggle = useMutation({
    mutationFn: (r: ProcurementRuleResponse) => (r.archived ? rulesApi.restore(r.id) : rulesApi.archive(r.id)),
    onSuccess: refresh,
  });

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3}>Положения о закупке</Typography.Title>
        {canEdit && (
          <Space>
            {/* 44-ФЗ has no Положение: the company's own document templates for it live on their own page */}
            <Link to="/documentTemplates" data-testid="templates-44">
              Шаблоны документов 44-ФЗ
            </Link>
            <Button onClick={() => setCopying(true)} data-testid="rule-copy">
              Скопировать
            </Button>
            <Button type="primary" onClick={() => setEditing('new')} data-testid="rule-create">
              Создать положение
            </Button>
          </Space>
        )}
      </Space>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="Поиск по наименованию"
          defaultValue={q}
          onSearch={(v) => t.filter({ q: v.trim() || undefined })}
          style={{ width: 380 }}
          data-testid="rules-search"
          aria-label="Поиск по наименованию"
        />
        <Select
          aria-label="Состояние"
          style={{ width: 180 }}
          value={archived}
          options={archivedOptions}
          onChange={(v) => t.filter({ archived: v === 'false' ? undefined : v })}
          data-testid="rules-archived"
        />
      </Space>
      <Table<ProcurementRuleResponse>
        rowKey="id"
        data-testid="rules-table"
        {...t.table(
          list,
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={q ? 'Ничего не найдено' : 'Положений о закупке пока нет. Создайте своё или скопируйте типовое.'}
          />,
        )}
        columns={[
          {
            title: 'Наименование',
            dataIndex: 'title',
            render: (t: string, r) => (
              <Link to={`/procurementsRules/${r.id}/versions`} data-testid={`rule-link-${r.id}`}>
                {t}
              </Link>
            ),
          },
          { title: 'Закон', dataIndex: 'law', width: 100, render: (l: '223' | '44') => LAW_TITLES[l] },
          {
            title: 'Действующая редакция',
            key: 'in_force',
            render: (_: unknown, r) =>
              r.version_in_force ? (
                <span data-testid={`rule-in-force-${r.id}`}>
                  № {r.version_in_force.number}
                  {r.version_in_force.in_force_from ? ` в силе с ${formatDate(r.version_in_force.in_force_from)}` : ''}
                </span>
              ) : (
                <Typography.Text type="secondary">нет</Typography.Text>
              ),
          },
          { title: 'Редакций', dataIndex: 'versions_count', width: 100 },
          {
            title: 'Состояние',
            key: 'status',
            width: 170,
            // «действует» only with an edition in force today: a rule without one governs nothing yet
            render: (_: unknown, r) =>
              r.archived ? (
                <Tag>в архиве</Tag>
              ) : r.version_in_force ? (
                <Tag color="green" data-testid={`rule-state-${r.id}`}>
                  действует
                </Tag>
              ) : (
                <Tag color="orange" data-testid={`rule-state-${r.id}`}>
                  {r.versions_count ? 'нет редакции в силе' : 'нет редакций'}
                </Tag>
              ),
          },
          { title: 'Изменено', dataIndex: 'updated_at', width: 180, render: (d: string) => formatDateTime(d) },
          {
            title: 'Действия',
            key: 'actions',
            render: (_: unknown, r) => (
              <Space wrap>
                <Link to={`/procurementsRules/${r.id}/versions`}>Редакции</Link>
                {canEdit && (
                  <>
                    <a
                      role="button"
                      tabIndex={0}
                      onClick={() => setEditing(r)}
                      onKeyDown={(e) => e.key === 'Enter' && setEditing(r)}
                      data-testid={`rule-edit-${r.id}`}
                    >
                      Изменить
                    </a>
                    <Popconfirm
                      title={r.archived ? 'Вернуть положение из архива?' : 'Перенести положение в архив?'}
                      okText="Да"
                      cancelText="Нет"
                      onConfirm={() => toggle.mutate(r)}
                    >
                      <a role="button" tabIndex={0} data-testid={`rule-${r.archived ? 'restore' : 'archive'}-${r.id}`}>
                        {r.archived ? 'Вернуть из архива' : 'В архив'}
                      </a>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <RuleForm rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      {copying && <CopyRuleModal companyId={company} onClose={() => setCopying(false)} onCopied={refresh} />}
    </>
  );
}

function RuleForm({ rule, onClose, onSaved }: { rule: ProcurementRuleResponse | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const save = useMutation({
    mutationFn: (v: { title: string; description?: string; law: '223' | '44' }) => {
      const body = { title: v.title, description: v.description?.trim() || undefined, law: v.law };
      return rule ? rulesApi.update(rule.id, body) : rulesApi.create(body);
    },
    onSuccess: () => {
      noticeStore.show({
        kind: 'success',
        header: 'Успешно',
        message: rule ? 'Положение о закупке сохранено' : 'Положение о закупке создано',
      });
      onSaved();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  return (
    <FormDialog
      form={form}
      title={rule ? 'Изменить положение о закупке' : 'Новое положение о закупке'}
      onCancel={onClose}
      saving={save.isPending}
      okButtonProps={{ 'data-testid': 'rule-save' }}
      initialValues={rule ? { title: rule.title, description: rule.description ?? '', law: rule.law } : { law: '223' as const }}
      onFinish={(v) => save.mutate(v)}
    >
      <Field label="Наименование" name="title" rules={[rules.required, { max: 500, message: 'Не длиннее 500 символов' }]}>
        <Input autoFocus data-testid="rule-title" />
      </Field>
      <Field label="Закон" name="law" rules={[rules.requiredAny]}>
        <Select options={Object.entries(LAW_TITLES).map(([value, label]) => ({ value, label }))} />
      </Field>
      <Field label="Описание" name="description">
        <Input.TextArea rows={4} maxLength={5000} />
      </Field>
    </FormDialog>
  );
}
