import { useState } from 'react';
import { App as AntApp, Button, Form, Input, InputNumber, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  TARIFF_PERIODS,
  TARIFF_PERIOD_TITLES,
  formatSize,
  type CompanyTariffResponse,
  type TariffRequest,
  type TariffResponse,
} from '@proc/contract';
import { Field } from '../../lib/Field';
import { applyServerErrors, rules } from '../../lib/forms';
import { formatDate, formatMoney, companyTitle } from '../../lib/format';
import { noticeStore } from '../../lib/notices';
import { companiesApi, StorageUsage } from '../companies';
import { OptionsSelect } from '../catalogs';
import { routes } from '@proc/contract/routes';
import { tariffsApi } from './api';
import { listLocale, usePagedTable } from '../../lib/paged-table';
import { useUnsavedDialog } from '../../lib/unsaved';
import { FormDialog } from '../../lib/FormDialog';
import { dateRules, moscowToday, notBeforeRule } from '../../lib/dates';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';
import { DateInput } from '../../lib/DateInput';

const ARCHIVED = [
  { value: 'false', label: 'Актуальные' },
  { value: 'true', label: 'Архив' },
  { value: 'all', label: 'Все' },
];
const STATE: Record<CompanyTariffResponse['state'], { color: string; label: string }> = {
  active: { color: 'green', label: 'действует' },
  planned: { color: 'blue', label: 'запланирован' },
  expired: { color: 'default', label: 'истёк' },
};
const limitText = (n: number | null) => (n === null ? 'без ограничения' : String(n));
const storageText = (mb: number | null) => (mb === null ? 'без ограничения' : formatSize(mb * 1024 * 1024));

/** Tariff plans and their periods per company (admin only; the route is wrapped in AdminOnly). */
export default function TariffsPage() {
  const { modal } = AntApp.useApp();
  const paged = usePagedTable({ filters: ['q', 'archived'] as const, sorts: ['name', 'price'], sort: 'name', order: 'asc' });
  const archived = paged.filters.archived ?? 'false';
  const qc = useQueryClient();
  const query = { ...paged.query, archived };
  const list = useQuery({ queryKey: ['tariffs', query], queryFn: () => tariffsApi.list(query) });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['tariffs'] });
    void qc.invalidateQueries({ queryKey: ['options', routes.tariffs.getOptions.path] });
  };
  const [editing, setEditing] = useState<TariffResponse | 'new' | null>(null);
  const archive = useMutation({ mutationFn: (t: TariffResponse) => tariffsApi.archive(t.id, !t.archived), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (t: TariffResponse) => tariffsApi.remove(t.id), onSuccess: refresh });

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3}>Тарифы</Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          Добавить тариф
        </Button>
      </Space>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="Поиск по наименованию"
          aria-label="Поиск"
          defaultValue={paged.filters.q}
          onSearch={(v) => paged.filter({ q: v || undefined })}
          style={{ width: 320 }}
        />
        <Segmented
          aria-label="Архив"
          value={archived}
          options={ARCHIVED}
          onChange={(v) => paged.filter({ archived: v === 'false' ? undefined : String(v) })}
        />
      </Space>
      <Table<TariffResponse>
        rowKey="id"
        {...paged.table(list)}
        columns={[
          {
            title: 'Наименование',
            ...paged.column('name'),
            render: (n: string, t) =>
              t.archived ? (
                <Space>
                  {n}
                  <Tag>в архиве</Tag>
                </Space>
              ) : (
                n
              ),
          },
          {
            title: 'Цена',
            ...paged.column('price'),
            render: (p: string, t) => `${formatMoney(p)} / ${t.period_title}`,
          },
          { title: 'Пользователей', key: 'max_users', dataIndex: 'max_users', render: limitText },
          { title: 'Закупок в год', key: 'max_procurements_per_year', dataIndex: 'max_procurements_per_year', render: limitText },
          { title: 'Хранилище', key: 'storage_mb', dataIndex: 'storage_mb', render: storageText },
          {
            title: 'Действия',
            key: 'actions',
            render: (_: unknown, t) => (
              <Space wrap>
                <a onClick={() => setEditing(t)}>Изменить</a>
                <a onClick={() => archive.mutate(t)}>{t.archived ? 'Вернуть из архива' : 'В архив'}</a>
                <a
                  style={{ color: '#cf1322' }}
                  onClick={() =>
                    modal.confirm({
                      title: 'Удалить тариф?',
                      content: `«${t.name}» будет удалён. Назначавшийся организациям тариф удалить нельзя — перенесите его в архив.`,
                      okText: 'Удалить',
                      okButtonProps: { danger: true },
                      cancelText: 'Отмена',
                      onOk: () => remove.mutateAsync(t).catch(() => undefined),
                    })
                  }
                >
                  Удалить
                </a>
              </Space>
            ),
          },
        ]}
      />
      {editing && <TariffForm tariff={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      <CompanyTariffs />
    </>
  );
}

function TariffForm({ tariff, onClose, onSaved }: { tariff: TariffResponse | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const unsaved = useUnsavedDialog(onClose);
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) => {
      const body = {
        name: v.name,
        description: (v.description as string | undefined)?.trim() || null,
        // MoneyInput keeps the decimal string normalised («1500000.50»)
        price: v.price,
        period: v.period,
        max_users: v.max_users ?? null,
        max_procurements_per_year: v.max_procurements_per_year ?? null,
        storage_mb: v.storage_mb ?? null,
      } as TariffRequest;
      return tariff ? tariffsApi.update(tariff.id, body) : tariffsApi.create(body);
    },
    onSuccess: (t) => {
      unsaved.saved();
      noticeStore.show({ kind: 'success', header: 'Тарифы', message: `Тариф «${t.name}» сохранён` });
      onSaved();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  return (
    <FormDialog
      form={form}
      title={tariff ? 'Изменить тариф' : 'Новый тариф'}
      unsaved={unsaved}
      saving={save.isPending}
      initialValues={tariff ?? { period: 'month', storage_mb: 1024 }}
      onFinish={(v) => save.mutate(v)}
    >
      <Field label="Наименование" name="name" rules={[rules.required]}>
        <Input />
      </Field>
      <Field label="Цена, ₽" name="price" rules={moneyRules({ required: true, subject: 'price' })}>
        <MoneyInput />
      </Field>
      <Field label="Период" name="period" rules={[rules.requiredAny]}>
        <Select options={TARIFF_PERIODS.map((p) => ({ value: p, label: TARIFF_PERIOD_TITLES[p] }))} />
      </Field>
      <Field label="Не более пользователей" name="max_users" extra="Пусто — без ограничения">
        <InputNumber min={1} precision={0} style={{ width: 200 }} />
      </Field>
      <Field label="Не более закупок в год" name="max_procurements_per_year" extra="Пусто — без ограничения">
        <InputNumber min={1} precision={0} style={{ width: 200 }} />
      </Field>
      <Field label="Хранилище файлов организации, МБ" name="storage_mb" extra="Пусто — без ограничения; 1024 МБ = 1 ГБ">
        <InputNumber min={1} max={10_000_000} precision={0} style={{ width: 200 }} />
      </Field>
      <Field label="Описание" name="description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Field>
    </FormDialog>
  );
}

/** Periods of plans for one company: validity dates do not overlap (the server answers 409 otherwise). */
function CompanyTariffs() {
  const { modal } = AntApp.useApp();
  const [companyId, setCompanyId] = useState<number | undefined>();
  const [editing, setEditing] = useState<CompanyTariffResponse | 'new' | null>(null);
  const qc = useQueryClient();
  const companies = useQuery({ queryKey: ['companies', 'all'], queryFn: async () => (await companiesApi.list()) ?? [] });
  const list = useQuery({
    queryKey: ['company-tariffs', companyId],
    queryFn: () => tariffsApi.companyTariffs(companyId!),
    enabled: !!companyId,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['company-tariffs', companyId] });
  const remove = useMutation({
    mutationFn: (a: CompanyTariffResponse) => tariffsApi.removeAssignment(a.company_id, a.id),
    onSuccess: refresh,
  });
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        Тарифы организаций
      </Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          aria-label="Организация"
          placeholder="Выберите организацию"
          style={{ width: 420 }}
          value={companyId}
          onChange={setCompanyId}
          loading={companies.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(companies.data ?? []).map((c) => ({ value: c.id, label: companyTitle(c) }))}
          data-testid="tariff-company"
        />
        <Button disabled={!companyId} onClick={() => setEditing('new')}>
          Назначить тариф
        </Button>
      </Space>
      {companyId && <StorageUsage companyId={companyId} />}
      {companyId && (
        <Table<CompanyTariffResponse>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          locale={listLocale(list)}
          pagination={false}
          columns={[
            { title: 'Тариф', key: 'tariff', render: (_: unknown, a) => a.tariff.name },
            { title: 'Действует с', dataIndex: 'valid_from', render: (d: string) => formatDate(d) },
            { title: 'по', dataIndex: 'valid_to', render: (d: string | null) => (d ? formatDate(d) : 'бессрочно') },
            {
              title: 'Состояние',
              dataIndex: 'state',
              render: (s: CompanyTariffResponse['state']) => <Tag color={STATE[s].color}>{STATE[s].label}</Tag>,
            },
            {
              title: 'Действия',
              key: 'actions',
              render: (_: unknown, a) => (
                <Space>
                  <a onClick={() => setEditing(a)}>Изменить</a>
                  <a
                    style={{ color: '#cf1322' }}
                    onClick={() =>
                      modal.confirm({
                        title: 'Снять тариф с организации?',
                        okText: 'Снять',
                        okButtonProps: { danger: true },
                        cancelText: 'Отмена',
                        onOk: () => remove.mutateAsync(a).catch(() => undefined),
                      })
                    }
                  >
                    Снять
                  </a>
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && companyId && (
        <AssignmentForm
          companyId={companyId}
          assignment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </>
  );
}

function AssignmentForm({
  companyId,
  assignment,
  onClose,
  onSaved,
}: {
  companyId: number;
  assignment: CompanyTariffResponse | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const unsaved = useUnsavedDialog(onClose);
  const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
  const save = useMutation({
    mutationFn: (v: { tariff_id: number; valid_from: Dayjs; valid_to?: Dayjs | null }) => {
      const body = { tariff_id: v.tariff_id, valid_from: day(v.valid_from)!, valid_to: day(v.valid_to) };
      return assignment ? tariffsApi.updateAssignment(companyId, assignment.id, body) : tariffsApi.assign(companyId, body);
    },
    onSuccess: () => {
      unsaved.saved();
      onSaved();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  const initial = assignment
    ? {
        tariff_id: assignment.tariff.id,
        valid_from: dayjs(assignment.valid_from),
        valid_to: assignment.valid_to ? dayjs(assignment.valid_to) : null,
      }
    : { valid_from: moscowToday() };
  return (
    <FormDialog
      form={form}
      title={assignment ? 'Изменить период тарифа' : 'Назначить тариф'}
      unsaved={unsaved}
      saving={save.isPending}
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
    >
      <Field label="Тариф" name="tariff_id" rules={[rules.requiredAny]}>
        <OptionsSelect route={routes.tariffs.getOptions} requestName="Тарифы" selectedLabel={assignment?.tariff.name ?? null} />
      </Field>
      <Field label="Действует с" name="valid_from" rules={dateRules({ required: true })}>
        <DateInput />
      </Field>
      <Field
        label="Действует по"
        name="valid_to"
        extra="Пусто — бессрочно"
        dependencies={['valid_from']}
        rules={[...dateRules(), notBeforeRule('valid_from', 'Дата окончания раньше даты начала')]}
      >
        <DateInput />
      </Field>
    </FormDialog>
  );
}
