// The database a backup reads or a restore writes, found as `npm start` finds it (tools/start.mjs): DATABASE_URL; or
// the embedded PostgreSQL of DATA_DIR (reached on its port when the product runs, started here for the while when it
// does not); or PGlite's DATA_DIR/pglite (read only while the server is stopped: PGlite has one user at a time).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/src/db/client';
import { REPO_ROOT } from '../../server/src/paths';
import type { Query } from './database';

export interface Target {
  database: Database;
  /** One connection: a snapshot and a transaction stay on it. */
  session: Query;
  describe: string;
  close(): Promise<void>;
}

export interface Settings {
  DATA_DIR: string;
  DATABASE_URL?: string;
  EMBEDDED_DB?: string;
  PORT: number;
  EMBEDDED_PG_PORT?: number;
}

async function onPool(url: string, describe: string, stop: () => Promise<void> = async () => undefined): Promise<Target> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2, preparedStatements: false });
  const client = await database.pool!.connect();
  return {
    database,
    describe,
    session: { query: async (text, params) => ({ rows: (await client.query(text, params as unknown[])).rows }) },
    async close() {
      client.release();
      await database.close();
      await stop();
    },
  };
}

/** The embedded PostgreSQL of `dataDir` (tools/embedded-postgres.mjs), made and started when it is not running. */
async function embeddedPostgres(dataDir: string, port: number): Promise<Target> {
  const passwordFile = path.join(dataDir, 'postgres.password');
  if (fs.existsSync(passwordFile)) {
    const url = `postgres://postgres:${encodeURIComponent(fs.readFileSync(passwordFile, 'utf8').trim())}@127.0.0.1:${port}/procurement`;
    const probe = new pg.Client({ connectionString: url });
    const running = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => undefined);
    if (running) return onPool(url, `встроенный PostgreSQL на 127.0.0.1:${port} (${path.join(dataDir, 'postgres')})`);
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'tools/embedded-postgres.mjs'), dataDir, String(port)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const ready = /^READY (\S+)$/m.exec(out);
      if (ready) resolve(ready[1]);
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`встроенный PostgreSQL не запустился (код ${code}): ${out.trim()}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return onPool(url, `встроенный PostgreSQL (${path.join(dataDir, 'postgres')}), запущен на время работы`, stop);
}

export async function connect(s: Settings): Promise<Target> {
  if (s.DATABASE_URL) {
    const u = new URL(s.DATABASE_URL);
    return onPool(s.DATABASE_URL, `PostgreSQL ${u.host}${u.pathname}`);
  }
  const dataDir = path.resolve(s.DATA_DIR);
  const kind =
    s.EMBEDDED_DB?.startsWith('pglite') ||
    (!s.EMBEDDED_DB && fs.existsSync(path.join(dataDir, 'pglite')) && !fs.existsSync(path.join(dataDir, 'postgres')))
      ? 'pglite'
      : 'postgres';
  if (kind === 'postgres') {
    const port = s.EMBEDDED_PG_PORT ?? (s.PORT > 0 && s.PORT < 65532 ? s.PORT + 3 : 3003);
    return embeddedPostgres(dataDir, port);
  }
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  return {
    database,
    describe: `PGlite (${path.join(dataDir, 'pglite')})`,
    session: database.sql,
    close: () => database.close(),
  };
}
