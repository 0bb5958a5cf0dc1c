import { routes } from '@proc/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, nextEvent, type TestServer } from '../../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('sign-in', () => {
  it('logs in a demo user and returns the session payload', async () => {
    const r = await t.call(routes.auth.postLogin, { body: { login: 'client', password: 'demo12345' } });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ login: 'client', role: 'client' });
    expect(r.body.company.title).toBe('АО «Демо-Заказчик»');
    const me = await t.call(routes.auth.getMe, { token: r.body.token });
    expect(me.status).toBe(200);
  });

  it('refuses a wrong password with a Russian message and a 401', async () => {
    const r = await t.call(routes.auth.postLogin, { body: { login: 'client', password: 'nope' } });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Неверный логин или пароль');
  });

  it('validates the body with the spec message', async () => {
    const r = await t.api<{ fields: Record<string, string[]> }>('POST', '/api/auth/login', { body: { login: '   ', password: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.fields.login).toContain('Обязательное поле');
  });

  it('pauses sign-in of one login from one IP after five failures, not the account', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.call(routes.auth.postLogin, { body: { login: 'operator', password: 'bad' } })).status).toBe(401);
    const right = await t.call(routes.auth.postLogin, { body: { login: 'operator', password: 'demo12345' } });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Слишком много неудачных попыток входа/);
    const elsewhere = await t.server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'operator', password: 'demo12345' },
      remoteAddress: '192.0.2.10',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('revokes the token on logout; the old token then gets 401', async () => {
    const token = await t.login('specialist');
    expect((await t.call(routes.auth.postLogout, { token })).status).toBe(200);
    expect((await t.call(routes.auth.getMe, { token })).status).toBe(401);
  });
});

describe('sockets', () => {
  it('rejects the auth namespace without a valid token and accepts it with one', async () => {
    await expect(t.socket('auth', 'bogus')).rejects.toThrow(/unauthorized/);
    const s = await t.socket('auth', await t.login('client'));
    expect(s.connected).toBe(true);
  });

  it('answers the emailService triad on unauth with Received then Response', async () => {
    const s = await t.socket('unauth');
    const received = nextEvent(s, 'emailServiceReceived');
    const response = nextEvent(s, 'emailServiceResponse');
    s.emit('emailServiceRequest', { key: 42, email: 'not-an-email' });
    expect(await received).toEqual({ key: 42 });
    expect(await response).toMatchObject({ key: 42, result: 'error', error: 'Введите корректный email' });
  });
});
