import type { Server } from '../app';

/**
 * Graceful stop on SIGTERM/SIGINT: no new connections, requests in flight answered, the running jobs' current step
 * finished (pg-boss waits for them; an unfinished one runs again at the next start), sockets closed, the database shut
 * cleanly, then exit 0. A second signal does not cut it short.
 */
export function stopOnSignals(server: Server): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'Остановка: завершаются запросы и текущие шаги задач');
    server.close().then(
      // 0, or the code `npm start` set when a process beside this one stopped (tools/start.mjs)
      () => process.exit(),
      (err: unknown) => {
        server.app.log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
  onParentGone(() => stop('parent gone'));
}

/**
 * `npm start` runs each process with a channel to it: when that parent is gone, even killed with -9, the process stops
 * as on SIGTERM instead of staying behind.
 */
export function onParentGone(stop: () => void): void {
  if (process.send) process.on('disconnect', stop);
}
