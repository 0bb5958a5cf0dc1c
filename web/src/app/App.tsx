import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppFrame } from '../lib/antd-lite';
import { AppRoutes } from './router';

// A user who asked the system for less motion gets dialogs, menus and notices without their zoom and slide: the
// setting is read once, at start, as the system gives it.
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const theme = { token: { colorPrimary: '#1677ff', borderRadius: 6, motion: !reducedMotion } };

/**
 * A data router around the app's own routes (one splat route, the routes below it as they were): forms guard their
 * unsaved edits with the router's blocker, which only a data router has.
 */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

/**
 * What every page shares. The signed-in shell adds antd's <App> (modal, message, notification hooks), the empty-list
 * texts and the query cache (SignedIn.tsx); the signed-out pages get only the <App> frame, to keep /login light.
 */
export function App() {
  return (
    <ConfigProvider locale={ruRU} theme={theme}>
      <AppFrame>
        <RouterProvider router={router} />
      </AppFrame>
    </ConfigProvider>
  );
}
