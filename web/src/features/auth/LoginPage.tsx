import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { LoginRequest } from '@proc/contract';
import { MESSAGES } from '@proc/contract/messages';
import { ApiError } from '../../lib/api';
import { LiteForm, LiteFormItem, liteControlProps } from '../../lib/antd-lite';
import { sessionStore } from '../../lib/session';
import { authApi } from './api';
import { AuthCard } from './AuthCard';

// the error alert is fetched when the form is sent, not with the page: most sign-ins never show it
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

type FieldName = keyof LoginRequest;
type Errors = Partial<Record<FieldName, string>>;

/** The spec's required rule (lib/forms `rules.required`): a value of spaces only is missing too. */
const missing = (values: LoginRequest): Errors =>
  Object.fromEntries((['login', 'password'] as const).filter((f) => !values[f].trim()).map((f) => [f, MESSAGES.required]));

/**
 * Sign-in. Two required fields on the lite form of lib/antd-lite (antd's markup and styles without antd's <Form>, whose
 * store, validator and label tooltip would be a tenth of the page's JavaScript); they behave as lib/Field's do: the
 * error under a field as it is emptied or sent empty, the server's field errors under their fields.
 */
export default function LoginPage() {
  const [values, setValues] = useState<LoginRequest>({ login: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const change = (name: FieldName) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((er) => ({ ...er, [name]: value.trim() ? undefined : MESSAGES.required }));
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return; // Enter pressed again while the first sign-in is under way
    const empty = missing(values);
    setErrors(empty);
    if (Object.keys(empty).length) return;
    setError(null);
    setBusy(true);
    void loadAlert();
    try {
      sessionStore.login(await authApi.login(values));
      navigate('/', { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const fields = Object.entries(err.fields);
      if (fields.length) setErrors(Object.fromEntries(fields.map(([name, messages]) => [name, messages.join(', ')])));
      else setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Вход в систему">
      <LiteForm onSubmit={(e) => void submit(e)}>
        <LiteFormItem id="login" label="Логин" required error={errors.login}>
          <Input
            {...liteControlProps('login', errors.login)}
            autoComplete="username"
            autoFocus
            value={values.login}
            onChange={change('login')}
          />
        </LiteFormItem>
        <LiteFormItem id="password" label="Пароль" required error={errors.password}>
          <Input.Password
            {...liteControlProps('password', errors.password)}
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
          />
        </LiteFormItem>
        {error && (
          <Suspense fallback={null}>
            <Alert type="error" title={error} style={{ marginBottom: 16 }} showIcon />
          </Suspense>
        )}
        <Button type="primary" htmlType="submit" block loading={busy}>
          Войти
        </Button>
      </LiteForm>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        Нет учётной записи? <Link to="/registration">Зарегистрироваться</Link>
      </div>
    </AuthCard>
  );
}
