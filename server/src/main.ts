import { loadConfig } from './config';
import { buildServer } from './app';
import { stopOnSignals } from './platform/shutdown';
import { DEMO_USERS } from './modules/demo/seed-demo';

const config = loadConfig();
const server = await buildServer(config);
const url = await server.listen();
const pgUrl = config.DATABASE_URL ? new URL(config.DATABASE_URL) : null;
const database = pgUrl ? `PostgreSQL ${pgUrl.host}${pgUrl.pathname}` : `встроенная (${config.DATA_DIR}/pglite)`;
// the demo's password is in the README, not in a log that may be collected
const demo = config.DEMO_DATA ? ` · демо-входы: ${DEMO_USERS.map((u) => u.login).join(', ')} (пароль — в README)` : '';
// the one line a person starting the product needs: where it is, what it stores into, what it talks to, how to sign in
server.app.log.info(
  `Система автоматизации закупок: http://localhost:${new URL(url).port} · база: ${database} · интеграция с ЕИС: ${config.INTEGRATION_API_URL}${demo}`,
);

const loopback = /^(127\.|::1$|localhost$)/.test(config.HOST);
if (config.DEMO_DATA && !loopback) {
  server.app.log.warn(
    `Демо-пользователи с опубликованным паролем доступны по сети (HOST=${config.HOST}): для работы задайте DEMO_DATA=false на новой базе`,
  );
}
if (!config.INTEGRATION_SECRET)
  server.app.log.warn('INTEGRATION_SECRET не задан: сервис интеграции отклонит запросы к ЕИС — задайте одинаковый ключ обоим процессам');
stopOnSignals(server);

// Start-up (migrations, reference-data seeding, route schemas) leaves ~70 MB of garbage that an idle server would keep
// for a long time; one full collection now gives it back (npm start runs node with --expose-gc).
(globalThis as { gc?: () => void }).gc?.();
