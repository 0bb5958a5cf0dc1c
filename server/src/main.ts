import { loadConfig } from './config';
import { buildServer } from './app';

const config = loadConfig();
const server = await buildServer(config);
const url = await server.listen();
server.app.log.info(`Система автоматизации закупок: ${url.replace('127.0.0.1', 'localhost')} (${server.deps.database.kind})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'stopping');
    server.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
