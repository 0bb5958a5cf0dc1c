import type { Server } from '../app';

/**
 * Graceful stop on SIGTERM/SIGINT: no new connections, requests in flight answered, the running jobs' current step
 * finished (pg-boss waits for them; an unfinished one runs again at the next start), sockets closed, the database shut
 * cleanly, then exit 0. A second signal does not cut it short.
 */
export function stopOnSignals(server: Server): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.app.log.info({ signal }, 'Остановка: завершаются запросы и текущие шаги задач');
      server.close().then(
        () => process.exit(0),
        (err: unknown) => {
          server.app.log.error({ err }, 'stop failed');
          process.exit(1);
        },
      );
    });
  }
}
