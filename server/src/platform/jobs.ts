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
}

export interface Jobs {
  define<T>(def: JobDef<T>): void;
  send<T>(name: string, payload: T, opts?: { tx?: Tx } & JobOptions): Promise<string | null>;
  start(opts: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Waits until the queue has no created/active/retry jobs (tests, graceful shutdown). */
  idle(name: string, timeoutMs?: number): Promise<void>;
  boss: PgBoss;
}

const DEFAULTS: JobOptions = { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60 };

export function createJobs(database: Database, log: FastifyBaseLogger): Jobs {
  const defs = new Map<string, JobDef<unknown>>();
  const db = executorOf({ query: (t, p) => database.sql.query(t, p), exec: (t) => database.sql.exec(t) });
  const boss = new PgBoss({ db, schema: 'pgboss', supervise: true, migrate: true } as never);
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
      return boss.send(name, data as object, {
        ...DEFAULTS,
        ...def.options,
        ...rest,
        ...(tx ? { db: txExecutor(tx) } : {}),
      } as PgBoss.SendOptions);
    },
    async start({ work }) {
      await boss.start();
      for (const def of defs.values()) {
        await boss.createQueue(def.name);
        if (!work) continue;
        const workers = def.concurrency ?? 1;
        for (let i = 0; i < workers; i++) {
          await boss.work(def.name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
            const payload = def.schema.parse(job.data);
            const retryCount = (job as unknown as { retryCount?: number }).retryCount ?? 0;
            await def.handler(payload, { id: job.id, retryCount });
          });
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
