import { useEffect, type ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { REGISTRATION_DECIDERS } from '@proc/contract/roles';
import { StaffOnly, AdminOnly, RolesOnly } from './guards';
import { later, page, preloadElement } from './lazy-page';
import { queryClient } from '../lib/query-client';
import { Shell } from './Shell';

const staff = (el: ReactNode) => <StaffOnly>{el}</StaffOnly>;
/** One shared page for every catalogue screen (it reads its CATALOG_ROUTES entry from the path). */
const catalogPage = () => page(() => import('../features/catalogs/CatalogPage'));

/** The signed-in pages, each its own chunk, inside the shell. */
const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: page(() => import('../features/home/HomePage')) },
      { path: '/procurementsRules', element: page(() => import('../features/rules/RulesPage')) },
      { path: '/procurementsRules/:id/versions', element: page(() => import('../features/rules/VersionsPage')) },
      {
        path: '/procurementsRules/:procId/versions/:id/documentsRules',
        element: staff(page(() => import('../features/rules/DocumentRulesPage'))),
      },
      { path: '/procurementsRules/:procId/versions/:id/templates', element: page(() => import('../features/rules/TemplatesPage')) },
      { path: '/documentTemplates', element: page(() => import('../features/rules/TemplatesPage')) },
      { path: '/files/:id', element: page(() => import('../features/procurements/FilesPage')) },
      { path: '/procurement_documents/:id', element: page(() => import('../features/documentation/DocumentationPage')) },
      { path: '/eisPlanItems/:number', element: page(() => import('../features/plans/PlanItemsPage')) },
      { path: '/eisPlans', element: page(() => import('../features/plans/PlansPage')) },
      { path: '/eisPlans/tender', element: page(() => import('../features/plans/TenderPlansPage')) },
      { path: '/eisNotices44', element: page(() => import('../features/notices/Notices44Page')) },
      { path: '/eisPlans/tender/:number', element: page(() => import('../features/plans/TenderPositionsPage')) },
      { path: '/users', element: staff(page(() => import('../features/users/UsersPage'))) },
      {
        path: '/registrations',
        element: <RolesOnly roles={REGISTRATION_DECIDERS}>{page(() => import('../features/registrations/RegistrationsPage'))}</RolesOnly>,
      },
      { path: '/audit', element: staff(page(() => import('../features/audit/AuditPage'))) },
      { path: '/tasks', element: page(() => import('../features/approvals/TasksPage')) },
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
          { path: 'signature', element: page(() => import('../features/signatures/SignatureCheckPage')) },
          { path: 'approvals', element: page(() => import('../features/approvals/RoutesPage')) },
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
];

/** Starts loading the chunks of what `pathname` shows (layout and page), before the router renders it. */
export function preloadRoute(pathname: string): void {
  for (const m of matchRoutes(routes, pathname) ?? []) preloadElement(m.route.element);
}

/**
 * The screens a specialist's day goes through: their chunks load while the browser is idle after sign-in, so following
 * a link to one waits for its data only, not for 0,2–0,4 s of its code.
 */
const DAILY_SCREENS = ['/', '/documents/0', '/procurement_documents/0', '/contracts/register/0', '/documents', '/contracts/register'];

/**
 * Everything a signed-in user sees: the route table, the shell and the query cache live in this chunk, so /login loads
 * none of them. The cache goes when the user does (logout or a 401 unmount this).
 */
export default function SignedIn() {
  useEffect(() => () => queryClient.clear(), []);
  useEffect(() => later(() => DAILY_SCREENS.forEach(preloadRoute), 3000), []);
  const element = useRoutes(routes);
  return <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>;
}
