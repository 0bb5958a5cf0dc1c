/** The ЕИС set-up the 44-ФЗ import tests share (not a test file itself): fake ЕИС, integration service, server. */
import { routes } from '@proc/contract/routes';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Socket } from 'socket.io-client';
import { EVENTS } from '@proc/contract';
import { innFrom9 } from './factories';
import { startTestServer, TEST_INTEGRATION_SECRET, type TestServer } from './harness';
import { startFakeEis, type FakeEis } from '../../tools/fake-eis/server';
import { buildIntegrationApp, type IntegrationOptions } from '../src/eis-service/build-integration-app';
import type { Config } from '../src/config';

export interface EisWorld {
  t: TestServer;
  eis: FakeEis;
  integration: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The integration service in front of `eisUrl` as the tests run it: the service's shared token (a company without its
 * own falls back to it) and a budget far above the fake's limits, so a test meets ЕИС's answers, not the limiter.
 */
export async function startIntegrationService(
  eisUrl: string,
  options: Partial<IntegrationOptions> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildIntegrationApp({
    eisUrl,
    token: 'test-individual-token',
    tokenFallback: true,
    secret: TEST_INTEGRATION_SECRET,
    archiveRetryMs: 50,
    // a loaded machine answers slower than ЕИС's own limits
    timeoutMs: 15_000,
    logLevel: 'silent',
    requestsPerMinute: 100_000,
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/**
 * A real server whose imports go through a real integration service to the fake ЕИС, with the service's shared token
 * (a company without its own falls back to it) and a budget far above the fake's limits, so a test meets ЕИС's answers,
 * not the limiter.
 */
export async function startEisWorld(
  opts: {
    timeoutMs?: number;
    server?: Partial<Config>;
    /** The service's own settings over these (the fair-share tests: no shared token, a small budget). */
    integration?: Partial<IntegrationOptions>;
    /** ЕИС's limit of a token (requests in any sliding «minute» of minuteMs). */
    limit?: { perMinute: number; minuteMs: number };
  } = {},
): Promise<EisWorld> {
  const eis = await startFakeEis();
  if (opts.limit) eis.limitSoi(opts.limit.perMinute, opts.limit.minuteMs);
  const { app: integration, url } = await startIntegrationService(eis.url, {
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    ...opts.integration,
  });
  const t = await startTestServer({ INTEGRATION_API_URL: url, ...opts.server });
  return {
    t,
    eis,
    integration,
    async close() {
      await t.close();
      await integration.close();
      await eis.close();
    },
  };
}

/** A specialist of the service provider without a grant for any customer: what isolation must refuse. */
export async function outsider(t: TestServer, login: string): Promise<string> {
  const admin = await t.login('admin');
  const provider = (await t.api<{ company_id: number }>('GET', '/api/profile', { token: admin })).body.company_id;
  const r = await t.api('POST', '/api/users', {
    token: admin,
    body: { title: 'Специалист Без Доступа', login, role: 'specialist', company_id: provider, password: 'demo12345' },
  });
  if (r.status !== 200) throw new Error(`outsider: ${JSON.stringify(r.body)}`);
  return t.login(login);
}

/** Starts a period import at `path` as `token` and waits for its socket event; fails the test unless it succeeded. */
export async function importPeriod(
  t: TestServer,
  token: string,
  path: string,
  event: string,
  body: { date_from: string; date_to: string },
): Promise<Record<string, unknown>> {
  // the event is the caller's: listened to without the contract's types
  const s = (await t.socket('auth', token)) as unknown as Socket;
  // listening before the request: a short import may answer before the request's own reply is read
  const seen: Record<string, unknown>[] = [];
  let key: string | undefined;
  let check = () => {};
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<Record<string, unknown>>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${event} within 200 s`)), 200_000);
    check = () => {
      const hit = key === undefined ? undefined : seen.find((e) => e.key === key);
      if (!hit) return;
      clearTimeout(timer);
      resolve(hit);
    };
    s.on(event, (e: Record<string, unknown>) => {
      seen.push(e);
      check();
    });
  });
  try {
    const r = await t.api<{ key: string }>('POST', path, { token, body });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    key = r.body.key;
    check();
    const ev = await done;
    expect(ev, JSON.stringify(ev)).toMatchObject({ key, result: 'success' });
    return ev;
  } finally {
    clearTimeout(timer);
    s.disconnect();
  }
}

const YEAR = { date_from: '2024-01-01', date_to: '2024-12-31' };
const DAY = { date_from: '2024-03-11', date_to: '2024-03-11' };

/** A customer company of the fair-share tests and benches: its client's session and its own ЕИС token. */
export interface EisTenant {
  name: string;
  token: string;
}
let tenantSeq = 0;
/** A customer company with its client and its own ЕИС token (region 01, where the fake's documents are). */
export async function eisTenant(t: TestServer, admin: string, name: string): Promise<EisTenant> {
  const n = ++tenantSeq * 1000 + crypto.randomInt(1000);
  const company = await t.api<{ id: number }>('POST', '/api/companies', {
    token: admin,
    body: { title: `ООО «Арендатор ${name}»`, inn: innFrom9(String(770300000 + n)) },
  });
  expect(company.status, JSON.stringify(company.body)).toBe(200);
  const login = `fair-${name.toLowerCase()}-${n}`;
  const user = await t.api('POST', '/api/users', {
    token: admin,
    body: { title: `Клиент ${name}`, login, role: 'client', company_id: company.body.id, password: 'demo12345' },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(200);
  const token = await t.login(login);
  const url = `/api/companies/${company.body.id}/eis_settings`;
  const before = await t.api<{ inn: string }>('GET', url, { token });
  const saved = await t.api('PUT', url, { token, body: { inn: before.body.inn, token: `person-token-${name}-${n}`, region_code: '01' } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { name, token };
}

/** Starts a year's contracts import: its key, and when its first day is stored (it has had a worker). */
export async function startYearImport(t: TestServer, who: EisTenant): Promise<{ key: string; firstDay: Promise<void> }> {
  const s = await t.socket('auth', who.token);
  const firstDay = new Promise<void>((resolve) => s.on(EVENTS.eisImportProgress, () => resolve())).finally(() => s.disconnect());
  const r = await t.call(routes.eis.postContractsImport, { token: who.token, body: YEAR });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  return { key: r.body.key, firstDay };
}

/** Resolves once `n` of the promises have. */
export const someOf = (n: number, all: Promise<unknown>[]) =>
  new Promise<void>((resolve) => {
    let left = n;
    if (left <= 0) resolve();
    for (const p of all) void p.then(() => --left === 0 && resolve());
  });

/** A contracts import of a period (one day by default) from the request to its success notice, in ms. */
export async function oneDayImport(t: TestServer, who: EisTenant, period = DAY): Promise<number> {
  const s = await t.socket('auth', who.token);
  try {
    const started = performance.now();
    let key: string | undefined;
    const seen: { key?: string | number; result?: string }[] = [];
    const done = new Promise<{ result?: string }>((resolve) => {
      const look = () => {
        const hit = seen.find((e) => e.key === key);
        if (key && hit) resolve(hit);
      };
      s.on(EVENTS.notificationEisContractsResponse, (e) => (seen.push(e), look()));
      void (async () => {
        const r = await t.call(routes.eis.postContractsImport, { token: who.token, body: period });
        expect(r.status, JSON.stringify(r.body)).toBe(202);
        key = r.body.key;
        look();
      })();
    });
    expect((await done).result).toBe('success');
    return performance.now() - started;
  } finally {
    s.disconnect();
  }
}
