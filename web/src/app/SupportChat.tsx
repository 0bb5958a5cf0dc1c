import { useEffect, useState } from 'react';
import { FloatButton } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { CONSTANTS } from '@proc/contract/socket';
import { runtimeConfig } from '../lib/runtime-config';
import { nowMs } from '../lib/clock';

/** The external widget is expected to define window.SupportChat with open(). */
interface Widget {
  open(): void;
}
declare global {
  interface Window {
    SupportChat?: Widget;
  }
}

let requested = false;
function loadWidget(url: string) {
  if (requested) return;
  requested = true;
  const script = document.createElement('script');
  // a time-based query defeats stale caches of the widget
  script.src = `${url}${url.includes('?') ? '&' : '?'}t=${nowMs()}`;
  script.async = true;
  script.onerror = () => console.warn('Не удалось загрузить виджет чата техподдержки', url);
  document.head.appendChild(script);
}

/** A floating button appears once the chat widget has loaded; the product checks every 500 ms. */
export function SupportChat() {
  const [ready, setReady] = useState(!!window.SupportChat);
  useEffect(() => {
    const url = runtimeConfig().chatWidgetUrl;
    if (!url) return;
    loadWidget(url);
    const timer = setInterval(() => {
      if (window.SupportChat) {
        setReady(true);
        clearInterval(timer);
      }
    }, CONSTANTS.supportWidgetPollMs);
    return () => clearInterval(timer);
  }, []);
  if (!ready) return null;
  return (
    <FloatButton
      icon={<CustomerServiceOutlined />}
      tooltip="Техническая поддержка"
      aria-label="Техническая поддержка"
      onClick={() => window.SupportChat?.open()}
      style={{ left: 24, right: 'auto' }}
    />
  );
}
