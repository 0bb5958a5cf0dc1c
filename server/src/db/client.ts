import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgliteWorker } from './pglite-worker';
import { leaveUnnamed } from './prepared';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repository functions accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Raw SQL access for the job queue and maintenance: `query` with parameters, `exec` for scripts. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of one or more statements; returns the last statement's rows. */
  exec(text: string): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlClient;
  /** The server pool (PostgreSQL path only), for adapters that need their own connections. */
  pool?: pg.Pool;
  url?: string;
  /** PGlite only: it runs in a worker thread (EMBEDDED_DB=pglite-worker). */
  inWorker?: boolean;
  /** PGlite only: the whole data directory as a tar blob. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(REPO_ROOT, 'server/src/db/migrations');

/**
 * Checkouts after which the pool closes a connection: a backend keeps every statement prepared on it by name, and its
 * memory does not grow for the server's lifetime.
 */
export const MAX_USES = 200_000;

// numeric columns come back as strings already; keep int8 as string too (never lose precision)
export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in-memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: the hot reads prepared by name (default, db/prepared.ts); false sends every statement unnamed. */
  preparedStatements?: boolean;
  /** A PGlite data directory dump to start from (tests start from one migrated, seeded copy). */
  loadDataDir?: Blob;
  /**
   * PGlite's shared_buffers. PostgreSQL's 128MB lives inside the WebAssembly heap, which never shrinks; the data files
   * are read through the OS, whose page cache keeps them warm anyway, so a smaller buffer pool costs little speed.
   */
  sharedBuffers?: string;
  /** PGlite in a worker thread (db/pglite-worker.ts) rather than in the server's own thread. */
  inWorker?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, maxUses: MAX_USES });
    pool.on('error', (err) => console.error('[db] idle client error', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.preparedStatements === false) leaveUnnamed(db);
    const sql: SqlClient = {
      query: async (text, params) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      exec: async (text) => {
        const r = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(r) ? (r[r.length - 1]?.rows ?? []) : r.rows };
      },
    };
    return { kind: 'postgres', db, sql, pool, url: opts.databaseUrl, close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // PGlite and its drizzle driver are loaded only when the embedded PGlite is used (tests, EMBEDDED_DB=pglite*): a
  // server on PostgreSQL does not carry them (loaded alone in a fresh Node: +6 MB of RSS, +13 MB with source maps)
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const startParams = opts.sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`] : undefined;
  const client = opts.inWorker
    ? await PgliteWorker.create({ dataDir: opts.dataDir, startParams, loadDataDir: opts.loadDataDir })
    : await PGlite.create({
        dataDir: opts.dataDir,
        extensions: { pg_trgm: (await import('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm },
        loadDataDir: opts.loadDataDir,
        startParams,
      });
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  const sql: SqlClient = {
    query: async (text, params) => {
      const r = await client.query(text, params as unknown[]);
      return { rows: r.rows as never[] };
    },
    exec: async (text) => {
      const r = await client.exec(text);
      return { rows: r[r.length - 1]?.rows ?? [] };
    },
  };
  return { kind: 'pglite', inWorker: !!opts.inWorker, db, sql, dump: () => client.dumpDataDir('none'), close: () => client.close() };
}

/** `folder`: another set of migrations (a restore makes the tables as they were at its backup, tools/backup). */
export async function runMigrations(database: Database, folder: string = MIGRATIONS): Promise<void> {
  await database.sql.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  if (database.kind === 'postgres' && database.pool) {
    // several nodes may start at once: one migrates, the others wait on the lock
    const lockClient = await database.pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock(727001)');
      await migratePg(database.db as never, { migrationsFolder: folder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
      lockClient.release();
    }
  } else {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
}
