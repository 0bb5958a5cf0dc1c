import { routes } from '@proc/contract/routes';
import { Layout, Menu, Dropdown, Button, Space, Typography, App as AntApp, Badge, Tooltip, ConfigProvider, Empty } from 'antd';
import { SettingOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@proc/contract/messages';
import { MAIN_TABS, catalogMenuFor } from '@proc/contract/catalog-menu';
import { isStaff, REGISTRATION_DECIDERS } from '@proc/contract/roles';
import { sessionStore, useSession } from '../lib/session';
import { useSocketState } from '../lib/socket';
import { call } from '../lib/api';
import { CompanyPicker } from './CompanyPicker';
import { SupportChat } from './SupportChat';
import { Footer } from './Footer';
import { TariffNotice } from './TariffNotice';
import { useRealtimeNotices } from './realtime-notices';
import { composeFeatures } from './features';
import './dayjs-locale';
import { BackgroundEvents } from './BackgroundEvents';
import { TasksBadge } from '../features/approvals';

composeFeatures();

function TopBar() {
  const session = useSession()!;
  const location = useLocation();
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const { authConnected } = useSocketState();
  const role = session.user.role;
  const active = MAIN_TABS.filter((t) => location.pathname.startsWith('match' in t ? t.match : t.path)).map((t) => t.path);
  const gear = catalogMenuFor(role).map((m) => ({ key: m.path, label: <Link to={m.path}>{m.label}</Link> }));
  const staffLinks = isStaff(role)
    ? [
        { type: 'divider' as const },
        { key: '/users', label: <Link to="/users">Пользователи</Link> },
        ...((REGISTRATION_DECIDERS as readonly string[]).includes(role)
          ? [{ key: '/registrations', label: <Link to="/registrations">Заявки на регистрацию</Link> }]
          : []),
        { key: '/audit', label: <Link to="/audit">Журнал изменений</Link> },
      ]
    : [];

  const logout = () =>
    modal.confirm({
      title: MESSAGES.logoutConfirm,
      okText: 'Выйти',
      cancelText: 'Отмена',
      onOk: async () => {
        await call(routes.auth.postLogout, { name: 'Выход' }).catch(() => undefined);
        sessionStore.logout();
        navigate('/login', { replace: true });
      },
    });

  // Two rows by design: the organisation, the user and the session on top, the sections below at full width. In one
  // row the spec's 450 px company picker and four section tabs do not fit 1280–1440 px and the bar wrapped anyway.
  return (
    <Layout.Header
      style={{ background: '#fff', padding: '0 16px', borderBottom: '1px solid #f0f0f0', height: 'auto', lineHeight: 'normal' }}
      data-testid="top-bar"
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, height: 52, flexWrap: 'nowrap', minWidth: 0 }}>
        <Link to="/" style={{ fontWeight: 700, whiteSpace: 'nowrap', color: '#1677ff' }}>
          {MESSAGES.appTitle}
        </Link>
        <CompanyPicker />
        <div style={{ flex: 1 }} />
        <Space size="middle" style={{ flexWrap: 'nowrap', whiteSpace: 'nowrap', flexShrink: 0 }}>
          <BackgroundEvents />
          <TasksBadge />
          <Tooltip title={authConnected ? 'Соединение установлено' : 'Нет соединения с сервером'}>
            <Badge status={authConnected ? 'success' : 'error'} text={authConnected ? 'онлайн' : 'нет связи'} data-testid="socket-status" />
          </Tooltip>
          <Link to="/profile/my" title={`Профиль: ${session.user.title} (${session.user.login})`} data-testid="profile-link">
            <Space size={4} style={{ flexWrap: 'nowrap' }}>
              <UserOutlined />
              <span
                data-testid="user-title"
                style={{ display: 'inline-block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' }}
              >
                {session.user.title}
              </span>
              <Typography.Text type="secondary" data-testid="user-login">
                ({session.user.login})
              </Typography.Text>
            </Space>
          </Link>
          <Dropdown menu={{ items: [...gear, ...staffLinks] }} trigger={['click']}>
            <Button icon={<SettingOutlined />} aria-label="Справочники" data-testid="gear-menu" />
          </Dropdown>
          <Button icon={<LogoutOutlined />} onClick={logout} aria-label="Выйти" data-testid="logout">
            Выйти
          </Button>
        </Space>
      </div>
      <Menu
        mode="horizontal"
        selectedKeys={active}
        style={{ borderBottom: 0, lineHeight: '44px' }}
        items={MAIN_TABS.map((t) => ({ key: t.path, label: <Link to={t.path}>{t.label}</Link> }))}
      />
    </Layout.Header>
  );
}

const renderEmpty = (name?: string) =>
  name === 'Select' ? <span style={{ padding: 4 }}>{MESSAGES.emptySelect}</span> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;

/**
 * The signed-in frame: top bar, content, footer and the support chat. antd's <App> (modal.confirm and the like), the
 * empty-list texts and the real-time notices are set up here, so the signed-out pages do not load them.
 */
export function Shell() {
  useRealtimeNotices();
  return (
    <ConfigProvider renderEmpty={renderEmpty}>
      <AntApp>
        <Layout style={{ minHeight: '100vh' }}>
          <TopBar />
          <Layout.Content style={{ padding: 24 }}>
            <TariffNotice />
            <Outlet />
          </Layout.Content>
          <Footer />
          <SupportChat />
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}
