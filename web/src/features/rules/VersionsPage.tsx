import { useState, type HTMLAttributes } from 'react';
import { Breadcrumb, Button, Empty, Form, Modal, Popconfirm, Space, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import { RULE_VERSION_STATUS_TITLES, isStaff, type RuleVersionResponse, type RuleVersionStatus } from '@proc/contract';
import { useSession, useSelectedCompany } from '../../lib/session';
import { formatDate, formatMoney } from '../../lib/format';
import { rulesApi } from './api';
import { fromIso, toIso } from './dates';
import { LAW_TITLES } from '../catalogs';
import { VersionForm } from './VersionForm';
import { AuditHistory, AuditHistoryPanel } from '../audit';
import { SignRuleVersion } from '../signatures';
import { moscowToday } from '../../lib/dates';
import { isNotFound, routeId } from '../../lib/ObjectNotFound';
import { RuleNotFound } from './RuleNotFound';
import { DateFilter } from '../../lib/DateInput';
import { FormDialog } from '../../lib/FormDialog';

const STATUS_COLORS: Record<RuleVersionStatus, string> = { draft: 'default', approved: 'blue', published: 'green' };

export default function VersionsPage() {
  const ruleId = routeId(useParams().id) ?? 0;
  const session = useSession()!;
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const rule = useQuery({
    queryKey: ['procurement_rules', company, 'rule', ruleId],
    queryFn: () => rulesApi.get(ruleId),
    enabled: ruleId > 0,
  });
  const list = useQuery({
    queryKey: ['procurement_rules', company, 'versions', ruleId],
    queryFn: () => rulesApi.versions(ruleId),
    enabled: ruleId > 0,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['procurement_rules'] });
  const [editing, setEditing] = useState<RuleVersionResponse | 'new' | null>(null);
  const [approving, setApproving] = useState<RuleVersionResponse | null>(null);
  const [publishing, setPublishing] = useState<RuleVersionResponse | null>(null);
  const [history, setHistory] = useState<RuleVersionResponse | null>(null);
  // templates are shared and read-only; the operator does not change customers' data
  const canEdit = session.user.role !== 'operator' && !!rule.data && !rule.data.is_template && !rule.data.archived;
  const staff = isStaff(session.user.role);

  const publish = useMutation({ mutationFn: (v: RuleVersionResponse) => rulesApi.publish(ruleId, v.id), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (v: RuleVersionResponse) => rulesApi.deleteVersion(ruleId, v.id), onSuccess: refresh });
  const upload = useMutation({
    mutationFn: ({ v, file }: { v: RuleVersionResponse; file: File }) => rulesApi.uploadApproval(ruleId, v.id, file),
    onSuccess: refresh,
  });
  const versions = list.data ?? [];

  if (ruleId === 0 || isNotFound(rule.error) || isNotFound(list.error)) return <RuleNotFound />;
  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/procurementsRules">Положения о закупке</Link> }, { title: rule.data?.title ?? '…' }]}
        style={{ marginBottom: 8 }}
      />
      <Space style={{ justifyContent: 'space-between', width: '100%' }} align="start">
        <div>
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            Редакции положения
          </Typography.Title>
          {rule.data && (
            <Typography.Paragraph type="secondary" data-testid="rule-title">
              {rule.data.title} · {LAW_TITLES[rule.data.law]}
              {rule.data.is_template ? ' · типовое' : ''}
              {rule.data.archived ? ' · в архиве' : ''}
            </Typography.Paragraph>
          )}
        </div>
        {canEdit && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="version-create">
            Создать редакцию
          </Button>
        )}
      </Space>
      <Table<RuleVersionResponse>
        rowKey="id"
        data-testid="versions-table"
        loading={list.isLoading}
        dataSource={versions}
        pagination={false}
        onRow={(v) => ({ 'data-testid': `version-row-${v.number}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Редакций пока нет" /> }}
        columns={[
          { title: '№', dataIndex: 'number', width: 70 },
          { title: 'Дата утверждения', dataIndex: 'approved_on', render: (d: string | null) => (d ? formatDate(d) : '—') },
          { title: 'Вступает в силу', dataIndex: 'in_force_from', render: (d: string | null) => (d ? formatDate(d) : '—') },
          {
            title: 'Статус',
            key: 'status',
            render: (_: unknown, v) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLORS[v.status]} data-testid={`version-status-${v.id}`}>
                  {RULE_VERSION_STATUS_TITLES[v.status]}
                </Tag>
                {v.in_force_today && (
                  <Tag color="green" data-testid={`version-in-force-${v.id}`}>
                    в силе
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: 'Ед. поставщик до',
            dataIndex: 'single_supplier_max',
            render: (s: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(s)}</span>,
          },
          {
            title: 'Сроки',
            key: 'lead',
            render: (_: unknown, v) => (v.lead_time_overrides?.length ? `свои (${v.lead_time_overrides.length})` : 'типовые'),
          },
          {
            title: 'Документ об утверждении',
            key: 'doc',
            render: (_: unknown, v) => (
              <Space direction="vertical" size={0}>
                {v.approval_document ? (
                  <a
                    role="button"
                    tabIndex={0}
                    onClick={() => void rulesApi.downloadApproval(ruleId, v.id)}
                    data-testid={`version-doc-download-${v.id}`}
                  >
                    {v.approval_document.name}
                  </a>
                ) : (
                  <Typography.Text type="secondary">нет</Typography.Text>
                )}
                {v.status !== 'draft' && v.approval_document && <SignRuleVersion ruleId={ruleId} versionId={v.id} />}
                {canEdit && v.status === 'draft' && (
                  <Upload
                    showUploadList={false}
                    beforeUpload={(file) => {
                      upload.mutate({ v, file });
                      return false;
                    }}
                  >
                    <Button
                      size="small"
                      type="link"
                      icon={<UploadOutlined />}
                      style={{ padding: 0 }}
                      data-testid={`version-doc-upload-${v.id}`}
                    >
                      {v.approval_document ? 'Заменить' : 'Загрузить'}
                    </Button>
                  </Upload>
                )}
              </Space>
            ),
          },
          {
            title: 'Действия',
            key: 'actions',
            render: (_: unknown, v) => (
              <Space wrap>
                {canEdit && v.status === 'draft' && (
                  <>
                    <a role="button" tabIndex={0} onClick={() => setEditing(v)} data-testid={`version-edit-${v.id}`}>
                      Изменить
                    </a>
                    <a role="button" tabIndex={0} onClick={() => setApproving(v)} data-testid={`version-approve-${v.id}`}>
                      Утвердить
                    </a>
                    <Popconfirm title="Удалить черновик редакции?" okText="Удалить" cancelText="Отмена" onConfirm={() => remove.mutate(v)}>
                      <a role="button" tabIndex={0} data-testid={`version-delete-${v.id}`}>
                        Удалить
                      </a>
                    </Popconfirm>
                  </>
                )}
                {canEdit && v.status === 'approved' && !v.approval_document && (
                  // publishing asks for the approving document first
                  <a role="button" tabIndex={0} onClick={() => setPublishing(v)} data-testid={`version-publish-${v.id}`}>
                    Опубликовать
                  </a>
                )}
                {canEdit && v.status === 'approved' && v.approval_document && (
                  <Popconfirm title="Опубликовать редакцию?" okText="Опубликовать" cancelText="Отмена" onConfirm={() => publish.mutate(v)}>
                    <a role="button" tabIndex={0} data-testid={`version-publish-${v.id}`}>
                      Опубликовать
                    </a>
                  </Popconfirm>
                )}
                {staff && (
                  <Link to={`/procurementsRules/${ruleId}/versions/${v.id}/documentsRules`} data-testid={`version-doc-rules-${v.id}`}>
                    Правила документов ({v.document_rules_count})
                  </Link>
                )}
                {!rule.data?.is_template && (
                  <Link to={`/procurementsRules/${ruleId}/versions/${v.id}/templates`} data-testid={`version-templates-${v.id}`}>
                    Шаблоны документов
                  </Link>
                )}
                {staff && !rule.data?.is_template && (
                  <a role="button" tabIndex={0} onClick={() => setHistory(v)} data-testid={`version-history-${v.id}`}>
                    История
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <VersionForm
          ruleId={ruleId}
          version={editing === 'new' ? null : editing}
          versions={versions}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      {publishing && <PublishModal ruleId={ruleId} version={publishing} onClose={() => setPublishing(null)} onDone={refresh} />}
      {approving && <ApproveModal ruleId={ruleId} version={approving} onClose={() => setApproving(null)} onDone={refresh} />}
      {history && (
        <Modal open title={`История редакции № ${history.number}`} footer={null} width={760} onCancel={() => setHistory(null)}>
          <AuditHistory entity="rule_version" entityId={history.id} />
        </Modal>
      )}
      {rule.data && !rule.data.is_template && (
        <AuditHistoryPanel entity="procurement_rule" entityId={ruleId} title="Журнал изменений положения" style={{ marginTop: 16 }} />
      )}
    </>
  );
}

/** Publishing a version without its approving document: the document is asked for, then the version is published. */
function PublishModal({
  ruleId,
  version,
  onClose,
  onDone,
}: {
  ruleId: number;
  version: RuleVersionResponse;
  onClose: () => void;
  onDone: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const publish = useMutation({
    mutationFn: async () => {
      await rulesApi.uploadApproval(ruleId, version.id, file!);
      return rulesApi.publish(ruleId, version.id);
    },
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: () => onDone(),
  });
  return (
    <Modal
      open
      title={`Опубликовать редакцию № ${version.number}`}
      okText="Загрузить и опубликовать"
      cancelText="Отмена"
      onCancel={onClose}
      onOk={() => publish.mutate()}
      okButtonProps={{ loading: publish.isPending, disabled: !file, 'data-testid': 'version-publish-submit' }}
    >
      <Typography.Paragraph>
        Редакция публикуется вместе с документом об её утверждении (протокол, приказ). Загрузите его.
      </Typography.Paragraph>
      <Upload
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <Button icon={<UploadOutlined />} data-testid="version-publish-document">
          Документ об утверждении
        </Button>
      </Upload>
    </Modal>
  );
}

function ApproveModal({
  ruleId,
  version,
  onClose,
  onDone,
}: {
  ruleId: number;
  version: RuleVersionResponse;
  onClose: () => void;
  onDone: () => void;
}) {
  // today (a Moscow date), but no later than the in-force date (as the server takes it when no date is given)
  const today = moscowToday();
  const inForce = fromIso(version.in_force_from);
  const [form] = Form.useForm<{ date: Dayjs | null }>();
  const initialDate = fromIso(version.approved_on) ?? (inForce && inForce.isBefore(today, 'day') ? inForce : today);
  // the watch is undefined until the form mounts; a cleared date is null
  const watched = Form.useWatch('date', form);
  const date = watched === undefined ? initialDate : watched;
  const late = !!date && !!inForce && date.isAfter(inForce, 'day');
  const approve = useMutation({
    mutationFn: (d: Dayjs | null) => rulesApi.approve(ruleId, version.id, toIso(d)),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <FormDialog
      form={form}
      title={`Утвердить редакцию № ${version.number}`}
      okText="Утвердить"
      onCancel={onClose}
      saving={approve.isPending}
      okButtonProps={{ disabled: !date || late, 'data-testid': 'version-approve-submit' }}
      initialValues={{ date: initialDate }}
      onFinish={(v) => v.date && !late && approve.mutate(v.date)}
    >
      <Typography.Paragraph>
        После утверждения редакцию нельзя изменить. Она вступит в силу {version.in_force_from ? formatDate(version.in_force_from) : '—'}.
      </Typography.Paragraph>
      <label htmlFor="approve-date">Дата утверждения</label>
      <Form.Item name="date" noStyle>
        <DateFilter
          id="approve-date"
          status={late ? 'error' : undefined}
          style={{ width: '100%', marginTop: 4 }}
          data-testid="version-approve-date"
        />
      </Form.Item>
      {late && <Typography.Text type="danger">Дата утверждения не может быть позже даты вступления в силу</Typography.Text>}
    </FormDialog>
  );
}
