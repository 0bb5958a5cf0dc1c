import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { freshDatabase } from '../../test/nodes';
import { createJobs } from './jobs';

/*
 * A server stopping while a job of a plain pg-boss queue still runs: stop() waits 5 s, then the database closes. pg-boss
 * 10 fails the job when its handler throws without awaiting the statement (test:pg once caught «Cannot use a pool after
 * calling end on the pool» as an unhandled rejection): the statement is dropped, the job left for its next run.
 */
const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
let database: Database;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const db = await freshDatabase(process.env.TEST_DATABASE_URL, 'jobstop');
    drop = db.drop;
    database = await openDatabase({ databaseUrl: db.url });
  } else database = await openDatabase({});
});
afterAll(async () => {
  await drop?.();
});

it('a job whose handler fails after the queue stopped and the database closed leaves no unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    let failed!: () => void;
    const handlerFailed = new Promise<void>((resolve) => (failed = resolve));
    const jobs = createJobs(database, log);
    jobs.define({
      name: 'test-late-failure',
      schema: z.object({ n: z.number() }),
      options: { retryLimit: 0 },
      handler: async () => {
        running();
        await gate;
        // the handler's last word comes after the pool ended; pg-boss then fails the job on its own
        queueMicrotask(failed);
        throw new Error('late failure');
      },
    });
    await jobs.start({ work: true });
    const id = await jobs.send('test-late-failure', { n: 1 });
    expect(id).toBeTruthy();
    await started;
    await jobs.stop();
    await database.close();
    release();
    await handlerFailed;
    // pg-boss calls fail as the handler's promise rejects; a rejection nobody handles is reported once the microtasks
    // have run, before the loop's next check phase: two turns of it are after both
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
}, 30_000);
