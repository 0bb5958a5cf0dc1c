import { lazy, Suspense, useState } from 'react';
import { Button, Form } from 'antd';
// not the Input barrel: it brings TextArea, Search, OTP and Group, which /login does not use
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link, useNavigate } from 'react-router';
import type { LoginRequest } from '@proc/contract';
import { ApiError } from '../../lib/api';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { sessionStore } from '../../lib/session';
import { authApi } from './api';
import { AuthCard } from './AuthCard';

// the error alert is fetched when the form is sent, not with the page: most sign-ins never show it
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

export default function LoginPage() {
  const [form] = Form.useForm<LoginRequest>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const submit = async (values: LoginRequest) => {
    setError(null);
    setBusy(true);
    void loadAlert();
    try {
      sessionStore.login(await authApi.login(values));
      navigate('/', { replace: true });
    } catch (err) {
      if (!applyServerErrors(form, err) && err instanceof ApiError) setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Вход в систему">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        <Field label="Логин" name="login" rules={[rules.required]}>
          <Input autoComplete="username" autoFocus />
        </Field>
        <Field label="Пароль" name="password" rules={[rules.required]}>
          <Password autoComplete="current-password" />
        </Field>
        {error && (
          <Suspense fallback={null}>
            <Alert type="error" title={error} style={{ marginBottom: 16 }} showIcon />
          </Suspense>
        )}
        <Button type="primary" htmlType="submit" block loading={busy}>
          Войти
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        Нет учётной записи? <Link to="/registration">Зарегистрироваться</Link>
      </div>
    </AuthCard>
  );
}
