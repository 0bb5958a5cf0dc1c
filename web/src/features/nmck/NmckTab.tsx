import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NMCK_MAX_CV,
  NMCK_METHODS,
  NMCK_METHOD_BASIS,
  NMCK_METHOD_TITLES,
  NMCK_SOURCE_KIND_TITLES,
  NMCK_UNIT_PRICE_LABELS,
  type NmckContractPosition,
  type NmckMethod,
  type NmckRequest,
  type NmckResponse,
  type NmckSourceRequest,
  type NmckSourceResponse,
} from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { Field } from '../../lib/Field';
import { DateInput } from '../../lib/DateInput';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';
import { dateRules, isoDateProps } from '../../lib/dates';
import { applyServerErrors, rules } from '../../lib/forms';
import { formatDate, formatMoney, formatPercent, formatQuantity } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { noticeStore } from '../../lib/notices';
import { sameValues } from '../../lib/form-baseline';
import type { UnsavedPart } from '../../lib/unsaved';
import { nmckApi } from './api';
import { useCanChange } from '../../lib/MayChange';

/** One request at a time from a form: a double click must not add a price twice (a ref: the state lags a click). */
function useOnce() {
  const busy = useRef(false);
  return (run: (done: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    run(() => (busy.current = false));
  };
}

/** «Обоснование НМЦК» of a procurement: the method, the price sources and the figures the server computes. */
export default function NmckTab({
  procurementId,
  onApplied,
  unsaved,
}: {
  procurementId: number;
  onApplied?: () => void;
  /** The page's guard of unsaved edits (the card's), so the calculation's edits are not lost on a link, Back or reload. */
  unsaved: UnsavedPart;
}) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const key = ['nmck', company, procurementId];
  const q = useQuery({ queryKey: key, queryFn: () => nmckApi.get(procurementId) });
  const canChange = useCanChange();
  const put = (r: NmckResponse) => qc.setQueryData(key, r);
  // a role that may not change data reads the calculation: its forms are shown disabled, nothing is offered to save.
  // One object per answer: the method form refills itself whenever `n` changes, so a new one each render would wipe
  // what the user types (a quantity of «12,5» went back to «1» before «Сохранить расчёт»)
  const n = useMemo(() => q.data && { ...q.data, editable: q.data.editable && canChange }, [q.data, canChange]);
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '40px auto' }} />;
  if (!n) return <Empty description="Обоснование НМЦК недоступно" />;
  return (
    <Row gutter={24}>
      <Col xs={24} xl={15}>
        <MethodCard n={n} procurementId={procurementId} onSaved={put} unsaved={unsaved} />
        {n.method === 'market' && <SourcesCard n={n} procurementId={procurementId} onSaved={put} />}
      </Col>
      <Col xs={24} xl={9}>
        <ResultCard
          n={n}
          procurementId={procurementId}
          onSaved={(r) => {
            put(r);
            onApplied?.();
          }}
        />
      </Col>
    </Row>
  );
}

type MethodValues = {
  method: NmckMethod;
  subject?: string | null;
  unit?: string | null;
  quantity: string;
  unit_price?: string | null;
  basis?: string | null;
};

const METHOD_KEYS = ['method', 'subject', 'unit', 'quantity', 'unit_price', 'basis'] as const;
const METHOD_AMOUNTS = new Set(['quantity', 'unit_price']);

function MethodCard({
  n,
  procurementId,
  onSaved,
  unsaved,
}: {
  n: NmckResponse;
  procurementId: number;
  onSaved: (r: NmckResponse) => void;
  unsaved: UnsavedPart;
}) {
  const [form] = Form.useForm<MethodValues>();
  // an edit is what differs from the stored calculation as the server keeps it («10», «10,0» are one quantity)
  const compare = () =>
    sameValues(form.getFieldsValue(true) as Record<string, unknown>, n as unknown as Record<string, unknown>, METHOD_KEYS, METHOD_AMOUNTS)
      ? unsaved.saved()
      : unsaved.changed();
  const method = Form.useWatch('method', form) ?? n.method;
  const once = useOnce();
  useEffect(
    () =>
      form.setFieldsValue({
        method: n.method,
        subject: n.subject,
        unit: n.unit,
        quantity: n.quantity,
        unit_price: n.unit_price,
        basis: n.basis,
      }),
    [n, form],
  );
  const save = useMutation({
    mutationFn: (v: MethodValues) =>
      nmckApi.save(procurementId, { ...v, unit_price: v.method === 'market' ? null : v.unit_price } as NmckRequest),
    onSuccess: (r) => {
      unsaved.saved();
      onSaved(r);
      noticeStore.show({ kind: 'success', header: 'Успешно', message: 'Расчёт НМЦК сохранён' });
    },
    onError: (err) => applyServerErrors(form, err),
  });
  return (
    <Card title="Метод и объект закупки" size="small" style={{ marginBottom: 16 }}>
      <Form<MethodValues>
        form={form}
        name="nmck-method"
        layout="vertical"
        disabled={!n.editable}
        onValuesChange={compare}
        onFinish={(v) => once((done) => save.mutate(v, { onSettled: done }))}
      >
        <Field label="Метод определения НМЦК" name="method" rules={[rules.requiredAny]} extra={`Основание: ${NMCK_METHOD_BASIS[method]}`}>
          <Select options={NMCK_METHODS.map((m) => ({ value: m, label: NMCK_METHOD_TITLES[m] }))} />
        </Field>
        <Field label="Наименование товара, работы, услуги" name="subject">
          <Input />
        </Field>
        <Row gutter={16}>
          <Col span={8}>
            <Field label="Единица измерения" name="unit">
              <Input />
            </Field>
          </Col>
          <Col span={8}>
            <Field label="Количество (v)" name="quantity" rules={moneyRules({ required: true, positive: true, quantity: true, scale: 6 })}>
              <MoneyInput scale={6} />
            </Field>
          </Col>
          {method !== 'market' && (
            <Col span={8}>
              <Field
                label={NMCK_UNIT_PRICE_LABELS[method]}
                name="unit_price"
                rules={moneyRules({ required: true, positive: true, subject: 'price' })}
              >
                <MoneyInput />
              </Field>
            </Col>
          )}
        </Row>
        <Field
          label={
            method === 'market' ? 'Пояснения к выборке цен' : 'Основание (норматив, тариф, смета, расчёт затрат, обоснование иного метода)'
          }
          name="basis"
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />
        </Field>
        {n.editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Сохранить расчёт
          </Button>
        )}
      </Form>
    </Card>
  );
}

type SourceValues = Omit<NmckSourceRequest, 'excluded'> & { excluded?: boolean };

const sourceBody = (s: NmckSourceResponse, over: Partial<NmckSourceRequest> = {}): NmckSourceRequest => ({
  kind: s.kind,
  supplier: s.supplier,
  requisites: s.requisites,
  price_date: s.price_date,
  unit_price: s.unit_price,
  contract_position_id: s.contract_position_id,
  excluded: s.excluded,
  exclude_reason: s.exclude_reason,
  ...over,
});

function SourcesCard({ n, procurementId, onSaved }: { n: NmckResponse; procurementId: number; onSaved: (r: NmckResponse) => void }) {
  const [excluding, setExcluding] = useState<NmckSourceResponse | null>(null);
  const [excludeForm] = Form.useForm<{ reason?: string }>();
  const reason = Form.useWatch('reason', excludeForm) ?? '';
  const once = useOnce();
  const change = useMutation({
    mutationFn: ({ s, body }: { s: NmckSourceResponse; body: NmckSourceRequest }) => nmckApi.updateSource(procurementId, s.id, body),
    onSuccess: (r) => {
      onSaved(r);
      setExcluding(null);
    },
  });
  const remove = useMutation({ mutationFn: (s: NmckSourceResponse) => nmckApi.removeSource(procurementId, s.id), onSuccess: onSaved });
  return (
    <Card title="Источники ценовой информации" size="small" style={{ marginBottom: 16 }}>
      <Table<NmckSourceResponse>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={n.sources}
        locale={{ emptyText: 'Цен пока нет: добавьте не менее трёх (коммерческие предложения, контракты из реестра, иные источники)' }}
        rowClassName={(s) => (s.excluded ? 'nmck-excluded' : '')}
        columns={[
          { title: '№', width: 40, render: (_v, _s, i) => i + 1 },
          {
            title: 'Источник',
            render: (_v, s) => (
              <>
                <div>{s.supplier ?? '—'}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {NMCK_SOURCE_KIND_TITLES[s.kind]}
                  {s.requisites ? ` · ${s.requisites}` : ''}
                </Typography.Text>
              </>
            ),
          },
          { title: 'Дата', dataIndex: 'price_date', width: 100, render: (v: string | null) => (v ? formatDate(v) : '—') },
          { title: 'Цена единицы', dataIndex: 'unit_price', align: 'right', width: 130, render: (v: string) => formatMoney(v) },
          {
            title: 'В расчёте',
            width: 170,
            render: (_v, s) =>
              s.excluded ? (
                <Tag color="red" title={s.exclude_reason ?? ''}>
                  Исключена: {s.exclude_reason}
                </Tag>
              ) : (
                <Tag color="green">Учтена</Tag>
              ),
          },
          ...(n.editable
            ? [
                {
                  title: '',
                  width: 170,
                  render: (_v: unknown, s: NmckSourceResponse) => (
                    <Space size={4}>
                      {s.excluded ? (
                        <Button
                          size="small"
                          onClick={() =>
                            once((done) =>
                              change.mutate({ s, body: sourceBody(s, { excluded: false, exclude_reason: null }) }, { onSettled: done }),
                            )
                          }
                        >
                          Вернуть
                        </Button>
                      ) : (
                        <Button size="small" onClick={() => setExcluding(s)}>
                          Исключить
                        </Button>
                      )}
                      <Popconfirm title="Удалить цену из расчёта?" okText="Удалить" cancelText="Отмена" onConfirm={() => remove.mutate(s)}>
                        <Button size="small" danger aria-label={`Удалить цену ${s.supplier ?? ''}`}>
                          Удалить
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {n.editable && <AddSource procurementId={procurementId} onSaved={onSaved} />}
      <FormDialog
        form={excludeForm}
        open={excluding !== null}
        title="Исключить цену из расчёта"
        okText="Исключить"
        okButtonProps={{ disabled: reason.trim() === '' }}
        saving={change.isPending}
        onCancel={() => setExcluding(null)}
        before={
          <Typography.Paragraph>
            {excluding?.supplier}: {excluding && formatMoney(excluding.unit_price)}
          </Typography.Paragraph>
        }
        onFinish={(v) =>
          excluding &&
          v.reason?.trim() &&
          once((done) =>
            change.mutate(
              { s: excluding, body: sourceBody(excluding, { excluded: true, exclude_reason: v.reason!.trim() }) },
              { onSettled: done },
            ),
          )
        }
      >
        <Form.Item name="reason" noStyle>
          <Input.TextArea aria-label="Причина исключения" placeholder="Причина исключения (обязательно)" autoSize={{ minRows: 2 }} />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}

function AddSource({ procurementId, onSaved }: { procurementId: number; onSaved: (r: NmckResponse) => void }) {
  const [form] = Form.useForm<SourceValues>();
  const kind = Form.useWatch('kind', form) ?? 'quote';
  const [search, setSearch] = useState('');
  const company = useSelectedCompany();
  const positions = useQuery({
    queryKey: ['nmck', company, procurementId, 'contract-positions', search],
    enabled: kind === 'contract',
    queryFn: () => nmckApi.contractPositions(procurementId, search),
  });
  const once = useOnce();
  const add = useMutation({
    mutationFn: (v: SourceValues) => nmckApi.addSource(procurementId, { ...v, excluded: false }),
    onSuccess: (r) => {
      onSaved(r);
      form.resetFields();
      form.setFieldsValue({ kind });
    },
    onError: (err) => applyServerErrors(form, err),
  });
  const label = (p: NmckContractPosition) =>
    `${p.name} — ${formatMoney(p.unit_price)} · контракт ${p.contract_number ?? p.registry_number ?? ''}${p.contract_date ? ` от ${formatDate(p.contract_date)}` : ''}${p.supplier_name ? ` · ${p.supplier_name}` : ''}`;
  return (
    <Form<SourceValues>
      form={form}
      name="nmck-source"
      layout="vertical"
      initialValues={{ kind: 'quote' }}
      style={{ marginTop: 16 }}
      // Enter in the date field commits the date; only the button or Enter elsewhere adds the price
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.target as HTMLElement).closest('.ant-picker')) e.preventDefault();
      }}
      onFinish={(v) => once((done) => add.mutate(v, { onSettled: done }))}
    >
      <Typography.Title level={5}>Добавить цену</Typography.Title>
      <Field name="kind">
        <Radio.Group
          optionType="button"
          options={(['quote', 'contract', 'manual'] as const).map((k) => ({ value: k, label: NMCK_SOURCE_KIND_TITLES[k] }))}
        />
      </Field>
      {kind === 'contract' ? (
        <Field label="Позиция контракта из реестра" name="contract_position_id" rules={[rules.requiredAny]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder="Наименование, ОКПД2 или реестровый номер"
            loading={positions.isFetching}
            notFoundContent={positions.isFetching ? <Spin size="small" /> : 'Нет контрактов с ценой единицы'}
            options={(positions.data?.items ?? []).map((p) => ({ value: p.id, label: label(p) }))}
          />
        </Field>
      ) : (
        <>
          <Row gutter={16}>
            <Col span={12}>
              <Field label={kind === 'quote' ? 'Поставщик' : 'Источник цены'} name="supplier" rules={[rules.required]}>
                <Input />
              </Field>
            </Col>
            <Col span={6}>
              <Field label="Дата" name="price_date" rules={dateRules({ required: kind === 'quote' })} {...isoDateProps}>
                <DateInput style={{ width: '100%' }} />
              </Field>
            </Col>
            <Col span={6}>
              <Field label="Цена единицы, ₽" name="unit_price" rules={moneyRules({ required: true, positive: true, subject: 'price' })}>
                <MoneyInput />
              </Field>
            </Col>
          </Row>
          <Field label="Реквизиты (номер и дата документа, ИНН, ссылка)" name="requisites">
            <Input />
          </Field>
        </>
      )}
      <Button htmlType="submit" loading={add.isPending}>
        Добавить цену
      </Button>
    </Form>
  );
}

function ResultCard({ n, procurementId, onSaved }: { n: NmckResponse; procurementId: number; onSaved: (r: NmckResponse) => void }) {
  const r = n.result;
  const once = useOnce();
  const apply = useMutation({
    mutationFn: () => nmckApi.apply(procurementId),
    onSuccess: (res) => {
      onSaved(res);
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `НМЦК ${formatMoney(res.applied_nmck)} стала ценой закупки` });
    },
  });
  const market = n.method === 'market';
  return (
    <Card title="Расчёт" size="small" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          ...(market
            ? [
                { label: 'Учтено цен (n)', children: <span data-testid="nmck-count">{r.count}</span> },
                { label: 'Средняя цена <ц>', children: <span data-testid="nmck-mean">{formatMoney(r.mean)}</span> },
                { label: 'Среднее квадратичное отклонение σ', children: <span data-testid="nmck-sd">{formatMoney(r.std_dev)}</span> },
                {
                  label: 'Коэффициент вариации V',
                  children: (
                    <Space>
                      <span data-testid="nmck-cv">{r.cv === null ? '—' : formatPercent(r.cv)}</span>
                      {r.uniform !== null &&
                        (r.uniform ? (
                          <Tag color="green">≤ {NMCK_MAX_CV} %: однородна</Tag>
                        ) : (
                          <Tag color="red">&gt; {NMCK_MAX_CV} %: неоднородна</Tag>
                        ))}
                    </Space>
                  ),
                },
              ]
            : [{ label: 'Цена единицы', children: <span data-testid="nmck-unit-price">{formatMoney(r.unit_price)}</span> }]),
          { label: 'Количество (v)', children: formatQuantity(n.quantity) },
          {
            label: 'НМЦК',
            children: (
              <Typography.Text strong data-testid="nmck-total">
                {formatMoney(r.nmck)}
              </Typography.Text>
            ),
          },
          { label: 'НМЦД в карточке', children: <span data-testid="nmck-procurement-nmcd">{formatMoney(n.procurement_nmcd)}</span> },
        ]}
      />
      {market && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          НМЦК = v × &lt;ц&gt;; σ с делителем n − 1; V = σ / &lt;ц&gt; × 100 %; до копейки (приказ Минэкономразвития № 567).
        </Typography.Paragraph>
      )}
      {r.problems.map((p) => (
        <Alert key={p} type="warning" showIcon title={p} style={{ marginBottom: 8 }} />
      ))}
      <Space wrap>
        {n.editable && (
          <Button
            type="primary"
            disabled={r.nmck === null || r.problems.length > 0}
            loading={apply.isPending}
            onClick={() => once((done) => apply.mutate(undefined, { onSettled: done }))}
          >
            Применить как НМЦК закупки
          </Button>
        )}
        <Button icon={<DownloadOutlined />} onClick={() => void nmckApi.docx(procurementId)}>
          Обоснование (Word)
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void nmckApi.xlsx(procurementId)}>
          Обоснование (Excel)
        </Button>
      </Space>
    </Card>
  );
}
