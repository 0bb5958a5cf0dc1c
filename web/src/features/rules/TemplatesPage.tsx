import { useState } from 'react';
import { Alert, Breadcrumb, Button, Collapse, Popconfirm, Space, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { SUBJECT_TITLES, type TemplateSlot } from '@proc/contract';
import { useSession } from '../../lib/session';
import { formatDate } from '../../lib/format';
import { listLocale } from '../../lib/paged-table';
import { templatesApi } from './api';

/**
 * The customer's own Word templates: one per document kind and subject kind, for a version of the Положение (223-ФЗ)
 * or for the company (44-ФЗ). Without one the built-in template applies; it is a download to start from.
 */
export default function TemplatesPage() {
  const { procId, id } = useParams();
  const versionId = id ? Number(id) : undefined;
  // a version of the Положение holds 223-ФЗ templates; without one the page is the company's 44-ФЗ set
  const law: '223' | '44' = versionId ? '223' : '44';
  const session = useSession();
  const canEdit = !!session && session.user.role !== 'operator';
  const qc = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const key = ['document-templates', law, versionId ?? null];
  const slots = useQuery({
    queryKey: key,
    queryFn: () => templatesApi.slots(law, law === '223' ? versionId : undefined),
    enabled: law === '44' || !!versionId,
  });
  const catalogue = useQuery({ queryKey: ['document-templates', 'catalogue'], queryFn: templatesApi.catalogue });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const upload = useMutation({
    mutationFn: ({ s, file }: { s: TemplateSlot; file: File }) =>
      templatesApi.upload(
        { law, rule_version_id: law === '223' ? versionId : undefined, document_kind: s.document_kind, subject: s.subject },
        file,
      ),
    onMutate: () => setProblem(null),
    onSuccess: refresh,
    // the server names the unknown tag or the broken loop with its paragraph: shown as it says it
    onError: (e: Error) => setProblem(e.message),
  });
  const remove = useMutation({ mutationFn: (s: TemplateSlot) => templatesApi.remove(s.custom!.id), onSuccess: refresh });

  return (
    <>
      <Breadcrumb
        items={[
          { title: <Link to="/procurementsRules">Положения о закупке</Link> },
          ...(procId ? [{ title: <Link to={`/procurementsRules/${procId}/versions`}>Редакции</Link> }] : []),
          { title: 'Шаблоны документов' },
        ]}
      />
      <Typography.Title level={3}>Шаблоны документов</Typography.Title>
      <Typography.Paragraph type="secondary">
        {law === '223'
          ? 'Шаблоны этой редакции положения о закупке. Без своего шаблона документ строится по встроенному.'
          : 'Шаблоны организации для закупок по 44-ФЗ. Без своего шаблона документ строится по встроенному.'}{' '}
        Шаблон — документ Word (.docx) с тегами из каталога ниже: {'{поле}'}, циклы {'{#items}…{/items}'}, условия {'{#поле}…{/поле}'}.
      </Typography.Paragraph>
      {problem && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblem(null)}
          message="Шаблон не принят"
          description={problem}
          style={{ marginBottom: 12 }}
          data-testid="template-problem"
        />
      )}
      <Table<TemplateSlot>
        size="small"
        rowKey={(s) => `${s.document_kind}-${s.subject}`}
        loading={slots.isLoading}
        dataSource={slots.data?.slots ?? []}
        pagination={false}
        locale={listLocale(slots, 'Нет документов')}
        data-testid="template-slots"
        columns={[
          { title: 'Документ', key: 'title', render: (_: unknown, s) => s.title.replace(/ — .*$/, '') },
          { title: 'Предмет', key: 'subject', render: (_: unknown, s) => SUBJECT_TITLES[s.subject] },
          {
            title: 'Шаблон',
            key: 'custom',
            render: (_: unknown, s) =>
              s.custom ? (
                <Space direction="vertical" size={0}>
                  <a onClick={() => void templatesApi.download(s.custom!.id)}>{s.custom.name}</a>
                  <Typography.Text type="secondary">загружен {formatDate(s.custom.uploaded_at.slice(0, 10))}</Typography.Text>
                </Space>
              ) : (
                <Tag>Встроенный</Tag>
              ),
          },
          {
            title: 'Действия',
            key: 'actions',
            render: (_: unknown, s) => (
              <Space wrap>
                <a onClick={() => void templatesApi.downloadBuiltin(law, s.document_kind, s.subject)}>Скачать встроенный</a>
                {canEdit && (
                  <Upload
                    accept=".docx"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      upload.mutate({ s, file });
                      return false;
                    }}
                  >
                    <Button size="small" type="link" icon={<UploadOutlined />} loading={upload.isPending && upload.variables?.s === s}>
                      {s.custom ? 'Заменить' : 'Загрузить свой'}
                    </Button>
                  </Upload>
                )}
                {canEdit && s.custom && (
                  <Popconfirm
                    title="Удалить свой шаблон? Документы снова будут строиться по встроенному."
                    okText="Удалить"
                    cancelText="Отмена"
                    onConfirm={() => remove.mutate(s)}
                  >
                    <a>Удалить</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Collapse
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'catalogue',
            label: 'Каталог тегов',
            children: (
              <Table
                size="small"
                rowKey="name"
                loading={catalogue.isLoading}
                pagination={false}
                dataSource={[
                  ...(catalogue.data?.fields ?? []).map((f) => ({ name: `{${f.name}}`, description: f.description, required: f.required })),
                  ...(catalogue.data?.loops ?? []).map((l) => ({
                    name: `{#${l.name}}…{/${l.name}}`,
                    description: `${l.description}. Поля строки: ${l.columns.map((c) => `{${c.name}} — ${c.label}`).join('; ')}`,
                    required: false,
                  })),
                ]}
                columns={[
                  { title: 'Тег', dataIndex: 'name', key: 'name', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
                  { title: 'Что печатает', dataIndex: 'description', key: 'description' },
                  { title: 'Обязательный', dataIndex: 'required', key: 'required', render: (v: boolean) => (v ? 'да' : 'нет') },
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
