/**
 * Malformed multipart over every upload route of the table: a request an attacker or a broken client
 * builds — no closing boundary, no boundary, no file, a file without a name, a thousand fields, too large, another
 * content type — is a 4xx with Russian text on each route, never a 500. The routes come from the server's own table,
 * so a new upload route is covered as soon as it declares `consumes: ['multipart/form-data']` (and
 * `readMultipartFile` refuses to serve a route that does not).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../harness';
import { PDF, as } from '../factories';
import { serverWithCompanyB, type CompanyB } from './b-company';
import { key, refusalProblems, resolve } from './route-walk';

const LIMIT = 256 * 1024;
let t: TestServer;
let admin: string;
let b: CompanyB;

beforeAll(async () => {
  ({ t, admin, b } = await serverWithCompanyB({ UPLOAD_MAX_BYTES: LIMIT }));
}, 90_000);
afterAll(async () => t?.close());

const B = '----probe7d1c';
const part = (headers: string, body: Buffer | string) => Buffer.concat([Buffer.from(`--${B}\r\n${headers}\r\n\r\n`), Buffer.from(body)]);
const fileHead = (name: string) => `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf`;
const close = Buffer.from(`\r\n--${B}--\r\n`);
const MP = { 'content-type': `multipart/form-data; boundary=${B}` };

/** Each malformation: the body and the headers it travels with. */
export const MALFORMED: Record<string, { payload: Buffer | string; headers: Record<string, string> }> = {
  'no closing boundary': { payload: part(fileHead('a.pdf'), PDF), headers: MP },
  'no closing boundary, cut in the part headers': {
    payload: Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filena`),
    headers: MP,
  },
  'no boundary parameter': {
    payload: Buffer.concat([part(fileHead('a.pdf'), PDF), close]),
    headers: { 'content-type': 'multipart/form-data' },
  },
  'a boundary the body does not use': {
    payload: Buffer.concat([part(fileHead('a.pdf'), PDF), close]),
    headers: { 'content-type': 'multipart/form-data; boundary=other' },
  },
  'no file field (a text field only)': {
    payload: Buffer.concat([part('Content-Disposition: form-data; name="comment"', 'текст'), close]),
    headers: MP,
  },
  'field "file" without a filename': {
    payload: Buffer.concat([part('Content-Disposition: form-data; name="file"', PDF), close]),
    headers: MP,
  },
  'a file with an empty filename': { payload: Buffer.concat([part(fileHead(''), PDF), close]), headers: MP },
  'a file under a field with an empty name': {
    payload: Buffer.concat([
      part('Content-Disposition: form-data; name=""; filename="a.pdf"\r\nContent-Type: application/pdf', PDF),
      close,
    ]),
    headers: MP,
  },
  'a file under another field name': {
    payload: Buffer.concat([
      part('Content-Disposition: form-data; name="document"; filename="a.pdf"\r\nContent-Type: application/pdf', PDF),
      close,
    ]),
    headers: MP,
  },
  'a part without Content-Disposition': {
    payload: Buffer.concat([part('Content-Type: application/pdf', PDF), close]),
    headers: MP,
  },
  '1,000 fields before the file': {
    payload: Buffer.concat([
      ...Array.from({ length: 1000 }, (_, i) =>
        Buffer.concat([part(`Content-Disposition: form-data; name="f${i}"`, 'x'), Buffer.from('\r\n')]),
      ),
      part(fileHead('a.pdf'), PDF),
      close,
    ]),
    headers: MP,
  },
  'a file over the limit': {
    payload: Buffer.concat([part(fileHead('big.pdf'), Buffer.concat([PDF, Buffer.alloc(LIMIT + 1024, 0x20)])), close]),
    headers: MP,
  },
  'six files': {
    payload: Buffer.concat([
      ...Array.from({ length: 6 }, () => Buffer.concat([part(fileHead('a.pdf'), PDF), Buffer.from('\r\n')])),
      Buffer.from(`--${B}--\r\n`),
    ]),
    headers: MP,
  },
  'an empty body': { payload: '', headers: MP },
  'garbage after the boundary': { payload: Buffer.from(`--${B}\r\n\u0000\u00ff garbage`), headers: MP },
  'JSON instead of multipart': { payload: '{"file":"a.pdf"}', headers: { 'content-type': 'application/json' } },
  'plain text': { payload: 'a.pdf', headers: { 'content-type': 'text/plain' } },
  'raw bytes': { payload: PDF, headers: { 'content-type': 'application/octet-stream' } },
  'no content type': { payload: PDF, headers: {} },
};

describe('malformed multipart on every upload route', () => {
  it('answers each malformation with a 4xx in Russian, never a 5xx', async () => {
    const uploads = t.server.routes.filter((r) => r.multipart && r.url.startsWith('/api'));
    // procurement files (add, replace), the rule version's document, УПД, 1C statements, ЕИС files at least
    expect(uploads.length).toBeGreaterThanOrEqual(6);
    const failures: string[] = [];
    let checked = 0;
    for (const r of uploads) {
      const base = resolve(b, r);
      if (!('url' in base)) throw new Error(`${key(r)}: cannot fill ${base.missing.join(', ')}`);
      for (const [what, m] of Object.entries(MALFORMED)) {
        const a = await t.server.app.inject({
          method: r.method as 'POST',
          url: base.url,
          payload: m.payload,
          headers: { authorization: `Bearer ${admin}`, ...as(b.companyId), ...m.headers },
        });
        checked++;
        const problem = a.statusCode < 400 ? `accepted (${a.statusCode})` : refusalProblems(a.statusCode, a.body);
        if (problem) failures.push(`${key(r)} ${what} → ${a.statusCode}: ${problem}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(checked).toBe(uploads.length * Object.keys(MALFORMED).length);
    // the server is still well after all of it
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  }, 300_000);
});
