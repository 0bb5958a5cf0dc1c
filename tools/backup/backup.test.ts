/**
 * `npm run backup` and `npm run restore` as an operator runs them: an instance's data (PGlite in DATA_DIR, the demo
 * seed, a procurement with an uploaded document) is backed up, restored into an empty DATA_DIR, compared table by
 * table and file by file, and a server on the restored data signs in and shows the procurement and its document. A
 * restore over data that is there is refused (--force replaces it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import type { ProcurementFileResponse, ProcurementResponse } from '@proc/contract';
import { openDatabase, type Database } from '../../server/src/db/client';
import { REPO_ROOT } from '../../server/src/paths';
import { startTestServer } from '../../server/test/harness';
import { PDF, download, upload } from '../../server/test/factories';
import { countRows, tables } from './database';
import { carriedFiles, sha256OfFile } from './files';
import { readManifest } from './run';

const made: string[] = [];
const tmp = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `proc-${name}-`));
  made.push(d);
  return d;
};
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** `npm run <script> -- args` with only DATA_DIR and EMBEDDED_DB of the instance set. */
function npmRun(script: string, dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, EMBEDDED_DB: 'pglite' };
  for (const k of ['DATABASE_URL', 'TEST_DATABASE_URL', 'NODE_ENV', 'VITEST']) delete env[k];
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

async function snapshot(dataDir: string) {
  const db: Database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const counts = await countRows(db.sql, await tables(db.sql));
    const files: Record<string, string> = {};
    for (const rel of carriedFiles(dataDir)) files[rel] = (await sha256OfFile(path.join(dataDir, rel))).sha256;
    return { counts, files };
  } finally {
    await db.close();
  }
}

it('backs up an instance, restores it into an empty one that then serves the same data, and refuses a non-empty one', async () => {
  const a = tmp('backup-a');
  const b = tmp('backup-b');
  const out = path.join(tmp('backup-out'), 'copy.tar.gz');

  // an instance with data of its own: the demo seed, a procurement and a document uploaded to it
  const template = process.env.PG_TEMPLATE_FILE ? new Blob([fs.readFileSync(process.env.PG_TEMPLATE_FILE)]) : undefined;
  const dbA = await openDatabase({ dataDir: path.join(a, 'pglite'), loadDataDir: template });
  const ta = await startTestServer({ DATA_DIR: a }, { database: dbA, listen: false });
  const token = await ta.login('client');
  const p = await ta.api<ProcurementResponse>('POST', '/api/procurements', {
    token,
    body: {
      title: 'Поставка бумаги для копии',
      method: 'auction_e',
      subject: 'goods',
      nmcd: '120000.50',
      okpd2: [{ code: '17.12.14.110' }],
    },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const up = await upload(ta, 'POST', `/api/procurements/${p.body.id}/files`, token, 'Техническое задание.pdf', PDF);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const fileId = (up.body as unknown as ProcurementFileResponse).id;
  await ta.close();
  await dbA.close();
  const before = await snapshot(a);
  // the uploaded document at least; without the PGlite template (npm run test:pg) the demo seed writes its own
  // generated documents into DATA_DIR/files too, and they must come back just the same
  expect(Object.keys(before.files).filter((f) => f.startsWith('files/')).length).toBeGreaterThanOrEqual(1);

  const made = await npmRun('backup', a, ['--out', out]);
  expect(made.code, made.out).toBe(0);
  expect(fs.statSync(out).mode & 0o777).toBe(0o600);
  const { manifest } = await readManifest(out);
  expect(manifest.created_at_msk).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  expect(manifest.migrations.length).toBeGreaterThan(10);
  for (const [name, n] of Object.entries(before.counts)) expect(manifest.tables[name]?.rows, name).toBe(n);
  expect(Object.fromEntries(Object.entries(manifest.files).map(([k, v]) => [k, v.sha256]))).toEqual(before.files);
  expect(before.counts['public.procurements']).toBeGreaterThan(0);

  const restored = await npmRun('restore', b, [out]);
  expect(restored.code, restored.out).toBe(0);
  const after = await snapshot(b);
  expect(after.counts).toEqual(before.counts);
  expect(after.files).toEqual(before.files);
  // private as the server makes them: 0600 files in 0700 folders
  for (const rel of Object.keys(after.files)) {
    expect(fs.statSync(path.join(b, rel)).mode & 0o777, rel).toBe(0o600);
    expect(fs.statSync(path.dirname(path.join(b, rel))).mode & 0o777, rel).toBe(0o700);
  }

  // a server on the restored data: signs in, lists the procurement, gives the same document, and makes new rows
  const dbB = await openDatabase({ dataDir: path.join(b, 'pglite') });
  const tb = await startTestServer({ DATA_DIR: b }, { database: dbB, listen: false });
  try {
    const again = await tb.login('client');
    const list = await tb.api<{ items: ProcurementResponse[] }>('GET', '/api/procurements', { token: again });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Поставка бумаги для копии');
    const doc = await download(tb, `/api/procurements/${p.body.id}/files/${fileId}/download`, again);
    expect(doc.status).toBe(200);
    expect(Buffer.compare(doc.data, PDF)).toBe(0);
    // the sequences came along: a new procurement gets a new id, not one of the restored
    const next = await tb.api<ProcurementResponse>('POST', '/api/procurements', {
      token: again,
      body: { title: 'После восстановления', method: 'auction_e', subject: 'goods', nmcd: '1000', okpd2: [{ code: '17.12.14.110' }] },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.id).toBeGreaterThan(p.body.id);
  } finally {
    await tb.close();
    await dbB.close();
  }

  // b now holds data: a restore into it is refused and leaves it as it is
  const changed = await snapshot(b);
  const refused = await npmRun('restore', b, [out]);
  expect(refused.code).toBe(1);
  expect(refused.out).toMatch(/не пуст.*--force/);
  expect(await snapshot(b)).toEqual(changed);
}, 600_000);
