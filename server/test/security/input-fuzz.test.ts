/**
 * Hostile input over the route table: every route gets NUL bytes, lone surrogates, bidi
 * controls, impossible and far dates, huge numbers and wrong types in its path, its query fields and its body fields
 * (as the route's own schema names them). None may answer 5xx, and every refusal speaks Russian only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import type { RouteEntry } from '../../src/platform/route-table';
import { NO_CHANGES } from '../../src/platform/errors';
import { as } from '../factories';
import { createCompanyB, type CompanyB } from './b-company';
import { BODIES, ORDER, key, paramsOf, refusalProblems, resolve } from './route-walk';

let t: TestServer;
let admin: string;
let b: CompanyB;

beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
  admin = await t.login('admin');
  b = await createCompanyB(t, admin);
}, 90_000);
afterAll(async () => t?.close());

const HOSTILE: unknown[] = [
  'x\u0000y',
  'x\ud800y',
  'x\udfff',
  'счёт\u202Efdp.exe',
  '2026-02-30',
  '9999-12-31',
  '1899-12-31',
  1e30,
  '1e30',
  '-1',
  true,
  [],
  { a: 1 },
  '',
];
/** The same as they travel in a URL (a lone surrogate cannot be percent-encoded as UTF-8: its CESU bytes instead). */
const HOSTILE_URL = ['x%00y', 'x%ED%A0%80y', '%E2%80%AEexe', '2026-02-30', '9999-12-31', '1e30', '-1', '%FF', ''];

describe('hostile input over the route table', () => {
  it('answers no 5xx and refuses in Russian only', async () => {
    const routes = [...t.server.routes]
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/auth/logout')
      .sort((x, y) => ORDER[x.method] - ORDER[y.method]);
    const failures: string[] = [];
    let checked = 0;
    const headers = { authorization: `Bearer ${admin}`, ...as(b.companyId) };
    const send = async (r: RouteEntry, url: string, payload: unknown, what: string) => {
      const a = await t.server.app.inject({ method: r.method as 'GET', url, payload: payload as object | undefined, headers });
      checked++;
      const problem = refusalProblems(a.statusCode, a.body);
      if (problem) failures.push(`${key(r)} ${what} → ${a.statusCode}: ${problem}`);
    };
    for (const r of routes) {
      const base = resolve(b, r);
      if (!('url' in base)) continue; // the isolation matrix reports unfillable params
      const baseBody = (BODIES[key(r)]?.(b) ?? {}) as Record<string, unknown>;
      const withBody = r.method !== 'GET' && r.method !== 'DELETE' && !r.multipart;
      for (const p of paramsOf(r.url)) {
        for (const v of HOSTILE_URL) {
          const filled = resolve(b, r, { [p]: v });
          if ('url' in filled) await send(r, filled.url, withBody ? baseBody : undefined, `with ${p}=${v}`);
        }
      }
      for (const v of HOSTILE_URL) {
        if (!r.query.length) break;
        const qs = r.query.map((q) => `${q}=${v}`).join('&');
        await send(r, `${base.url}?${qs}`, withBody ? baseBody : undefined, `with ?${qs}`);
      }
      if (!withBody) continue;
      for (const v of HOSTILE) {
        for (const field of r.body) await send(r, base.url, { ...baseBody, [field]: v }, `with body ${field}=${JSON.stringify(v)}`);
      }
      for (const v of ['x\u0000y', 42, null]) await send(r, base.url, v === null ? 'null' : v, `with body ${JSON.stringify(v)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    // the walk reached the schemas' fields, not only the paths
    expect(routes.filter((r) => r.body.length).length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.query.length).length).toBeGreaterThan(20);
  }, 600_000);

  it('answers empty bodies with a Russian 4xx or a success, and an empty update with «Нет изменений»', async () => {
    const writes = t.server.routes.filter(
      (r) => r.url.startsWith('/api') && !r.multipart && ['POST', 'PUT', 'PATCH'].includes(r.method) && r.url !== '/api/auth/logout',
    );
    const headers = { authorization: `Bearer ${admin}`, ...as(b.companyId) };
    const failures: string[] = [];
    const empties: [string, { payload?: string; headers?: Record<string, string> }][] = [
      ['no body', {}],
      ['an empty JSON body', { payload: '', headers: { 'content-type': 'application/json' } }],
      ['{}', { payload: '{}', headers: { 'content-type': 'application/json' } }],
      ['an empty form', { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ];
    for (const r of writes) {
      const base = resolve(b, r);
      if (!('url' in base)) continue;
      for (const [what, m] of empties) {
        const a = await t.server.app.inject({
          method: r.method as 'POST',
          url: base.url,
          payload: m.payload,
          headers: { ...headers, ...m.headers },
        });
        const problem = refusalProblems(a.statusCode, a.body);
        if (problem) failures.push(`${key(r)} ${what} → ${a.statusCode}: ${problem}`);
        // an update naming no field says so, whichever route it is
        if (r.method === 'PATCH' && what === '{}' && a.json().message !== NO_CHANGES)
          failures.push(`${key(r)} {} → ${a.statusCode} ${a.body.slice(0, 120)}, not «${NO_CHANGES}»`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(writes.filter((r) => r.method === 'PATCH').length).toBeGreaterThan(0);
  }, 300_000);
});
