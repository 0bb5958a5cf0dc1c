import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EisCheckResponse } from '@proc/contract';
import { profileApi } from './api';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { useSelectedCompany } from '../../lib/session';
import { IdentityRequestAlert } from './IdentityRequestAlert';
import { noticeStore } from '../../lib/notices';
import { useUnsavedChanges } from '../../lib/unsaved';

/** ЕИС settings of the selected company; the stored password and token never come back to the browser. */
export default function EisSettingsPage() {
  const companyId = useSelectedCompany();
  const [form] = Form.useForm();
  const unsaved = useUnsavedChanges();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['eis-settings', companyId],
    queryFn: () => profileApi.eisSettings(companyId!),
    enabled: !!companyId,
  });
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) =>
      profileApi.saveEisSettings(
        companyId!,
        Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === '' || x === undefined ? null : x])) as Parameters<
          typeof profileApi.saveEisSettings
        >[1],
      ),
    onSuccess: (data, sent) => {
      unsaved.saved();
      qc.setQueryData(['eis-settings', companyId], data);
      // the form shows the identity in force; an asked change waits for the operator (shown above the form)
      form.setFieldsValue({ inn: data.inn, kpp: data.kpp, ogrn: data.ogrn, password: '', token: '' });
      const waits = data.identity_request?.status === 'pending' && data.identity_request.inn === sent.inn;
      noticeStore.show({
        kind: 'success',
        header: 'Успешно',
        message: waits ? 'Настройки ЕИС сохранены; смена ИНН, КПП или ОГРН ожидает подтверждения оператором' : 'Настройки ЕИС сохранены',
      });
      void qc.invalidateQueries({ queryKey: ['eis-import-status'] });
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const [checked, setChecked] = useState<EisCheckResponse | null>(null);
  const check = useMutation({
    mutationFn: () => profileApi.checkEis(companyId!),
    onMutate: () => setChecked(null),
    onSuccess: (r) => {
      setChecked(r);
      // a refused token is marked on the server: the warning below follows it
      void qc.invalidateQueries({ queryKey: ['eis-settings', companyId] });
    },
  });
  if (!q.data) return null;
  return (
    <Card style={{ maxWidth: 640 }} key={companyId}>
      <IdentityRequestAlert r={q.data.identity_request} />
      {q.data.sync_stopped && (
        <Alert type="error" showIcon title={q.data.sync_stopped} style={{ marginBottom: 16 }} data-testid="eis-sync-stopped" />
      )}
      {q.data.token_rejected && (
        <Alert
          type="warning"
          showIcon
          title="Нужен новый токен ЕИС"
          description={`ЕИС отказала в доступе по сохранённому токену: ${q.data.token_rejected}. Загрузки из ЕИС и ежедневная синхронизация не пройдут, пока не будет сохранён новый токен.`}
          style={{ marginBottom: 16 }}
          data-testid="eis-token-rejected"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...q.data, password: '', token: '' }}
        onFinish={(v) => save.mutate(v)}
        onValuesChange={unsaved.changed}
      >
        <Field
          label="ИНН"
          name="inn"
          extra="ИНН, КПП и ОГРН — организации: их смена вступает в силу после подтверждения оператором"
          rules={[rules.required, { pattern: /^\d{10}$|^\d{12}$/, message: 'ИНН состоит из 10 или 12 цифр' }]}
        >
          <Input />
        </Field>
        <Field label="КПП" name="kpp">
          <Input />
        </Field>
        <Field label="ОГРН" name="ogrn">
          <Input />
        </Field>
        <Field label="Код по Сводному реестру" name="registry_code" rules={[rules.numeric]}>
          <Input />
        </Field>
        <Field label="Логин ЕИС" name="login">
          <Input autoComplete="off" />
        </Field>
        <Field
          label="Пароль ЕИС"
          name="password"
          extra={q.data.has_password ? 'Пароль сохранён. Оставьте поле пустым, чтобы не менять его.' : 'Пароль не задан.'}
        >
          <Input.Password autoComplete="new-password" />
        </Field>
        <Field
          label="Токен ЕИС (сервис отдачи документов)"
          name="token"
          extra={
            q.data.has_token
              ? 'Токен сохранён. Оставьте поле пустым, чтобы не менять его.'
              : 'Токен выдаёт ЕИС физическому лицу после входа через Госуслуги; без него договоры из ЕИС не загружаются.'
          }
        >
          <Input.Password autoComplete="off" />
        </Field>
        <Field
          label="Код региона заказчика"
          name="region_code"
          extra="Две цифры, как в ЕИС (например, 01 — Республика Адыгея); по умолчанию — первые две цифры ИНН"
          rules={[{ pattern: /^\d{2}$/, message: 'Код региона — две цифры (например, 01 или 77)' }]}
        >
          <Input maxLength={2} style={{ width: 100 }} />
        </Field>
        <Alert
          type="info"
          showIcon
          title="Пароль и токен хранятся в зашифрованном виде и не передаются в браузер."
          style={{ marginBottom: 16 }}
        />
        {checked && (
          <Alert
            type={checked.ok ? 'success' : 'error'}
            showIcon
            title={checked.message}
            style={{ marginBottom: 16 }}
            data-testid="eis-check-result"
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Сохранить
          </Button>
          <Button onClick={() => check.mutate()} loading={check.isPending} data-testid="eis-check">
            Проверить подключение
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
