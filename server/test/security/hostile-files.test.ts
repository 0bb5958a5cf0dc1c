/**
 * Hostile input: XXE, entity expansion, oversize, wrong encodings, truncated and garbage files through the parsers and
 * through every multipart route of the server's route table. No crash, no 5xx, every refusal a 4xx in Russian,
 * nothing half-stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/db/schema';
import { FormatError, assertMaxSize, parseBank1c, parseEisFile, parseUpd } from '../../src/formats';
import type { TestServer } from '../harness';
import { as, upload } from '../factories';
import { serverWithCompanyB, type CompanyB } from './b-company';
import { hostileFiles } from './hostile-inputs';
import { fuzz } from './mutate-files';

const RUSSIAN = /[А-Яа-яЁё]/;
const LIMIT = 256 * 1024;
const FILES = hostileFiles(LIMIT);
const PARSERS = { parseUpd, parseEisFile, parseBank1c };

describe('the parsers refuse hostile files with a FormatError in Russian', () => {
  for (const [pname, parse] of Object.entries(PARSERS)) {
    for (const [fname, f] of Object.entries(FILES)) {
      if (fname === 'tooLarge') continue;
      it(`${pname}: ${fname}`, () => {
        const started = Date.now();
        let result: unknown;
        try {
          result = parse(f.data);
        } catch (e) {
          expect(e, String((e as Error)?.stack)).toBeInstanceOf(FormatError);
          expect((e as Error).message).toMatch(RUSSIAN);
          result = undefined;
        }
        // a file that parses must not have pulled in the local file or expanded the entities
        expect(JSON.stringify(result ?? null)).not.toMatch(/root:x:0|lollollol/);
        expect(Date.now() - started).toBeLessThan(5_000);
      });
    }
  }

  it('the size limit is worded in Russian', () => {
    expect(() => assertMaxSize(FILES.tooLarge.data, LIMIT)).toThrow(/Файл превышает допустимый размер/);
  });

  it('survives a sample of 300 mutated fixtures (bench/fuzz-formats.ts runs 10 000)', () => {
    const r = fuzz(300, 20260101);
    expect(r.crashes, JSON.stringify(r.crashes.slice(0, 3), null, 2)).toEqual([]);
    expect(r.total).toBe(300);
  }, 120_000);
});

describe('upload endpoints refuse hostile files without a 5xx or half-stored rows', () => {
  let t: TestServer;
  let admin: string;
  let b: CompanyB;

  beforeAll(async () => {
    ({ t, admin, b } = await serverWithCompanyB({ UPLOAD_MAX_BYTES: LIMIT }));
  }, 60_000);
  afterAll(async () => t?.close());

  /** Row counts of every table: a refused upload must leave all of them as they were. */
  async function rowCounts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const name = getTableName(table);
      if (name === 'sessions' || name.startsWith('pgboss')) continue;
      // a job folds its rows at any minute; what they sum to follows procurements, which are counted
      if (name === 'procurement_status_deltas') continue;
      const [row] = await t.server.deps.db.select({ n: sql<number>`count(*)::int` }).from(table);
      out[name] = row.n;
    }
    return out;
  }

  /** Params filled with B's objects; admin acts for B, so the answer reflects the file, not the access check. */
  const FILL: Record<string, (b: CompanyB) => number | string> = {
    id: (x) => x.ids.procurement,
    fileId: (x) => x.ids.file,
    versionId: (x) => x.ids.version,
  };
  /** Routes whose query names what the file is: a valid one, so the answer reflects the file. */
  const QUERY: Record<string, string> = { '/api/document-templates': '?law=44&document_kind=notice&subject=goods' };
  const urlFor = (url: string): string | null => {
    let u = url;
    if (url.startsWith('/api/procurement_rules/:id')) u = u.replace(':id', String(b.ids.rule));
    for (const p of [...u.matchAll(/:(\w+)/g)].map((m) => m[1])) {
      if (!FILL[p]) return null;
      u = u.replace(`:${p}`, String(FILL[p](b)));
    }
    return u + (QUERY[url] ?? '');
  };

  it('every multipart route answers each hostile file with a Russian 4xx or a success, never 5xx', async () => {
    const uploads = t.server.routes.filter((r) => r.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    const failures: string[] = [];
    const skipped: string[] = [];
    for (const r of uploads) {
      const url = urlFor(r.url);
      if (!url) {
        skipped.push(`${r.method} ${r.url}`); // params the matrix cannot fill yet: isolation-matrix.test.ts fails for them
        continue;
      }
      for (const [fname, f] of Object.entries(FILES)) {
        const before = await rowCounts();
        const res = await upload(t, r.method as 'POST' | 'PUT', url, admin, f.name, f.data, as(b.companyId));
        const what = `${r.method} ${r.url} ${fname} → ${res.status}`;
        const text = JSON.stringify(res.body);
        if (res.status >= 500) failures.push(`${what} ${text.slice(0, 200)}`);
        if (text.includes('root:x:0')) failures.push(`${what}: /etc/passwd leaked`);
        if (res.status >= 400) {
          if (!RUSSIAN.test(String(res.body?.message ?? '')))
            failures.push(`${what}: refusal without a Russian message ${text.slice(0, 200)}`);
          const after = await rowCounts();
          const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
          if (changed.length) failures.push(`${what}: rows changed in ${changed.join(', ')}`);
        }
        if (fname === 'tooLarge' && res.status !== 413) failures.push(`${what}: expected 413`);
      }
    }
    if (skipped.length) console.warn(`hostile uploads skipped (unfilled params): ${skipped.join('; ')}`);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);

  it('a JSON body over the 2 MB limit is a Russian 413', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'x'.repeat(2 * 1024 * 1024 + 10), password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body).message).toMatch(RUSSIAN);
  });
});
