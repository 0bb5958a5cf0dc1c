import { ConfigProvider } from 'antd';
import ruRU from 'antd/es/locale/ru_RU';
import { BrowserRouter } from 'react-router';
import { AppFrame } from '../lib/antd-lite';
import { AppRoutes } from './router';

const theme = { token: { colorPrimary: '#1677ff', borderRadius: 6 } };

/**
 * What every page shares. The signed-in shell adds antd's <App> (modal, message, notification hooks), the empty-list
 * texts and the query cache (SignedIn.tsx); the signed-out pages get only the <App> frame, to keep /login light.
 */
export function App() {
  return (
    <ConfigProvider locale={ruRU} theme={theme}>
      <AppFrame>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppFrame>
    </ConfigProvider>
  );
}
