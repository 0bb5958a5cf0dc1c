/** The ЕИС set-up the 44-ФЗ import tests share (not a test file itself): fake ЕИС, integration service, server. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { startTestServer, TEST_INTEGRATION_SECRET, type TestServer } from './harness';
import { startFakeEis, type FakeEis } from '../../tools/fake-eis/server';
import { buildIntegrationApp } from '../src/eis-service/build-integration-app';
import type { Config } from '../src/config';

export interface EisWorld {
  t: TestServer;
  eis: FakeEis;
  integration: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A real server whose imports go through a real integration service to the fake ЕИС, with the service's shared token
 * (a company without its own falls back to it) and a budget far above the fake's limits, so a test meets ЕИС's answers,
 * not the limiter.
 */
export async function startEisWorld(opts: { timeoutMs?: number; server?: Partial<Config> } = {}): Promise<EisWorld> {
  const eis = await startFakeEis();
  const integration = await buildIntegrationApp({
    eisUrl: eis.url,
    token: 'test-individual-token',
    tokenFallback: true,
    secret: TEST_INTEGRATION_SECRET,
    archiveRetryMs: 50,
    // a loaded machine answers slower than ЕИС's own limits
    timeoutMs: opts.timeoutMs ?? 15_000,
    logLevel: 'silent',
    requestsPerMinute: 100_000,
  });
  await integration.listen({ port: 0, host: '127.0.0.1' });
  const port = (integration.server.address() as { port: number }).port;
  const t = await startTestServer({ INTEGRATION_API_URL: `http://127.0.0.1:${port}`, ...opts.server });
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
  const s = await t.socket('auth', token);
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
