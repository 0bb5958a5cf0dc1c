import { useState } from 'react';
import { Alert, Button, Col, Divider, Form, Input, Row, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { KPP_MESSAGE, KPP_RE, OGRN_MESSAGE, PHONE_MESSAGE, isValidInn, isValidOgrn, isValidPhone } from '@proc/contract/checks';
import type { RegistrationRequest } from '@proc/contract/auth';
import { ApiError } from '../../lib/api';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { socketRequest } from '../../lib/socket';
import { authApi, TICKET_KEY } from './api';
import { AuthCard } from './AuthCard';
import { noticeStore } from '../../lib/notices';

const innRule = {
  validator: async (_: unknown, v?: string) => {
    if (v && !isValidInn(v.trim())) throw new Error('Некорректный ИНН: проверьте количество цифр и контрольное число');
  },
};

/** An optional field's check (the contract's, so the first submit says what the server would); empty is valid. */
const optionalRule = (valid: (v: string) => boolean, message: string) => ({
  validator: async (_: unknown, v?: string | null) => {
    if (v && v.trim() && !valid(v.trim())) throw new Error(message);
  },
});
const kppRule = optionalRule((v) => KPP_RE.test(v), KPP_MESSAGE);
const ogrnRule = optionalRule(isValidOgrn, OGRN_MESSAGE);
const phoneRule = optionalRule(isValidPhone, PHONE_MESSAGE);

export default function RegistrationPage() {
  const [form] = Form.useForm<RegistrationRequest>();
  const navigate = useNavigate();
  const [lookup, setLookup] = useState<{ kind: 'info' | 'warning'; text: string } | null>(null);
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [busy, setBusy] = useState<'lookup' | 'code' | 'submit' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fieldsValid = (names: (string | number)[][]) =>
    form.validateFields(names).then(
      () => true,
      () => false,
    );

  const findByInn = async () => {
    const inn = (form.getFieldValue(['company', 'inn']) as string | undefined)?.trim() ?? '';
    // an invalid ИНН is shown under the field by the form; nothing to look up
    if (!(await fieldsValid([['company', 'inn']]))) return;
    setBusy('lookup');
    try {
      const p = await authApi.party(inn);
      form.setFieldsValue({ company: { inn, title: p.title, full_title: p.full_title, kpp: p.kpp, ogrn: p.ogrn, address: p.address } });
      setLookup({ kind: 'info', text: `Найдено: ${p.title}${p.status && p.status !== 'ACTIVE' ? ` (статус: ${p.status})` : ''}` });
    } catch (err) {
      setLookup({ kind: 'warning', text: err instanceof ApiError ? err.message : 'Заполните данные вручную' });
    } finally {
      setBusy(null);
    }
  };

  const sendCode = async () => {
    if (!(await fieldsValid([['user', 'email']]))) return;
    const email = form.getFieldValue(['user', 'email']) as string;
    setBusy('code');
    try {
      await socketRequest('unauth', 'emailService', { email }, { name: 'Отправка кода подтверждения' });
      setCodeSent(email);
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `Код отправлен на ${email}` });
    } catch (err) {
      form.setFields([{ name: ['user', 'email'], errors: [(err as Error).message] }]);
    } finally {
      setBusy(null);
    }
  };

  const submit = async (values: RegistrationRequest) => {
    setError(null);
    setBusy('submit');
    try {
      const r = await authApi.register(values);
      localStorage.setItem(TICKET_KEY, r.ticket);
      navigate('/expectRegistration', { replace: true });
    } catch (err) {
      if (!applyServerErrors(form, err) && err instanceof ApiError) setError(err.message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard title="Регистрация заказчика" width={760}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        <Divider titlePlacement="left">Организация</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Field label="ИНН" name={['company', 'inn']} rules={[rules.required, innRule]}>
              <Input
                inputMode="numeric"
                maxLength={12}
                onPressEnter={(e) => {
                  e.preventDefault();
                  void findByInn();
                }}
              />
            </Field>
          </Col>
          <Col span={12} style={{ display: 'flex', alignItems: 'center', paddingTop: 6 }}>
            <Button onClick={() => void findByInn()} loading={busy === 'lookup'}>
              Найти по ИНН
            </Button>
          </Col>
        </Row>
        {lookup && <Alert type={lookup.kind} title={lookup.text} showIcon style={{ marginBottom: 16 }} data-testid="party-lookup" />}
        <Field label="Краткое наименование" name={['company', 'title']} rules={[rules.required]}>
          <Input />
        </Field>
        <Field label="Полное наименование" name={['company', 'full_title']}>
          <Input />
        </Field>
        <Row gutter={16}>
          <Col span={12}>
            <Field label="КПП" name={['company', 'kpp']} rules={[kppRule]}>
              <Input maxLength={9} />
            </Field>
          </Col>
          <Col span={12}>
            <Field label="ОГРН" name={['company', 'ogrn']} rules={[ogrnRule]}>
              <Input maxLength={15} />
            </Field>
          </Col>
        </Row>
        <Field label="Адрес" name={['company', 'address']}>
          <Input />
        </Field>
        <Divider titlePlacement="left">Пользователь</Divider>
        <Field label="ФИО" name={['user', 'title']} rules={[rules.required]}>
          <Input autoComplete="name" />
        </Field>
        <Row gutter={16}>
          <Col span={12}>
            <Field label="Логин" name={['user', 'login']} rules={[rules.required]}>
              <Input autoComplete="username" />
            </Field>
          </Col>
          <Col span={12}>
            <Field label="Телефон" name={['user', 'phone']} rules={[phoneRule]}>
              <Input autoComplete="tel" />
            </Field>
          </Col>
        </Row>
        <Field label="Пароль" name={['user', 'password']} rules={[rules.required, { min: 8, message: 'Пароль не короче 8 символов' }]}>
          <Input.Password autoComplete="new-password" />
        </Field>
        <Row gutter={16} align="bottom">
          <Col span={12}>
            <Field label="E-mail" name={['user', 'email']} rules={[rules.required, rules.email]}>
              <Input autoComplete="email" />
            </Field>
          </Col>
          <Col span={12}>
            <Form.Item>
              <Button onClick={() => void sendCode()} loading={busy === 'code'}>
                {codeSent ? 'Отправить код ещё раз' : 'Отправить код на e-mail'}
              </Button>
            </Form.Item>
          </Col>
        </Row>
        <Field
          label="Код из письма"
          name="email_code"
          rules={[rules.required]}
          extra={codeSent ? `Код отправлен на ${codeSent}` : undefined}
        >
          <Input inputMode="numeric" maxLength={10} style={{ maxWidth: 200 }} />
        </Field>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy === 'submit'}>
            Зарегистрироваться
          </Button>
          <Link to="/login">Уже есть учётная запись</Link>
        </Space>
      </Form>
    </AuthCard>
  );
}
