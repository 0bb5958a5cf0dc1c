import type { ReactNode } from 'react';
import { Checkbox, Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
import {
  DOCUMENT_TEMPLATE_CODES,
  DOCUMENT_TEMPLATE_TITLES,
  ENSURING_KINDS,
  ENSURING_KIND_TITLES,
  SUBJECT_TYPES,
  SUBJECT_TYPE_TITLES,
  type CatalogKind,
} from '@proc/contract';
import { Field } from '../../lib/Field';
import { rules } from '../../lib/forms';
import { formatMoney, formatPercent } from '../../lib/format';
import { CatalogSelect } from './CatalogSelect';
import { Okpd2Select, OkeiSelect } from './Okpd2Select';
import type { CatalogItem } from './api';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';

export interface KindColumn {
  title: string;
  key: string;
  /** Server sort key, when the column sorts. */
  sort?: string;
  render: (item: CatalogItem) => ReactNode;
}

interface KindDef {
  /** Server sort keys; the first is the default. */
  defaultSort: string;
  columns: KindColumn[];
  /** Kind-specific form fields (name, description and user fields are common). */
  Fields?: (p: { item: CatalogItem | null }) => ReactNode;
  /** Values for a new element. */
  defaults?: Record<string, unknown>;
  /** The name field may stay empty (documents by subject take the document's name). */
  nameOptional?: boolean;
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const yes = (v: unknown) => (v ? 'да' : 'нет');
const percentRule = { pattern: /^\d{1,3}([.,]\d{1,2})?$/, message: 'Значение должно быть числовое' };

const nameColumn: KindColumn = { title: 'Наименование', key: 'name', sort: 'name', render: (i) => i.name };
const codeColumn: KindColumn = { title: 'Код', key: 'code', sort: 'code', render: (i) => text(i.code) };
/**
 * A kind's code is for programs (templates, ЕИС mapping, imports), so the tables show names only; the form keeps the
 * code for whoever maintains the catalogue.
 */
const codeField = (required: boolean, hint?: string) => (
  <Field label="Служебный код" name="code" rules={required ? [rules.required] : []} extra={hint}>
    <Input />
  </Field>
);
/** A select by element id for kinds whose options carry the code as value (subjects). */
const byId = (i: { obj: unknown }): number => (i.obj as { id: number }).id;

export const KIND_DEFS: Record<CatalogKind, KindDef> = {
  elements: {
    defaultSort: 'name',
    columns: [nameColumn],
    Fields: () => codeField(false),
  },
  execTerms: { defaultSort: 'name', columns: [nameColumn] },
  methods: {
    defaultSort: 'name',
    columns: [
      nameColumn,
      { title: 'Конкурентный', key: 'is_competitive', render: (i) => yes(i.is_competitive) },
      { title: 'В электронной форме', key: 'is_electronic', render: (i) => yes(i.is_electronic) },
    ],
    defaults: { is_competitive: true, is_electronic: false },
    Fields: () => (
      <>
        {codeField(true, 'Строчные латинские буквы, цифры и _; окончание _e — электронная форма')}
        <Field label="Краткое наименование" name="short_name">
          <Input />
        </Field>
        <Form.Item name="is_competitive" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox>Конкурентный способ</Checkbox>
        </Form.Item>
        <Form.Item name="is_electronic" valuePropName="checked">
          <Checkbox>В электронной форме</Checkbox>
        </Form.Item>
      </>
    ),
  },
  subjects: {
    defaultSort: 'name',
    columns: [nameColumn, { title: 'Вид предмета', key: 'subject_type', render: (i) => SUBJECT_TYPE_TITLES[i.subject_type as 1] ?? '—' }],
    defaults: { subject_type: 1 },
    Fields: () => (
      <>
        {codeField(true, 'Строчные латинские буквы, цифры и _')}
        <Field label="Вид предмета" name="subject_type" rules={[rules.requiredAny]}>
          <Select options={SUBJECT_TYPES.map((t) => ({ value: t, label: SUBJECT_TYPE_TITLES[t] }))} />
        </Field>
      </>
    ),
  },
  ensuring: {
    defaultSort: 'name',
    columns: [
      nameColumn,
      { title: 'Вид', key: 'kind', sort: 'kind', render: (i) => text(i.kind_title) },
      {
        title: 'Размер',
        key: 'percent',
        sort: 'percent',
        render: (i) => {
          if (i.value_type === 'amount') return formatMoney(i.amount as string);
          const range =
            i.percent_min || i.percent_max
              ? ` (от ${i.percent_min ? formatPercent(i.percent_min as string) : '—'} до ${i.percent_max ? formatPercent(i.percent_max as string) : '—'})`
              : '';
          return `${formatPercent(i.percent as string)}${range}`;
        },
      },
    ],
    defaults: { kind: 'application', value_type: 'percent' },
    Fields: () => (
      <>
        <Field label="Вид обеспечения" name="kind" rules={[rules.requiredAny]}>
          <Select options={ENSURING_KINDS.map((k) => ({ value: k, label: ENSURING_KIND_TITLES[k] }))} />
        </Field>
        <Field label="Размер задаётся" name="value_type">
          <Radio.Group
            options={[
              { value: 'percent', label: 'процентом' },
              { value: 'amount', label: 'суммой' },
            ]}
          />
        </Field>
        <Form.Item noStyle shouldUpdate={(a, b) => a.value_type !== b.value_type}>
          {(form) =>
            form.getFieldValue('value_type') === 'amount' ? (
              <Field label="Сумма, ₽" name="amount" rules={moneyRules({ required: true, positive: true })}>
                <MoneyInput />
              </Field>
            ) : (
              <>
                <Field label="Размер, %" name="percent" rules={[rules.required, percentRule]}>
                  <Input inputMode="decimal" />
                </Field>
                <Field label="Допустимый размер от, %" name="percent_min" rules={[percentRule]}>
                  <Input inputMode="decimal" />
                </Field>
                <Field label="Допустимый размер до, %" name="percent_max" rules={[percentRule]}>
                  <Input inputMode="decimal" />
                </Field>
              </>
            )
          }
        </Form.Item>
      </>
    ),
  },
  products: {
    defaultSort: 'name',
    columns: [
      nameColumn,
      { title: 'ОКПД2', key: 'okpd2_code', sort: 'okpd2_code', render: (i) => `${text(i.okpd2_code)} ${i.okpd2_name ?? ''}` },
      { title: 'Ед. изм.', key: 'okei', render: (i) => text(i.okei_short_name ?? i.okei_code) },
      { title: 'Предмет закупки', key: 'subject', render: (i) => text(i.subject_name) },
      { ...codeColumn, title: 'Артикул (код)' },
    ],
    Fields: ({ item }) => (
      <>
        <Field label="Код ОКПД2" name="okpd2_code" rules={[rules.requiredAny]}>
          <Okpd2Select selectedLabel={item?.okpd2_code ? `${String(item.okpd2_code)} ${String(item.okpd2_name ?? '')}` : null} />
        </Field>
        <Field label="Единица измерения (ОКЕИ)" name="okei_code" rules={[rules.requiredAny]}>
          <OkeiSelect selectedLabel={item?.okei_code ? `${String(item.okei_code)} ${String(item.okei_name ?? '')}` : null} />
        </Field>
        <Field label="Предмет закупки" name="subject_id">
          <CatalogSelect kind="subjects" optionValue={byId} selectedLabel={(item?.subject_name as string) ?? null} />
        </Field>
        {codeField(false)}
      </>
    ),
  },
  documents: {
    defaultSort: 'name',
    columns: [nameColumn, { title: 'Шаблон', key: 'template', render: (i) => text(i.template_title) }],
    Fields: () => (
      <>
        {codeField(false)}
        <Field label="Шаблон Word" name="template_code" extra="Без шаблона документ загружается файлом">
          <Select allowClear options={DOCUMENT_TEMPLATE_CODES.map((c) => ({ value: c, label: DOCUMENT_TEMPLATE_TITLES[c] }))} />
        </Field>
      </>
    ),
  },
  documentSubjects: {
    defaultSort: 'sort_order',
    nameOptional: true,
    columns: [
      { title: 'Порядок', key: 'sort_order', sort: 'sort_order', render: (i) => text(i.sort_order) },
      nameColumn,
      { title: 'Предмет закупки', key: 'subject', render: (i) => text(i.subject_name) },
      { title: 'Документ', key: 'document', render: (i) => text(i.document_name) },
      { title: 'Обязателен', key: 'required', render: (i) => (i.required ? <Tag color="blue">обязателен</Tag> : 'нет') },
    ],
    defaults: { required: true, sort_order: 0 },
    Fields: ({ item }) => (
      <>
        <Field label="Предмет закупки" name="subject_id" rules={[rules.requiredAny]}>
          <CatalogSelect kind="subjects" optionValue={byId} selectedLabel={(item?.subject_name as string) ?? null} />
        </Field>
        <Field label="Документ" name="document_id" rules={[rules.requiredAny]}>
          <CatalogSelect kind="documents" selectedLabel={(item?.document_name as string) ?? null} />
        </Field>
        <Form.Item name="required" valuePropName="checked">
          <Checkbox>Обязателен для закупки этого предмета</Checkbox>
        </Form.Item>
        <Field label="Порядок в списке" name="sort_order">
          <InputNumber min={0} max={10000} precision={0} />
        </Field>
      </>
    ),
  },
};

/** Form values → request body: empty strings become null, decimals get a dot. */
export function toBody(kind: CatalogKind, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values };
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string' && v.trim() === '') body[k] = null;
  if (kind === 'ensuring')
    for (const k of ['percent', 'percent_min', 'percent_max', 'amount'])
      if (typeof body[k] === 'string') body[k] = (body[k] as string).replace(',', '.');
  if (kind === 'ensuring' && body.value_type === 'amount') Object.assign(body, { percent: null, percent_min: null, percent_max: null });
  if (kind === 'ensuring' && body.value_type === 'percent') body.amount = null;
  if (kind === 'documentSubjects' && body.name === null) delete body.name;
  if (body.subject_id === undefined && kind === 'products') body.subject_id = null;
  body.user_fields = ((values.user_fields as Record<string, unknown>[] | undefined) ?? []).map((f) => ({
    ...f,
    default: typeof f.default === 'string' && f.default.trim() ? f.default : null,
  }));
  return body;
}
