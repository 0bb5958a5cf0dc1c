import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { io as ioClient, type Socket } from 'socket.io-client';
import { queryString, routePath, type CallInput, type Reply, type RouteDef } from '@proc/contract/http';
import type { ErrorBody } from '@proc/contract/errors';
import type { ClientToServerEvents, ServerEventName, ServerEvents, ServerToClientEvents } from '@proc/contract/socket';
import { loadConfig, type Config } from '../src/config';
import { buildServer, type Server } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/modules/demo/seed-demo';
import { closeParsePool } from '../src/formats';

/** The integration service's key in tests: every server the harness starts sends it, every test's service takes it. */
export const TEST_INTEGRATION_SECRET = 'test-integration-secret-0123456789';

/** A socket.io client typed by the contract's event map: what it may send and what each event it hears carries. */
export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestServer {
  server: Server;
  url: string;
  config: Config;
  /** Calls the API in-process; `token` adds the bearer header. */
  api<T = unknown>(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T }>;
  /**
   * Calls a route of the contract in-process: a path, query or body the contract does not declare is a type error.
   * Input a test sends on purpose against the schemas goes through `api`. A refusal's body is the error envelope.
   */
  call<R extends RouteDef>(
    route: R,
    input: CallInput<R> & { token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Reply<R> & Partial<ErrorBody> }>;
  login(login: string, password?: string): Promise<string>;
  socket(ns: 'auth' | 'unauth', token?: string): Promise<TestSocket>;
  close(): Promise<void>;
}

/**
 * A real server on a fresh database: in-memory PGlite by default, or a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped afterwards).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: { listen?: boolean; database?: Database; logStream?: import('node:stream').Writable } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-test-'));
  let dropDb: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL && !opts.database) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' } as Record<string, string>, {
    PORT: 0,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: undefined,
    WEB_DIST: path.join(dataDir, 'no-web'),
    // the ЕИС-imported demo contracts only where a test asks for them (with an integration service to import from)
    DEMO_CONTRACTS: false,
    INTEGRATION_SECRET: TEST_INTEGRATION_SECRET,
    ...overrides,
  });
  const template = !databaseUrl && process.env.PG_TEMPLATE_FILE;
  const database =
    opts.database ?? (await openDatabase({ databaseUrl, loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined }));
  const server = await buildServer(config, { database, logStream: opts.logStream });
  const url = opts.listen === false ? '' : await server.listen();
  const api: TestServer['api'] = async (method, u, o = {}) => {
    const res = await server.app.inject({
      method: method as 'GET',
      url: u,
      payload: o.body as object | undefined,
      headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
    });
    const text = res.body;
    return { status: res.statusCode, body: (text ? safeJson(text) : null) as never };
  };
  const call: TestServer['call'] = (route, input) => {
    const { params, query, body, ...o } = input as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
    return api(route.method, `/api${routePath(route, params)}${queryString(query)}`, { ...o, body }) as never;
  };
  const sockets: TestSocket[] = [];
  return {
    server,
    url,
    config,
    api,
    call,
    async login(login, password = DEMO_PASSWORD) {
      const r = await api<{ token: string }>('POST', '/api/auth/login', { body: { login, password } });
      if (r.status !== 200) throw new Error(`login ${login} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token;
    },
    async socket(ns, token) {
      const s: TestSocket = ioClient(`${url}/${ns}`, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', (e) => reject(e));
      });
      return s;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await server.close();
      // the parser threads would keep a script alive after its last server (a new parse starts a new pool)
      await closeParsePool();
      if (!opts.database) await database.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const safeJson = (t: string) => {
  try {
    return JSON.parse(t);
  } catch {
    return t;
  }
};

/** Waits for one socket event of the contract that satisfies the predicate; the payload has the event's type. */
export function nextEvent<E extends ServerEventName>(
  socket: TestSocket | Socket,
  event: E,
  pred: (p: ServerEvents[E]) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<ServerEvents[E]> {
  type T = ServerEvents[E];
  // the listener's type was checked above, by the event's name
  const s = socket as unknown as Socket;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event as string, on);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const on = (p: T) => {
      if (!pred(p)) return;
      clearTimeout(timer);
      s.off(event as string, on);
      resolve(p);
    };
    s.on(event as string, on);
  });
}
