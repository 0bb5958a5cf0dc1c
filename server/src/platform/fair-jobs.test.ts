import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { freshDatabase } from '../../test/nodes';
import { createJobs, JobDeferred, type Jobs } from './jobs';
import { AppError } from './errors';

/*
 * A fair queue on a real database (PGlite, or a fresh PostgreSQL database under TEST_DATABASE_URL): jobs wait at a
 * gate the test opens, so the order in which they start is the scheduler's, not the machine's speed.
 */
const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
let database: Database;
let drop: (() => Promise<void>) | undefined;
let jobs: Jobs | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const db = await freshDatabase(process.env.TEST_DATABASE_URL, 'fair');
    drop = db.drop;
    database = await openDatabase({ databaseUrl: db.url });
  } else database = await openDatabase({});
});
afterEach(async () => {
  await jobs?.stop();
  jobs = undefined;
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** A queue whose jobs record their start and wait until the test lets each one finish. */
function gatedQueue(
  name: string,
  opts: { concurrency: number; perGroup: number; maxQueued?: number; deferOnce?: { ids: Set<string>; ms: number } },
) {
  const started: string[] = [];
  const retries: Record<string, number[]> = {};
  const gates = new Map<string, () => void>();
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  jobs = createJobs(database, log);
  jobs.define({
    name,
    schema: z.object({ company: z.string(), n: z.number() }),
    concurrency: opts.concurrency,
    fair: { group: (p) => p.company, perGroup: opts.perGroup, maxQueued: opts.maxQueued },
    handler: async (p, job) => {
      const id = `${p.company}${p.n}`;
      (retries[id] ??= []).push(job.retryCount);
      // a job that must wait for its budget: it gives its worker back (recorded as a start of its own)
      if (opts.deferOnce?.ids.delete(id)) {
        started.push(`${id}:deferred`);
        for (const w of [...waiters]) if (started.length >= w.n) w.resolve();
        throw new JobDeferred(opts.deferOnce.ms);
      }
      await new Promise<void>((resolve) => {
        gates.set(id, resolve);
        started.push(id);
        for (const w of [...waiters]) if (started.length >= w.n) w.resolve();
      });
    },
  });
  return {
    jobs,
    started,
    retries,
    /** Waits until `n` jobs have started. */
    startedCount: (n: number) => (started.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    finish: (id: string) => gates.get(id)!(),
  };
}

describe('fair queues', () => {
  it('starts the other company’s job right after the one running, ahead of the flood queued before it', async () => {
    const q = gatedQueue('test-fair-order', { concurrency: 1, perGroup: 1 });
    await q.jobs.start({ work: false });
    for (let n = 1; n <= 6; n++) await q.jobs.send('test-fair-order', { company: 'B', n });
    await q.jobs.send('test-fair-order', { company: 'A', n: 1 });
    await q.jobs.stop();
    // the same queue, now with a worker: B's first job, then A's, then B's others in their order
    const worker = gatedQueue('test-fair-order', { concurrency: 1, perGroup: 1 });
    await worker.jobs.start({ work: true });
    await worker.startedCount(1);
    expect(worker.started).toEqual(['B1']);
    worker.finish('B1');
    await worker.startedCount(2);
    expect(worker.started).toEqual(['B1', 'A1']);
    worker.finish('A1');
    for (let n = 2; n <= 6; n++) {
      await worker.startedCount(n + 1);
      worker.finish(`B${n}`);
    }
    await worker.jobs.idle('test-fair-order', 20_000);
    expect(worker.started).toEqual(['B1', 'A1', 'B2', 'B3', 'B4', 'B5', 'B6']);
  });

  it('runs at most perGroup jobs of a company at once, the free worker taking another company’s', async () => {
    const q = gatedQueue('test-fair-cap', { concurrency: 2, perGroup: 1 });
    await q.jobs.start({ work: false });
    for (let n = 1; n <= 3; n++) await q.jobs.send('test-fair-cap', { company: 'B', n });
    await q.jobs.send('test-fair-cap', { company: 'A', n: 1 });
    await q.jobs.stop();
    const worker = gatedQueue('test-fair-cap', { concurrency: 2, perGroup: 1 });
    await worker.jobs.start({ work: true });
    await worker.startedCount(2);
    expect([...worker.started].sort()).toEqual(['A1', 'B1']);
    const { rows } = await database.sql.query(
      `SELECT singleton_key AS company, count(*)::int AS n FROM pgboss.job WHERE name = 'test-fair-cap' AND state = 'active' GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { company: 'A', n: 1 },
      { company: 'B', n: 1 },
    ]);
    worker.finish('A1');
    worker.finish('B1');
    for (let n = 2; n <= 3; n++) {
      await worker.startedCount(n + 1);
      worker.finish(`B${n}`);
    }
    await worker.jobs.idle('test-fair-cap', 20_000);
  });

  it('refuses a company’s job past its queue cap with 429 in Russian, and takes another company’s', async () => {
    const q = gatedQueue('test-fair-queued', { concurrency: 1, perGroup: 1, maxQueued: 3 });
    await q.jobs.start({ work: false });
    for (let n = 1; n <= 3; n++) await q.jobs.send('test-fair-queued', { company: 'B', n });
    const refused = await q.jobs.send('test-fair-queued', { company: 'B', n: 4 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).message).toBe('У организации уже 3 задачи в очереди: дождитесь, пока они выполнятся');
    expect(await q.jobs.send('test-fair-queued', { company: 'A', n: 1 })).toEqual(expect.any(String));
  });
});

describe('a job that waits for its budget', () => {
  it('gives its worker back to another company, keeps its company’s place and its attempts, and comes back when due', async () => {
    const name = 'test-fair-defer';
    const q = gatedQueue(name, { concurrency: 1, perGroup: 1 });
    await q.jobs.start({ work: false });
    await q.jobs.send(name, { company: 'B', n: 1 });
    await q.jobs.send(name, { company: 'B', n: 2 });
    await q.jobs.send(name, { company: 'A', n: 1 });
    await q.jobs.stop();
    // B1 must wait a minute for its budget: the one worker takes A's job, not B's second one, meanwhile
    const worker = gatedQueue(name, { concurrency: 1, perGroup: 1, deferOnce: { ids: new Set(['B1']), ms: 60_000 } });
    await worker.jobs.start({ work: true });
    await worker.startedCount(2);
    expect(worker.started).toEqual(['B1:deferred', 'A1']);
    const { rows } = await database.sql.query<{ state: string; retry_count: number; later: boolean }>(
      `SELECT state::text AS state, retry_count, start_after > now() + interval '50 seconds' AS later
       FROM pgboss.job WHERE name = $1 AND data->>'company' = 'B' ORDER BY data->>'n'`,
      [name],
    );
    expect(rows).toEqual([
      { state: 'created', retry_count: 0, later: true },
      { state: 'created', retry_count: 0, later: false },
    ]);
    worker.finish('A1');
    // its time comes (moved up here rather than waited for): B1 again, as its first attempt, and only then B2
    await database.sql.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND data->>'n' = '1' AND data->>'company' = 'B'`, [
      name,
    ]);
    worker.jobs.wake(name);
    await worker.startedCount(3);
    expect(worker.started).toEqual(['B1:deferred', 'A1', 'B1']);
    worker.finish('B1');
    await worker.startedCount(4);
    worker.finish('B2');
    await worker.jobs.idle(name, 20_000);
    expect(worker.started).toEqual(['B1:deferred', 'A1', 'B1', 'B2']);
    expect(worker.retries.B1).toEqual([0, 0]);
  });

  it('a company holds at most all but one of a node’s workers, even within its perGroup', async () => {
    const name = 'test-fair-node';
    const q = gatedQueue(name, { concurrency: 2, perGroup: 2 });
    await q.jobs.start({ work: false });
    for (let n = 1; n <= 3; n++) await q.jobs.send(name, { company: 'B', n });
    await q.jobs.stop();
    const worker = gatedQueue(name, { concurrency: 2, perGroup: 2 });
    await worker.jobs.start({ work: true });
    await worker.startedCount(1);
    expect(worker.started).toEqual(['B1']);
    // the second worker stays free for another company: A's job, sent after B's flood, starts at once
    await worker.jobs.send(name, { company: 'A', n: 1 });
    await worker.startedCount(2);
    expect(worker.started).toEqual(['B1', 'A1']);
    worker.finish('A1');
    worker.finish('B1');
    for (let n = 2; n <= 3; n++) {
      await worker.startedCount(n + 1);
      worker.finish(`B${n}`);
    }
    await worker.jobs.idle(name, 20_000);
  });
});
