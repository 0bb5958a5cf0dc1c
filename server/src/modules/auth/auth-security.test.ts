/**
 * The sign-in rows of the second security probe: client IP behind proxies, e-mail code attempts, enumeration
 * and lockout (L1), idle timeout and the sessions list, and the ИНН lookup gate (L5).
 */
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { startTestServer, nextEvent, type TestServer } from '../../../test/harness';
import { forgetUsers } from '../../platform/session-cache';
import { clientIp } from '../../platform/client-ip';
import { loadConfig } from '../../config';
import { sessions, users as usersTable } from '../../db/schema';
import { verifyPassword } from '../../platform/passwords';
import type { AppError } from '../../platform/errors';
import { login as loginService } from './login';
import { FREE_FAILURES } from './login-throttle';
import { LIMITS } from '../../platform/rate-limit';
import { innFrom9 } from '../../../test/factories';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { listen: true });
});
afterAll(async () => t?.close());

const loginFrom = (ip: string, body: { login: string; password: string }, headers: Record<string, string> = {}) =>
  t.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip, headers });

describe('client IP', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says which proxies to believe', () => {
    const behind = { address: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.7' } };
    const cfg = (v?: string) => loadConfig({ TRUST_PROXY: v } as Record<string, string>);
    expect(clientIp(cfg(undefined), behind)).toBe('10.0.0.5');
    expect(clientIp(cfg('1'), behind)).toBe('203.0.113.7');
    expect(clientIp(cfg('10.0.0.0/8'), behind)).toBe('203.0.113.7');
    expect(clientIp(cfg('127.0.0.1'), behind)).toBe('10.0.0.5');
    // a client adding its own X-Forwarded-For behind one trusted proxy still gets the proxy's view of it
    expect(clientIp(cfg('1'), { address: '10.0.0.5', headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' } })).toBe('203.0.113.7');
    expect(() => cfg('nonsense value')).toThrow(/TRUST_PROXY/);
  });

  it('a spoofed X-Forwarded-For does not bypass the sign-in throttle of a login', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= FREE_FAILURES; i++) {
      const r = await loginFrom(
        '198.51.100.20',
        { login: 'spoofed-login', password: 'wrong-password' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), 429]);
    // another client is not affected
    expect((await loginFrom('198.51.100.21', { login: 'spoofed-login', password: 'wrong-password' })).statusCode).toBe(401);
  });
});

async function codeFor(email: string): Promise<string> {
  const s = await t.socket('unauth');
  const response = nextEvent(s, 'emailServiceResponse');
  s.emit('emailServiceRequest', { key: 1, email });
  expect((await response).result).toBe('success');
  const dir = path.join(t.config.DATA_DIR, 'outbox');
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.includes(email.replace(/[^a-z0-9@.]/gi, '_')))
    .sort()
    .pop()!;
  return /код подтверждения: (\d{6})/.exec(fs.readFileSync(path.join(dir, file), 'utf8'))![1];
}

/** Registrations are limited per IP: each test applies from an address of its own. */
async function registerFrom(ip: string, body: unknown): Promise<{ status: number; body: { message: string } }> {
  const r = await t.server.app.inject({ method: 'POST', url: '/api/auth/registrations', payload: body as object, remoteAddress: ip });
  return { status: r.statusCode, body: r.json() };
}

const registration = (login: string, email: string, code: string) => ({
  company: { inn: innFrom9(String(500000000 + Math.floor(Math.random() * 99_999_999)).slice(0, 9)), title: `ООО «Заявитель ${login}»` },
  user: { title: 'Заявитель Тестовый', login, email, password: 'applicant-12345' },
  email_code: code,
});

describe('e-mail code attempts and registration order', () => {
  it('after five wrong codes the right one no longer registers', async () => {
    const email = 'brute@example.com';
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 8; i++) {
      const r = await registerFrom('198.51.100.90', registration('brute-force', email, wrong));
      expect(r.status).toBe(400);
    }
    const right = await registerFrom('198.51.100.90', registration('brute-force', email, code));
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/истёк/);
  });

  it('says nothing about a taken login before the code is right', async () => {
    const r = await registerFrom('198.51.100.91', registration('admin', 'nocode@example.com', '123456'));
    expect(r.status).toBe(400);
    expect(r.body.message).not.toMatch(/логин/i);
    const email = 'taken@example.com';
    const taken = await registerFrom('198.51.100.91', registration('admin', email, await codeFor(email)));
    expect(taken.status).toBe(409);
  });

  it('an applicant waiting for approval is told so at sign-in, not «wrong password»', async () => {
    const email = 'waiting@example.com';
    expect((await registerFrom('198.51.100.92', registration('waiting-applicant', email, await codeFor(email)))).status).toBe(200);
    const r = await loginFrom('198.51.100.40', { login: 'waiting-applicant', password: 'applicant-12345' });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/ещё не одобрена/);
    expect((await loginFrom('198.51.100.40', { login: 'waiting-applicant', password: 'other-password' })).json().message).toBe(
      'Неверный логин или пароль',
    );
  });
});

describe('enumeration and lockout (L1)', () => {
  it('answers unknown and existing logins with the same text and about the same time', async () => {
    const time = async (login: string) => {
      const started = performance.now();
      const r = await loginFrom('198.51.100.30', { login, password: 'wrong-password' });
      return { ms: performance.now() - started, message: r.json().message as string, status: r.statusCode };
    };
    await time('warm-up');
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await time(`no-such-user-${i}`);
      const k = await time('specialist');
      expect(u.message).toBe(k.message);
      expect(u.status).toBe(k.status);
      unknown.push(u.ms);
      known.push(k.ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // both verify an argon2 hash: the unknown login is not several times faster any more
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('throttles one login from one IP with a growing pause, the same for unknown logins, and never locks out another IP', async () => {
    const messages: Record<string, string[]> = { admin: [], 'ghost-admin': [] };
    for (const [n, login] of Object.keys(messages).entries()) {
      for (let i = 0; i < 6; i++)
        messages[login].push((await loginFrom(`198.51.100.5${n}`, { login, password: 'bad-password' })).json().message);
    }
    expect(messages.admin).toEqual(messages['ghost-admin']);
    expect(messages.admin[5]).toMatch(/^Слишком много неудачных попыток входа\. Повторите через 1 мин\.$/);
    // the right password from the attacker's IP waits too…
    expect((await loginFrom('198.51.100.50', { login: 'admin', password: 'demo12345' })).statusCode).toBe(429);
    // …but admin signs in from anywhere else
    expect((await loginFrom('198.51.100.59', { login: 'admin', password: 'demo12345' })).statusCode).toBe(200);
  });
});

describe('the same work on every sign-in path', () => {
  it('verifies exactly one argon2 hash for an unknown login, an existing one, a pending application and a right password', async () => {
    const email = 'same-work@example.com';
    expect((await registerFrom('198.51.100.93', registration('same-work-applicant', email, await codeFor(email)))).status).toBe(200);
    const hashes: string[] = [];
    const counting = async (hash: string, password: string) => {
      hashes.push(hash);
      return verifyPassword(hash, password);
    };
    const attempt = async (login: string, password: string) => {
      const before = hashes.length;
      const outcome = await loginService(t.server.deps, { login, password }, { ip: '198.51.100.94' }, counting).then(
        () => 'signed in',
        (e: AppError) => e.code,
      );
      return { outcome, verifications: hashes.length - before };
    };
    expect(await attempt('no-such-login-f8', 'wrong-password')).toEqual({ outcome: 'LOGIN_FAILED', verifications: 1 });
    expect(await attempt('specialist', 'wrong-password')).toEqual({ outcome: 'LOGIN_FAILED', verifications: 1 });
    expect(await attempt('same-work-applicant', 'wrong-password')).toEqual({ outcome: 'LOGIN_FAILED', verifications: 1 });
    expect(await attempt('same-work-applicant', 'applicant-12345')).toEqual({ outcome: 'FORBIDDEN', verifications: 1 });
    expect(await attempt('specialist', 'demo12345')).toEqual({ outcome: 'signed in', verifications: 1 });
    // every path verified a real argon2id hash (the unknown login a dummy one), never skipped it
    expect(hashes.every((h) => h.startsWith('$argon2id$'))).toBe(true);
  });
});

describe('a pending application holds its login', () => {
  it('staff cannot give the login to a user, and an approval that meets a taken login answers 409 with the reason', async () => {
    const email = 'held-login@example.com';
    expect((await registerFrom('198.51.100.95', registration('held-login', email, await codeFor(email)))).status).toBe(200);
    const admin = await t.login('admin');
    const users = await t.api<{ items: { login: string; company_id: number }[] }>('GET', '/api/users?limit=100', { token: admin });
    const providerId = users.body.items.find((u) => u.login === 'admin')!.company_id;
    const create = await t.api<{ message: string; fields: Record<string, string[]> }>('POST', '/api/users', {
      token: admin,
      body: { title: 'Захватчик Логина', login: 'held-login', role: 'specialist', company_id: providerId, password: 'demo12345' },
    });
    expect(create.status).toBe(409);
    expect(create.body.message).toMatch(/заявке на регистрацию/);
    expect(create.body.fields.login).toEqual(['Логин занят заявкой на регистрацию']);

    // a user with the login that got in anyway (created before this rule, or by another path): the approval says why
    const list = await t.api<{ id: number; user_login: string }[]>('GET', '/api/registrations?status=pending', { token: admin });
    const app = list.body.find((r) => r.user_login === 'held-login')!;
    await t.server.deps.db
      .insert(usersTable)
      .values({ companyId: providerId, login: 'held-login', title: 'Уже Есть', role: 'specialist', passwordHash: 'x' });
    const approve = await t.api<{ message: string }>('POST', `/api/registrations/${app.id}/approve`, { token: admin });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(
      'Логин «held-login» уже занят пользователем системы: одобрить заявку нельзя, отклоните её с этой причиной',
    );
    // nothing half-done: the application still waits and can be refused
    const again = await t.api<{ id: number; user_login: string }[]>('GET', '/api/registrations?status=pending', { token: admin });
    expect(again.body.map((r) => r.id)).toContain(app.id);
    expect((await t.api('POST', `/api/registrations/${app.id}/reject`, { token: admin, body: { reason: 'Логин занят' } })).status).toBe(
      200,
    );
  });
});

describe('idle timeout and the sessions list', () => {
  it('lists own sessions with device, IP and last use, and ends another one', async () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
    const first = (await loginFrom('198.51.100.60', { login: 'specialist', password: 'demo12345' }, { 'user-agent': ua })).json()
      .token as string;
    const second = (await loginFrom('198.51.100.61', { login: 'specialist', password: 'demo12345' })).json().token as string;
    const list = await t.api<{ id: number; device: string; ip: string; current: boolean; last_used_at: string }[]>(
      'GET',
      '/api/auth/sessions',
      { token: second },
    );
    expect(list.status).toBe(200);
    const other = list.body.find((s) => s.ip === '198.51.100.60')!;
    expect(other).toMatchObject({ device: 'Chrome, Windows', current: false });
    expect(list.body.find((s) => s.current)?.ip).toBe('198.51.100.61');
    // someone else's session is "not found"
    const client = await t.login('client');
    expect((await t.api('DELETE', `/api/auth/sessions/${other.id}`, { token: client })).status).toBe(404);
    expect((await t.api('GET', '/api/auth/me', { token: first })).status).toBe(200);
    expect((await t.api('DELETE', `/api/auth/sessions/${other.id}`, { token: second })).status).toBe(204);
    expect((await t.api('GET', '/api/auth/me', { token: first })).status).toBe(401);
  });

  it("«Завершить все остальные» ends every other session of the user and keeps this one and other users'", async () => {
    const others = [];
    for (const ip of ['198.51.100.80', '198.51.100.81', '198.51.100.82'])
      others.push((await loginFrom(ip, { login: 'specialist', password: 'demo12345' })).json().token as string);
    const mine = (await loginFrom('198.51.100.83', { login: 'specialist', password: 'demo12345' })).json().token as string;
    const client = await t.login('client');
    const ended = await t.api<{ ended: number }>('DELETE', '/api/auth/sessions', { token: mine });
    expect(ended.status).toBe(200);
    expect(ended.body.ended).toBeGreaterThanOrEqual(3);
    for (const token of others) expect((await t.api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/me', { token: mine })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/me', { token: client })).status).toBe(200);
    const left = await t.api<{ current: boolean }[]>('GET', '/api/auth/sessions', { token: mine });
    expect(left.body).toEqual([expect.objectContaining({ current: true })]);
    // nothing left to end is no error
    expect((await t.api<{ ended: number }>('DELETE', '/api/auth/sessions', { token: mine })).body).toEqual({ ended: 0 });
    expect((await t.api('DELETE', '/api/auth/sessions')).status).toBe(401);
  });

  it('a session unused for SESSION_IDLE_HOURS ends', async () => {
    const token = (await loginFrom('198.51.100.70', { login: 'client', password: 'demo12345' })).json().token as string;
    const list = await t.api<{ id: number; current: boolean }[]>('GET', '/api/auth/sessions', { token });
    const id = list.body.find((s) => s.current)!.id;
    const idle = t.config.SESSION_IDLE_HOURS;
    expect(idle).toBe(8);
    await t.server.deps.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - (idle * 3600 - 120) * 1000) })
      .where(eq(sessions.id, id));
    expect((await t.api('GET', '/api/auth/me', { token })).status).toBe(200); // and this use moves last use on
    await t.server.deps.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - (idle * 3600 + 60) * 1000) })
      .where(eq(sessions.id, id));
    forgetUsers(t.server.deps.db); // eight hours have passed: the two seconds the server keeps a user too
    expect((await t.api('GET', '/api/auth/me', { token })).status).toBe(401);
  });
});

describe('ИНН lookup (L5)', () => {
  let dadata: http.Server;
  let calls = 0;
  let lookup: TestServer;
  beforeAll(async () => {
    dadata = http.createServer((req, res) => {
      calls++;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          suggestions: [
            {
              value: 'ООО «Ромашка»',
              data: {
                inn: '7707083893',
                kpp: '773601001',
                ogrn: '1027700132195',
                name: { short_with_opf: 'ООО «Ромашка»', full_with_opf: 'Общество с ограниченной ответственностью «Ромашка»' },
                address: { value: 'г. Москва' },
                state: { status: 'ACTIVE' },
              },
            },
          ],
        }),
      );
    });
    await new Promise<void>((r) => dadata.listen(0, '127.0.0.1', r));
    lookup = await startTestServer(
      { COMPANY_LOOKUP_URL: `http://127.0.0.1:${(dadata.address() as { port: number }).port}`, COMPANY_LOOKUP_KEY: 'key' },
      { listen: false },
    );
  });
  afterAll(async () => {
    await lookup?.close();
    dadata?.close();
  });

  it('answers only a registration form in progress or a signed-in user, caches answers and limits per IP', async () => {
    const get = (headers: Record<string, string>, ip = '198.51.100.80') =>
      lookup.server.app.inject({ method: 'GET', url: '/api/auth/party?inn=7707083893', headers, remoteAddress: ip });
    expect((await get({})).statusCode).toBe(403);
    expect((await get({ 'x-registration-token': 'forged.token.value' })).statusCode).toBe(403);
    const token = (await lookup.server.app.inject({ method: 'GET', url: '/api/auth/registrations/token' })).json().token as string;
    const ok = await get({ 'x-registration-token': token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().title).toBe('ООО «Ромашка»');
    expect((await get({ authorization: `Bearer ${await lookup.login('client')}` })).statusCode).toBe(200);
    expect(calls).toBe(1); // the second answer came from the cache
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const inn = innFrom9(String(300000000 + i));
      statuses.push(
        (
          await lookup.server.app.inject({
            method: 'GET',
            url: `/api/auth/party?inn=${inn}`,
            headers: { 'x-registration-token': token },
            remoteAddress: '198.51.100.81',
          })
        ).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('without a configured lookup says so and lets the user type', async () => {
    const token = (await t.api<{ token: string }>('GET', '/api/auth/registrations/token')).body.token;
    const r = await t.api<{ message: string; fields: Record<string, string[]> }>('GET', '/api/auth/party?inn=7707083893', {
      headers: { 'x-registration-token': token },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Поиск организации по ИНН не подключён. Заполните данные вручную');
    expect(r.body.fields['company.inn']).toBeDefined();
  });
});

// last: it uses up the e-mail code limit of the test client's IP
describe('client IP on sockets', () => {
  it('the socket e-mail code limit ignores X-Forwarded-For too', async () => {
    const errors: string[] = [];
    for (let i = 0; i <= LIMITS.emailCodesPerIp.max; i++) {
      const s = ioClient(`${t.url}/unauth`, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { 'x-forwarded-for': `203.0.113.${i % 250}` },
        forceNew: true,
      });
      const response = nextEvent(s, 'emailServiceResponse');
      s.emit('emailServiceRequest', { key: i, email: `spoof${i}@example.com` });
      const r = await response;
      if (r.result === 'error') errors.push(r.error ?? '');
      s.close();
    }
    // one address more than the IP's ceiling, each with another forwarded address: the ceiling still holds
    expect(errors.length).toBeGreaterThan(0);
    expect([...new Set(errors)]).toEqual(['Слишком много попыток. Попробуйте позже']);
  });
});
