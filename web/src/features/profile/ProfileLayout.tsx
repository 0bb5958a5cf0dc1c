import { Tabs, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';

const TABS = [
  { key: '/profile/my', label: 'Мои данные' },
  { key: '/profile/eisSettings', label: 'Настройки ЕИС' },
  { key: '/profile/companies', label: 'Мои организации' },
  { key: '/profile/signature', label: 'Проверка подписи' },
  { key: '/profile/approvals', label: 'Маршруты согласования' },
];

export default function ProfileLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <Typography.Title level={3}>Профиль</Typography.Title>
      <Tabs activeKey={pathname} items={TABS} onChange={(k) => navigate(k)} />
      <Outlet />
    </>
  );
}
