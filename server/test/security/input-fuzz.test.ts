/**
 * Hostile input over the route table (issue 30, F4 and F11): every route gets NUL bytes, lone surrogates, bidi
 * controls, impossible and far dates, huge numbers and wrong types in its path, its query fields and its body fields
 * (as the route's own schema names them). None may answer 5xx, and every refusal speaks Russian only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import type { RouteEntry } from '../../src/platform/route-table';
import { as } from '../factories';
import { createCompanyB, type CompanyB } from './b-company';
import { BODIES, ORDER, key, paramsOf, resolve } from './route-walk';

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

const ENGLISH =
  /\b(expected|received|invalid|required|must|should|too (big|small)|unrecognized|string|number|boolean|array|object|undefined|null|nan)\b/i;
const CYRILLIC = /[А-Яа-яЁё]/;

/** Every message of a 4xx answer: the envelope's message and each field's messages. */
function refusalProblems(status: number, text: string): string | null {
  if (status >= 500) return `server error ${text.slice(0, 200)}`;
  if (status < 400) return null;
  let body: { message?: unknown; fields?: Record<string, unknown[]> };
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
  // the envelope's message may open with the field's name as the API spells it (`number: …`): an identifier, not prose
  const fieldNames = Object.keys(body.fields ?? {});
  const head = String(body.message).replace(/^([\w.]+): /, (all, name: string) => (fieldNames.includes(name) ? '' : all));
  const messages = [head, ...Object.values(body.fields ?? {}).flat()].map(String);
  const bad = messages.filter((m) => !CYRILLIC.test(m) || ENGLISH.test(m));
  return bad.length ? `not Russian: ${bad.join(' | ').slice(0, 200)}` : null;
}

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
});
