// The integration (ЕИС) service as its own process: INTEGRATION_PORT (default: the port of INTEGRATION_API_URL, PORT+1), EIS_URL for ЕИС
// (https://int.zakupki.gov.ru for the real one), EIS_TOKEN for its СОИ.
import { loadConfig } from '../config';
import { buildIntegrationApp } from './build-integration-app';
import { onParentGone } from '../platform/shutdown';

const config = loadConfig();
const port = Number(process.env.INTEGRATION_PORT ?? new URL(config.INTEGRATION_API_URL).port);
const app = await buildIntegrationApp({ eisUrl: config.EIS_URL, token: process.env.EIS_TOKEN, logLevel: config.LOG_LEVEL, timeoutMs: Number(process.env.EIS_TIMEOUT_MS ?? 10_000), requestsPerMinute: config.EIS_REQUESTS_PER_MINUTE });
await app.listen({ port, host: process.env.INTEGRATION_HOST ?? '127.0.0.1' });
const stop = () => void app.close().then(() => process.exit(0));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, stop);
onParentGone(stop);
