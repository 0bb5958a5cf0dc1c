import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { Spin } from 'antd';
import { RequireAuth, PublicOnly, StaffOnly, AdminOnly } from './guards';
import { Root } from './Root';
import { Shell } from './Shell';

/** Every feature is its own chunk. */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const C = lazy(load);
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <C />
    </Suspense>
  );
};
const staff = (el: ReactNode) => <StaffOnly>{el}</StaffOnly>;

const placeholder = (title: string, issue: string) => {
  const Placeholder = lazy(() => import('../features/placeholder/PlaceholderPage'));
  return (
    <Suspense fallback={<Spin />}>
      <Placeholder title={title} issue={issue} />
    </Suspense>
  );
};

export const routes = [
  {
    element: <Root />,
    children: [
      {
        element: (
          <PublicOnly>
            <Outlet />
          </PublicOnly>
        ),
        children: [
          { path: '/login', element: page(() => import('../features/auth/LoginPage')) },
          { path: '/registration', element: page(() => import('../features/auth/RegistrationPage')) },
          { path: '/expectRegistration', element: page(() => import('../features/auth/ExpectRegistrationPage')) },
        ],
      },
      {
        element: (
          <RequireAuth>
            <Shell />
          </RequireAuth>
        ),
        children: [
          { path: '/', element: page(() => import('../features/home/HomePage')) },
          { path: '/procurementsRules', element: placeholder('Положения о закупке', 'Положения о закупке, их редакции и правила документов') },
          { path: '/procurementsRules/:id/versions', element: placeholder('Редакции положения', 'Положения о закупке') },
          { path: '/procurementsRules/:procId/versions/:id/documentsRules', element: staff(placeholder('Правила документов', 'Положения о закупке')) },
          { path: '/files/:id', element: placeholder('Документы закупки', 'Реестр закупок') },
          { path: '/procurement_documents/:id', element: placeholder('Документация о закупке', 'Реестр закупок') },
          { path: '/eisPlanItems/:number', element: placeholder('Позиции плана закупки', 'Интеграция с ЕИС') },
          { path: '/eisPlans', element: placeholder('Планы закупки', 'Интеграция с ЕИС') },
          { path: '/users', element: staff(page(() => import('../features/users/UsersPage'))) },
          { path: '/registrations', element: staff(page(() => import('../features/registrations/RegistrationsPage'))) },
          { path: '/documents', element: placeholder('Реестр закупок', 'Реестр закупок') },
          {
            path: '/contracts',
            element: page(() => import('../features/contracts/ContractsLayout')),
            children: [
              { index: true, element: <Navigate to="/contracts/register" replace /> },
              { path: 'register', element: placeholder('Реестр договоров', 'Исполнение договоров') },
              { path: 'execution', element: placeholder('Исполнение', 'Исполнение договоров') },
              { path: 'export', element: placeholder('Выгрузка в ЕИС', 'Исполнение договоров') },
            ],
          },
          {
            path: '/profile',
            element: page(() => import('../features/profile/ProfileLayout')),
            children: [
              { index: true, element: <Navigate to="/profile/my" replace /> },
              { path: 'my', element: page(() => import('../features/profile/MyProfilePage')) },
              { path: 'eisSettings', element: page(() => import('../features/profile/EisSettingsPage')) },
              { path: 'companies', element: page(() => import('../features/profile/CompaniesPage')) },
            ],
          },
          { path: '/catalogDocument', element: staff(placeholder('Документы', 'Справочники')) },
          { path: '/catalog', element: staff(placeholder('Методы определения НМЦД', 'Справочники')) },
          { path: '/catalogRequirements', element: staff(placeholder('Единые (дополнительные) требования', 'Справочники')) },
          { path: '/catalogFinancialResults', element: staff(placeholder('Финансовые результаты', 'Справочники')) },
          { path: '/catalogInfoAndDocuments', element: staff(placeholder('Дополнительные требования, информация и документы', 'Справочники')) },
          { path: '/catalogFundingSources', element: placeholder('Источники финансирования', 'Справочники') },
          { path: '/catalogContractBasis', element: placeholder('Основания заключения договора', 'Справочники') },
          { path: '/catalogDeliveryTerms', element: staff(placeholder('Условия поставки товара', 'Справочники')) },
          { path: '/catalogWorkTerms', element: staff(placeholder('Условия выполнения работ', 'Справочники')) },
          { path: '/catalogServiceTerms', element: staff(placeholder('Условия оказания услуг', 'Справочники')) },
          { path: '/catalogExecPlace', element: placeholder('Место поставки', 'Справочники') },
          { path: '/catalogMethod', element: staff(placeholder('Способы закупки', 'Справочники')) },
          { path: '/catalogTariffs', element: staff(<AdminOnly>{placeholder('Тарифы', 'Справочники и тарифы')}</AdminOnly>) },
          { path: '/catalogService', element: staff(placeholder('Предметы закупки', 'Справочники')) },
          { path: '/catalogEnsuring', element: staff(placeholder('Обеспечение', 'Справочники')) },
          { path: '/catalogServiceDocument', element: staff(placeholder('Товары, работы, услуги', 'Справочники')) },
          { path: '/catalogDocumentSubject', element: staff(placeholder('Документы по предмету закупки', 'Справочники')) },
          { path: '*', element: page(() => import('../features/placeholder/NotFoundPage')) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
