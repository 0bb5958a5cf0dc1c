/** Settings the server hands the browser at start (GET /api/config), so one build serves any deployment. */
export interface RuntimeConfig {
  apiUrl: string;
  sentryDsn: string | null;
  chatWidgetUrl: string | null;
  analytics: boolean;
  supportEmail: string;
  supportPhones: string[];
  clientUrl: string;
}

let config: RuntimeConfig = {
  apiUrl: '/api',
  sentryDsn: null,
  chatWidgetUrl: null,
  analytics: false,
  supportEmail: 'support@zakupki-auto.ru',
  supportPhones: [],
  clientUrl: location.origin,
};

export const runtimeConfig = () => config;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch('/api/config');
    if (res.ok) config = { ...config, ...((await res.json()) as Partial<RuntimeConfig>) };
  } catch (err) {
    console.warn('runtime config not loaded, defaults used', err);
  }
  return config;
}
