import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'node-process.ts');

/** The PostgreSQL server for multi-node tests: TEST_DATABASE_URL, else the local default used by .ci/run. */
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** One JSON call over HTTP to a node in another process (in-process servers use TestServer.api). */
export async function httpApi<T>(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Whether something answers at the URL within a second (PostgreSQL by a query, Redis by PING). */
export async function pgReachable(url = PG_URL): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const { createClient } = await import('redis');
  const c = createClient({ url, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  c.on('error', () => undefined);
  try {
    await c.connect();
    return (await c.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    await c.disconnect().catch(() => undefined);
  }
}

/** A new empty database on the server at `url`; `drop` removes it (and cuts remaining connections). */
export async function freshDatabase(url = PG_URL, prefix = 't'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface NodeProcess {
  url: string;
  child: ChildProcess;
  putFile(data: Buffer): Promise<string>;
  getFile(key: string): Promise<Buffer>;
  rss(): Promise<number>;
  push(userId: number, event: string, payload: Record<string, unknown>): Promise<void>;
  sql(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  stop(): Promise<void>;
}

/**
 * Starts server/test/node-process.ts in a child process with the given environment; resolves when it listens.
 * CPU_PROF_DIR (benches) has the child write a V8 CPU profile there when it stops — Node refuses --cpu-prof in NODE_OPTIONS.
 */
export function startNode(env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<NodeProcess> {
  const prof = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
  const child = fork(SCRIPT, [], {
    execArgv: ['--import', 'tsx', ...prof],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const call = <T>(msg: Record<string, unknown>) =>
    new Promise<T>((resolve, reject) => {
      const id = ++seq;
      const on = (m: { id?: number; error?: string } & T) => {
        if (m.id !== id) return;
        child.off('message', on);
        if (m.error) reject(new Error(m.error));
        else resolve(m);
      };
      child.on('message', on);
      child.send({ id, ...msg });
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`node did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => reject(new Error(`node exited with ${code} before listening`)));
    child.on('message', (m: { ready?: string }) => {
      if (!m.ready) return;
      clearTimeout(timer);
      resolve({
        url: m.ready,
        child,
        putFile: async (data) => (await call<{ key: string }>({ op: 'put', data: data.toString('base64') })).key,
        getFile: async (key) => Buffer.from((await call<{ data: string }>({ op: 'get', key })).data, 'base64'),
        sql: (text) => call<{ rows: Record<string, unknown>[] }>({ op: 'sql', text }),
        push: async (userId, event, payload) => void (await call({ op: 'push', userId, event, payload })),
        rss: async () => (await call<{ rss: number }>({ op: 'rss' })).rss,
        stop: async () => {
          if (child.exitCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.send({ id: ++seq, op: 'stop' });
          const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timeout);
        },
      });
    });
  });
}
