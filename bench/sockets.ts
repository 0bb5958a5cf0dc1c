/**
 * Real-time capacity: how many socket.io clients one node holds, and notice fan-out across two nodes.
 *
 *   npx tsx bench/sockets.ts                       # 5,000 sockets; 100 receivers × 200 pushes
 *   SOCKETS=500 PUSHES=50 npx tsx bench/sockets.ts
 *
 * Two server processes (server/test/node-process.ts) on a fresh PostgreSQL database (TEST_DATABASE_URL or the
 * local default) with the PostgreSQL adapter (REDIS=1 for the Redis one). Node A gets SOCKETS websocket clients
 * (ramped in steps of STEP), all must connect; then RECEIVERS sockets of one user on node B receive PUSHES events sent
 * through node A one after another; latency = arrival − send stamp.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as ioClient, type Socket } from 'socket.io-client';
import { freshDatabase, pgReachable, PG_URL, REDIS_URL, startNode, type NodeProcess } from '../server/test/nodes';
import { DEMO_PASSWORD } from '../server/src/modules/demo/seed-demo';
import { failIf } from './lib/errors';

const SOCKETS = Number(process.env.SOCKETS ?? 5000);
const STEP = Number(process.env.STEP ?? 250);
const RECEIVERS = Number(process.env.RECEIVERS ?? 100);
const PUSHES = Number(process.env.PUSHES ?? 200);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const now = () => performance.timeOrigin + performance.now();

async function login(base: string, who: string) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: who, password: DEMO_PASSWORD }),
  });
  return (await r.json()) as { token: string; user: { id: number } };
}

const connect = (base: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const s = ioClient(`${base}/auth`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => {
      s.close();
      reject(e);
    });
  });

async function main() {
  if (!(await pgReachable())) {
    console.log(`PostgreSQL: not reachable at ${PG_URL} — skipped`);
    return;
  }
  const db = await freshDatabase(PG_URL, 'bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sockets-'));
  const env = {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'error',
    JOBS_ENABLED: 'false',
    REDIS_URL: process.env.REDIS === '1' ? REDIS_URL : '',
  };
  const held: Socket[] = [];
  let a: NodeProcess | null = null;
  let b: NodeProcess | null = null;
  try {
    a = await startNode(env);
    b = await startNode(env);
    const rssBefore = await a.rss();
    const holder = await login(a.url, 'specialist');
    const t0 = Date.now();
    let failed = 0;
    for (let i = 0; i < SOCKETS; i += STEP) {
      const results = await Promise.allSettled(Array.from({ length: Math.min(STEP, SOCKETS - i) }, () => connect(a!.url, holder.token)));
      for (const r of results) {
        if (r.status === 'fulfilled') held.push(r.value);
        else failed++;
      }
    }
    const rampS = (Date.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 2000));
    const still = held.filter((s) => s.connected).length;
    const rssAfter = await a.rss();
    console.log(`adapter: ${env.REDIS_URL ? 'Redis' : 'PostgreSQL'}; ${os.cpus().length} CPU`);
    console.log(
      `node A: ${still} of ${SOCKETS} sockets connected and held after 2 s (${failed} refused), ramp ${rampS.toFixed(1)} s in steps of ${STEP}`,
    );
    failIf(SOCKETS - still, 'sockets not connected or not held');
    console.log(
      `node A RSS: ${Math.round(rssBefore / 2 ** 20)} MB before, ${Math.round(rssAfter / 2 ** 20)} MB with the sockets (${((rssAfter - rssBefore) / Math.max(1, still) / 1024).toFixed(1)} KB per socket)`,
    );

    const receiver = await login(b.url, 'client');
    const receivers = await Promise.all(Array.from({ length: RECEIVERS }, () => connect(b!.url, receiver.token)));
    const lat: number[] = [];
    let got = 0;
    for (const s of receivers)
      s.on('fanoutProbe', (p: { sent_at: number }) => {
        lat.push(now() - p.sent_at);
        got++;
      });
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < PUSHES; i++) {
      await a.push(receiver.user.id, 'fanoutProbe', { n: i });
      await new Promise((r) => setTimeout(r, 20));
    }
    const until = Date.now() + 10_000;
    while (got < PUSHES * RECEIVERS && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    console.log(
      `fan-out A → B: ${PUSHES} pushes × ${RECEIVERS} sockets on node B: ${got} of ${PUSHES * RECEIVERS} delivered; p50 ${pct(lat, 50).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms (goal ≤ 100 ms)`,
    );
    failIf(PUSHES * RECEIVERS - got, 'pushes not delivered within 10 s');
    for (const s of receivers) s.close();
  } finally {
    for (const s of held) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
