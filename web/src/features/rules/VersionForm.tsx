import { Button, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { type LeadTimeRule, type RuleVersionResponse } from '@proc/contract';
import { FormDialog } from '../../lib/FormDialog';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { rulesApi, type VersionBody } from './api';
import { decimalOrNull, fromIso, toIso } from './dates';
import { methodOptions } from '../catalogs';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';
import { useUnsavedDialog } from '../../lib/unsaved';
import { DaysUnitSelect } from './DaysUnitSelect';
import { DateInput } from '../../lib/DateInput';
import { dateRules } from '../../lib/dates';

type SmeChoice = 'all' | 'sme' | 'other';
interface LeadRow {
  method?: string;
  sme: SmeChoice;
  nmcdMax?: string;
  days?: number;
  unit: 'calendar' | 'working';
  basis?: string;
}
interface Values {
  number: string;
  approved_on?: Dayjs | null;
  in_force_from?: Dayjs | null;
  single_supplier_max?: string;
  notes?: string;
  based_on_version_id?: number;
  lead_time_overrides?: LeadRow[];
}

const smeOptions = [
  { value: 'all', label: 'Все закупки' },
  { value: 'sme', label: 'Только у МСП' },
  { value: 'other', label: 'Кроме МСП' },
];
const toRow = (r: LeadTimeRule): LeadRow => ({
  method: r.method,
  sme: r.smeOnly === null ? 'all' : r.smeOnly ? 'sme' : 'other',
  nmcdMax: r.nmcdMax,
  days: r.days,
  unit: r.unit,
  basis: r.basis,
});
const fromRow = (r: LeadRow): LeadTimeRule => ({
  method: r.method ?? '',
  smeOnly: r.sme === 'all' ? null : r.sme === 'sme',
  nmcdMax: decimalOrNull(r.nmcdMax) ?? undefined,
  days: Number(r.days ?? 0),
  unit: r.unit,
  basis: r.basis?.trim() || undefined,
});

/** Create a draft (optionally based on another version) or edit one; drafts only on the server. */
export function VersionForm({
  ruleId,
  version,
  versions,
  onClose,
  onSaved,
}: {
  ruleId: number;
  version: RuleVersionResponse | null;
  versions: RuleVersionResponse[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  // «Отмена» with edits asks as leaving the page does
  const unsaved = useUnsavedDialog(onClose);
  const save = useMutation({
    mutationFn: (v: Values) => {
      const overrides = (v.lead_time_overrides ?? []).map(fromRow);
      const body: VersionBody = {
        number: v.number.trim(),
        approved_on: toIso(v.approved_on) ?? null,
        in_force_from: toIso(v.in_force_from) ?? '',
        single_supplier_max: decimalOrNull(v.single_supplier_max),
        notes: v.notes?.trim() || undefined,
        lead_time_overrides: overrides.length ? overrides : null,
      };
      if (version) return rulesApi.updateVersion(ruleId, version.id, body);
      return rulesApi.createVersion(ruleId, { ...body, based_on_version_id: v.based_on_version_id });
    },
    onSuccess: () => {
      unsaved.saved();
      onSaved();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  const initial: Partial<Values> = version
    ? {
        number: version.number,
        approved_on: fromIso(version.approved_on),
        in_force_from: fromIso(version.in_force_from),
        single_supplier_max: version.single_supplier_max ?? undefined,
        notes: version.notes ?? undefined,
        lead_time_overrides: (version.lead_time_overrides ?? []).map(toRow),
      }
    : { number: String(versions.length + 1), lead_time_overrides: [] };

  return (
    <FormDialog<Values>
      form={form}
      width={960}
      title={version ? `Редакция № ${version.number}` : 'Новая редакция (черновик)'}
      unsaved={unsaved}
      saving={save.isPending}
      okButtonProps={{ 'data-testid': 'version-save' }}
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '0 16px' }}>
        <Field label="Номер редакции" name="number" rules={[rules.required, { max: 50, message: 'Не длиннее 50 символов' }]}>
          <Input autoFocus data-testid="version-number" />
        </Field>
        <Field
          label="Дата утверждения"
          name="approved_on"
          dependencies={['in_force_from']}
          rules={[
            ...dateRules(),
            ({ getFieldValue }) => ({
              // the server's rule: a version is approved before it comes into force
              validator: (_, v: Dayjs | null | undefined) => {
                const inForce = getFieldValue('in_force_from') as Dayjs | null | undefined;
                // typed text that is no date (DateInput hands it over as typed) has its own message from dateRules
                return dayjs.isDayjs(v) && dayjs.isDayjs(inForce) && v.isAfter(inForce, 'day')
                  ? Promise.reject(new Error('Дата утверждения не может быть позже даты вступления в силу'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DateInput style={{ width: '100%' }} data-testid="version-approved-on" />
        </Field>
        <Field label="Вступает в силу" name="in_force_from" rules={dateRules({ required: true })}>
          <DateInput style={{ width: '100%' }} data-testid="version-in-force-from" />
        </Field>
        <Field label="Предел закупки у единственного поставщика, ₽" name="single_supplier_max" rules={moneyRules({ positive: true })}>
          <MoneyInput placeholder="600 000,00" data-testid="version-single-supplier-max" />
        </Field>
        {!version && (
          <Field
            label="На основе редакции"
            name="based_on_version_id"
            style={{ gridColumn: 'span 2' }}
            help="Правила документов будут скопированы из выбранной редакции"
          >
            <Select
              allowClear
              placeholder="Без основы"
              options={versions.map((v) => ({ value: v.id, label: `№ ${v.number} — ${v.status_title}` }))}
              data-testid="version-based-on"
            />
          </Field>
        )}
      </div>
      <Field label="Примечание" name="notes">
        <Input.TextArea rows={2} maxLength={5000} />
      </Field>
      <Typography.Text strong>Свои сроки подачи заявок</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Заменяют типовые сроки 223-ФЗ с тем же способом, признаком МСП и пределом НМЦД.
      </Typography.Paragraph>
      <Form.List name="lead_time_overrides">
        {(fields, { add, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              data-testid="lead-times"
              locale={{ emptyText: 'Используются типовые сроки' }}
              columns={[
                {
                  title: 'Способ',
                  key: 'method',
                  render: (_: unknown, f) => (
                    <Form.Item name={[f.name, 'method']} rules={[rules.requiredAny]} style={{ margin: 0 }}>
                      <Select
                        aria-label="Способ"
                        style={{ width: 230 }}
                        options={methodOptions}
                        showSearch={{ optionFilterProp: 'label' }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: 'МСП',
                  key: 'sme',
                  render: (_: unknown, f) => (
                    <Form.Item name={[f.name, 'sme']} style={{ margin: 0 }}>
                      <Select aria-label="МСП" style={{ width: 140 }} options={smeOptions} />
                    </Form.Item>
                  ),
                },
                {
                  title: 'НМЦД не выше, ₽',
                  key: 'nmcd',
                  render: (_: unknown, f) => (
                    <Form.Item name={[f.name, 'nmcdMax']} rules={moneyRules({ positive: true })} style={{ margin: 0 }}>
                      <MoneyInput aria-label="НМЦД не выше" placeholder="любая" style={{ width: 150 }} />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Дней',
                  key: 'days',
                  render: (_: unknown, f) => (
                    <Form.Item name={[f.name, 'days']} rules={[rules.requiredAny]} style={{ margin: 0 }}>
                      <InputNumber aria-label="Дней" min={0} max={365} precision={0} style={{ width: 80 }} />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Дни',
                  key: 'unit',
                  render: (_: unknown, f) => (
                    <Form.Item name={[f.name, 'unit']} style={{ margin: 0 }}>
                      <DaysUnitSelect aria-label="Дни" style={{ width: 170 }} countName={['lead_time_overrides', f.name, 'days']} />
                    </Form.Item>
                  ),
                },
                {
                  title: '',
                  key: 'x',
                  width: 40,
                  render: (_: unknown, f) => (
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label="Удалить срок" onClick={() => remove(f.name)} />
                  ),
                },
              ]}
            />
            <Button
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              onClick={() => add({ sme: 'all', unit: 'calendar' } satisfies LeadRow)}
              data-testid="lead-time-add"
            >
              Добавить срок
            </Button>
          </>
        )}
      </Form.List>
    </FormDialog>
  );
}
