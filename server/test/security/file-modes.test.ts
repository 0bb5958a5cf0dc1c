/**
 * Stored files and the mail outbox belong to the server's user only: folders 0700, files 0600, also a
 * files folder an older version left open; an uploaded name loses its bidi controls.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import { directoryStore } from '../../src/platform/files';
import { PDF, upload, world, type World } from '../factories';

let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
  w = await world(t);
});
afterAll(async () => t?.close());

const mode = (p: string) => fs.statSync(p).mode & 0o777;

/** Every folder and file below `dir`, with its permission bits. */
function modesBelow(dir: string): { path: string; dir: boolean; mode: number }[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).map((e) => {
    const p = path.join(e.parentPath, e.name);
    return { path: p, dir: e.isDirectory(), mode: mode(p) };
  });
}

describe('file modes', () => {
  it('an upload is stored 0600 in 0700 folders, and its name loses a U+202E', async () => {
    const filesDir = path.join(t.config.DATA_DIR, 'files');
    const p = await t.api<{ id: number }>('POST', '/api/procurements', {
      token: w.client,
      body: { title: 'Файлы и права', method: 'auction_e', subject: 'goods', nmcd: '1' },
    });
    expect(p.status).toBe(200);
    const r = await upload(t, 'POST', `/api/procurements/${p.body.id}/files`, w.client, 'счёт\u202Efdp.pdf', PDF);
    expect(r.status).toBe(200);
    const list = await t.api<unknown>('GET', `/api/procurements/${p.body.id}/files`, { token: w.client });
    const listed = JSON.stringify(list.body);
    expect(listed).toContain('счётfdp.pdf');
    expect(listed).not.toMatch(/\u202E|\\u202e/i);

    expect(mode(filesDir)).toBe(0o700);
    const below = modesBelow(filesDir);
    expect(below.filter((e) => !e.dir).length).toBeGreaterThan(0);
    expect(below.filter((e) => (e.dir ? e.mode !== 0o700 : e.mode !== 0o600)).map((e) => `${e.path} ${e.mode.toString(8)}`)).toEqual([]);
  });

  it('a files folder an older version left 0755 is closed on the first write', async () => {
    const dir = path.join(t.config.DATA_DIR, 'old-files');
    fs.mkdirSync(path.join(dir, 'ab'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const store = directoryStore(dir);
    const key = await store.put(PDF, 'pdf');
    await store.putAt('ab/report.xlsx', PDF);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, key))).toBe(0o600);
    expect(mode(path.join(dir, 'ab/report.xlsx'))).toBe(0o600);
  });

  it('the mail outbox is 0700 and each message in it 0600', async () => {
    await t.server.deps.mailer.send({ to: 'modes@example.ru', subject: 'Код подтверждения', text: 'Ваш код подтверждения: 123456' });
    const outbox = path.join(t.config.DATA_DIR, 'outbox');
    expect(mode(outbox)).toBe(0o700);
    const files = modesBelow(outbox);
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => f.mode.toString(8))).toEqual(files.map(() => '600'));
  });
});
