import { ConfigProvider, App as AntApp } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { QueryClientProvider } from '@tanstack/react-query';
import { Empty } from 'antd';
import { RouterProvider } from 'react-router';
import { MESSAGES } from '@proc/contract/messages';
import { router } from './router';
import { queryClient } from './query-client';

dayjs.locale('ru');


const theme = { token: { colorPrimary: '#1677ff', borderRadius: 6 } };

export function App() {
  return (
    <ConfigProvider
      locale={ruRU}
      theme={theme}
      renderEmpty={(name) => (name === 'Select' ? <span style={{ padding: 4 }}>{MESSAGES.emptySelect}</span> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
