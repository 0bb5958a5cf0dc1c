import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { Spin } from 'antd';
import { RequireAuth, PublicOnly, StaffOnly, AdminOnly } from './guards';
import { Root } from './Root';
// the signed-in frame is a chunk of its own: /login must not load the top bar's components
const Shell = lazy(() => import('./Shell').then((m) => ({ default: m.Shell })));

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
/** One shared page for every catalogue screen (it reads its CATALOG_ROUTES entry from the path). */
const catalogPage = () => page(() => import('../features/catalogs/CatalogPage'));

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
            <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
              <Shell />
            </Suspense>
          </RequireAuth>
        ),
        children: [
          { path: '/', element: page(() => import('../features/home/HomePage')) },
          { path: '/procurementsRules', element: page(() => import('../features/rules/RulesPage')) },
          { path: '/procurementsRules/:id/versions', element: page(() => import('../features/rules/VersionsPage')) },
          { path: '/procurementsRules/:procId/versions/:id/documentsRules', element: staff(page(() => import('../features/rules/DocumentRulesPage'))) },
          { path: '/files/:id', element: page(() => import('../features/procurements/FilesPage')) },
          { path: '/procurement_documents/:id', element: page(() => import('../features/procurements/DocumentationPage')) },
          { path: '/eisPlanItems/:number', element: page(() => import('../features/eis/PlanItemsPage')) },
          { path: '/eisPlans', element: page(() => import('../features/eis/PlansPage')) },
          { path: '/users', element: staff(page(() => import('../features/users/UsersPage'))) },
          { path: '/registrations', element: staff(page(() => import('../features/registrations/RegistrationsPage'))) },
          { path: '/documents', element: page(() => import('../features/procurements/RegisterPage')) },
          { path: '/documents/:id', element: page(() => import('../features/procurements/ProcurementPage')) },
          {
            path: '/contracts',
            element: page(() => import('../features/contracts/ContractsLayout')),
            children: [
              { index: true, element: <Navigate to="/contracts/register" replace /> },
              { path: 'register', element: page(() => import('../features/contracts/RegisterPage')) },
              { path: 'register/:id', element: page(() => import('../features/contracts/ContractCardPage')) },
              { path: 'execution', element: page(() => import('../features/contracts/ExecutionPage')) },
              { path: 'export', element: page(() => import('../features/contracts/ExportPage')) },
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
          { path: '/catalogDocument', element: staff(catalogPage()) },
          { path: '/catalog', element: staff(catalogPage()) },
          { path: '/catalogRequirements', element: staff(catalogPage()) },
          { path: '/catalogFinancialResults', element: staff(catalogPage()) },
          { path: '/catalogInfoAndDocuments', element: staff(catalogPage()) },
          { path: '/catalogFundingSources', element: catalogPage() },
          { path: '/catalogContractBasis', element: catalogPage() },
          { path: '/catalogDeliveryTerms', element: staff(catalogPage()) },
          { path: '/catalogWorkTerms', element: staff(catalogPage()) },
          { path: '/catalogServiceTerms', element: staff(catalogPage()) },
          { path: '/catalogExecPlace', element: catalogPage() },
          { path: '/catalogMethod', element: staff(catalogPage()) },
          { path: '/catalogTariffs', element: staff(<AdminOnly>{page(() => import('../features/tariffs/TariffsPage'))}</AdminOnly>) },
          { path: '/catalogService', element: staff(catalogPage()) },
          { path: '/catalogEnsuring', element: staff(catalogPage()) },
          { path: '/catalogServiceDocument', element: staff(catalogPage()) },
          { path: '/catalogDocumentSubject', element: staff(catalogPage()) },
          { path: '*', element: page(() => import('../features/placeholder/NotFoundPage')) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
