/**
 * Memory of the compiled main server, measured from outside its process: RSS idle — at rest after start, once a
 * parser thread the start used has ended (PARSER_IDLE_MS; the figure 5 s after start is printed too) — then the peak RSS
 * while 20 clients of this (separate) process read the usual screens for DURATION seconds. On PostgreSQL (a fresh
 * database on PG_URL) and on the embedded database, started as npm start starts it. Goals: idle ≤ 150 MB and under load ≤ 250 MB on PostgreSQL.
 *
 *   npx tsx bench/memory.ts            # DURATION=60
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { buildServer } from '../tools/build-server.mjs';
import { freePort, rssMb, sleep } from './lib/processes';
import { PARSER_IDLE_MS } from '../server/src/formats/parse-pool';
import { failIf } from './lib/errors';

const DURATION = Number(process.env.DURATION ?? 60) * 1000;
// from 5 s after start to the idle figure: until a parser thread the start used has ended
const SETTLE_MS = Number(process.env.SETTLE_MS ?? PARSER_IDLE_MS + 10_000 - 5000);
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');

async function measure(kind: 'PostgreSQL' | 'embedded'): Promise<string> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-mem-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    INTEGRATION_API_URL: 'http://127.0.0.1:9',
  };
  let dropDb = async () => undefined as unknown;
  if (kind === 'PostgreSQL') {
    const name = `bench_memory_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--expose-gc', path.join(root, 'server/dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${url}/api/health`).catch(() => null))?.ok) break;
      // a first start on the embedded database migrates and seeds it: 5 s on a quiet machine, 40 s and more on a loaded one
      if (i > 2400 || child.exitCode !== null) throw new Error('server did not start');
      await sleep(100);
    }
    await sleep(5000);
    const justStarted = rssMb(child.pid!);
    // at rest: the start's own work done — a parser thread the first start used (the demo's files) ends when idle
    await sleep(SETTLE_MS);
    const idle = rssMb(child.pid!);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'client', password: 'demo12345' }),
    });
    if (login.status !== 200) throw new Error(`sign-in: HTTP ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const paths = [
      '/api/companies/my',
      '/api/procurements?limit=10',
      '/api/contracts?limit=10',
      '/api/dashboard',
      '/api/auth/me',
      '/api/catalogs/methods/options',
    ];
    let requests = 0;
    let errors = 0;
    let peak = idle;
    const end = Date.now() + DURATION;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 500);
    await Promise.all(
      Array.from({ length: 20 }, async (_, c) => {
        for (let i = c; Date.now() < end; i++) {
          const r = await fetch(`${url}${paths[i % paths.length]}`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
          requests++;
          if (!r?.ok) errors++;
          await r?.arrayBuffer();
        }
      }),
    );
    clearInterval(sampler);
    const after = rssMb(child.pid!);
    failIf(errors, `requests answered with an error (${kind})`);
    const goal =
      kind === 'PostgreSQL'
        ? ` · goals idle ≤ 150 MB: ${idle <= 150 ? 'met' : 'MISSED'} (${(idle / 150).toFixed(2)}), load ≤ 250 MB: ${peak <= 250 ? 'met' : 'MISSED'} (${(peak / 250).toFixed(2)})`
        : '';
    return `${kind.padEnd(10)} idle ${idle.toFixed(0)} MB (${justStarted.toFixed(0)} MB 5 s after start) · peak under load ${peak.toFixed(0)} MB · after ${after.toFixed(0)} MB · ${requests} requests in ${DURATION / 1000} s, ${errors} errors${goal}`;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await buildServer();
console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; compiled server (server/dist/main.js), RSS from /proc`,
);
for (const kind of ['PostgreSQL', 'embedded'] as const) console.log(await measure(kind));
