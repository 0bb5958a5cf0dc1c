import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/client';
import { pluralRu } from '@proc/contract/format';
import { AppError } from './errors';
import { redactError } from './logging';

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
  /** Seconds from now before the job may start (a retry of something that has just failed). */
  startAfter?: number;
}

/**
 * A queue shared fairly between the companies that fill it: a job is fetched for the company with the fewest of its
 * jobs running, and among those for the one served longest ago, so one company's flood delays another's job by at
 * most the job already running; a company may have `perGroup` jobs running at once on all nodes together and
 * `maxQueued` waiting (more is refused with 429). On a node of more than one worker a company holds at most all
 * but one of them, so another company's job always finds a worker free.
 */
export interface FairShare<T> {
  /** Whose work the job is: the company. */
  group: (payload: T) => string;
  perGroup: number;
  maxQueued?: number;
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
  fair?: FairShare<T>;
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

/**
 * Thrown by a handler that cannot go on before `ms` have passed (its ЕИС token's request budget): the job goes back to
 * the queue to start again then, and its worker takes other work meanwhile instead of sleeping in it.
 * The job keeps its place: it still counts as its company's running job (perGroup) and as served, and the run does not
 * count as an attempt; what it stored (an import's days) stays, and the next run goes on from there.
 */
export class JobDeferred extends Error {
  constructor(public ms: number) {
    super(`job deferred for ${ms} ms`);
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
  /**
   * Whether another company's job of a fair queue waits for a worker: a long job (a year's import) gives its worker
   * back between its steps when one does (JobDeferred with 0), so that job waits one step, not the whole of it.
   */
  othersWaiting(name: string, group: string): Promise<boolean>;
  start(opts: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Waits until the queue has no created/active/retry jobs (tests, graceful shutdown). */
  idle(name: string, timeoutMs?: number): Promise<void>;
  boss: PgBoss;
}

/*
 * The SQL on pgboss.job below is what pg-boss's public API does not offer: per-company fairness (FETCH_FAIR, DEFER,
 * QUEUED_OF_GROUP, othersWaiting), a completion inside the caller's transaction that also takes a job waiting for its
 * retry (completeIn), and requeueing jobs of a dead process on an embedded database. pg-boss 10 has no group concurrency,
 * and its 11 and 12 lines need Node >= 22 (their `engines`), while the product runs on Node 20. Everything else goes
 * through the API (send, work, complete, getQueueSize).
 */

/** A fair queue's waiting jobs of one company, counted before another is added. */
const QUEUED_OF_GROUP = `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry')`;

/** A deferred job (JobDeferred): back in 'created' with the started_on of its run, which no other state has. */
const DEFERRED = `(state = 'created' AND started_on IS NOT NULL)`;

/**
 * The next job of a fair queue (see FairShare), marked active as pg-boss's own fetch marks it (a job fetched again
 * after a run counts that run, a deferred one does not). pg-boss 10 orders a queue by priority and age only, and its
 * singleton policies refuse rather than pass over a company's second job, so a flood at the head of the queue held
 * everyone else back. The group is the job's singleton_key: a queue of the standard policy has no unique index on it.
 * A deferred job counts as its company's running one (its own count aside), so the company's next job does not start
 * beside it. $3: the companies already holding all the workers of this node they may.
 */
const FETCH_FAIR = `
  WITH running AS (
    SELECT singleton_key AS grp, count(*) AS n FROM pgboss.job WHERE name = $1 AND (state = 'active' OR ${DEFERRED}) GROUP BY 1
  ), served AS (
    SELECT singleton_key AS grp, max(started_on) AS last FROM pgboss.job WHERE name = $1 AND started_on IS NOT NULL GROUP BY 1
  ), candidates AS (
    SELECT j.id, j.priority, j.created_on, s.last,
      COALESCE(r.n, 0) - CASE WHEN j.state = 'created' AND j.started_on IS NOT NULL THEN 1 ELSE 0 END AS others
    FROM pgboss.job j
    LEFT JOIN running r ON r.grp IS NOT DISTINCT FROM j.singleton_key
    LEFT JOIN served s ON s.grp IS NOT DISTINCT FROM j.singleton_key
    WHERE j.name = $1 AND j.state < 'active' AND j.start_after < now() AND NOT (COALESCE(j.singleton_key, '') = ANY($3::text[]))
  ), next AS (
    SELECT j.id FROM pgboss.job j JOIN candidates c ON c.id = j.id
    WHERE j.name = $1 AND c.others < $2
    ORDER BY c.others, c.last NULLS FIRST, c.priority DESC, c.created_on, c.id
    LIMIT 1
    FOR UPDATE OF j SKIP LOCKED
  )
  UPDATE pgboss.job j SET state = 'active', started_on = now(),
    retry_count = CASE WHEN j.started_on IS NOT NULL AND j.state <> 'created' THEN j.retry_count + 1 ELSE j.retry_count END
  FROM next WHERE j.name = $1 AND j.id = next.id
  RETURNING j.id, j.data, j.retry_count AS "retryCount", j.singleton_key AS "group"`;

/**
 * A deferred job back to the queue, to start again in `ms`. A fair queue's keeps its started_on (see DEFERRED); a
 * plain queue's (FAIR_SHARE=false) loses it, or pg-boss's fetch would count the run as an attempt.
 */
const DEFER = `UPDATE pgboss.job SET state = 'created', start_after = now() + make_interval(secs => $3::double precision / 1000),
    started_on = CASE WHEN $4::boolean THEN started_on END
  WHERE name = $1 AND id = $2 AND state = 'active'`;

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
  /** FAIR_SHARE=false: the fair queues are plain pg-boss queues (arrival order) without caps, for measurement. */
  fairShare?: boolean;
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
  const fairOn = config.fairShare !== false;
  const workerIds = new Map<string, string[]>();
  /** The fair queues' own workers sleeping until a poll or a wake. */
  const sleepers = new Map<string, Set<() => void>>();
  const fairLoops: Promise<void>[] = [];
  let stopping = false;
  const wake = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    for (const w of sleepers.get(name) ?? []) w();
  };
  const direct = executorOf({ query: (t, p) => database.sql.query(t, p), exec: (t) => database.sql.exec(t) });
  let stopped = false;
  // pg-boss 10 completes or fails a job of its own workers without awaiting it (manager.js onFetch): a handler still
  // running when stop() gave up waiting would reach a pool already ended and reject with nobody to catch it. After
  // stop, such a late statement is dropped: the job stays 'active' and is queued again at its expiry, or at the next
  // start of a single-node server (requeueJobsOfDeadProcess) — as if the process had stopped while it ran.
  const db: Executor = {
    // pg-boss reads a command's affected count from its first row: a dropped statement affected nothing
    executeSql: (text, values) => (stopped ? Promise.resolve({ rows: [{ count: '0' }] }) : direct.executeSql(text, values)),
  };
  const maintenanceIntervalSeconds = Math.max(1, Math.min(120, Math.floor(config.expireInSeconds / 2)));
  const boss = new PgBoss({ db, schema: 'pgboss', supervise: true, migrate: true, maintenanceIntervalSeconds } as never);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  /** This node's running jobs of each fair queue, by company: a company holds at most all but one of its workers. */
  const runningHere = new Map<string, Map<string, number>>();
  const fullHere = (def: JobDef<unknown>): string[] => {
    const workers = def.concurrency ?? 1;
    if (workers < 2) return [];
    return [...(runningHere.get(def.name) ?? new Map<string, number>())].filter(([, n]) => n >= workers - 1).map(([g]) => g);
  };

  /** This node's fetch of each fair queue in progress: one at a time, so each sees what the one before took. */
  const fetching = new Map<string, Promise<unknown>>();

  /**
   * One at a time per queue on all nodes (the advisory lock), so a company's cap holds when two workers fetch at once;
   * and one at a time on this node, so the job taken counts in runningHere before the next fetch reads it.
   */
  async function fetchFair(def: JobDef<unknown>): Promise<{ id: string; data: unknown; retryCount: number; group: string } | null> {
    const before = fetching.get(def.name) ?? Promise.resolve();
    const run = before.then(async () => {
      const job = await database.db.transaction(async (tx) => {
        const ex = txExecutor(tx);
        await ex.executeSql(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`pgboss-fair:${def.name}`]);
        const { rows } = await ex.executeSql(FETCH_FAIR, [def.name, def.fair!.perGroup, fullHere(def)]);
        return (rows[0] as { id: string; data: unknown; retryCount: number; group: string | null } | undefined) ?? null;
      });
      if (!job) return null;
      const group = job.group ?? '';
      const here = runningHere.get(def.name) ?? new Map<string, number>();
      runningHere.set(def.name, here);
      here.set(group, (here.get(group) ?? 0) + 1);
      return { ...job, group };
    });
    fetching.set(
      def.name,
      run.catch(() => undefined),
    );
    return run;
  }

  /** A deferred job goes back to the queue; this node's workers wake when it is due (others find it at a poll). */
  async function defer(name: string, id: string, ms: number, fair: boolean): Promise<void> {
    await db.executeSql(DEFER, [name, id, ms, fair]);
    setTimeout(() => wake(name), ms + 5).unref();
  }

  const POLL_MS = 500;
  async function fairWorker(def: JobDef<unknown>): Promise<void> {
    const waiting = sleepers.get(def.name) ?? new Set<() => void>();
    sleepers.set(def.name, waiting);
    while (!stopping) {
      let job: Awaited<ReturnType<typeof fetchFair>> = null;
      try {
        job = await fetchFair(def);
      } catch (err) {
        log.error({ err, queue: def.name }, 'job queue error');
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiting.delete(done);
            resolve();
          };
          const timer = setTimeout(done, POLL_MS);
          waiting.add(done);
        });
        continue;
      }
      const { group } = job;
      const here = runningHere.get(def.name)!;
      try {
        await def.handler(def.schema.parse(job.data), { id: job.id, retryCount: job.retryCount });
        // a handler that completed its job in its own transaction (completeIn) leaves nothing to complete
        await boss.complete(def.name, job.id);
      } catch (err) {
        if (err instanceof JobDeferred) {
          await defer(def.name, job.id, err.ms, true).catch((e: unknown) => log.error({ err: e, queue: def.name }, 'job queue error'));
          continue;
        }
        // pg-boss keeps the failure in pgboss.job: never a failed statement's values
        const e = redactError(err) as Error;
        await boss
          .fail(def.name, job.id, { message: e?.message ?? String(err) })
          .catch((failErr: unknown) => log.error({ err: failErr, queue: def.name }, 'job queue error'));
      } finally {
        const n = (here.get(group) ?? 1) - 1;
        if (n > 0) here.set(group, n);
        else here.delete(group);
      }
    }
  }

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
      const group = def.fair?.group(data);
      if (fairOn && group !== undefined && def.fair?.maxQueued !== undefined) {
        const { rows } = await (tx ? txExecutor(tx) : db).executeSql(QUEUED_OF_GROUP, [name, group]);
        const n = (rows[0] as { n: number }).n;
        if (n >= def.fair.maxQueued) {
          throw new AppError(
            'RATE_LIMITED',
            `У организации уже ${n} ${pluralRu(n, 'задача', 'задачи', 'задач')} в очереди: дождитесь, пока они выполнятся`,
          );
        }
      }
      const id = await boss.send(
        name,
        data as object,
        {
          ...DEFAULTS,
          ...def.options,
          ...rest,
          ...(group !== undefined ? { singletonKey: group } : {}),
          ...(tx ? { db: txExecutor(tx) } : {}),
        } as PgBoss.SendOptions,
      );
      if (!tx) wake(name);
      return id;
    },
    wake,
    async othersWaiting(name, group) {
      const { rows } = await db.executeSql(
        `SELECT EXISTS (SELECT 1 FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') AND start_after < now()
           AND COALESCE(singleton_key, '') <> $2) AS waiting`,
        [name, group],
      );
      return (rows[0] as { waiting: boolean }).waiting;
    },
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
        if (def.fair && fairOn) {
          for (let i = 0; i < workers; i++) fairLoops.push(fairWorker(def));
          continue;
        }
        for (let i = 0; i < workers; i++) {
          // includeMetadata: without it pg-boss leaves retryCount out, and a handler that decides on its last try (the
          // period import) never saw one: its job failed in pg-boss and the import stayed 'running'
          const workerId = await boss.work(
            def.name,
            { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
            async ([job]) => {
              const payload = def.schema.parse(job.data);
              const retryCount = (job as unknown as { retryCount?: number }).retryCount ?? 0;
              try {
                await def.handler(payload, { id: job.id, retryCount });
              } catch (err) {
                // back to the queue: pg-boss then finds the job no longer active and leaves it (completeJobs)
                if (err instanceof JobDeferred) return defer(def.name, job.id, err.ms, false);
                // pg-boss keeps the failure in pgboss.job: never a failed statement's values
                throw redactError(err);
              }
            },
          );
          workerIds.set(def.name, [...(workerIds.get(def.name) ?? []), workerId]);
        }
      }
    },
    async stop() {
      stopping = true;
      for (const name of sleepers.keys()) wake(name);
      await Promise.race([Promise.all(fairLoops), new Promise((r) => setTimeout(r, 5000).unref())]);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      stopped = true;
    },
    async idle(name, timeoutMs = 30_000) {
      const until = performance.now() + timeoutMs;
      for (;;) {
        // created, retry and active: every state before 'completed' in pg-boss's order
        if ((await boss.getQueueSize(name, { before: 'completed' })) === 0) return;
        if (performance.now() > until) throw new Error(`queue ${name} not idle after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
