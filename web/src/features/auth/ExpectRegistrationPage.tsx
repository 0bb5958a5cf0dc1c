import { Alert, Button, Result, Spin } from 'antd';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { authApi, TICKET_KEY } from './api';
import { AuthCard } from './AuthCard';

/** The query cache is provided by the signed-in shell; this signed-out page brings it along itself. */
export default function ExpectRegistrationPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ExpectRegistration />
    </QueryClientProvider>
  );
}

/** The applicant waits here until an operator approves or rejects the registration. */
function ExpectRegistration() {
  const ticket = localStorage.getItem(TICKET_KEY);
  const q = useQuery({
    queryKey: ['registration', ticket],
    queryFn: () => authApi.status(ticket!),
    enabled: !!ticket,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5000 : false),
  });
  if (!ticket) {
    return (
      <AuthCard title="Ожидание регистрации">
        <Alert type="info" title="Заявка на регистрацию не найдена в этом браузере." showIcon />
        <div style={{ marginTop: 16 }}>
          <Link to="/registration">Подать заявку</Link> · <Link to="/login">Войти</Link>
        </div>
      </AuthCard>
    );
  }
  const r = q.data;
  return (
    <AuthCard title="Ожидание регистрации" width={560}>
      {!r ? (
        <Spin />
      ) : r.status === 'pending' ? (
        <Result
          status="info"
          title="Заявка на рассмотрении"
          subTitle={`Организация «${r.company_title}», логин ${r.user_login}. Оператор проверит данные и подтвердит регистрацию; страница обновится сама.`}
        />
      ) : r.status === 'approved' ? (
        <Result
          status="success"
          title="Регистрация подтверждена"
          subTitle={`Войдите с логином ${r.user_login}.`}
          extra={
            <Link to="/login" onClick={() => localStorage.removeItem(TICKET_KEY)}>
              <Button type="primary">Войти</Button>
            </Link>
          }
        />
      ) : (
        <Result
          status="error"
          title="Регистрация отклонена"
          subTitle={`Причина: ${r.reason ?? '—'}`}
          extra={<Link to="/registration">Подать заявку заново</Link>}
        />
      )}
    </AuthCard>
  );
}
