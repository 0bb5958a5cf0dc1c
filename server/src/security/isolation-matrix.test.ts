/**
 * Tenant-isolation matrix: walks the server's own route table (so routes added later are covered without editing this
 * file) and calls every route against company B's objects as a client of company A and as staff without a grant for B.
 * A route with path params that the matrix cannot fill, and that is not exempt, fails the test: add it to PARAMS below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import type { RouteEntry } from '../platform/route-table';
import { PDF, multipart } from '../modules/procurements/test-support';
import { createCompanyB, type CompanyB } from './b-company';

/** Routes that are public or global by design, with the reason. Everything else must be company-scoped. */
const EXEMPT: Record<string, string> = {
  'GET /api/health': 'public health check',
  'GET /api/config': 'public runtime settings, nothing secret',
  'POST /api/auth/login': 'public: signs in',
  'POST /api/auth/logout': "ends the caller's own session",
  'GET /api/auth/me': 'the caller themselves',
  'GET /api/auth/party': 'public ИНН lookup in an external registry',
  'POST /api/auth/registrations': 'public registration form',
  'GET /api/auth/registrations/status': 'public, by a secret ticket',
  'GET /api/registrations': 'global queue of operators (role-checked, not company data)',
  'POST /api/registrations/:id/approve': 'global queue of operators (role-checked)',
  'POST /api/registrations/:id/reject': 'global queue of operators (role-checked)',
  'GET /api/profile': 'the caller themselves',
  'PUT /api/profile': 'the caller themselves',
  'POST /api/profile/password': 'the caller themselves',
  'GET /api/classifiers/okpd2/:code': 'system classifier ОКПД2, shared by all',
  'GET /api/tariffs/:id': 'tariff plans are global (admin manages them)',
  'PUT /api/tariffs/:id': 'tariff plans are global (admin only)',
  'DELETE /api/tariffs/:id': 'tariff plans are global (admin only)',
  'POST /api/tariffs/:id/archive': 'tariff plans are global (admin only)',
};
const EXEMPT_PREFIXES: [string, string][] = [
  ['/api/docs', 'Swagger UI and the OpenAPI document'],
  ['/api/classifiers/', 'system classifiers, shared by all'],
];

/** How to fill a path param with an object of company B: first entry whose pattern matches the route and names the param. */
const PARAMS: { route: RegExp; param: string; value: (b: CompanyB, url: string) => string | number | undefined }[] = [
  { route: /^\/api\/companies\/:id\/contacts\/:subId/, param: 'subId', value: (b) => b.ids.contact },
  { route: /^\/api\/companies\/:id\/bank_requesits\/:subId/, param: 'subId', value: (b) => b.ids.bank },
  { route: /^\/api\/companies\/:id\/tariffs\/:assignmentId/, param: 'assignmentId', value: (b) => b.ids.assignment },
  { route: /^\/api\/companies\/:id/, param: 'id', value: (b) => b.companyId },
  { route: /^\/api\/users\/:id/, param: 'id', value: (b) => b.ids.user },
  { route: /^\/api\/procurement_rules\/:id/, param: 'id', value: (b) => b.ids.rule },
  { route: /^\/api\/procurement_rules\/:id\/versions\/:versionId/, param: 'versionId', value: (b) => b.ids.version },
  { route: /^\/api\/procurement_rules\/:id\/versions\/:versionId\/document_rules\/:docRuleId/, param: 'docRuleId', value: (b) => b.ids.docRule },
  { route: /^\/api\/procurements\/:id/, param: 'id', value: (b) => b.ids.procurement },
  { route: /^\/api\/procurements\/:id\/files\/:fileId/, param: 'fileId', value: (b) => b.ids.file },
  { route: /^\/api\/procurements\/:id\/documents\/:template/, param: 'template', value: () => 'notice' },
  { route: /^\/api\/catalogs\/[a-z-]+\/:id/, param: 'id', value: (b, url) => b.ids.catalog[url.split('/')[3]] },
  { route: /^\/api\/audit\/:entity\/:id$/, param: 'entity', value: () => 'company' },
  { route: /^\/api\/audit\/:entity\/:id$/, param: 'id', value: (b) => b.companyId },
  { route: /^\/api\/contracts\/:id/, param: 'id', value: (b) => b.ids.contract },
  { route: /^\/api\/acceptance\/lines\/:lineId/, param: 'lineId', value: (b) => b.ids.acceptanceLine },
  { route: /^\/api\/payments\/:id/, param: 'id', value: (b) => b.ids.payment },
  { route: /^\/api\/reports\/:code/, param: 'code', value: (b) => b.ids.report },
  { route: /^\/api\/eis\/plans\/:number/, param: 'number', value: (b) => b.ids.plan },
  { route: /^\/api\/eis\/plans\/:number\/items\/:itemId/, param: 'itemId', value: (b) => b.ids.planItem },
];

/** Valid bodies for writes, so a missing check is not hidden behind a validation error. */
const BODIES: Record<string, (b: CompanyB) => unknown> = {
  'PUT /api/companies/:id': () => ({ title: 'ООО «Перехват»', inn: '7707083893', law: '223' }),
  'POST /api/companies/:id/contacts': () => ({ name: 'Перехват' }),
  'PUT /api/companies/:id/contacts/:subId': () => ({ name: 'Перехват' }),
  'POST /api/companies/:id/bank_requesits': () => ({ bank_name: 'Перехват', bik: '044525225', corr_account: '30101810400000000225', account: '40702810938000000001' }),
  'PUT /api/companies/:id/bank_requesits/:subId': () => ({ bank_name: 'Перехват', bik: '044525225', corr_account: '30101810400000000225', account: '40702810938000000001' }),
  'PUT /api/companies/:id/eis_settings': () => ({ inn: '7707083893', login: 'перехват' }),
  'PATCH /api/users/:id': () => ({ title: 'Перехват' }),
  'PUT /api/users/:id/grants': (b) => ({ company_ids: [b.companyId] }),
  'POST /api/users/:id/password': () => ({ password: 'perehvat12345' }),
  'PUT /api/procurement_rules/:id': () => ({ title: 'Перехват' }),
  'POST /api/procurement_rules/:id/versions': () => ({ number: '2', in_force_from: '2024-02-01' }),
  'PUT /api/procurement_rules/:id/versions/:versionId': () => ({ number: '9', in_force_from: '2024-02-01' }),
  'POST /api/procurement_rules/:id/versions/:versionId/document_rules': () => ({ method: 'auction', document_kind: 'protocol' }),
  'PUT /api/procurement_rules/:id/versions/:versionId/document_rules/:docRuleId': () => ({ method: 'auction', document_kind: 'notice' }),
  'PUT /api/procurements/:id': () => ({ title: 'Перехват', method: 'auction_e', subject: 'goods', nmcd: '1' }),
  'POST /api/procurements/:id/transition': () => ({ to: 'docs_ready' }),
  'POST /api/catalogs/elements/:id/archive': () => ({ archived: true }),
  'PUT /api/procurements/:id/documents/:template/values': () => ({ values: {} }),
  'PUT /api/acceptance/lines/:lineId/mapping': () => ({ position_id: null }),
  'PUT /api/payments/:id/contract': (b) => ({ contract_id: b.ids.contract }),
  'POST /api/contracts/:id/reports': () => ({ format: 'xlsx' }),
};

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const exemptReason = (r: RouteEntry) =>
  EXEMPT[key(r)] ?? EXEMPT_PREFIXES.find(([p]) => r.url.startsWith(p))?.[1] ?? (r.url.startsWith('/api') ? undefined : 'web client files, not the API');
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]).concat(url.includes('*') ? ['*'] : []);
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

let t: TestServer;
let b: CompanyB;
let admin: string;
let routes: RouteEntry[];

beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
  admin = await t.login('admin');
  b = await createCompanyB(t, admin);
  routes = [...t.server.routes].sort((x, y) => ORDER[x.method] - ORDER[y.method]);
}, 60_000);
afterAll(async () => t?.close());

/** The concrete URL for company B's objects, or the names of params the matrix cannot fill. */
function resolve(r: RouteEntry): { url: string } | { missing: string[] } {
  const missing: string[] = [];
  let url = r.url;
  for (const p of paramsOf(r.url)) {
    const entry = PARAMS.find((e) => e.param === p && e.route.test(r.url));
    const v = entry?.value(b, r.url);
    if (v === undefined) missing.push(p);
    else url = url.replace(p === '*' ? '*' : new RegExp(`:${p}(?=/|$)`), String(v));
  }
  return missing.length ? { missing } : { url };
}

async function call(r: RouteEntry, url: string, token: string, headers: Record<string, string> = {}) {
  const auth = { authorization: `Bearer ${token}`, ...headers };
  if (r.multipart && (r.method === 'POST' || r.method === 'PUT')) {
    const m = multipart('перехват.pdf', PDF);
    return t.server.app.inject({ method: r.method, url, payload: m.payload, headers: { ...m.headers, ...auth } });
  }
  const body = BODIES[key(r)]?.(b) ?? (r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
  return t.server.app.inject({ method: r.method as 'GET', url, payload: body as object | undefined, headers: auth });
}

/** What admin sees of B: must be the same after the matrix ran (no write slipped through). */
async function snapshotB(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const r of routes) {
    if (r.method !== 'GET' || exemptReason(r)) continue;
    const res = resolve(r);
    if (!('url' in res)) continue;
    const a = await t.server.app.inject({ method: 'GET', url: res.url, headers: { authorization: `Bearer ${admin}`, 'x-company-id': String(b.companyId) } });
    // binary answers (xlsx) carry their build time: compare status and type only; JSON without timestamps
    const json = String(a.headers['content-type'] ?? '').includes('json');
    out[res.url] = json ? `${a.statusCode} ${a.body.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<time>')}` : `${a.statusCode} ${a.headers['content-type']}`;
  }
  return out;
}

describe('tenant-isolation matrix over the route table', () => {
  it('collects the route table', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map(key)).toContain('GET /api/companies/:id/contacts');
  });

  it('every route with path params is in the matrix or exempt with a reason', () => {
    const unknown = routes
      .filter((r) => !exemptReason(r) && paramsOf(r.url).length)
      .flatMap((r) => {
        const res = resolve(r);
        return 'missing' in res ? [`${key(r)} (params: ${res.missing.join(', ')}) — add it to the matrix (PARAMS in isolation-matrix.test.ts) or to EXEMPT with a reason`] : [];
      });
    expect(unknown, unknown.join('\n')).toEqual([]);
  });

  it("no caller without access to B gets B's data, a 2xx on B's objects, or a 5xx", async () => {
    const before = await snapshotB();
    const callers = { 'client of A': await t.login('client'), 'specialist (no grant for B)': await t.login('specialist'), 'operator (no grant for B)': await t.login('operator') };
    const failures: string[] = [];
    let checked = 0;
    for (const r of routes) {
      if (exemptReason(r)) continue;
      const res = resolve(r);
      if (!('url' in res)) continue; // reported by the test above
      const byId = paramsOf(r.url).length > 0;
      for (const [who, token] of Object.entries(callers)) {
        const variants: Record<string, string>[] = byId ? [{}, { 'x-company-id': String(b.companyId) }] : [{ 'x-company-id': String(b.companyId) }];
        for (const headers of variants) {
          const a = await call(r, res.url, token, headers);
          checked++;
          const what = `${who}: ${r.method} ${res.url}${headers['x-company-id'] ? ' [X-Company-Id: B]' : ''} → ${a.statusCode}`;
          if (a.statusCode >= 500) failures.push(`${what} (server error) ${a.body.slice(0, 200)}`);
          else if (a.statusCode < 300 && byId) failures.push(`${what}: 2xx on company B's object ${a.body.slice(0, 200)}`);
          else if (a.statusCode < 300 && b.markers.some((m) => a.body.includes(m))) failures.push(`${what}: answer contains B's data ${a.body.slice(0, 200)}`);
        }
      }
    }
    const after = await snapshotB();
    for (const [url, was] of Object.entries(before)) if (after[url] !== was) failures.push(`B's data changed: GET ${url}\n  before ${was.slice(0, 300)}\n  after  ${after[url]?.slice(0, 300)}`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  }, 180_000);

  it("open data ignores a foreign ?company= and answers only for the caller's own company", async () => {
    const client = await t.login('client');
    const mine = await t.api<{ uri: string }>('GET', `/api/opendata/ocds.json?company=${b.companyId}`, { token: client });
    expect(mine.status).toBe(200);
    expect(mine.body.uri).not.toMatch(new RegExp(`company=${b.companyId}$`));
    expect(b.markers.filter((m) => JSON.stringify(mine.body).includes(m))).toEqual([]);
    const own = await t.api<{ uri: string; releases: unknown[] }>('GET', '/api/opendata/ocds.json', { token: admin, headers: { 'x-company-id': String(b.companyId) } });
    expect(JSON.stringify(own.body)).toContain(b.markers[0]); // the check above could not pass vacuously: B's package does carry the marker
  });

  it('admin does reach B through the same URLs (the matrix fills params with real objects)', async () => {
    const snap = await snapshotB();
    const byId = new Set(routes.filter((r) => r.method === 'GET' && paramsOf(r.url).length).map((r) => ('url' in resolve(r) ? (resolve(r) as { url: string }).url : '')));
    const bad = Object.entries(snap).filter(([u, v]) => byId.has(u) && !v.startsWith('200'));
    expect(bad.map(([u, v]) => `${u} → ${v.slice(0, 120)}`)).toEqual([]);
  });
});
