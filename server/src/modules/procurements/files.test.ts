import { routes } from '@proc/contract/routes';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcurementFileResponse } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { PDF, download, upload, world, type World } from '../../../test/factories';

const LIMIT = 64 * 1024;
let t: TestServer;
let w: World;
let pid: number;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const XML = Buffer.from('\uFEFF<?xml version="1.0" encoding="UTF-8"?><purchaseNotice/>', 'utf8');

/** Every blob in the file store. */
function storedBlobs(): number {
  const root = path.join(t.config.DATA_DIR, 'files');
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

const files = async () => (await t.call(routes.procurements.getFiles, { params: { id: pid }, token: w.client })).body;

beforeAll(async () => {
  t = await startTestServer({ UPLOAD_MAX_BYTES: LIMIT });
  w = await world(t);
  const p = await t.call(routes.procurements.post, {
    token: w.client,
    body: { title: 'Поставка серверов', method: 'auction_e', subject: 'goods', nmcd: '5000000', okpd2: [{ code: '26.20.14.120' }] },
  });
  pid = p.body.id;
});
afterAll(async () => t?.close());

describe('procurement files', () => {
  it('uploads, lists, replaces with versions, downloads any version and deletes softly', async () => {
    const first = await upload(t, 'POST', `/api/procurements/${pid}/files`, w.client, 'Коммерческое предложение ООО «Сервер-Юг».pdf', PDF);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const f = first.body as ProcurementFileResponse;
    expect(f).toMatchObject({
      procurement_id: pid,
      name: 'Коммерческое предложение ООО «Сервер-Юг».pdf',
      source: 'uploaded',
      template: null,
      content_type: 'application/pdf',
      size: PDF.length,
      version: 1,
    });
    expect(f.versions).toHaveLength(1);
    expect(f.versions[0]).toMatchObject({ version: 1, created_by: { title: 'Иванова Мария Петровна' } });

    const second = PDF.toString().replace('Catalog', 'Catalog /Lang (ru)');
    const replaced = await upload(
      t,
      'PUT',
      `/api/procurements/${pid}/files/${f.id}`,
      w.client,
      'Коммерческое предложение (уточнённое).pdf',
      Buffer.from(second),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: f.id, name: 'Коммерческое предложение (уточнённое).pdf', version: 2, size: second.length });
    expect((replaced.body as ProcurementFileResponse).versions.map((v) => [v.version, v.name])).toEqual([
      [2, 'Коммерческое предложение (уточнённое).pdf'],
      [1, 'Коммерческое предложение ООО «Сервер-Юг».pdf'],
    ]);

    const latest = await download(t, `/api/procurements/${pid}/files/${f.id}/download`, w.client);
    expect(latest.status).toBe(200);
    expect(latest.data.toString()).toBe(second);
    expect(latest.headers['content-type']).toBe('application/pdf');
    // RFC 6266/5987: an ASCII fallback and the exact UTF-8 name
    const cd = String(latest.headers['content-disposition']);
    const m = /^attachment; filename="([\x20-\x7e]+)"; filename\*=UTF-8''([A-Za-z0-9%._~!$&+,;=:@-]+)$/.exec(cd);
    expect(m, cd).not.toBeNull();
    expect(decodeURIComponent(m![2])).toBe('Коммерческое предложение (уточнённое).pdf');
    expect(m![1]).toMatch(/\.pdf$/);
    const v1 = await download(t, `/api/procurements/${pid}/files/${f.id}/download?version=1`, w.client);
    expect(v1.data.equals(PDF)).toBe(true);
    expect(v1.headers['content-disposition']).toContain(encodeURIComponent('Коммерческое'));
    expect((await download(t, `/api/procurements/${pid}/files/${f.id}/download?version=3`, w.client)).status).toBe(404);

    const png = await upload(t, 'POST', `/api/procurements/${pid}/files`, w.client, 'Схема склада.PNG', PNG);
    expect(png.body).toMatchObject({ content_type: 'image/png', name: 'Схема склада.PNG' });
    const xml = await upload(t, 'POST', `/api/procurements/${pid}/files?template=notice`, w.client, 'purchaseNotice.xml', XML);
    expect(xml.body).toMatchObject({ content_type: 'application/xml', template: 'notice' });
    expect((await files()).map((x) => x.id)).toEqual([f.id, png.body.id, xml.body.id]);

    const blobs = storedBlobs();
    expect(
      (await t.call(routes.procurements.deleteFilesByFileId, { params: { id: pid, fileId: png.body.id }, token: w.client })).status,
    ).toBe(204);
    expect((await files()).map((x) => x.id)).toEqual([f.id, xml.body.id]);
    expect((await t.call(routes.procurements.getFilesByFileId, { params: { id: pid, fileId: png.body.id }, token: w.client })).status).toBe(
      404,
    );
    expect((await download(t, `/api/procurements/${pid}/files/${png.body.id}/download`, w.client)).status).toBe(404);
    expect(
      (await t.call(routes.procurements.deleteFilesByFileId, { params: { id: pid, fileId: png.body.id }, token: w.client })).status,
    ).toBe(404);
    expect(storedBlobs()).toBe(blobs); // soft: the content stays for the audit trail
  });

  it('refuses an oversized file with 413 and stores nothing', async () => {
    const before = { list: (await files()).length, blobs: storedBlobs() };
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT + 1, 0x20)]);
    const r = await upload(t, 'POST', `/api/procurements/${pid}/files`, w.client, 'Большой файл.pdf', big);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('Размер файла превышает допустимый: не более 0,1 МБ');
    const [some] = await files();
    const rr = await upload(t, 'PUT', `/api/procurements/${pid}/files/${some.id}`, w.client, 'Большой файл.pdf', big);
    expect(rr.status).toBe(413);
    expect((await files()).length).toBe(before.list);
    expect((await files()).find((x) => x.id === some.id)!.version).toBe(some.version);
    expect(storedBlobs()).toBe(before.blobs);
  });

  it('refuses a forbidden type (415) or content that does not match its extension (400), with Russian messages', async () => {
    const before = { list: (await files()).length, blobs: storedBlobs() };
    const exe = await upload(t, 'POST', `/api/procurements/${pid}/files`, w.client, 'setup.exe', Buffer.from('MZ\x90\x00'));
    expect(exe.status).toBe(415);
    expect(exe.body.message).toBe('Недопустимый тип файла. Разрешены: DOCX, XLSX, PDF, ZIP, XML, TXT, JPG, PNG');
    const fake = await upload(t, 'POST', `/api/procurements/${pid}/files`, w.client, 'договор.pdf', Buffer.from('MZ\x90\x00 not a pdf'));
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('Содержимое файла не соответствует расширению .pdf');
    const empty = await upload(t, 'POST', `/api/procurements/${pid}/files`, w.client, 'пусто.txt', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const json = await t.api<{ message: string }>('POST', `/api/procurements/${pid}/files`, { token: w.client, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Прикрепите файл (multipart/form-data)');
    expect((await files()).length).toBe(before.list);
    expect(storedBlobs()).toBe(before.blobs);
  });

  it('hides the files from other companies', async () => {
    const [some] = await files();
    expect(
      (await t.call(routes.procurements.getFilesByFileId, { params: { id: pid, fileId: some.id }, token: w.otherClient })).status,
    ).toBe(404);
    expect((await upload(t, 'POST', `/api/procurements/${pid}/files`, w.otherClient, 'a.pdf', PDF)).status).toBe(404);
  });
});

describe('files of a finished procurement', () => {
  it('after «Договор заключён» a file is neither replaced nor deleted (the reason is given); adding one still works', async () => {
    const p = await t.call(routes.procurements.post, {
      token: w.client,
      body: { title: 'Поставка бумаги', method: 'auction_e', subject: 'goods', nmcd: '100000', okpd2: [{ code: '17.12.14.129' }] },
    });
    const id = p.body.id;
    const f = (await upload(t, 'POST', `/api/procurements/${id}/files`, w.client, 'Проект договора.pdf', PDF))
      .body as ProcurementFileResponse;
    // the status as the transitions would leave it (they are tested in procurements.test.ts)
    await t.server.deps.database.sql.query(`UPDATE procurements SET status = 'contract_signed' WHERE id = ${id}`);
    const replaced = await upload(t, 'PUT', `/api/procurements/${id}/files/${f.id}`, w.client, 'Другой.pdf', PDF);
    expect(replaced.status).toBe(409);
    expect((replaced.body as { message: string }).message).toBe(
      'Закупка в статусе «Договор заключён»: её файлы не заменяются и не удаляются',
    );
    const removed = await t.call(routes.procurements.deleteFilesByFileId, { params: { id, fileId: f.id }, token: w.client });
    expect(removed.status).toBe(409);
    const list = (await t.call(routes.procurements.getFiles, { params: { id }, token: w.client })).body;
    expect(list.map((x) => [x.id, x.version])).toEqual([[f.id, 1]]);
    expect((await upload(t, 'POST', `/api/procurements/${id}/files`, w.client, 'Скан договора.pdf', PDF)).status).toBe(200);
  });
});
