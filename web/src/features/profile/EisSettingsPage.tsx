import { Alert, Button, Card, Form, Input, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { useSelectedCompany } from '../../lib/session';

interface EisSettings { inn: string | null; kpp: string | null; ogrn: string | null; registry_code: string | null; login: string | null; has_password: boolean }

/** ЕИС settings of the selected company; the stored password never comes back to the browser. */
export default function EisSettingsPage() {
  const companyId = useSelectedCompany();
  const [form] = Form.useForm();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['eis-settings', companyId], queryFn: () => api.get<EisSettings>(`/companies/${companyId}/eis_settings`, { name: 'Настройки ЕИС' }), enabled: !!companyId });
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) =>
      api.put<EisSettings>(`/companies/${companyId}/eis_settings`, {
        name: 'Сохранение настроек ЕИС',
        body: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === '' || x === undefined ? null : x])),
        quiet: true,
      }),
    onSuccess: (data) => {
      qc.setQueryData(['eis-settings', companyId], data);
      form.setFieldValue('password', '');
      void message.success('Настройки ЕИС сохранены');
    },
    onError: (e) => applyServerErrors(form, e),
  });
  if (!q.data) return null;
  return (
    <Card style={{ maxWidth: 640 }} key={companyId}>
      <Form form={form} layout="vertical" initialValues={{ ...q.data, password: '' }} onFinish={(v) => save.mutate(v)}>
        <Field label="ИНН" name="inn" rules={[rules.required, { pattern: /^\d{10}$|^\d{12}$/, message: 'ИНН состоит из 10 или 12 цифр' }]}>
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
        <Field label="Пароль ЕИС" name="password" extra={q.data.has_password ? 'Пароль сохранён. Оставьте поле пустым, чтобы не менять его.' : 'Пароль не задан.'}>
          <Input.Password autoComplete="new-password" />
        </Field>
        <Alert type="info" showIcon title="Пароль хранится в зашифрованном виде и не передаётся в браузер." style={{ marginBottom: 16 }} />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Сохранить
        </Button>
      </Form>
    </Card>
  );
}
