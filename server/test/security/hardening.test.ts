import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditItem, Paged } from '@proc/contract';
import { startTestServer, type TestServer } from '../harness';
import { LIMITS } from '../../src/platform/rate-limit';
import { FREE_FAILURES } from '../../src/modules/auth/login-throttle';
import { contentSecurityPolicy } from '../../src/platform/security-headers';
import { world, type World } from '../factories';

let t: TestServer;
let w: World;
let admin: string;

beforeAll(async () => {
  // as deployed behind one proxy (TRUST_PROXY=1): the tests name client IPs and the scheme through X-Forwarded-*
  t = await startTestServer(
    {
      CHAT_WIDGET_URL: 'https://chat.example.ru/widget.js',
      SENTRY_DSN: 'https://abc@o42.ingest.sentry.io/7',
      TRUST_PROXY: 1,
      INTEGRATION_API_URL: 'http://10.1.2.3:4001',
    },
    { listen: false },
  );
  w = await world(t);
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

describe('security headers', () => {
  it('sends a CSP allowing self, the chat widget, Sentry ingest and the socket', async () => {
    const r = await t.server.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'zakupki.example.ru' } });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // and the CryptoPro plug-in's loader and extension (modules/signatures), nothing else
    expect(csp).toMatch(
      /script-src 'self' https:\/\/chat\.example\.ru https:\/\/www\.cryptopro\.ru chrome-extension:\/\/iifchhfnnmpdbibifmljnfjhpififfog chrome-extension:\/\/epebfcehmdedogndhlcacafjaacknbcm(;|$)/,
    );
    expect(csp).toMatch(
      /connect-src [^;]*wss:\/\/zakupki\.example\.ru[^;]*https:\/\/chat\.example\.ru[^;]*https:\/\/o42\.ingest\.sentry\.io/,
    );
    expect(csp).toContain('frame-src https://chat.example.ru');
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    // the integration service is the main server's alone: not a source the browser may reach
    expect(csp).not.toContain('10.1.2.3');
  });

  it('does not name the integration service to browsers in /api/config', async () => {
    const r = await t.api<Record<string, unknown>>('GET', '/api/config');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ apiUrl: '/api' });
    expect(JSON.stringify(r.body)).not.toMatch(/10\.1\.2\.3|integration/i);
  });

  it('sends HSTS only behind HTTPS', async () => {
    const plain = await t.server.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await t.server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('drops a forged host from the websocket source', () => {
    expect(contentSecurityPolicy(t.config, "evil.ru; script-src 'unsafe-inline'")).not.toContain('evil');
  });
});

describe('rate limits', () => {
  it('failed logins of others from one IP (an office behind NAT) never refuse a right password', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3 * FREE_FAILURES; i++) {
      const r = await t.api('POST', '/api/auth/login', { body: { login: `nobody_${i}`, password: 'wrong-password' }, headers: ip });
      expect(r.status).toBe(401);
    }
    const colleague = await t.api('POST', '/api/auth/login', { body: { login: 'client', password: 'demo12345' }, headers: ip });
    expect(colleague.status).toBe(200);
  });

  it('pauses one login from one IP, counted across nodes on one database, and only that pair', async () => {
    const other = await startTestServer({ TRUST_PROXY: 1 }, { listen: false, database: t.server.deps.database });
    try {
      const ip = { 'x-forwarded-for': '203.0.113.10' };
      for (let i = 0; i < FREE_FAILURES; i++) {
        const node = i % 2 ? other : t;
        expect(
          (await node.api('POST', '/api/auth/login', { body: { login: 'operator', password: 'wrong-password' }, headers: ip })).status,
        ).toBe(401);
      }
      for (const node of [t, other]) {
        const r = await node.api<{ message: string }>('POST', '/api/auth/login', {
          body: { login: 'operator', password: 'demo12345' },
          headers: ip,
        });
        expect(r.status).toBe(429);
        expect(r.body.message).toMatch(/^Слишком много неудачных попыток входа/);
      }
      // another login from the same IP, and the same login from another IP, go on
      expect((await t.api('POST', '/api/auth/login', { body: { login: 'client', password: 'demo12345' }, headers: ip })).status).toBe(200);
      expect(
        (
          await t.api('POST', '/api/auth/login', {
            body: { login: 'operator', password: 'demo12345' },
            headers: { 'x-forwarded-for': '203.0.113.11' },
          })
        ).status,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('limits registrations per IP and registrant, under a higher per-IP ceiling (an office behind one NAT)', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const as = (email: string) => ({ body: { user: { email } }, headers: ip });
    for (let i = 0; i < LIMITS.registrations.max; i++)
      expect((await t.api('POST', '/api/auth/registrations', as('first@office.example'))).status).toBe(400);
    const r = await t.api<{ message: string }>('POST', '/api/auth/registrations', as('First@Office.example'));
    expect(r.status).toBe(429);
    expect(r.body.message).toBe('Слишком много попыток. Попробуйте позже');
    // a colleague behind the same address is not locked out by the first one's attempts
    expect((await t.api('POST', '/api/auth/registrations', as('second@office.example'))).status).toBe(400);
    // one address cycling people meets the ceiling (a refusal per person is not counted against it)
    const left = LIMITS.registrationsPerIp.max - LIMITS.registrations.max - 1;
    for (let i = 0; i < left; i++) expect((await t.api('POST', '/api/auth/registrations', as(`p${i}@office.example`))).status).toBe(400);
    expect((await t.api('POST', '/api/auth/registrations', as('last@office.example'))).status).toBe(429);
    // another address is not affected
    expect(
      (
        await t.api('POST', '/api/auth/registrations', {
          body: { user: { email: 'last@office.example' } },
          headers: { 'x-forwarded-for': '203.0.113.10' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('sessions end on password change and on block', () => {
  async function newUser(login: string) {
    const r = await t.api<{ id: number }>('POST', '/api/users', {
      token: admin,
      body: { title: 'Проверка Сессий', login, role: 'client', company_id: w.demoId, password: 'demo12345' },
    });
    expect(r.status).toBe(200);
    return r.body.id;
  }
  const me = (token: string) => t.api('GET', '/api/auth/me', { token }).then((r) => r.status);

  it('own password change ends the other sessions and keeps this one', async () => {
    await newUser('sess_own');
    const a = await t.login('sess_own');
    const b = await t.login('sess_own');
    const r = await t.api('POST', '/api/profile/password', {
      token: a,
      body: { current_password: 'demo12345', new_password: 'new-pass-123' },
    });
    expect(r.status).toBe(204);
    expect(await me(a)).toBe(200);
    expect(await me(b)).toBe(401);
  });

  it('a reset by the administrator and a block end every session', async () => {
    const id = await newUser('sess_admin');
    const a = await t.login('sess_admin');
    expect((await t.api('POST', `/api/users/${id}/password`, { token: admin, body: { password: 'reset-pass-1' } })).status).toBe(204);
    expect(await me(a)).toBe(401);
    const b = await t.login('sess_admin', 'reset-pass-1');
    expect((await t.api('PATCH', `/api/users/${id}`, { token: admin, body: { blocked: true } })).status).toBe(204);
    expect(await me(b)).toBe(401);
    expect((await t.api('POST', '/api/auth/login', { body: { login: 'sess_admin', password: 'reset-pass-1' } })).status).not.toBe(200);
  });
});

describe('audit trail', () => {
  it('records company and user changes without secrets, and shows an object history', async () => {
    const c = await t.api<{ id: number }>('POST', `/api/companies/${w.demoId}/contacts`, {
      token: w.client,
      body: { name: 'Аудируемый контакт' },
    });
    await t.api('PUT', `/api/companies/${w.demoId}/contacts/${c.body.id}`, {
      token: w.client,
      body: { name: 'Аудируемый контакт (изменён)' },
    });
    const hist = await t.api<AuditItem[]>('GET', `/api/audit/contact/${c.body.id}`, { token: admin });
    expect(hist.status).toBe(200);
    expect(hist.body.map((h) => h.action)).toEqual(['create', 'update']);
    expect(hist.body[1]).toMatchObject({ company_id: w.demoId, entity: 'contact', after: { name: 'Аудируемый контакт (изменён)' } });
    const users = await t.api<Paged<AuditItem>>('GET', '/api/audit?entity=user&limit=100', { token: admin });
    expect(users.body.items.some((i) => i.action === 'password_reset')).toBe(true);
    expect(JSON.stringify(users.body)).not.toMatch(/reset-pass-1|new-pass-123|passwordHash|password_hash/);
  });

  it('filters by words, user and dates', async () => {
    const found = await t.api<Paged<AuditItem>>('GET', `/api/audit?q=${encodeURIComponent('Аудируемый контакт')}`, { token: admin });
    expect(found.body.total).toBeGreaterThanOrEqual(2);
    const none = await t.api<Paged<AuditItem>>('GET', '/api/audit?from=2000-01-01&to=2000-01-02', { token: admin });
    expect(none.body.total).toBe(0);
    const byUser = await t.api<Paged<AuditItem>>('GET', '/api/audit?user_id=999999', { token: admin });
    expect(byUser.body.total).toBe(0);
  });

  it('is for staff only and scoped to the companies they may act for', async () => {
    expect((await t.api('GET', '/api/audit', { token: w.client })).status).toBe(403);
    const other = await t.api<{ id: number }>('POST', `/api/companies/${w.otherId}/contacts`, {
      token: admin,
      body: { name: 'Чужой контакт в журнале' },
    });
    const asOperator = await t.api<Paged<AuditItem>>('GET', '/api/audit?limit=500', { token: w.operator });
    expect(asOperator.status).toBe(200);
    expect(asOperator.body.items.every((i) => i.company_id !== w.otherId && i.company_id !== w.demoId)).toBe(true);
    expect((await t.api('GET', `/api/audit/contact/${other.body.id}`, { token: w.specialist })).status).toBe(404);
    expect((await t.api('GET', `/api/audit?company_id=${w.otherId}`, { token: w.specialist })).status).toBe(404);
    const granted = await t.api<Paged<AuditItem>>('GET', `/api/audit?company_id=${w.demoId}&entity=contact`, { token: w.specialist });
    expect(granted.body.total).toBeGreaterThanOrEqual(2);
  });
});
