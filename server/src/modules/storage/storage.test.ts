import { routes } from '@proc/contract/routes';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcurementFileResponse } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { PDF, download, upload, world, type World } from '../../../test/factories';
import { companyStorage, storedFiles } from '../../db/schema';
import { purgeReleasedFiles, RETENTION_JOB } from './index';

const KB = 1024;
const DAY = 24 * 60 * 60 * 1000;
let t: TestServer;
let w: World;
let admin: string;

/** A PDF of about `kb` KiB (the upload check looks for «%PDF-» at the start). */
const pdf = (kb: number, fill = 0x20) => Buffer.concat([PDF, Buffer.alloc(kb * KB - PDF.length, fill)]);
const blobPath = (key: string) => path.join(t.config.DATA_DIR, 'files', key);
const keyOf = async (size: number, companyId: number) =>
  (await t.server.deps.db.select().from(storedFiles).where(eq(storedFiles.companyId, companyId))).filter((r) => r.size === size);
const storage = async (companyId: number, token: string) =>
  t.call(routes.storage.getCompaniesStorage, { params: { id: companyId }, token });

async function procurementOf(token: string): Promise<number> {
  const p = await t.call(routes.procurements.post, {
    token,
    body: { title: 'Поставка картриджей', method: 'auction_e', subject: 'goods', nmcd: '100000', okpd2: [{ code: '26.20.14.120' }] },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return p.body.id;
}

beforeAll(async () => {
  t = await startTestServer({ UPLOAD_MAX_BYTES: 700 * KB, FILE_RETENTION_DAYS: 30 });
  w = await world(t);
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

describe('storage quota from the tariff', () => {
  it('the tariff carries storage_mb, edited by admin', async () => {
    const created = await t.call(routes.tariffs.post, {
      token: admin,
      body: { name: 'Мини-хранилище', price: '100', period: 'month', storage_mb: 1 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.storage_mb).toBe(1);
    const refused = await t.call(routes.tariffs.putById, {
      params: { id: created.body.id },
      token: admin,
      body: { name: 'Мини-хранилище', price: '100', period: 'month', storage_mb: 0 },
    });
    expect(refused.status).toBe(400);
    const assigned = await t.call(routes.tariffs.postCompaniesTariffs, {
      params: { id: w.otherId },
      token: admin,
      body: { tariff_id: created.body.id, valid_from: '2025-01-01' },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  });

  it('B over its allowance gets 413 naming used and allowed, A uploads; delete and replace give the room back', async () => {
    const b = await procurementOf(w.otherClient);
    const a = await procurementOf(w.client);
    const empty = await storage(w.otherId, w.otherClient);
    expect(empty.body).toMatchObject({
      company_id: w.otherId,
      used_bytes: 0,
      allowed_bytes: 1024 * KB,
      source: 'tariff',
      tariff_name: 'Мини-хранилище',
      retention_days: 30,
    });
    // another company's storage is not B's to read
    expect((await storage(w.demoId, w.otherClient)).status).toBe(404);

    const first = await upload(t, 'POST', `/api/procurements/${b}/files`, w.otherClient, 'Смета.pdf', pdf(400));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await upload(t, 'POST', `/api/procurements/${b}/files`, w.otherClient, 'Проект договора.pdf', pdf(400, 0x21));
    expect(second.status).toBe(200);
    expect((await storage(w.otherId, w.otherClient)).body.used_bytes).toBe(800 * KB);

    const over = await upload(t, 'POST', `/api/procurements/${b}/files`, w.otherClient, 'Лишний.pdf', pdf(300));
    expect(over.status).toBe(413);
    expect((over.body as { message: string }).message).toBe(
      'Недостаточно места в хранилище организации: занято 800\u00a0КБ из 1\u00a0МБ, файл 300\u00a0КБ. Удалите ненужные файлы или перейдите на тариф с большим хранилищем.',
    );
    // nothing of the refused file was kept
    expect((await t.call(routes.procurements.getFiles, { params: { id: b }, token: w.otherClient })).body).toHaveLength(2);

    // A's own allowance is untouched by B's (the demo customer holds its demo documents already)
    const aBefore = (await storage(w.demoId, w.client)).body.used_bytes;
    const theirs = await upload(t, 'POST', `/api/procurements/${a}/files`, w.client, 'Смета А.pdf', pdf(600));
    expect(theirs.status).toBe(200);
    expect((await storage(w.demoId, w.client)).body).toMatchObject({
      used_bytes: aBefore + 600 * KB,
      source: 'default',
      allowed_bytes: 1024 * 1024 * KB,
    });

    // a replacement of the same size fits where the old one did: the replaced version stops counting
    const f1 = first.body as ProcurementFileResponse;
    const replaced = await upload(
      t,
      'PUT',
      `/api/procurements/${b}/files/${f1.id}`,
      w.otherClient,
      'Смета (уточнённая).pdf',
      pdf(400, 0x22),
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect((await storage(w.otherId, w.otherClient)).body.used_bytes).toBe(800 * KB);
    const f2 = second.body as ProcurementFileResponse;
    expect((await t.call(routes.procurements.deleteFilesByFileId, { params: { id: b, fileId: f2.id }, token: w.otherClient })).status).toBe(
      204,
    );
    expect((await storage(w.otherId, w.otherClient)).body.used_bytes).toBe(400 * KB);
    expect((await upload(t, 'POST', `/api/procurements/${b}/files`, w.otherClient, 'Теперь помещается.pdf', pdf(300))).status).toBe(200);

    // the counter is the sum of the live files (the ledger and the counter agree)
    const live = (await t.server.deps.db.select().from(storedFiles).where(eq(storedFiles.companyId, w.otherId))).filter(
      (r) => r.releasedAt === null,
    );
    const [counter] = await t.server.deps.db.select().from(companyStorage).where(eq(companyStorage.companyId, w.otherId));
    expect(counter.usedBytes).toBe(live.reduce((s, r) => s + (r.size ?? 0), 0));
  });

  it('two uploads at once cannot both squeeze into the last room', async () => {
    const b = await procurementOf(w.otherClient);
    // 700 KiB used of 1024: one of two 200 KiB files fits, not both
    const both = await Promise.all([
      upload(t, 'POST', `/api/procurements/${b}/files`, w.otherClient, 'Первый.pdf', pdf(200, 0x30)),
      upload(t, 'POST', `/api/procurements/${b}/files`, w.otherClient, 'Второй.pdf', pdf(200, 0x31)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 413]);
    expect((await storage(w.otherId, w.otherClient)).body.used_bytes).toBe(900 * KB);
  });
});

describe('retention of deleted and replaced files', () => {
  it('removes released files from the folder after the retention period, never a referenced one', async () => {
    const p = await procurementOf(w.client);
    const up = await upload(t, 'POST', `/api/procurements/${p}/files`, w.client, 'Извещение.pdf', pdf(11));
    const f = up.body as ProcurementFileResponse;
    expect((await upload(t, 'PUT', `/api/procurements/${p}/files/${f.id}`, w.client, 'Извещение (изм. 1).pdf', pdf(12))).status).toBe(200);
    const gone = await upload(t, 'POST', `/api/procurements/${p}/files`, w.client, 'Черновик.pdf', pdf(13));
    expect(
      (
        await t.call(routes.procurements.deleteFilesByFileId, {
          params: { id: p, fileId: (gone.body as ProcurementFileResponse).id },
          token: w.client,
        })
      ).status,
    ).toBe(204);
    const [v1] = await keyOf(11 * KB, w.demoId);
    const [v2] = await keyOf(12 * KB, w.demoId);
    const [deleted] = await keyOf(13 * KB, w.demoId);
    expect(v1.releasedAt).not.toBeNull();
    expect(deleted.releasedAt).not.toBeNull();
    expect(v2.releasedAt).toBeNull();
    for (const k of [v1, v2, deleted]) expect(fs.existsSync(blobPath(k.key))).toBe(true);
    // within the period the replaced version is still there to download
    expect((await download(t, `/api/procurements/${p}/files/${f.id}/download?version=1`, w.client)).status).toBe(200);

    // a live file wrongly marked released (as a bug would) must survive the job and count again
    const before = (await storage(w.demoId, w.client)).body.used_bytes;
    await t.server.deps.db
      .update(storedFiles)
      .set({ releasedAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(storedFiles.key, v2.key));
    await t.server.deps.db
      .update(companyStorage)
      .set({ usedBytes: before - 12 * KB })
      .where(eq(companyStorage.companyId, w.demoId));

    const early = await purgeReleasedFiles(t.server.deps, new Date(Date.now() + 29 * DAY));
    expect(early).toEqual({ removed: 0, bytes: 0, kept: 1 });
    expect(fs.existsSync(blobPath(v1.key))).toBe(true);
    expect((await storage(w.demoId, w.client)).body.used_bytes).toBe(before);

    const later = await purgeReleasedFiles(t.server.deps, new Date(Date.now() + 31 * DAY));
    expect(later.removed).toBeGreaterThanOrEqual(2);
    expect(later.kept).toBe(0);
    expect(fs.existsSync(blobPath(v1.key))).toBe(false);
    expect(fs.existsSync(blobPath(deleted.key))).toBe(false);
    expect(fs.existsSync(blobPath(v2.key))).toBe(true);
    const rows = await t.server.deps.db.select().from(storedFiles).where(eq(storedFiles.companyId, w.demoId));
    expect(rows.find((r) => r.key === v1.key)!.removedAt).not.toBeNull();
    expect(rows.find((r) => r.key === v2.key)!.removedAt).toBeNull();
    // the quota was freed at the deletion, not at the removal: the job changes no count
    expect((await storage(w.demoId, w.client)).body.used_bytes).toBe(before);

    const latest = await download(t, `/api/procurements/${p}/files/${f.id}/download`, w.client);
    expect(latest.status).toBe(200);
    expect(latest.data.length).toBe(12 * KB);
    const old = await t.call(routes.procurements.getFilesDownload, {
      params: { id: p, fileId: f.id },
      query: { version: '1' },
      token: w.client,
    });
    expect(old.status).toBe(404);
    expect(old.body.message).toBe('Версия 1 файла удалена по истечении срока хранения заменённых файлов');
    // a second run finds nothing more
    expect(await purgeReleasedFiles(t.server.deps, new Date(Date.now() + 31 * DAY))).toEqual({ removed: 0, bytes: 0, kept: 0 });
  });

  it('is a scheduled pg-boss job', async () => {
    const [schedule] = (await t.server.deps.jobs.boss.getSchedules()).filter((s) => s.name === RETENTION_JOB);
    expect(schedule).toMatchObject({ name: RETENTION_JOB, cron: '40 3 * * *', timezone: 'Europe/Moscow' });
  });
});

describe('a deleted company', () => {
  it('releases its stored files: they count no more against its allowance', async () => {
    const created = await t.call(routes.companies.post, { token: admin, body: { title: 'ООО «Удаляемая»', inn: '7707083893' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id;
    const p = await t.call(routes.procurements.post, {
      token: admin,
      headers: { 'x-company-id': String(id) },
      body: { title: 'Закупка удаляемой', method: 'auction_e', subject: 'goods', nmcd: '1000', okpd2: [{ code: '26.20.14.120' }] },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const up = await upload(t, 'POST', `/api/procurements/${p.body.id}/files`, admin, 'Удаляемый.pdf', pdf(40), {
      'x-company-id': String(id),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const [file] = await keyOf(40 * KB, id);
    expect(fs.existsSync(blobPath(file.key))).toBe(true);
    expect((await storage(id, admin)).body.used_bytes).toBe(40 * KB);

    expect((await t.call(routes.companies.deleteById, { params: { id }, token: admin })).status).toBe(204);
    const [row] = await t.server.deps.db.select().from(storedFiles).where(eq(storedFiles.key, file.key));
    expect(row.releasedAt).not.toBeNull();
    const [counter] = await t.server.deps.db.select().from(companyStorage).where(eq(companyStorage.companyId, id));
    expect(Number(counter.usedBytes)).toBe(0);
  });
});
