import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KtruPosition, ProcurementLine, ProcurementLinesResponse } from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';
import { applyServerErrors } from '../../lib/forms';
import { formatMoney, formatQuantity } from '../../lib/format';
import { useSelectedCompany } from '../../lib/session';
import { Okpd2Select, OkeiSelect } from '../catalogs';
import { linesApi } from './api';

interface LineForm {
  ktru_code?: string | null;
  okpd2_code?: string | null;
  name?: string;
  okei_code?: string | null;
  unit_name?: string | null;
  quantity?: string;
  unit_price?: string | null;
}

/** КТРУ positions by code or words; the chosen one's ОКПД2, name, unit and characteristics come from the catalogue. */
function KtruSelect({
  value,
  onChange,
  onPicked,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  onPicked: (k: KtruPosition | null) => void;
}) {
  const [q, setQ] = useState('');
  const found = useQuery({ queryKey: ['ktru', q], queryFn: () => linesApi.ktru(q) });
  const items = found.data?.items ?? [];
  return (
    <Select
      showSearch
      allowClear
      aria-label="Позиция КТРУ"
      placeholder="Код КТРУ, ОКПД2 или слова наименования"
      filterOption={false}
      onSearch={setQ}
      value={value ?? undefined}
      loading={found.isFetching}
      options={items.map((k) => ({ value: k.code, label: `${k.code} — ${k.name}` }))}
      onChange={(v: string | undefined) => {
        onChange?.(v ?? null);
        onPicked(items.find((k) => k.code === v) ?? null);
      }}
    />
  );
}

/**
 * The purchase's object, a line each (one home: the НМЦК prices them, the documents print them). A 44-ФЗ line whose
 * ОКПД2 code has КТРУ positions is warned until one is chosen (ПП РФ № 145, п. 4).
 */
export default function LinesCard({ procurementId, law }: { procurementId: number; law: '223' | '44' }) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const key = ['procurement-lines', company, procurementId];
  const q = useQuery({ queryKey: key, queryFn: () => linesApi.list(procurementId) });
  const [editing, setEditing] = useState<ProcurementLine | 'new' | null>(null);
  const [form] = Form.useForm<LineForm>();
  const [picked, setPicked] = useState<KtruPosition | null>(null);
  const ktru = Form.useWatch('ktru_code', form);
  const saved = (r: ProcurementLinesResponse) => {
    qc.setQueryData(key, r);
    // the card's ОКПД2 codes, revision and out-of-date documents follow the lines
    void qc.invalidateQueries({ queryKey: ['procurement', company, procurementId] });
    void qc.invalidateQueries({ queryKey: ['nmck', company, procurementId] });
    setEditing(null);
    setPicked(null);
  };
  const save = useMutation({
    mutationFn: (v: LineForm) => {
      const body = {
        ktru_code: v.ktru_code || null,
        okpd2_code: v.okpd2_code || null,
        name: v.name ?? null,
        okei_code: v.okei_code || null,
        unit_name: v.unit_name || null,
        quantity: v.quantity ?? '',
        unit_price: v.unit_price || null,
      };
      return editing && editing !== 'new' ? linesApi.update(procurementId, editing.id, body) : linesApi.add(procurementId, body);
    },
    onSuccess: saved,
    onError: (err) => applyServerErrors(form, err),
  });
  const remove = useMutation({ mutationFn: (l: ProcurementLine) => linesApi.remove(procurementId, l.id), onSuccess: saved });
  const data = q.data;
  const editable = data?.editable ?? false;
  const chosen = picked ?? null;
  return (
    <Card title="Объект закупки" size="small" style={{ marginTop: 16 }} data-testid="procurement-lines">
      <Table<ProcurementLine>
        size="small"
        rowKey="id"
        pagination={false}
        loading={q.isLoading}
        dataSource={data?.items ?? []}
        locale={{ emptyText: 'Строк пока нет: добавьте товары, работы, услуги с количеством и ценой' }}
        columns={[
          { title: '№', dataIndex: 'position', width: 40 },
          {
            title: 'Наименование',
            render: (_v, l) => (
              <>
                <div>{l.name}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {l.ktru_code ? `КТРУ ${l.ktru_code} · ` : ''}
                  {l.okpd2_code ? `ОКПД2 ${l.okpd2_code}` : 'ОКПД2 не указан'}
                </Typography.Text>
                {l.characteristics.length > 0 && (
                  <div style={{ fontSize: 12 }}>{l.characteristics.map((c) => `${c.name}: ${c.values.join('; ')}`).join(' · ')}</div>
                )}
                {l.warnings.map((w) => (
                  <Tag key={w} color="orange" style={{ whiteSpace: 'normal', marginTop: 4 }}>
                    {w}
                  </Tag>
                ))}
              </>
            ),
          },
          { title: 'Ед. изм.', dataIndex: 'unit_name', width: 100, render: (v: string | null) => v ?? '—' },
          {
            title: 'Количество',
            dataIndex: 'quantity',
            align: 'right',
            width: 110,
            render: (v: string | null) => (v ? formatQuantity(v) : '—'),
          },
          {
            title: 'Цена единицы',
            dataIndex: 'unit_price',
            align: 'right',
            width: 130,
            render: (v: string | null) => (v ? formatMoney(v) : '—'),
          },
          { title: 'Сумма', dataIndex: 'sum', align: 'right', width: 140, render: (v: string | null) => (v ? formatMoney(v) : '—') },
          ...(editable
            ? [
                {
                  title: '',
                  width: 170,
                  render: (_v: unknown, l: ProcurementLine) => (
                    <Space size={4}>
                      <Button size="small" onClick={() => setEditing(l)} aria-label={`Изменить строку ${l.position}`}>
                        Изменить
                      </Button>
                      <Popconfirm title="Удалить строку?" okText="Удалить" cancelText="Отмена" onConfirm={() => remove.mutate(l)}>
                        <Button size="small" danger aria-label={`Удалить строку ${l.position}`}>
                          Удалить
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
        summary={() =>
          data?.total ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5} align="right">
                Итого
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <strong data-testid="lines-total">{formatMoney(data.total)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {editable && (
        <Button style={{ marginTop: 8 }} onClick={() => setEditing('new')}>
          Добавить строку
        </Button>
      )}
      <FormDialog<LineForm>
        form={form}
        open={editing !== null}
        title={editing === 'new' ? 'Новая строка объекта закупки' : 'Строка объекта закупки'}
        width={720}
        saving={save.isPending}
        onCancel={() => {
          setEditing(null);
          setPicked(null);
        }}
        initialValues={
          editing && editing !== 'new'
            ? {
                ktru_code: editing.ktru_code,
                okpd2_code: editing.okpd2_code,
                name: editing.name,
                okei_code: editing.okei_code,
                unit_name: editing.unit_name,
                quantity: editing.quantity ?? undefined,
                unit_price: editing.unit_price,
              }
            : {}
        }
        onFinish={(v) => save.mutate(v)}
        after={
          chosen && chosen.characteristics.length > 0 ? (
            <Alert
              type="info"
              message="Характеристики позиции КТРУ войдут в описание объекта закупки"
              description={chosen.characteristics.map((c) => `${c.name}: ${c.values.join('; ')}`).join('; ')}
            />
          ) : null
        }
      >
        <Form.Item name="ktru_code" label={law === '44' ? 'Позиция КТРУ' : 'Позиция КТРУ (при наличии)'}>
          <KtruSelect
            onPicked={(k) => {
              setPicked(k);
              if (k) form.setFieldsValue({ okpd2_code: k.okpd2_code, name: k.name, okei_code: k.okei_code, unit_name: k.unit_name });
            }}
          />
        </Form.Item>
        <Form.Item name="okpd2_code" label="Код ОКПД2">
          <Okpd2Select leafOnly disabled={!!ktru} />
        </Form.Item>
        <Form.Item name="name" label="Наименование товара, работы, услуги" rules={[{ required: !ktru, message: 'Укажите наименование' }]}>
          <Input disabled={!!ktru} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="okei_code" label="Единица ОКЕИ" style={{ width: '50%' }}>
            <OkeiSelect disabled={!!ktru} />
          </Form.Item>
          <Form.Item name="unit_name" label="Единица (как в документах)" style={{ width: '50%' }}>
            <Input disabled={!!ktru} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item
            name="quantity"
            label="Количество"
            rules={[{ required: true, message: 'Укажите количество' }]}
            style={{ width: '50%' }}
          >
            <MoneyInput scale={6} aria-label="Количество" />
          </Form.Item>
          <Form.Item name="unit_price" label="Цена единицы, ₽" rules={moneyRules()} style={{ width: '50%' }}>
            <MoneyInput aria-label="Цена единицы" />
          </Form.Item>
        </Space.Compact>
      </FormDialog>
    </Card>
  );
}
