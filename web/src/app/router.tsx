import { lazy, Suspense } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth';
import { RequireAuth, PublicOnly } from './guards';
import { page, PageSpin } from './lazy-page';
import { Root } from './Root';

// the signed-in pages, their route table and the shell are chunks of their own: /login loads none of them
const SignedIn = lazy(() => import('./SignedIn'));

export const routes: RouteObject[] = [
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
          // the page most visits start from ships with the entry
          { path: '/login', element: <LoginPage /> },
          { path: '/registration', element: page(() => import('../features/auth/RegistrationPage')) },
          { path: '/expectRegistration', element: page(() => import('../features/auth/ExpectRegistrationPage')) },
        ],
      },
      {
        path: '*',
        element: (
          <RequireAuth>
            <Suspense fallback={<PageSpin />}>
              <SignedIn />
            </Suspense>
          </RequireAuth>
        ),
      },
    ],
  },
];

/** Declarative routing: the app uses no loaders or actions, and the data router would double react-router's weight. */
export function AppRoutes() {
  return useRoutes(routes);
}
