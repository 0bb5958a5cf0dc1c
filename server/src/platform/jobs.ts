import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/client';

/** pg-boss's executor shape; a transaction's own client is wrapped the same way so a job commits with its data. */
interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

type PgLikeResult = { rows?: unknown[] } | { rows?: unknown[] }[];
const lastRows = (r: PgLikeResult): unknown[] => (Array.isArray(r) ? (r[r.length - 1]?.rows ?? []) : (r.rows ?? []));

interface RawClient {
  query(text: string, params?: unknown[]): Promise<PgLikeResult>;
  exec?(text: string): Promise<PgLikeResult>;
}

function executorOf(client: RawClient): Executor {
  return {
    async executeSql(text, values) {
      // multi-statement scripts (pg-boss migrations) only run through the simple protocol
      if ((!values || values.length === 0) && client.exec) return { rows: lastRows(await client.exec(text)) };
      return { rows: lastRows(await client.query(text, values ?? [])) };
    },
  };
}

/** The raw client under a Drizzle transaction (PGlite Transaction or pg PoolClient). */
function txExecutor(tx: Tx): Executor {
  const client = (tx as unknown as { session: { client: RawClient } }).session.client;
  return executorOf(client);
}

export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  singletonKey?: string;
}

export interface JobDef<T> {
  name: string;
  schema: z.ZodType<T>;
  handler: (payload: T, job: { id: string; retryCount: number }) => Promise<void>;
  options?: JobOptions;
  /** How many jobs of this queue one node runs at a time. */
  concurrency?: number;
  /** A queue pg-boss fills on a schedule (its cron runs on one node of the cluster at a time). */
  cron?: { expression: string; tz: string };
}

/**
 * Thrown by `completeIn` when the job is no longer this run's to finish: another run of it already committed its work,
 * or it expired on this node and waits to be retried elsewhere. The caller's transaction rolls back; the handler stops
 * quietly (no second notice).
 */
export class JobSuperseded extends Error {
  constructor(name: string, id: string) {
    super(`job ${name} ${id} was finished or taken over by another run`);
  }
}

export interface Jobs {
  define<T>(def: JobDef<T>): void;
  send<T>(name: string, payload: T, opts?: { tx?: Tx } & JobOptions): Promise<string | null>;
  /**
   * Marks the job completed inside the caller's transaction, so the job's effects and its completion commit together:
   * a run killed before the commit leaves neither, and is run again; a run killed after it is not. Throws JobSuperseded
   * when the job is already finished or was taken over.
   */
  completeIn(tx: Tx, name: string, id: string, output?: Record<string, unknown>): Promise<void>;
  /**
   * Wakes this node's sleeping workers of a queue so a job just committed starts now rather than at the next poll.
   * `send` without `tx` does it itself; after `send(..., { tx })` call it once the transaction has committed.
   */
  wake(name: string): void;
  start(opts: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Waits until the queue has no created/active/retry jobs (tests, graceful shutdown). */
  idle(name: string, timeoutMs?: number): Promise<void>;
  boss: PgBoss;
}

/** Queues that can run long (ЕИС imports, reports) set a shorter expireInSeconds of their own (JOB_EXPIRE_SECONDS). */
const DEFAULTS: JobOptions = { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60 };

export interface JobsConfig {
  /**
   * JOB_EXPIRE_SECONDS: after how long an active job of those queues counts as lost. On PostgreSQL pg-boss looks for
   * expired jobs at its maintenance, so maintenance runs every half of it (at most every 2 minutes, pg-boss's default).
   */
  expireInSeconds: number;
  /** No other server uses the database (PGlite always; the embedded PostgreSQL of `npm start`). */
  singleNode?: boolean;
}

/**
 * An embedded database belongs to the one server that uses DATA_DIR, so a job still 'active' when it starts was
 * being run by a process that died (kill -9, power loss); waiting for its expiry would leave it stuck for minutes.
 * It goes back to the queue at once. The run that died counts as an attempt: pg-boss adds it to retry_count when the
 * job is fetched again (started_on is set), and a job with no retries left fails, as an expired one would.
 */
async function requeueJobsOfDeadProcess(db: Executor, log: FastifyBaseLogger): Promise<void> {
  const { rows } = await db.executeSql(
    `UPDATE pgboss.job SET
       state = CASE WHEN retry_count < retry_limit THEN 'retry'::pgboss.job_state ELSE 'failed'::pgboss.job_state END,
       start_after = now(),
       completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
       output = '{ "value": { "message": "the process running the job stopped" } }'::jsonb
     WHERE state = 'active'
     RETURNING name, id, state::text AS state, retry_count`,
    [],
  );
  if (rows.length) log.warn({ jobs: rows }, 'jobs left active by a stopped process are queued again');
}

export function createJobs(database: Database, log: FastifyBaseLogger, config: JobsConfig = { expireInSeconds: 300 }): Jobs {
  const defs = new Map<string, JobDef<unknown>>();
  const workerIds = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  const db = executorOf({ query: (t, p) => database.sql.query(t, p), exec: (t) => database.sql.exec(t) });
  const maintenanceIntervalSeconds = Math.max(1, Math.min(120, Math.floor(config.expireInSeconds / 2)));
  const boss = new PgBoss({ db, schema: 'pgboss', supervise: true, migrate: true, maintenanceIntervalSeconds } as never);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  return {
    boss,
    define(def) {
      defs.set(def.name, def as JobDef<unknown>);
    },
    async send(name, payload, opts = {}) {
      const def = defs.get(name);
      if (!def) throw new Error(`unknown job ${name}`);
      const data = def.schema.parse(payload);
      const { tx, ...rest } = opts;
      const id = await boss.send(name, data as object, {
        ...DEFAULTS,
        ...def.options,
        ...rest,
        ...(tx ? { db: txExecutor(tx) } : {}),
      } as PgBoss.SendOptions);
      if (!tx) wake(name);
      return id;
    },
    wake,
    async completeIn(tx, name, id, output) {
      // state < 'completed': a run that outlived its expiry may still finish a job waiting for its retry
      const { rows } = await txExecutor(tx).executeSql(
        `UPDATE pgboss.job SET state = 'completed', completed_on = now(), output = $3::jsonb
         WHERE name = $1 AND id = $2 AND state < 'completed' RETURNING id`,
        [name, id, output ? JSON.stringify(output) : null],
      );
      if (rows.length === 0) throw new JobSuperseded(name, id);
    },
    async start({ work }) {
      await boss.start();
      if (database.kind === 'pglite' || config.singleNode) await requeueJobsOfDeadProcess(db, log);
      for (const def of defs.values()) {
        await boss.createQueue(def.name);
        if (def.cron) await boss.schedule(def.name, def.cron.expression, {}, { tz: def.cron.tz });
        if (!work) continue;
        const workers = def.concurrency ?? 1;
        for (let i = 0; i < workers; i++) {
          // includeMetadata: without it pg-boss leaves retryCount out, and a handler that decides on its last try (the
          // period import) never saw one: its job failed in pg-boss and the import stayed 'running'
          const workerId = await boss.work(def.name, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([job]) => {
            const payload = def.schema.parse(job.data);
            const retryCount = (job as unknown as { retryCount?: number }).retryCount ?? 0;
            await def.handler(payload, { id: job.id, retryCount });
          });
          workerIds.set(def.name, [...(workerIds.get(def.name) ?? []), workerId]);
        }
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
    async idle(name, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await db.executeSql(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created','retry','active')`,
          [name],
        );
        if ((rows[0] as { n: number }).n === 0) return;
        if (Date.now() > until) throw new Error(`queue ${name} not idle after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
