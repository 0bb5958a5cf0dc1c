/**
 * The server against its own ceiling: `GET /api/companies/my` with 10 connections on PostgreSQL, served by
 * the compiled product server and by a bare Fastify route running the same two statements through the same driver
 * (bench/ceiling/bare-server.ts), each in its own process; the load comes from this process. Prints both rates, the
 * ratio (goal ≥ 0.6) and where the product server's CPU goes (a --cpu-prof profile of the run, self time by module).
 *
 *   npx tsx bench/companies-my.ts            # DURATION=10 seconds per run, CONNECTIONS=10
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { buildServer } from '../tools/build-server.mjs';
import { freePort, sleep } from './lib/processes';
import { failIf } from './lib/errors';
import { DEMO_PASSWORD } from '../server/src/modules/demo/seed-demo';
import { freshDatabase } from '../server/test/nodes';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = path.resolve(import.meta.dirname, '..');

async function until(url: string, child: ChildProcess) {
  for (let i = 0; ; i++) {
    if ((await fetch(url).catch(() => null))?.status) return;
    if (i > 1200 || child.exitCode !== null) throw new Error(`${url} did not answer`);
    await sleep(100);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

const run = (url: string, token: string) =>
  autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { authorization: `Bearer ${token}` } });

/** Self time of a V8 CPU profile by where the code lives: a package of node_modules, the server, or V8/Node itself. */
function profileSummary(file: string, top = 10): string[] {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string }; hitCount?: number }[];
    samples: number[];
  };
  const byModule = new Map<string, number>();
  let total = 0;
  for (const n of prof.nodes) {
    const hits = n.hitCount ?? 0;
    total += hits;
    const u = n.callFrame.url;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1];
    const where =
      pkg ??
      (u.includes('/server/')
        ? `server: ${path.basename(u)}`
        : u.startsWith('node:')
          ? u
          : n.callFrame.functionName
            ? `(${n.callFrame.functionName})`
            : '(V8)');
    byModule.set(where, (byModule.get(where) ?? 0) + hits);
  }
  return [...byModule]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([m, h]) => `  ${((h / total) * 100).toFixed(1).padStart(5)} %  ${m}`);
}

async function main() {
  await buildServer();
  const db = await freshDatabase(PG_URL, 'bench_companies_my');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ceiling-'));
  const profDir = path.join(dataDir, 'prof');
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const env = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      DEMO_CONTRACTS: 'false',
      INTEGRATION_API_URL: 'http://127.0.0.1:9',
      REDIS_URL: '',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };
    const server = spawn(
      process.execPath,
      ['--enable-source-maps', '--cpu-prof', `--cpu-prof-dir=${profDir}`, path.join(root, 'server/dist/main.js')],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    await until(`${base}/api/health`, server);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'client', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in: HTTP ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    await run(`${base}/api/companies/my`, token); // warm-up: JIT, pools, caches
    const product = await run(`${base}/api/companies/my`, token);
    await stop(server);

    // the ceiling as the issue put it (both statements on every request), then with the session kept 2 s as the
    // product keeps it (its steady state runs the companies' statement alone)
    const ceilingRun = async (env: Record<string, string>) => {
      const barePort = await freePort();
      const bare = fork(path.join(root, 'bench/ceiling/bare-server.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, PORT: String(barePort), DATABASE_URL: db.url, ...env },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      children.push(bare);
      await new Promise((r) => bare.once('message', r));
      await run(`http://127.0.0.1:${barePort}/api/companies/my`, token);
      const r = await run(`http://127.0.0.1:${barePort}/api/companies/my`, token);
      await stop(bare);
      return r;
    };
    const ceiling = await ceilingRun({});
    const ceilingKept = await ceilingRun({ SESSION_KEPT_MS: '2000' });

    const ratio = product.requests.average / ceiling.requests.average;
    console.log(
      `GET /api/companies/my, PostgreSQL, ${CONNECTIONS} connections × ${DURATION} s, ${os.cpus().length} CPU; each server in its own process, load from this one`,
    );
    console.log(
      `product server (compiled):    ${product.requests.average.toFixed(0)} req/s, p50 ${product.latency.p50} ms, p99 ${product.latency.p99} ms, errors ${product.errors + product.non2xx}`,
    );
    console.log(
      `ceiling (bare Fastify + pg):  ${ceiling.requests.average.toFixed(0)} req/s, p50 ${ceiling.latency.p50} ms, p99 ${ceiling.latency.p99} ms, errors ${ceiling.errors + ceiling.non2xx}`,
    );
    console.log(
      `ceiling, session kept 2 s:    ${ceilingKept.requests.average.toFixed(0)} req/s, p50 ${ceilingKept.latency.p50} ms, p99 ${ceilingKept.latency.p99} ms, errors ${ceilingKept.errors + ceilingKept.non2xx}`,
    );
    console.log(
      `ratio ${ratio.toFixed(2)} — goal ≥ 0.6: ${ratio >= 0.6 ? 'met' : 'MISSED'}; against the ceiling that keeps the session as the product does: ${(product.requests.average / ceilingKept.requests.average).toFixed(2)}`,
    );
    for (const [name, r] of [
      ['product', product],
      ['ceiling', ceiling],
      ['ceiling kept', ceilingKept],
    ] as const)
      failIf(r.errors + r.non2xx + r.timeouts, `errors of the ${name} run`);
    const prof = fs.existsSync(profDir) ? fs.readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')) : [];
    if (prof.length) {
      console.log('product server CPU by module (self time over start, warm-up and run):');
      for (const line of profileSummary(path.join(profDir, prof[0]))) console.log(line);
    }
  } finally {
    for (const c of children) await stop(c);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
