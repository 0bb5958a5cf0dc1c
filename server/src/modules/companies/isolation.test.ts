import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let t: TestServer;
let otherId: number;
let demoId: number;
let adminToken: string;

/** The 13 company calls (the list/create ones act on the caller's own scope). */
const CALLS = (id: number) =>
  [
    ['GET', `/api/companies/${id}`],
    ['GET', `/api/companies/${id}/active_contact`],
    ['GET', `/api/companies/${id}/contacts`],
    ['PUT', `/api/companies/${id}`],
    ['DELETE', `/api/companies/${id}`],
    ['GET', `/api/companies/${id}/permissions`],
    ['GET', `/api/companies/${id}/users`],
    ['GET', `/api/companies/${id}/bank_requesits`],
    ['GET', `/api/companies/${id}/customers`],
    ['GET', `/api/companies/${id}/procurement_rules`],
    ['GET', `/api/companies/${id}/eis_settings`],
  ] as const;

const company = { title: 'ООО «Чужая организация»', inn: '7707083893', kpp: '773601001', law: '223' };

beforeAll(async () => {
  t = await startTestServer({}, { listen: false });
  adminToken = await t.login('admin');
  const r = await t.api<{ id: number }>('POST', '/api/companies', { token: adminToken, body: company });
  expect(r.status).toBe(200);
  otherId = r.body.id;
  await t.api('POST', `/api/companies/${otherId}/contacts`, { token: adminToken, body: { name: 'Секретный контакт', is_active: true } });
  const my = await t.api<{ id: number; title: string }[]>('GET', '/api/companies/my', { token: await t.login('client') });
  demoId = my.body[0].id;
});
afterAll(async () => t?.close());

describe('tenant isolation of the company calls', () => {
  for (const who of ['client', 'specialist', 'operator'] as const) {
    it(`${who} without a grant gets 403/404 for another company on every call`, async () => {
      const token = await t.login(who);
      for (const [method, url] of CALLS(otherId)) {
        const r = await t.api(method, url, { token, body: method === 'PUT' ? company : undefined });
        expect([403, 404], `${who} ${method} ${url}`).toContain(r.status);
        expect(JSON.stringify(r.body)).not.toContain('Секретный контакт');
      }
      const list = await t.api<{ id: number }[]>('GET', '/api/companies', { token });
      expect(list.body.map((c) => c.id)).not.toContain(otherId);
      const my = await t.api<{ id: number }[]>('GET', '/api/companies/my', { token });
      expect(my.body.map((c) => c.id)).not.toContain(otherId);
    });
  }

  it('a client cannot create companies', async () => {
    const r = await t.api('POST', '/api/companies', { token: await t.login('client'), body: company });
    expect(r.status).toBe(403);
  });

  it('admin grants a company and the specialist then sees it', async () => {
    const users = await t.api<{ items: { id: number; login: string }[] }>('GET', '/api/users?q=specialist', { token: adminToken });
    const spec = users.body.items.find((u) => u.login === 'specialist')!;
    const g = await t.api('PUT', `/api/users/${spec.id}/grants`, { token: adminToken, body: { company_ids: [demoId, otherId] } });
    expect(g.status).toBe(204);
    const token = await t.login('specialist');
    const contacts = await t.api<{ items: { name: string }[]; total: number; page: number; limit: number }>(
      'GET',
      `/api/companies/${otherId}/contacts`,
      { token },
    );
    expect(contacts.status).toBe(200);
    expect(contacts.body).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(contacts.body.items[0].name).toBe('Секретный контакт');
    // and loses it again
    await t.api('PUT', `/api/users/${spec.id}/grants`, { token: adminToken, body: { company_ids: [demoId] } });
    expect((await t.api('GET', `/api/companies/${otherId}/contacts`, { token })).status).toBe(404);
  });
});

describe('company data', () => {
  it('pages contacts with page/limit defaults and filter pairs', async () => {
    const token = await t.login('client');
    for (let i = 1; i <= 12; i++)
      await t.api('POST', `/api/companies/${demoId}/contacts`, { token, body: { name: `Контакт ${i}`, email: `c${i}@x.ru` } });
    const first = await t.api<{ items: unknown[]; total: number }>('GET', `/api/companies/${demoId}/contacts`, { token });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.total).toBe(13);
    const filtered = await t.api<{ items: { name: string }[]; total: number }>(
      'GET',
      `/api/companies/${demoId}/contacts?name=${encodeURIComponent('Контакт 1')}&email=`,
      { token },
    );
    expect(filtered.body.items.map((c) => c.name).sort()).toEqual(['Контакт 1', 'Контакт 10', 'Контакт 11', 'Контакт 12']);
  });

  it('keeps one active contact: a new active one makes the others inactive, and the trail records its creation', async () => {
    const token = await t.login('client');
    type C = { id: number; name: string; is_active: boolean };
    const a = await t.api<C>('POST', `/api/companies/${demoId}/contacts`, {
      token,
      body: { name: 'Активный А', phone: '+7 900 000-00-01', is_active: true },
    });
    const b = await t.api<C>('POST', `/api/companies/${demoId}/contacts`, { token, body: { name: 'Активный Б', is_active: true } });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ name: 'Активный Б', is_active: true, position: null, email: null });
    expect((await t.api<C>('GET', `/api/companies/${demoId}/active_contact`, { token })).body.id).toBe(b.body.id);
    const all = await t.api<{ items: C[] }>('GET', `/api/companies/${demoId}/contacts?limit=100`, { token });
    expect(all.body.items.filter((c) => c.is_active).map((c) => c.id)).toEqual([b.body.id]);
    const trail = await t.api<{ items: { entity_id: string; action: string; after: Record<string, unknown> }[] }>(
      'GET',
      `/api/audit?company_id=${demoId}&entity=contact&limit=100`,
      { token: await t.login('specialist') },
    );
    expect(trail.body.items.find((e) => e.entity_id === String(a.body.id))).toMatchObject({
      action: 'create',
      after: { id: a.body.id, name: 'Активный А', phone: '+7 900 000-00-01', is_active: true },
    });
  });

  it('checks bank accounts by their control keys', async () => {
    const token = await t.login('client');
    const bad = await t.api<{ fields: Record<string, string[]> }>('POST', `/api/companies/${demoId}/bank_requesits`, {
      token,
      body: { bank_name: 'ПАО Сбербанк', bik: '044525225', corr_account: '30101810400000000225', account: '40702810938000000002' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.account).toEqual(['Расчётный счёт не соответствует БИК (контрольный ключ)']);
    const before = await t.api<unknown[]>('GET', `/api/companies/${demoId}/bank_requesits`, { token });
    const ok = await t.api('POST', `/api/companies/${demoId}/bank_requesits`, {
      token,
      body: { bank_name: 'ПАО Сбербанк', bik: '044525225', corr_account: '30101810400000000225', account: '40702810938000000001' },
    });
    expect(ok.status).toBe(200);
    const after = await t.api<unknown[]>('GET', `/api/companies/${demoId}/bank_requesits`, { token });
    expect(after.body.length).toBe(before.body.length + 1);
  });

  it('refuses an invalid ИНН in Russian and stores nothing', async () => {
    const r = await t.api<{ fields: Record<string, string[]> }>('POST', '/api/companies', {
      token: adminToken,
      body: { ...company, inn: '7707083890' },
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.inn[0]).toMatch(/^Некорректный ИНН/);
  });

  it('lists subordinate customers and shows a company without a title', async () => {
    const child = await t.api<{ id: number }>('POST', '/api/companies', {
      token: adminToken,
      body: { ...company, title: 'Филиал', kpp: '773602001', parent_id: otherId },
    });
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    const list = await t.api<{ id: number }[]>('GET', `/api/companies/${otherId}/customers`, { token: adminToken });
    expect(list.body.map((c) => c.id)).toEqual([child.body.id]);
  });

  it('never sends the stored ЕИС password back', async () => {
    const token = await t.login('client');
    const put = await t.api<Record<string, unknown>>('PUT', `/api/companies/${demoId}/eis_settings`, {
      token,
      body: { inn: '0105123458', login: 'eis-user', password: 'Secret-EIS-1' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ login: 'eis-user', has_password: true });
    expect(JSON.stringify(put.body)).not.toContain('Secret-EIS-1');
    const kept = await t.api<Record<string, unknown>>('PUT', `/api/companies/${demoId}/eis_settings`, {
      token,
      body: { inn: '0105123458', login: 'eis-user2', password: '' },
    });
    expect(kept.body.has_password).toBe(true);
  });
});
