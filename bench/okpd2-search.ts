/**
 * ОКПД2 search speed over the full classifier.
 *
 *   npx tsx bench/okpd2-search.ts [--n 200] [--target 100]
 *
 * Starts the server on a fresh embedded database (PGlite in a temporary folder, so the first-start seed runs as in
 * production), signs in, and runs N searches through HTTP — half by code prefix, half by words — drawn
 * reproducibly from the classifier itself. Prints first-start time and p50 / p95 / max per kind against the target
 * (a figure, not a test: an error answer fails the run, a slow one does not).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/src/config';
import { buildServer } from '../server/src/app';
import { openDatabase, runMigrations } from '../server/src/db/client';
import type { Deps } from '../server/src/platform/context';
import { readOkpd2Text, seedOkpd2 } from '../server/src/modules/catalogs/seed/seed-okpd2';
import { DEMO_PASSWORD } from '../server/src/modules/demo/seed-demo';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('n', 200);
const TARGET_MS = arg('target', 100);

/** Small deterministic generator so every run asks the same questions. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function queries(count: number): { prefix: string[]; words: string[] } {
  const rand = rng(20240601);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const lines = readOkpd2Text().split('\n').filter(Boolean);
  const codes = lines.map((l) => l.split('\t')[0].trim()).filter((c) => /^\d/.test(c));
  const names = lines
    .map(
      (l) =>
        l
          .split('\t')
          .slice(1)
          .join(' ')
          .toLowerCase()
          .match(/[а-яё]{5,}/g) ?? [],
    )
    .filter((w) => w.length > 0);
  const words = [...new Set(names.flat())];
  const prefix: string[] = [];
  for (let i = 0; i < count / 2; i++) {
    const code = pick(codes);
    // typed prefixes of every length: '17', '17.1', '17.12', '17.12.1', …
    prefix.push(code.slice(0, 2 + Math.floor(rand() * (code.length - 1))).replace(/\.$/, ''));
  }
  const text: string[] = [];
  for (let i = 0; i < count - prefix.length; i++) {
    const w = pick(words);
    const kind = i % 3;
    // whole words, word starts (as typed into a select) and two words of one name, the second one begun
    const name = pick(names);
    const phrase = name.length > 1 ? `${name[0]} ${name[1 + Math.floor(rand() * (name.length - 1))].slice(0, 5)}` : name[0];
    text.push(kind === 0 ? w : kind === 1 ? w.slice(0, Math.max(4, Math.ceil(w.length * 0.6))) : phrase);
  }
  return { prefix, words: text };
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { n: s.length, p50: at(50), p95: at(95), max: s[s.length - 1] };
};
const fmt = (x: number) => x.toFixed(1).padStart(7);

/** The ОКПД2 first-start load on its own: a fresh in-memory PGlite, migrations, then the seed. */
async function okpd2LoadSeconds(): Promise<number> {
  const database = await openDatabase({});
  try {
    await runMigrations(database);
    const started = performance.now();
    const rows = await seedOkpd2({ db: database.db } as Deps);
    if (rows !== 20328) throw new Error(`ОКПД2: загружено ${rows} строк`);
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
  }
}

async function main() {
  const okpd2Load = await okpd2LoadSeconds();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'okpd2-bench-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'production' } as Record<string, string>, {
    PORT: 0,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    JOBS_ENABLED: false,
    DEMO_DATA: true,
    DEMO_CONTRACTS: false,
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const t0 = performance.now();
  const server = await buildServer(config);
  const startMs = performance.now() - t0;
  const base = await server.listen();
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'specialist', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const search = async (q: string) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/classifiers/okpd2?q=${encodeURIComponent(q)}&limit=10`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { total: number };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`search "${q}": HTTP ${res.status}`);
      return { ms, total: body.total };
    };
    const { prefix, words } = queries(N);
    await search('пшеница'); // first query plans and warms caches
    const results: Record<string, { ms: number[]; empty: number }> = { prefix: { ms: [], empty: 0 }, words: { ms: [], empty: 0 } };
    for (const [kind, list] of Object.entries({ prefix, words })) {
      for (const q of list) {
        const r = await search(q);
        results[kind].ms.push(r.ms);
        if (r.total === 0) results[kind].empty += 1;
      }
    }
    console.log(`ОКПД2 search benchmark: fresh embedded database (PGlite), ${N} searches over HTTP, limit 10`);
    console.log(`ОКПД2 load at first start (20,328 rows, PGlite): ${okpd2Load.toFixed(2)} s (target < 5 s)`);
    console.log(`whole first start (migrations, all seeds, demo users): ${(startMs / 1000).toFixed(2)} s`);
    console.log(`kind        n     p50 ms   p95 ms   max ms   no hits`);
    let ok = true;
    const all: number[] = [];
    for (const [kind, r] of Object.entries(results)) {
      const s = stats(r.ms);
      all.push(...r.ms);
      ok &&= s.p95 < TARGET_MS;
      console.log(`${kind.padEnd(8)} ${String(s.n).padStart(4)} ${fmt(s.p50)}  ${fmt(s.p95)}  ${fmt(s.max)}   ${r.empty}`);
    }
    const s = stats(all);
    console.log(`${'all'.padEnd(8)} ${String(s.n).padStart(4)} ${fmt(s.p50)}  ${fmt(s.p95)}  ${fmt(s.max)}`);
    console.log(`target: p95 < ${TARGET_MS} ms — ${ok ? 'met' : 'MISSED'}`);
    if (okpd2Load >= 5) console.log('ОКПД2 load target (< 5 s) MISSED');
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
