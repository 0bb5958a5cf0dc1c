import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { LoginRequest } from '@proc/contract';
import { ApiError } from '../../lib/api';
import { rules, applyServerErrors } from '../../lib/forms';
import { Field } from '../../lib/Field';
import { sessionStore } from '../../lib/session';
import { authApi } from './api';
import { AuthCard } from './AuthCard';

export default function LoginPage() {
  const [form] = Form.useForm<LoginRequest>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const submit = async (values: LoginRequest) => {
    setError(null);
    setBusy(true);
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
          <Input.Password autoComplete="current-password" />
        </Field>
        {error && <Alert type="error" title={error} style={{ marginBottom: 16 }} showIcon />}
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
