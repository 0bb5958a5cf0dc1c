import { Tabs, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { EisImportStatus } from '../eis';
import { ImportContractsButton } from './ImportContractsButton';

const TABS = [
  { key: '/contracts/register', label: 'Реестр договоров' },
  { key: '/contracts/execution', label: 'Исполнение' },
  { key: '/contracts/export', label: 'Выгрузка в ЕИС' },
];

export default function ContractsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <Typography.Title level={3}>Исполнение договоров</Typography.Title>
      <Tabs
        activeKey={TABS.find((t) => pathname.startsWith(t.key))?.key ?? TABS[0].key}
        items={TABS}
        onChange={(k) => navigate(k)}
        tabBarExtraContent={<ImportContractsButton />}
      />
      {pathname.startsWith('/contracts/register') && <EisImportStatus kind="contracts" />}
      <Outlet />
    </>
  );
}
