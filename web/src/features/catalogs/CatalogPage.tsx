import { useState } from 'react';
import { App as AntApp, Button, Checkbox, Form, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { CATALOG_NAME_MAX, catalogRoute, type CatalogKind, type CatalogRoute } from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { ApiError } from '../../lib/api';
import { Field } from '../../lib/Field';
import { applyServerErrors, rules } from '../../lib/forms';
import { noticeStore } from '../../lib/notices';
import { useUnsavedDialog } from '../../lib/unsaved';
import { useSelectedCompany, useSession } from '../../lib/session';
import { catalogApi, type CatalogItem } from './api';
import { KIND_DEFS, toBody } from './kind-fields';
import { UserFieldsEditor } from './UserFieldsEditor';
import { NotFoundPage } from '../placeholder';
import { usePagedTable } from '../../lib/paged-table';

const ARCHIVED = [
  { value: 'false', label: 'Актуальные' },
  { value: 'true', label: 'Архив' },
  { value: 'all', label: 'Все' },
];

/** Every catalogue screen of the gear menu: the CATALOG_ROUTES entry of the current path tells kind, API and fixed filters. */
export default function CatalogPage() {
  const { pathname } = useLocation();
  const route = catalogRoute(pathname);
  if (!route || route.kind === 'tariffs') return <NotFoundPage />;
  // a new screen starts with fresh state
  return <CatalogScreen key={route.path} route={route as CatalogRoute & { kind: CatalogKind }} />;
}

function CatalogScreen({ route }: { route: CatalogRoute & { kind: CatalogKind } }) {
  const session = useSession()!;
  const company = useSelectedCompany();
  const { modal } = AntApp.useApp();
  const def = KIND_DEFS[route.kind];
  const canEdit = route.edit_roles.includes(session.user.role);
  const t = usePagedTable({
    filters: ['q', 'archived'] as const,
    sorts: def.columns.flatMap((c) => (c.sort ? [c.sort] : [])),
    sort: def.defaultSort,
    order: 'asc',
  });
  const archived = t.filters.archived ?? 'false';
  const qc = useQueryClient();
  const query = { ...route.query, ...t.query, archived };
  const list = useQuery({
    queryKey: ['catalog', route.kind, company, query],
    queryFn: () => catalogApi.list(route.kind, query, route.label),
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['catalog', route.kind] });
    void qc.invalidateQueries({ queryKey: ['options'] });
  };
  const [editing, setEditing] = useState<CatalogItem | 'new' | null>(null);

  const archive = useMutation({
    mutationFn: (i: CatalogItem) => catalogApi.archive(route.kind, i.id, !i.archived),
    onSuccess: (i) => {
      noticeStore.show({
        kind: 'success',
        header: route.label,
        message: i.archived ? `Перенесено в архив: «${i.name}»` : `Возвращено из архива: «${i.name}»`,
      });
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (i: CatalogItem) => catalogApi.remove(route.kind, i.id),
    onSuccess: (_r, i) => {
      noticeStore.show({ kind: 'success', header: route.label, message: `Удалено: «${i.name}»` });
      refresh();
    },
    // the API client already shows a 4xx message (409 IN_USE suggests the archive) as the notice
    onError: (err) => void (err instanceof ApiError),
  });
  const confirmDelete = (i: CatalogItem) =>
    modal.confirm({
      title: 'Удалить элемент?',
      content: `Элемент «${i.name}» будет удалён без возможности восстановления. Используемый элемент удалить нельзя — его можно перенести в архив.`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: () => remove.mutateAsync(i).catch(() => undefined),
    });

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} data-testid="catalog-title">
          {route.label}
        </Typography.Title>
        {canEdit ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            Добавить
          </Button>
        ) : (
          <Tag>только просмотр</Tag>
        )}
      </Space>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="Поиск по наименованию и коду"
          aria-label="Поиск"
          defaultValue={t.filters.q}
          onSearch={(v) => t.filter({ q: v || undefined })}
          style={{ width: 380 }}
        />
        <Segmented
          aria-label="Архив"
          value={archived}
          options={ARCHIVED}
          onChange={(v) => t.filter({ archived: v === 'false' ? undefined : String(v) })}
          data-testid="archived-filter"
        />
      </Space>
      <Table<CatalogItem>
        rowKey="id"
        {...t.table(list)}
        columns={[
          ...def.columns.map((c) => ({
            title: c.title,
            ...(c.sort ? t.column(c.sort) : { key: c.key }),
            render: (_: unknown, i: CatalogItem) => c.render(i),
          })),
          {
            title: 'Принадлежность',
            key: 'system',
            render: (_: unknown, i: CatalogItem) => (
              <Space size={4}>
                {i.system ? <Tag color="geekblue">системный</Tag> : <Tag color="green">свой</Tag>}
                {i.archived && <Tag>в архиве</Tag>}
              </Space>
            ),
          },
          {
            title: 'Действия',
            key: 'actions',
            render: (_: unknown, i: CatalogItem) => (
              <Space wrap>
                <a onClick={() => setEditing(i)}>{canEdit ? 'Изменить' : 'Открыть'}</a>
                {canEdit && <a onClick={() => archive.mutate(i)}>{i.archived ? 'Вернуть из архива' : 'В архив'}</a>}
                {canEdit && (
                  <a onClick={() => confirmDelete(i)} style={{ color: '#cf1322' }}>
                    Удалить
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <ElementForm
          route={route}
          item={editing === 'new' ? null : editing}
          readOnly={!canEdit}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </>
  );
}

function ElementForm({
  route,
  item,
  readOnly,
  onClose,
  onSaved,
}: {
  route: CatalogRoute & { kind: CatalogKind };
  item: CatalogItem | null;
  readOnly: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const session = useSession()!;
  const def = KIND_DEFS[route.kind];
  const [form] = Form.useForm();
  const unsaved = useUnsavedDialog(onClose);
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) => {
      const body = toBody(route.kind, v);
      return item ? catalogApi.update(route.kind, item.id, body) : catalogApi.create(route.kind, { ...body, ...route.query });
    },
    onSuccess: (saved) => {
      unsaved.saved();
      noticeStore.show({ kind: 'success', header: route.label, message: `Сохранено: «${saved.name}»` });
      onSaved();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  const initial = item ? { ...item, user_fields: item.user_fields ?? [] } : { ...def.defaults, user_fields: [] };
  const title = readOnly ? route.element : item ? `Изменить: ${route.element}` : `Новый элемент: ${route.element}`;
  return (
    <FormDialog
      form={form}
      width={760}
      title={title}
      unsaved={unsaved}
      saving={save.isPending}
      readOnly={readOnly}
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
    >
      <Field
        label="Наименование"
        name="name"
        rules={[...(def.nameOptional ? [] : [rules.required]), { max: CATALOG_NAME_MAX, message: `Не более ${CATALOG_NAME_MAX} символов` }]}
      >
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          showCount={{ formatter: ({ count }) => (count > CATALOG_NAME_MAX * 0.8 ? `${count} / ${CATALOG_NAME_MAX}` : '') }}
        />
      </Field>
      {def.Fields && <def.Fields item={item} />}
      <Field label="Описание" name="description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </Field>
      {!item && session.user.role === 'admin' && (
        <Form.Item name="shared" valuePropName="checked">
          <Checkbox>Системный элемент (виден всем организациям)</Checkbox>
        </Form.Item>
      )}
      <UserFieldsEditor disabled={readOnly} />
    </FormDialog>
  );
}
