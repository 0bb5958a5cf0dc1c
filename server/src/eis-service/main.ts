// The integration (ЕИС) service as its own process: INTEGRATION_HOST (default 127.0.0.1) and INTEGRATION_PORT (default:
// the port of INTEGRATION_API_URL, PORT+1), INTEGRATION_SECRET (required: the main server's key), EIS_URL for ЕИС
// (https://int.zakupki.gov.ru for the real one), EIS_TOKEN for its СОИ, EIS_CA_FILE and EIS_PROXY_URL for the way there.
import { loadConfig, type Config } from '../config';
import { buildIntegrationApp } from './build-integration-app';
import { onParentGone } from '../platform/shutdown';

let app: Awaited<ReturnType<typeof buildIntegrationApp>>;
let config: Config;
try {
  config = loadConfig();
  app = await buildIntegrationApp({
    eisUrl: config.EIS_URL,
    token: process.env.EIS_TOKEN,
    tokenFallback: config.EIS_TOKEN_FALLBACK,
    secret: config.INTEGRATION_SECRET ?? '',
    transport: { caFile: config.EIS_CA_FILE, proxyUrl: config.EIS_PROXY_URL },
    logLevel: config.LOG_LEVEL,
    timeoutMs: Number(process.env.EIS_TIMEOUT_MS ?? 10_000),
    requestsPerMinute: config.EIS_REQUESTS_PER_MINUTE,
  });
} catch (e) {
  // a setting that cannot work stops the start with its reason, not a stack
  console.error(`Сервис интеграции с ЕИС не запущен: ${(e as Error).message}`);
  process.exit(1);
}
const port = config.INTEGRATION_PORT ?? Number(new URL(config.INTEGRATION_API_URL).port);
await app.listen({ port, host: config.INTEGRATION_HOST });
const stop = () => void app.close().then(() => process.exit(0));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, stop);
onParentGone(stop);
