/**
 * Sockets live no longer than their sessions: a socket whose session sat idle past SESSION_IDLE_HOURS,
 * passed its TTL or was ended where no message reached this instance is dropped, by the periodic sweep and on its next
 * event; the sessions list shows only live sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import type { SessionResponse } from '@proc/contract';
import { startTestServer, type TestServer } from '../harness';
import { sessions } from '../../src/db/schema';
import { hashToken } from '../../src/platform/passwords';
import { forgetUsers } from '../../src/platform/session-cache';

let t: TestServer;
/** A second instance on the same database whose sweep never runs within a test: only the per-event check acts. */
let slow: TestServer;
let admin: string;
let providerId: number;
let n = 0;

beforeAll(async () => {
  t = await startTestServer({ SESSION_SOCKET_CHECK_SECONDS: 0.2 }, { listen: true });
  slow = await startTestServer({ SESSION_SOCKET_CHECK_SECONDS: 3600 }, { listen: true, database: t.server.deps.database });
  admin = await t.login('admin');
  const list = await t.api<{ items: { login: string; company_id: number }[] }>('GET', '/api/users?limit=100', { token: admin });
  providerId = list.body.items.find((u) => u.login === 'admin')!.company_id;
}, 60_000);
afterAll(async () => {
  await slow?.close();
  await t?.close();
});

async function freshUser(): Promise<string> {
  const login = `f6-sess-${++n}`;
  const r = await t.api('POST', '/api/users', {
    token: admin,
    body: { title: 'Сеансы Сокетов', login, role: 'specialist', company_id: providerId, password: 'demo12345' },
  });
  expect(r.status).toBe(200);
  return login;
}

const setSession = (token: string, values: Partial<typeof sessions.$inferInsert>) =>
  t.server.deps.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, hashToken(token)));
const HOURS = 3600_000;
const disconnected = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));

describe('sockets of sessions that are no longer live', () => {
  it('a session idle past SESSION_IDLE_HOURS loses its socket, and the sessions list drops it', async () => {
    const login = await freshUser();
    const idle = await t.login(login);
    const other = await t.login(login);
    const socket = await t.socket('auth', idle);
    const gone = disconnected(socket);
    await setSession(idle, { lastUsedAt: new Date(Date.now() - (t.config.SESSION_IDLE_HOURS + 1) * HOURS) });
    expect(await gone).toBe('io server disconnect');
    const list = await t.api<SessionResponse[]>('GET', '/api/auth/sessions', { token: other });
    expect(list.status).toBe(200);
    expect(list.body.map((s) => s.current)).toEqual([true]);
  });

  it('a session past its TTL loses its socket', async () => {
    const token = await t.login(await freshUser());
    const socket = await t.socket('auth', token);
    const gone = disconnected(socket);
    await setSession(token, { expiresAt: new Date(Date.now() - 1000) });
    expect(await gone).toBe('io server disconnect');
  });

  it('a session ended where no message reached this instance loses its socket', async () => {
    const token = await t.login(await freshUser());
    const socket = await t.socket('auth', token);
    const gone = disconnected(socket);
    await setSession(token, { revokedAt: new Date() });
    expect(await gone).toBe('io server disconnect');
  });

  it('the next event of an expired session disconnects at once, before the sweep', async () => {
    const token = await slow.login(await freshUser());
    const socket = await slow.socket('auth', token);
    const gone = disconnected(socket);
    await setSession(token, { lastUsedAt: new Date(Date.now() - (slow.config.SESSION_IDLE_HOURS + 1) * HOURS) });
    forgetUsers(slow.server.deps.db); // what a sign-out clears; an idle expiry is hours old, far past the 2 s kept
    let answered = false;
    socket.on('copyProcurementRuleReceived', () => (answered = true));
    socket.emit('copyProcurementRuleRequest', { key: 1, rule_id: 1, company_id: 1 });
    expect(await gone).toBe('io server disconnect');
    expect(answered).toBe(false);
  });

  it('a live session keeps its socket through the sweep that drops an idle one', async () => {
    const live = await t.login(await freshUser());
    const idle = await t.login(await freshUser());
    const kept = await t.socket('auth', live);
    const dropped = await t.socket('auth', idle);
    const gone = disconnected(dropped);
    await setSession(idle, { lastUsedAt: new Date(Date.now() - (t.config.SESSION_IDLE_HOURS + 1) * HOURS) });
    await gone; // a sweep ran, and it looked at both sockets
    expect(kept.connected).toBe(true);
    const received = new Promise((resolve) => kept.once('copyProcurementRuleReceived', resolve));
    kept.emit('copyProcurementRuleRequest', { key: 2, rule_id: 1, company_id: 1 });
    expect(await received).toEqual({ key: 2 });
  });
});
