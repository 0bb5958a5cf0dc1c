import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Collapse, Empty, Form, Input, List, Row, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { routes } from '@proc/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { DocumentField, DocumentItem, DocumentKind, ProcurementResponse } from '@proc/contract';
import { Field } from '../../lib/Field';
import { DateInput } from '../../lib/DateInput';
import { dateRules, isoDateProps } from '../../lib/dates';
import { api, ApiError, href, showHttpError } from '../../lib/api';
import { SCROLL_TO_FIRST_ERROR, enterDoesNotSubmit } from '../../lib/long-forms';
import { noticeStore } from '../../lib/notices';
import { useSelectedCompany } from '../../lib/session';
import { OutdatedDocuments, procurementsApi, ProcurementNotFound, useGenerateDocuments } from '../procurements';
import { SignProcurementFile } from '../signatures';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';
import { useUnsavedChanges } from '../../lib/unsaved';
import { sameValues } from '../../lib/form-baseline';
import { isNotFound, routeId } from '../../lib/ObjectNotFound';
import { SocketError } from '../../lib/socket';
import { FACTS, PurchaseFacts, changedFacts, factsOfCard, type FactsForm } from './PurchaseFacts';
import { MissingFields, fieldPath } from './MissingFields';
import { useCanChange } from '../../lib/MayChange';

type Values = Record<string, Record<string, unknown>> & { [FACTS]?: FactsForm };
type Column = NonNullable<DocumentField['columns']>[number];

const NUMBER = { pattern: /^\s*-?\d+([.,]\d+)?\s*$/, message: 'Введите число' };

/** An input for one scalar field type. */
function scalarInput(type: Column['type'], label: string) {
  if (type === 'date') return <DateInput aria-label={label} style={{ width: '100%' }} />;
  if (type === 'text') return <Input.TextArea aria-label={label} autoSize={{ minRows: 2, maxRows: 8 }} />;
  if (type === 'money') return <MoneyInput aria-label={label} />;
  return <Input aria-label={label} inputMode={type === 'number' ? 'decimal' : undefined} />;
}

/**
 * The format of a value only: the form is a draft that saves at any time, and the required fields (marked with the
 * asterisk) are checked by the server when the documents are generated, which lists the ones left empty.
 */
const scalarRules = (type: Column['type']) => [
  ...(type === 'date' ? dateRules() : []),
  ...(type === 'money' ? moneyRules() : type === 'number' ? [NUMBER] : []),
];

function ListField({ template, field }: { template: DocumentKind; field: DocumentField }) {
  const columns = field.columns ?? [];
  return (
    <Form.Item label={field.label} required={field.required}>
      <Form.List name={[template, field.name]}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => (
              <Row gutter={8} key={row.key} align="top" data-testid={`row-${field.name}-${i}`}>
                {columns.map((c) => (
                  <Col flex={c.type === 'text' ? 3 : 1} key={c.name}>
                    <Field
                      name={[row.name, c.name]}
                      rules={scalarRules(c.type)}
                      required={c.required}
                      {...(c.type === 'date' ? isoDateProps : {})}
                      label={i === 0 ? c.label : undefined}
                    >
                      {scalarInput(c.type, `${field.label}: ${c.label}, строка ${i + 1}`)}
                    </Field>
                  </Col>
                ))}
                <Col flex="none" style={{ paddingTop: i === 0 ? 30 : 0 }}>
                  <Button icon={<DeleteOutlined />} aria-label={`Удалить строку ${i + 1}`} onClick={() => remove(row.name)} />
                </Col>
              </Row>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({})}>
              Добавить строку
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** A document's own fields: the purchase's facts it prints are typed once, in «Сведения закупки». */
const ownFields = (d: DocumentItem) => d.fields.filter((f) => !f.fact);

function DocumentForm({ doc, limit }: { doc: DocumentItem; limit: number }) {
  return (
    <>
      {ownFields(doc)
        .slice(0, limit)
        .map((f) =>
          f.type === 'list' ? (
            <ListField key={f.name} template={doc.template} field={f} />
          ) : (
            <Field
              key={f.name}
              label={f.label}
              name={[doc.template, f.name]}
              rules={scalarRules(f.type)}
              required={f.required}
              {...(f.type === 'date' ? isoDateProps : {})}
            >
              {scalarInput(f.type, f.label)}
            </Field>
          ),
        )}
    </>
  );
}

/**
 * How many fields mount in one go. The editor has ~170 fields (each an antd Form.Item) and mounting them at once held the
 * main thread for 1–2 s on a busy 2-core machine: the first ones show at once and the rest follow a batch per task, so
 * the page answers a click or a keystroke in between.
 */
const FIELDS_PER_BATCH = 12;

/** The number of fields mounted so far: grows a batch per browser task until all `total` are there. */
function useMountedFields(total: number): number {
  const [mounted, setMounted] = useState(FIELDS_PER_BATCH);
  useEffect(() => {
    if (mounted >= total) return undefined;
    const id = setTimeout(() => setMounted((m) => m + FIELDS_PER_BATCH), 0);
    return () => clearTimeout(id);
  }, [mounted, total]);
  return mounted;
}

const initialValues = (docs: DocumentItem[]): Values =>
  Object.fromEntries(
    docs.map((d) => [d.template, Object.fromEntries(ownFields(d).map((f) => [f.name, f.value ?? (f.type === 'list' ? [] : null)]))]),
  );

/**
 * Each document's own values the user changed: what the documentation stores. A value left as the server filled it
 * (the company's requisites, the specification from the purchase's lines) is not copied into it, so it follows its
 * source; a fact of the purchase is never among them.
 */
const ownValues = (docs: DocumentItem[], v: Values): Record<string, Record<string, unknown>> =>
  Object.fromEntries(
    docs.map((d) => [
      d.template,
      Object.fromEntries(
        ownFields(d)
          .filter((f) => !sameValues({ x: v[d.template]?.[f.name] }, { x: f.value }, ['x'], MONEY))
          .map((f) => [f.name, v[d.template]?.[f.name] ?? null]),
      ),
    ]),
  );
const MONEY = new Set(['x', 'price', 'amount', 'price1', 'price2', 'price3', 'averagePrice']);

export default function DocumentationPage() {
  const id = routeId(useParams().id) ?? 0;
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [ready, setReady] = useState<{ files: { id: number; name: string }[]; violations?: string[] } | null>(null);
  const [missing, setMissing] = useState<Record<string, string[]>>({});
  const [open, setOpen] = useState<string[] | null>(null);
  const docs = useQuery({
    queryKey: ['documentUserfields', company, id],
    queryFn: () => procurementsApi.userfields(id, company),
    retry: false,
    enabled: id > 0,
  });
  const card = useQuery({ queryKey: ['procurement', company, id], queryFn: () => procurementsApi.get(id), enabled: id > 0 });
  const files = useQuery({ queryKey: ['procurement-files', company, id], queryFn: () => procurementsApi.files(id), enabled: id > 0 });
  const documents = docs.data?.documents ?? [];
  const sizes = documents.map((d) => ownFields(d).length);
  const total = sizes.reduce((n, x) => n + x, 0);
  const mounted = useMountedFields(total);
  // the buttons wait until every field is there: a save reads the values of the mounted fields only
  const allMounted = mounted >= total;
  const limits = sizes.map((_, i) => Math.max(0, mounted - sizes.slice(0, i).reduce((n, x) => n + x, 0)));
  useEffect(() => {
    if (docs.data) form.setFieldsValue(initialValues(docs.data.documents));
  }, [docs.data, form]);
  useEffect(() => {
    if (card.data) form.setFieldsValue({ [FACTS]: factsOfCard(card.data) } as Values);
  }, [card.data, form]);

  const unsaved = useUnsavedChanges();
  const values = (): Values => form.getFieldsValue(true) as Values;

  /** The facts the user changed go to the purchase (the card's save and its checks); their errors go under the fields. */
  const saveFacts = async (p: ProcurementResponse) => {
    const facts = changedFacts(p, values()[FACTS]);
    if (!facts) return;
    try {
      qc.setQueryData(['procurement', company, id], await procurementsApi.saveFacts(id, facts));
    } catch (err) {
      if (err instanceof ApiError) {
        // the card's checks answer in its words: under the field when it is one of the form's, and always as a notice
        form.setFields(Object.entries(err.fields).map(([name, errors]) => ({ name: [FACTS, ...fieldPath(name)], errors })));
        showHttpError(err);
      }
      throw err;
    }
  };

  // a draft: saved as it is, whatever is still empty (the required fields are checked when the documents are generated)
  const save = useMutation({
    mutationFn: async () => {
      if (!card.data) return;
      await saveFacts(card.data);
      const own = ownValues(documents, values());
      for (const d of documents) {
        if (!Object.keys(own[d.template]).length) continue;
        try {
          await procurementsApi.saveValues(id, d.template, own[d.template]);
        } catch (err) {
          if (err instanceof ApiError)
            form.setFields(Object.entries(err.fields).map(([name, errors]) => ({ name: [d.template, name], errors })));
          throw err;
        }
      }
    },
    onSuccess: () => {
      unsaved.saved();
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'Поля документов сохранены' });
      void qc.invalidateQueries({ queryKey: ['documentUserfields', company, id] });
    },
  });

  const generate = useGenerateDocuments(id, {
    onSuccess: () => {
      unsaved.saved();
      setMissing({});
    },
  });
  const run = useMutation({
    mutationFn: async (templates?: DocumentKind[]) => {
      if (!card.data) return;
      await saveFacts(card.data);
      try {
        setReady(await generate.mutateAsync({ values: ownValues(documents, values()), templates }));
      } catch (err) {
        if (err instanceof SocketError && err.fields) {
          setMissing(err.fields);
          form.setFields(Object.entries(err.fields).map(([key, errors]) => ({ name: fieldPath(key), errors })));
        }
        throw err;
      }
    },
  });

  /** A missing field's link: its panel opened, the field in the middle of the screen and focused. */
  const goTo = (key: string) => {
    const path = fieldPath(key);
    if (path[0] !== FACTS) setOpen((o) => Array.from(new Set([...(o ?? documents.map((d) => d.template)), String(path[0])])));
    requestAnimationFrame(() => form.scrollToField(path, { behavior: 'smooth', block: 'center', focus: true }));
  };

  const canChange = useCanChange();
  const inStatus = card.data?.editable ?? true;
  // a role that may not change data reads the documentation: nothing offered that the server would refuse
  const editable = inStatus && canChange;
  if (id === 0 || isNotFound(card.error)) return <ProcurementNotFound />;
  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3}>Документация о закупке{card.data ? ` № ${card.data.number}` : ''}</Typography.Title>
        <Space>
          <Link to={`/documents/${id}`}>Карточка закупки</Link>
          <Link to={`/files/${id}`}>Файлы</Link>
        </Space>
      </Space>
      {card.data && <Typography.Paragraph type="secondary">{card.data.title}</Typography.Paragraph>}
      {!inStatus && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Документацию можно менять только в статусах «Черновик» и «Документация сформирована»"
        />
      )}
      {docs.isLoading ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : docs.isError ? (
        <Alert
          type="error"
          showIcon
          title="Не удалось получить поля документов"
          description={docs.error.message}
          action={<Button onClick={() => void docs.refetch()}>Повторить</Button>}
        />
      ) : documents.length === 0 ? (
        <Empty description="Положение о закупке не требует документов для этой закупки" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          disabled={!editable}
          onKeyDown={enterDoesNotSubmit}
          scrollToFirstError={SCROLL_TO_FIRST_ERROR}
          onFinish={() => !run.isPending && run.mutate(undefined)}
          onValuesChange={unsaved.changed}
        >
          {card.data && (
            <OutdatedDocuments
              documents={card.data.outdated_documents}
              editable={editable}
              pending={run.isPending}
              onRegenerate={() => run.mutate(card.data!.outdated_documents.map((d) => d.template))}
            />
          )}
          <MissingFields fields={missing} onGo={goTo} />
          {card.data && <PurchaseFacts p={card.data} />}
          <Collapse
            activeKey={open ?? documents.map((d) => d.template)}
            onChange={(keys) => setOpen(keys as string[])}
            items={documents.map((d, i) => ({
              key: d.template,
              forceRender: true,
              label: (
                <Space>
                  <span>{d.title}</span>
                  {d.required ? <Tag color="blue">обязательный</Tag> : <Tag>по желанию</Tag>}
                  {d.file &&
                    (d.file.outdated.length ? (
                      <Tag color="orange">устарел, версия {d.file.version}</Tag>
                    ) : (
                      <Tag color="green">сформирован, версия {d.file.version}</Tag>
                    ))}
                </Space>
              ),
              extra: (
                <Space>
                  {/* the document as its template in force (the customer's own or the built-in) would build it now, not
                      stored: what the purchase lacks is marked in place */}
                  <Button
                    size="small"
                    icon={<EyeOutlined />}
                    data-testid={`preview-${d.template}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      void api.download(
                        href(routes.documentation.getProcurementsDocumentsPreview, { params: { id, template: d.template } }),
                        'Предпросмотр документа',
                      );
                    }}
                  >
                    Предпросмотр
                  </Button>
                  {d.file && (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      disabled={false}
                      onClick={(e) => {
                        e.stopPropagation();
                        void procurementsApi.download(id, d.file!.id);
                      }}
                    >
                      {d.file.name}
                    </Button>
                  )}
                </Space>
              ),
              children: <DocumentForm doc={d} limit={limits[i]} />,
            }))}
          />
          {editable && (
            <Space style={{ marginTop: 16 }}>
              <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!allMounted || !card.data}>
                Сохранить
              </Button>
              <Button type="primary" htmlType="submit" loading={run.isPending} disabled={!allMounted || !card.data}>
                Сформировать документы
              </Button>
            </Space>
          )}
        </Form>
      )}
      {documents.some((d) => d.file) && (
        // outside the form: documentation is signed once it is final, when the form is read-only
        <Card title="Подпись документации" size="small" style={{ marginTop: 16 }} data-testid="documentation-signatures">
          <List
            loading={files.isLoading}
            dataSource={documents.flatMap((d) => files.data?.filter((f) => f.id === d.file?.id) ?? [])}
            locale={{ emptyText: 'Сформированных документов нет' }}
            renderItem={(f) => (
              <List.Item>
                <List.Item.Meta title={f.name} description={`Версия ${f.version}`} />
                <SignProcurementFile procurementId={id} file={f} />
              </List.Item>
            )}
          />
        </Card>
      )}
      {ready && (
        <Card title="Сформированные файлы" size="small" style={{ marginTop: 16 }} data-testid="generated-files">
          {!!ready.violations?.length && (
            <Alert
              type="warning"
              showIcon
              title="Нарушения сроков"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {ready.violations.map((v) => (
                    <li key={v}>{v}</li>
                  ))}
                </ul>
              }
            />
          )}
          <List
            dataSource={ready.files}
            locale={{ emptyText: 'Файлы не сформированы' }}
            renderItem={(f) => (
              <List.Item>
                <Button type="link" icon={<DownloadOutlined />} onClick={() => void procurementsApi.download(id, f.id)}>
                  {f.name}
                </Button>
              </List.Item>
            )}
          />
        </Card>
      )}
    </>
  );
}
