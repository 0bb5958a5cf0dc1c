/**
 * The access rules the second security probe broke, each as a class over the route table or a matrix:
 * who manages whom, read-only roles, the parent of a company, sockets after a role change (L2) and id
 * bounds (L3).
 */
import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, nextEvent, type TestServer } from '../harness';
import type { RouteEntry } from '../../src/platform/route-table';
import { as } from '../factories';
import { createCompanyB, type CompanyB } from './b-company';
import { ORDER, call, exemptReason, key, paramsOf, resolve } from './route-walk';

let t: TestServer;
let admin: string;
let b: CompanyB;
let demoId: number;
/** The provider company of the demo staff. */
let providerId: number;
const userIds: Record<string, number> = {};

async function ok<T>(r: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const res = await r;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  t = await startTestServer({}, { listen: true });
  admin = await t.login('admin');
  b = await createCompanyB(t, admin);
  const users = await ok(t.call(routes.users.get, { query: { limit: '100' }, token: admin }), 'users');
  for (const u of users.items) userIds[u.login] = u.id;
  providerId = users.items.find((u) => u.login === 'admin')!.company_id;
  const my = await ok(t.call(routes.companies.getMy, { token: await t.login('client') }), 'my');
  demoId = my[0].id;
}, 90_000);
afterAll(async () => t?.close());

describe('who manages whom', () => {
  it('an administrator cannot reset the password of a colleague granted a company it may not act for', async () => {
    // the specialist serves the demo customer and company B; the administrator only the demo customer
    await ok(
      t.call(routes.users.putGrants, { params: { id: userIds.specialist }, token: admin, body: { company_ids: [demoId, b.companyId] } }),
      'grants',
    );
    const administrator = await t.login('administrator');
    const reset = await t.call(routes.users.postPassword, {
      params: { id: userIds.specialist },
      token: administrator,
      body: { password: 'stolen-password-1' },
    });
    expect(reset.status).toBe(403);
    expect(reset.body.message).toMatch(/главный администратор/);
    expect((await t.call(routes.auth.postLogin, { body: { login: 'specialist', password: 'stolen-password-1' } })).status).toBe(401);
    const edit = await t.call(routes.users.patchById, {
      params: { id: userIds.specialist },
      token: administrator,
      body: { email: 'attacker@example.com' },
    });
    expect(edit.status).toBe(403);
    // what the administrator could reach before: B stays out of reach
    const specialist = await t.login('specialist');
    expect((await t.call(routes.procurements.get, { token: specialist, headers: as(b.companyId) })).status).toBe(200);
    expect((await t.call(routes.procurements.get, { token: administrator, headers: as(b.companyId) })).status).toBe(404);
  });

  it('matrix: user routes × roles', async () => {
    const colleague = await ok(
      t.api<{ id: number }>('POST', '/api/users', {
        token: admin,
        body: { title: 'Коллега Без Доступов', login: 'colleague-h1', role: 'specialist', company_id: providerId, password: 'demo12345' },
      }),
      'colleague',
    );
    // target → may the administrator manage it?
    const targets: Record<string, { id: number; administrator: boolean }> = {
      'colleague without grants': { id: colleague.id, administrator: true },
      'client of the granted customer': { id: userIds.client, administrator: true },
      'specialist granted B': { id: userIds.specialist, administrator: false },
      'client of B': { id: b.ids.user, administrator: false },
      admin: { id: userIds.admin, administrator: false },
    };
    const routes: [string, string, (id: number) => unknown][] = [
      ['PATCH', '/api/users/:id', () => ({ phone: '+7 900 000-00-00' })],
      ['POST', '/api/users/:id/password', () => ({ password: 'matrix-password-1' })],
    ];
    const failures: string[] = [];
    for (const actor of ['admin', 'administrator', 'specialist', 'operator', 'client']) {
      for (const [who, target] of Object.entries(targets)) {
        if (target.id === userIds[actor]) continue; // oneself: the profile routes
        for (const [method, url, body] of routes) {
          const token = await t.login(actor);
          const allowed = actor === 'admin' || (actor === 'administrator' && target.administrator);
          const r = await t.api(method, url.replace(':id', String(target.id)), { token, body: body(target.id) });
          const got = r.status < 300 ? 'allowed' : r.status === 403 || r.status === 404 ? 'refused' : `status ${r.status}`;
          if (got !== (allowed ? 'allowed' : 'refused'))
            failures.push(`${actor} → ${method} ${url} on ${who}: ${got}, expected ${allowed ? 'allowed' : 'refused'}`);
          // a reset password must not lock the next round out
          if (method === 'POST' && r.status < 300)
            await ok(
              t.api('POST', url.replace(':id', String(target.id)), { token: await t.login('admin'), body: { password: 'demo12345' } }),
              'restore',
            );
        }
        if (actor === 'admin') continue; // grants are the admin's own business; changing them here would move the targets
        const grants = await t.api('PUT', `/api/users/${target.id}/grants`, { token: await t.login(actor), body: { company_ids: [] } });
        if (grants.status < 300) failures.push(`${actor} changed the grants of ${who}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});

describe('roles by the kind of company', () => {
  const STAFF = ['admin', 'administrator', 'specialist', 'operator'] as const;

  it("matrix: no manager gives a customer's user a staff role, on creation or on a change; the provider's users take them", async () => {
    const failures: string[] = [];
    let n = 0;
    for (const actor of ['admin', 'administrator']) {
      const token = await t.login(actor);
      for (const role of STAFF) {
        if (role === 'admin' && actor !== 'admin') continue; // refused for another reason (only admin names an admin)
        for (const [where, companyId, allowed] of [
          ['demo customer', demoId, false],
          ['provider', providerId, true],
        ] as const) {
          const login = `f5-${actor}-${role}-${++n}`;
          const created = await t.api<{ id: number; message: string }>('POST', '/api/users', {
            token,
            body: { title: 'Роль По Организации', login, role, company_id: companyId, password: 'demo12345' },
          });
          if ((created.status === 200) !== allowed) failures.push(`${actor} creates ${role} at ${where} → ${created.status}`);
          if (!allowed && (created.status !== 400 || !/организации-заказчика/.test(created.body.message)))
            failures.push(`${actor} creates ${role} at ${where}: ${created.status} ${created.body.message}`);
        }
        // a client of the customer promoted: refused, and the role stays
        const promoted = await t.call(routes.users.patchById, { params: { id: userIds.client }, token, body: { role } });
        if (promoted.status !== 400 || !promoted.body.fields?.role)
          failures.push(`${actor} promotes the customer's client to ${role} → ${promoted.status}`);
      }
    }
    const client = await ok(t.call(routes.users.get, { query: { limit: '100' }, token: admin }), 'users');
    expect(client.items.find((u) => u.login === 'client')?.role).toBe('client');
    // a client of company B too, by the admin who may act for B
    const b1 = await t.call(routes.users.patchById, { params: { id: b.ids.user }, token: admin, body: { role: 'administrator' } });
    if (b1.status !== 400) failures.push(`admin promotes B's client → ${b1.status}`);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});

describe('read-only roles', () => {
  /** Reads refused to every role but admin, whatever its edit rights: tariff plans are the admin's business. */
  const ADMIN_ONLY_READS = /^\/api\/(tariffs|companies\/:id\/tariffs)/;

  it('the operator, acting for a company it serves, is refused every changing route and no reading one', async () => {
    const operatorId = userIds.operator;
    await ok(t.api('PUT', `/api/users/${operatorId}/grants`, { token: admin, body: { company_ids: [b.companyId] } }), 'grant operator');
    const operator = await t.login('operator');
    // sign-out last: it ends the session the walk uses
    const last = (r: RouteEntry) => Number(r.url === '/api/auth/logout');
    const routes = [...t.server.routes]
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'))
      .sort((x, y) => last(x) - last(y) || ORDER[x.method] - ORDER[y.method]);
    const failures: string[] = [];
    let changing = 0;
    for (const r of routes) {
      const res = resolve(b, r);
      if (!('url' in res)) continue; // the isolation matrix reports unfillable params
      const a = await call(t, b, r, res.url, operator, as(b.companyId));
      if (r.changes) {
        changing++;
        if (a.statusCode !== 403) failures.push(`${key(r)} → ${a.statusCode}, expected 403 ${a.body.slice(0, 160)}`);
      } else if ((a.statusCode === 403 && !ADMIN_ONLY_READS.test(r.url)) || a.statusCode >= 500)
        failures.push(`${key(r)} (reading) → ${a.statusCode} ${a.body.slice(0, 160)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(changing).toBeGreaterThan(60);
    // the seven the probe found are among the changing routes
    for (const k of [
      'POST /api/payments/import',
      'PUT /api/payments/:id/contract',
      'POST /api/contracts/:id/upd',
      'PUT /api/acceptance/lines/:lineId/mapping',
      'POST /api/eis/upload',
      'POST /api/eis/contracts/import',
      'POST /api/contracts/:id/execution/send',
    ]) {
      expect(routes.find((r) => key(r) === k)?.changes, k).toBe(true);
    }
  }, 180_000);

  it('a route marked as not changing data is one the operator needs (its own account, reports, its duty)', () => {
    const marked = t.server.routes
      .filter((r) => r.method !== 'GET' && !r.changes)
      .map(key)
      .sort();
    expect(marked).toEqual([
      'DELETE /api/auth/sessions',
      'DELETE /api/auth/sessions/:id',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/registrations',
      'POST /api/companies/:id/eis_settings/check',
      'POST /api/company_identity_requests/:id/approve',
      'POST /api/company_identity_requests/:id/reject',
      'POST /api/contracts/:id/reports',
      'POST /api/profile/password',
      'POST /api/registrations/:id/approve',
      'POST /api/registrations/:id/reject',
      'POST /api/reports/monthly',
      'PUT /api/profile',
    ]);
  });
});

describe('parent company', () => {
  async function companyBody(token: string, id: number) {
    const c = await ok(t.call(routes.companies.getById, { params: { id }, token }), 'company');
    return {
      title: c.title,
      full_title: c.full_title,
      inn: c.inn,
      kpp: c.kpp,
      ogrn: c.ogrn,
      address: c.address,
      law: c.law,
      parent_id: c.parent_id,
    };
  }

  it('a tenant cannot file itself under another tenant, a missing company or its own subordinate', async () => {
    const client = await t.login('client');
    const body = await companyBody(client, demoId);
    const foreign = await t.api<{ message: string; fields: Record<string, string[]> }>('PUT', `/api/companies/${demoId}`, {
      token: client,
      body: { ...body, parent_id: b.companyId },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.parent_id).toBeDefined();
    const listed = await ok(t.call(routes.companies.getCustomers, { params: { id: b.companyId }, token: admin }), 'customers');
    expect(listed.map((c) => c.id)).not.toContain(demoId);
    expect((await t.api('PUT', `/api/companies/${demoId}`, { token: client, body: { ...body, parent_id: 2_000_000_000 } })).status).toBe(
      400,
    );

    // admin may place the demo customer under B; then B under the demo customer would be a cycle
    await ok(t.api('PUT', `/api/companies/${demoId}`, { token: admin, body: { ...body, parent_id: b.companyId } }), 'admin sets parent');
    const cycle = await t.api('PUT', `/api/companies/${b.companyId}`, {
      token: admin,
      body: { ...(await companyBody(admin, b.companyId)), parent_id: demoId },
    });
    expect(cycle.status).toBe(400);
    // the client may still save its card with the parent the provider set
    expect(
      (
        await t.api('PUT', `/api/companies/${demoId}`, {
          token: client,
          body: { ...body, parent_id: b.companyId, address: 'г. Майкоп, ул. Пушкина, 1' },
        })
      ).status,
    ).toBe(204);
    await ok(t.api('PUT', `/api/companies/${demoId}`, { token: admin, body: { ...body, parent_id: null } }), 'reset parent');
  });
});

describe('sockets after a role change (L2)', () => {
  it('a socket opened before a demotion to operator can no longer change data', async () => {
    const id = (
      await ok(
        t.call(routes.users.post, {
          token: admin,
          body: { title: 'Понижаемый Специалист', login: 'demoted-l2', role: 'specialist', company_id: providerId, password: 'demo12345' },
        }),
        'user',
      )
    ).id;
    await ok(t.call(routes.users.putGrants, { params: { id }, token: admin, body: { company_ids: [demoId] } }), 'grants');
    const token = await t.login('demoted-l2');
    const socket = await t.socket('auth', token);
    const asDemoted = { token, headers: { 'x-company-id': String(demoId) } };
    expect((await t.call(routes.rules.getProcurementRules, { ...asDemoted })).status).toBe(200); // the server now keeps the user 2 s
    await ok(t.call(routes.users.patchById, { params: { id }, token: admin, body: { role: 'operator' } }), 'demote');
    // the very next request knows the new role: the change cleared the kept users
    expect((await t.call(routes.rules.postProcurementRules, { ...asDemoted, body: { title: 'После понижения' } })).status).toBe(403);
    const response = nextEvent(socket, 'copyProcurementRuleResponse');
    socket.emit('copyProcurementRuleRequest', { key: 7, rule_id: b.ids.rule, company_id: demoId });
    expect(await response).toMatchObject({ result: 'error', error: 'Недостаточно прав для этого действия' });
    const doc = nextEvent(socket, 'readyDocumentResponse');
    socket.emit('readyDocumentRequest', { key: 8, procurement_id: 1, company_id: demoId, templates: ['notice'] });
    expect(await doc).toMatchObject({ result: 'error', error: 'Недостаточно прав для этого действия' });
  });

  it('a socket of a blocked user gets no answers', async () => {
    const id = (
      await ok(
        t.call(routes.users.post, {
          token: admin,
          body: { title: 'Блокируемый Специалист', login: 'blocked-l2', role: 'specialist', company_id: providerId, password: 'demo12345' },
        }),
        'user',
      )
    ).id;
    const socket = await t.socket('auth', await t.login('blocked-l2'));
    const gone = new Promise<void>((resolveGone) => socket.on('disconnect', () => resolveGone()));
    await ok(t.call(routes.users.patchById, { params: { id }, token: admin, body: { blocked: true } }), 'block');
    await gone;
    expect(socket.connected).toBe(false);
  });
});

describe('id bounds (L3)', () => {
  const BAD = ['2147483648', '-1', '0', '1e309', '1e3', '99999999999999999999'];
  const ID_PARAM = /^(id|\w+Id)$/;

  it('every id in a path, X-Company-Id and ?version= answers 4xx for values outside int4, never 5xx', async () => {
    const routes = t.server.routes.filter(
      (r: RouteEntry) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/auth/logout',
    );
    const failures: string[] = [];
    let checked = 0;
    for (const r of routes) {
      const ids = paramsOf(r.url).filter((p) => ID_PARAM.test(p));
      for (const bad of BAD) {
        for (const p of ids) {
          // the other params are B's real objects, as the isolation matrix fills them
          const filled = resolve(b, r, { [p]: bad });
          if (!('url' in filled)) {
            failures.push(`${key(r)}: no value for ${filled.missing.join(', ')} (add it to PARAMS in route-walk.ts)`);
            continue;
          }
          const a = await call(t, b, r, filled.url, admin, as(b.companyId));
          checked++;
          if (a.statusCode >= 500 || a.statusCode < 400)
            failures.push(`${key(r)} with ${p}=${bad} → ${a.statusCode} ${a.body.slice(0, 120)}`);
        }
        if (r.method === 'GET' && !paramsOf(r.url).length && !exemptReason(r)) {
          const a = await call(t, b, r, r.url, admin, { 'x-company-id': bad });
          checked++;
          if (a.statusCode >= 500) failures.push(`${key(r)} with X-Company-Id ${bad} → ${a.statusCode} ${a.body.slice(0, 120)}`);
        }
      }
    }
    for (const bad of BAD) {
      const a = await t.api('GET', `/api/procurements/${b.ids.procurement}/files/${b.ids.file}/download?version=${bad}`, {
        token: admin,
        headers: as(b.companyId),
      });
      checked++;
      if (a.status !== 400 && a.status !== 404) failures.push(`?version=${bad} → ${a.status}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  }, 180_000);
});
