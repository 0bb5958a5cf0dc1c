// `npm run bench`: runs every bench/*.ts (or the names given) in turn and writes bench/results.md with their output.
// `npm run test:bench` (`--small`): every benchmark at the small scale below, for its errors rather than its figures —
// part of `npm test`, so a change of an API that breaks a benchmark fails at once, not at the next full run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const small = process.argv.includes('--small');
const only = process.argv.slice(2).filter((a) => a !== '--small');
// the soaks (10 minutes; the embedded databases side by side, 6) and the long fuzz run go alone: `npm run bench -- soak`
const LONG = ['soak.ts', 'embedded-db.ts', 'fuzz-formats.ts'];

/**
 * The small scale of each benchmark: seconds each, every one of them run, the same code paths as the full run. A
 * benchmark fails the run by its exit code — an error answer, a thrown exception, a refused request; never by a
 * figure (timings are not tests on a shared 2-core machine). A new benchmark without a line here fails the run too.
 */
const SMALL = {
  'approvals-inbox.ts': { env: { INBOX_TASKS: '500', COMPANIES: '5', USERS: '100', TASKS: '1000', REQUESTS: '10' } },
  'acceptance.ts': { env: { N: '2' } },
  'bundle.ts': {},
  'companies-my.ts': { env: { DURATION: '1' } },
  'contract-figures.ts': { env: { CONTRACTS: '20', RUNS: '2' } },
  'documents.ts': { env: { REPORT_ROWS: '200', RUNS: '1' } },
  'eis-import.ts': { env: { FILES: '100', BATCH: '50' } },
  // the soak on PostgreSQL is soak.ts's own small run; here the embedded candidate that soak.ts does not run
  'eis-fair-share.ts': { env: { SCALE: '0.05' } },
  'embedded-db.ts': { args: ['--users', '10', '--seconds', '3', '--candidates', 'pglite-worker'] },
  'fair-share.ts': { env: { FLOOD: '4' } },
  'fuzz-formats.ts': { args: ['300'] },
  'memory.ts': { env: { DURATION: '2', SETTLE_MS: '1000' } },
  'okpd2-search.ts': { args: ['--n', '20'] },
  'parse-formats.ts': { env: { RUNS: '2' } },
  'register-pg.ts': {
    env: { PG_ROWS: '2000', PGLITE_ROWS: '500', CONNECTIONS: '10', DURATION: '1', SEARCHES: '24', RAW_CLIENTS: '4', KEEP_DATA: '0' },
  },
  'register.ts': { env: { ROWS: '2000' } },
  'signatures.ts': { env: { N: '8' } },
  'sockets.ts': { env: { SOCKETS: '40', STEP: '20', RECEIVERS: '4', PUSHES: '5' } },
  'soak.ts': { args: ['--users', '20', '--seconds', '5'] },
  'throughput.ts': { env: { UPLOADS: '16', REPORTS: '4' } },
  'upd-notice.ts': { env: { N: '3' } },
  'upload-event-loop.ts': { env: { UPLOAD_BYTES: String(2 * 1024 * 1024) } },
};

const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && (only.length ? only.some((o) => f.startsWith(o)) : small || !LONG.includes(f)))
  .sort();

if (small) {
  const started = Date.now();
  const failed = [];
  const times = [];
  // the benchmarks' test servers start from one migrated and seeded embedded database (bench/lib/pglite-template.ts)
  const template = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, 'lib/pglite-template.ts')], {
    cwd: path.join(dir, '..'),
    encoding: 'utf8',
    env: { ...process.env, TEST_DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const templateFile = template.stdout?.trim().split('\n').pop();
  if (template.status !== 0 || !templateFile) {
    console.error(`the embedded database's template could not be made (exit ${template.status})`);
    process.exit(1);
  }
  process.env.PG_TEMPLATE_FILE = templateFile;
  process.on('exit', () => fs.rmSync(path.dirname(templateFile), { recursive: true, force: true }));
  for (const file of scripts) {
    const scale = SMALL[file];
    console.log(`\n=== ${file} (small: ${JSON.stringify(scale ?? null)})`);
    if (!scale) {
      failed.push(`${file}: no small scale in bench/run.mjs (SMALL)`);
      continue;
    }
    const t0 = Date.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file), ...(scale.args ?? [])], {
      cwd: path.join(dir, '..'),
      env: { ...process.env, ...scale.env },
      stdio: 'inherit',
      timeout: 5 * 60_000,
    });
    times.push(`${file} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (r.status !== 0) failed.push(`${file}: ${r.error ? r.error.message : r.signal ? `killed by ${r.signal}` : `exit ${r.status}`}`);
  }
  console.log(`\nbenchmarks at small scale: ${scripts.length} in ${((Date.now() - started) / 1000).toFixed(0)} s (${times.join(', ')})`);
  if (failed.length) {
    console.error(`FAILED:\n${failed.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('every benchmark ran without an error');
  process.exit(0);
}

const sections = [];
for (const file of scripts) {
  console.log(`\n=== ${file}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    cwd: path.join(dir, '..'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 15 * 60_000,
  });
  process.stdout.write(r.stdout ?? '');
  sections.push(
    `## ${file}\n\nexit ${r.status}, ${((Date.now() - started) / 1000).toFixed(1)} s\n\n\`\`\`\n${(r.stdout ?? '').trim()}\n\`\`\`\n`,
  );
}
// sections of benchmarks not run this time (the soak, run alone) stay as they were, each with its own date
const resultsFile = path.join(dir, 'results.md');
const kept = new Map();
// the text before the first section (the header and the story of the figures) is written by people: kept as it is
let preamble = '# Benchmark results\n\nWritten by `npm run bench` (each section says when and where it ran).\n';
if (fs.existsSync(resultsFile)) {
  const parts = fs.readFileSync(resultsFile, 'utf8').split(/^(?=## )/m);
  preamble = parts[0].trimEnd() + '\n';
  for (const part of parts.slice(1)) kept.set(part.split('\n')[0].slice(3).trim(), part.trimEnd() + '\n');
}
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version}`;
for (const [i, file] of scripts.entries())
  kept.set(file, sections[i].replace('\n\nexit', `\n\n${new Date().toISOString().slice(0, 16)} UTC · ${machine} · exit`));
const ordered = [...kept.keys()].sort().map((k) => kept.get(k));
fs.writeFileSync(resultsFile, `${preamble}\n${ordered.join('\n')}`);
console.log(`\nbench/results.md written (${scripts.length} benchmarks)`);

// every goal on record, each with its figure: those run now and, with their date, those not run (the soak is run alone)
console.log('\nGoals and targets on record (bench/results.md):');
for (const [name, part] of kept) {
  if (!/^[\w-]+\.ts$/.test(name)) continue; // a section of a diagnostic run, named with its settings
  const lines = part.split('\n');
  // an indented goal line follows the figure it judges: the nearest line above it that is not indented
  const figureAbove = (i) => lines.slice(0, i).findLast((l) => l && !/^\s/.test(l));
  const picked = lines.flatMap((l, i) => (/\b(goals?|target)\b/i.test(l) ? (/^\s/.test(l) ? [figureAbove(i) ?? '', l] : [l]) : []));
  if (!picked.length) continue;
  const when = scripts.includes(name) ? 'run now' : `recorded ${lines[2]?.slice(0, 16) ?? '?'} UTC, not run now`;
  console.log(`${name} (${when}):\n${[...new Set(picked)].map((l) => `  ${l.trim()}`).join('\n')}`);
}
