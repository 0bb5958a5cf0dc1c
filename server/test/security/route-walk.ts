/**
 * Walking the server's own route table against company B's objects: which routes are exempt from tenancy, how to fill
 * each path param and a valid body for each write. Shared by the isolation matrix and the access-rule walks, so a new
 * route is filled once for all of them.
 */
import type { TestServer } from '../harness';
import type { RouteEntry } from '../../src/platform/route-table';
import { PDF, multipart } from '../factories';
import type { CompanyB } from './b-company';

/** Routes that are public or global by design, with the reason. Everything else must be company-scoped. */
export const EXEMPT: Record<string, string> = {
  'GET /api/health': 'public health check',
  'GET /api/config': 'public runtime settings, nothing secret',
  'POST /api/auth/login': 'public: signs in',
  'GET /api/document-templates/builtin/:law/:kind/:subject': 'the built-in templates, the same files for every company',
  'POST /api/auth/logout': "ends the caller's own session",
  'GET /api/auth/me': 'the caller themselves',
  'GET /api/auth/sessions': "the caller's own sessions",
  'DELETE /api/auth/sessions/:id': "ends one of the caller's own sessions (another's is not found)",
  'GET /api/auth/registrations/token': 'public: a registration form token for the ИНН lookup',
  'GET /api/auth/party': 'public ИНН lookup in an external registry',
  'POST /api/auth/registrations': 'public registration form',
  'GET /api/auth/registrations/status': 'public, by a secret ticket',
  'GET /api/registrations': 'global queue of operators (role-checked, not company data)',
  'POST /api/registrations/:id/approve': 'global queue of operators (role-checked)',
  'POST /api/registrations/:id/reject': 'global queue of operators (role-checked)',
  'GET /api/company_identity_requests': 'global queue of operators beside registrations (role-checked)',
  'POST /api/company_identity_requests/:id/approve': 'global queue of operators beside registrations (role-checked)',
  'POST /api/company_identity_requests/:id/reject': 'global queue of operators beside registrations (role-checked)',
  'GET /api/profile': 'the caller themselves',
  'PUT /api/profile': 'the caller themselves',
  'POST /api/profile/password': 'the caller themselves',
  'GET /api/classifiers/okpd2/:code': 'system classifier ОКПД2, shared by all',
  'GET /api/tariffs/:id': 'tariff plans are global (admin manages them)',
  'PUT /api/tariffs/:id': 'tariff plans are global (admin only)',
  'DELETE /api/tariffs/:id': 'tariff plans are global (admin only)',
  'POST /api/tariffs/:id/archive': 'tariff plans are global (admin only)',
};
export const EXEMPT_PREFIXES: [string, string][] = [
  ['/api/docs', 'Swagger UI and the OpenAPI document'],
  ['/api/classifiers/', 'system classifiers, shared by all'],
];

/** How to fill a path param with an object of company B: first entry whose pattern matches the route and names the param. */
export const PARAMS: { route: RegExp; param: string; value: (b: CompanyB, url: string) => string | number | undefined }[] = [
  { route: /^\/api\/companies\/:id\/contacts\/:subId/, param: 'subId', value: (b) => b.ids.contact },
  { route: /^\/api\/companies\/:id\/bank_requesits\/:subId/, param: 'subId', value: (b) => b.ids.bank },
  { route: /^\/api\/companies\/:id\/tariffs\/:assignmentId/, param: 'assignmentId', value: (b) => b.ids.assignment },
  { route: /^\/api\/companies\/:id/, param: 'id', value: (b) => b.companyId },
  { route: /^\/api\/users\/:id/, param: 'id', value: (b) => b.ids.user },
  { route: /^\/api\/signatures\/rights\/:userId/, param: 'userId', value: (b) => b.ids.user },
  { route: /^\/api\/procurement_rules\/:id/, param: 'id', value: (b) => b.ids.rule },
  { route: /^\/api\/procurement_rules\/:id\/versions\/:versionId/, param: 'versionId', value: (b) => b.ids.version },
  {
    route: /^\/api\/procurement_rules\/:id\/versions\/:versionId\/document_rules\/:docRuleId/,
    param: 'docRuleId',
    value: (b) => b.ids.docRule,
  },
  { route: /^\/api\/procurements\/:id/, param: 'id', value: (b) => b.ids.procurement },
  { route: /^\/api\/procurements\/:id\/files\/:fileId/, param: 'fileId', value: (b) => b.ids.file },
  { route: /^\/api\/procurements\/:id\/nmck\/sources\/:sourceId/, param: 'sourceId', value: (b) => b.ids.nmckSource },
  { route: /^\/api\/procurements\/:id\/lines\/:lineId/, param: 'lineId', value: (b) => b.ids.procurementLine },
  { route: /^\/api\/procurements\/:id\/documents\/:template/, param: 'template', value: () => 'notice' },
  {
    route: /^\/api\/procurements\/:id\/procedure\/applications\/:applicationId/,
    param: 'applicationId',
    value: (b) => b.ids.procedureApplication,
  },
  { route: /^\/api\/procurements\/:id\/procedure\/protocols\/:kind/, param: 'kind', value: () => 'review' },
  { route: /^\/api\/catalogs\/[a-z-]+\/:id/, param: 'id', value: (b, url) => b.ids.catalog[url.split('/')[3]] },
  { route: /^\/api\/audit\/:entity\/:id$/, param: 'entity', value: () => 'company' },
  { route: /^\/api\/audit\/:entity\/:id$/, param: 'id', value: (b) => b.companyId },
  { route: /^\/api\/contracts\/:id/, param: 'id', value: (b) => b.ids.contract },
  { route: /^\/api\/contracts\/:id\/execution\/:recordId/, param: 'recordId', value: (b) => b.ids.executionRecord },
  { route: /^\/api\/eis\/tender-plans\/:number/, param: 'number', value: (b) => b.ids.tenderPlan },
  { route: /^\/api\/eis\/tender-plans\/positions\/:id/, param: 'id', value: (b) => b.ids.tenderPosition },
  { route: /^\/api\/acceptance\/lines\/:lineId/, param: 'lineId', value: (b) => b.ids.acceptanceLine },
  { route: /^\/api\/acceptance\/:id/, param: 'id', value: (b) => b.ids.acceptanceDocument },
  { route: /^\/api\/payments\/:id/, param: 'id', value: (b) => b.ids.payment },
  { route: /^\/api\/reports\/:code/, param: 'code', value: (b) => b.ids.report },
  { route: /^\/api\/eis\/plans\/:number/, param: 'number', value: (b) => b.ids.plan },
  { route: /^\/api\/eis\/plans\/:number\/items\/:itemId/, param: 'itemId', value: (b) => b.ids.planItem },
  { route: /^\/api\/eis\/imports\/:key/, param: 'key', value: (b) => b.ids.eisImport },
  { route: /^\/api\/document-templates\/:id/, param: 'id', value: (b) => b.ids.template },
  { route: /^\/api\/approval_routes\/:id/, param: 'id', value: (b) => b.ids.approvalRoute },
  { route: /^\/api\/approvals\/:id/, param: 'id', value: (b) => b.ids.approval },
  { route: /^\/api\/approvals\/:id\/slots\/:slotId/, param: 'slotId', value: (b) => b.ids.approvalSlot },
];

/** Valid bodies for writes, so a missing check is not hidden behind a validation error. */
export const BODIES: Record<string, (b: CompanyB) => unknown> = {
  'PUT /api/companies/:id': () => ({ title: 'ООО «Перехват»', inn: '7707083893', law: '223' }),
  'POST /api/companies/:id/contacts': () => ({ name: 'Перехват' }),
  'PUT /api/companies/:id/contacts/:subId': () => ({ name: 'Перехват' }),
  'POST /api/companies/:id/bank_requesits': () => ({
    bank_name: 'Перехват',
    bik: '044525225',
    corr_account: '30101810400000000225',
    account: '40702810938000000001',
  }),
  'PUT /api/companies/:id/bank_requesits/:subId': () => ({
    bank_name: 'Перехват',
    bik: '044525225',
    corr_account: '30101810400000000225',
    account: '40702810938000000001',
  }),
  'PUT /api/companies/:id/eis_settings': () => ({ inn: '7707083893', login: 'перехват' }),
  'PATCH /api/users/:id': () => ({ title: 'Перехват' }),
  'POST /api/contracts/:id/execution/:recordId/withdraw': () => ({ reason: 'Перехват' }),
  'POST /api/acceptance/:id/withdraw': () => ({ reason: 'Перехват' }),
  'POST /api/acceptance/:id/buyer-title/signature': () => ({ signature: 'MIIB'.repeat(20) }),
  'PUT /api/signatures/rights/:userId': () => ({}),
  'POST /api/contracts/:id/execution/signature': () => ({ record_id: 1, signature: 'MIIB'.repeat(20) }),
  'POST /api/contracts/:id/upd/signature': () => ({ document_id: 1, signature: 'MIIB'.repeat(20) }),
  'POST /api/procurement_rules/:id/versions/:versionId/signature': () => ({ signature: 'MIIB'.repeat(20) }),
  'POST /api/procurements/:id/files/:fileId/signature': () => ({ signature: 'MIIB'.repeat(20) }),
  'PUT /api/users/:id/grants': (b) => ({ company_ids: [b.companyId] }),
  'POST /api/users/:id/password': () => ({ password: 'perehvat12345' }),
  'PUT /api/procurement_rules/:id': () => ({ title: 'Перехват' }),
  'POST /api/procurement_rules/:id/versions': () => ({ number: '2', in_force_from: '2024-02-01' }),
  'PUT /api/procurement_rules/:id/versions/:versionId': () => ({ number: '9', in_force_from: '2024-02-01' }),
  'POST /api/procurement_rules/:id/versions/:versionId/document_rules': () => ({ method: 'auction', document_kind: 'protocol' }),
  'PUT /api/procurement_rules/:id/versions/:versionId/document_rules/:docRuleId': () => ({ method: 'auction', document_kind: 'notice' }),
  'PUT /api/procurements/:id': () => ({ title: 'Перехват', method: 'auction_e', subject: 'goods', nmcd: '1' }),
  'POST /api/procurements/:id/transition': () => ({ to: 'docs_ready' }),
  'PUT /api/procurements/:id/nmck': () => ({ method: 'other', quantity: '1', unit_price: '1' }),
  'POST /api/procurements/:id/nmck/sources': () => ({ kind: 'manual', supplier: 'Перехват', unit_price: '1' }),
  'PUT /api/procurements/:id/nmck/sources/:sourceId': () => ({ kind: 'manual', supplier: 'Перехват', unit_price: '1' }),
  'POST /api/procurements/:id/lines': () => ({ name: 'Перехват', quantity: '1', unit_price: '1' }),
  'PUT /api/procurements/:id/lines/:lineId': () => ({ name: 'Перехват', quantity: '1', unit_price: '1' }),
  'POST /api/catalogs/elements/:id/archive': () => ({ archived: true }),
  'PUT /api/procurements/:id/documents/:template/values': () => ({ values: {} }),
  'PUT /api/acceptance/lines/:lineId/mapping': () => ({ position_id: null }),
  'PUT /api/procurements/:id/procedure/commission': () => ({ members: [{ full_name: 'Перехват', role: 'chair' }] }),
  'PUT /api/procurements/:id/procedure/criteria': () => ({ criteria: [] }),
  'POST /api/procurements/:id/procedure/applications': () => ({
    participant_name: 'Перехват',
    inn: '7707083893',
    received_at: '2024-01-01T10:00:00+03:00',
    price: '1',
  }),
  'PUT /api/procurements/:id/procedure/applications/:applicationId/file': () => ({ file_name: 'x.pdf', content_base64: 'JVBERg==' }),
  'POST /api/procurements/:id/procedure/review': () => ({ decisions: [{ application_id: 1, admitted: true }] }),
  'PUT /api/procurements/:id/procedure/scores': () => ({ scores: [] }),
  'POST /api/procurements/:id/procedure/protocols/:kind': () => ({ signed_on: '2024-01-01' }),
  'PUT /api/payments/:id/contract': (b) => ({ contract_id: b.ids.contract }),
  'POST /api/contracts/:id/reports': () => ({ format: 'xlsx' }),
};

export const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
export const exemptReason = (r: RouteEntry) =>
  EXEMPT[key(r)] ??
  EXEMPT_PREFIXES.find(([p]) => r.url.startsWith(p))?.[1] ??
  (r.url.startsWith('/api') ? undefined : 'web client files, not the API');
export const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]).concat(url.includes('*') ? ['*'] : []);
export const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

/** The concrete URL for company B's objects, or the names of params the matrix cannot fill. */
export function resolve(b: CompanyB, r: RouteEntry, given: Record<string, string> = {}): { url: string } | { missing: string[] } {
  const missing: string[] = [];
  let url = r.url;
  for (const p of paramsOf(r.url)) {
    const entry = PARAMS.find((e) => e.param === p && e.route.test(r.url));
    const v = given[p] ?? entry?.value(b, r.url);
    if (v === undefined) missing.push(p);
    else url = url.replace(p === '*' ? '*' : new RegExp(`:${p}(?=/|$)`), String(v));
  }
  return missing.length ? { missing } : { url };
}

export async function call(t: TestServer, b: CompanyB, r: RouteEntry, url: string, token: string, headers: Record<string, string> = {}) {
  const auth = { authorization: `Bearer ${token}`, ...headers };
  if (r.multipart && (r.method === 'POST' || r.method === 'PUT')) {
    const m = multipart('перехват.pdf', PDF);
    return t.server.app.inject({ method: r.method, url, payload: m.payload, headers: { ...m.headers, ...auth } });
  }
  const body = BODIES[key(r)]?.(b) ?? (r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
  return t.server.app.inject({ method: r.method as 'GET', url, payload: body as object | undefined, headers: auth });
}

const ENGLISH =
  /\b(expected|received|invalid|required|must|should|too (big|small)|unrecognized|string|number|boolean|array|object|undefined|null|nan)\b/i;
const CYRILLIC = /[А-Яа-яЁё]/;

/** What is wrong with an answer: a 5xx, or a 4xx whose messages (the envelope's and each field's) are not Russian. */
export function refusalProblems(status: number, text: string): string | null {
  if (status >= 500) return `server error ${text.slice(0, 200)}`;
  if (status < 400) return null;
  let body: { code?: string; message?: unknown; fields?: Record<string, unknown[]> };
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
  // the envelope's message may open with the field's name as the API spells it (`number: …`): an identifier, not prose
  const fieldNames = Object.keys(body.fields ?? {});
  const head = String(body.message).replace(/^([\w.]+): /, (all, name: string) => (fieldNames.includes(name) ? '' : all));
  // a confirmation's fields are its findings (ids, numbers) for the client, not messages
  const messages = [head, ...(body.code === 'CONFIRM_REQUIRED' ? [] : Object.values(body.fields ?? {}).flat())].map(String);
  const bad = messages.filter((m) => !CYRILLIC.test(m) || ENGLISH.test(m));
  return bad.length ? `not Russian: ${bad.join(' | ').slice(0, 200)}` : null;
}
