/**
 * Fair share of the ЕИС import workers under many tenants (issue 40 S7): companies flood the import queue with
 * year-long imports, each on its own token whose request budget makes them wait; company A's one-day import must not
 * wait behind them. A real server and pg-boss, a real integration service, the fake ЕИС with its sliding limit.
 * Small figures keep it short: «a minute» of 2 s, 4 requests in it per token (ЕИС's 90 a minute, scaled), and a job
 * gives its worker back when its next request is more than 100 ms away (EIS_BUDGET_WAIT_MS).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '@proc/contract';
import { startTestServer, TEST_INTEGRATION_SECRET, type TestServer } from '../../../test/harness';
import { innFrom9 } from '../../../test/factories';
import { startFakeEis, type FakeEis } from '../../../../tools/fake-eis/server';
import { buildIntegrationApp } from '../../eis-service/build-integration-app';

const MINUTE_MS = 2_000;
const PER_MINUTE = 4;
const YEAR = { date_from: '2024-01-01', date_to: '2024-12-31' };
const DAY = { date_from: '2024-03-11', date_to: '2024-03-11' };

let eis: FakeEis;
let integration: FastifyInstance;
let t: TestServer;
let admin: string;

beforeAll(async () => {
  eis = await startFakeEis();
  eis.limitSoi(PER_MINUTE, MINUTE_MS);
  integration = await buildIntegrationApp({
    eisUrl: eis.url,
    secret: TEST_INTEGRATION_SECRET,
    archiveRetryMs: 50,
    timeoutMs: 15_000,
    logLevel: 'silent',
    requestsPerMinute: PER_MINUTE,
    minuteMs: MINUTE_MS,
  });
  await integration.listen({ port: 0, host: '127.0.0.1' });
  const port = (integration.server.address() as { port: number }).port;
  t = await startTestServer({ INTEGRATION_API_URL: `http://127.0.0.1:${port}`, EIS_BUDGET_WAIT_MS: 100 });
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await integration?.close();
  await eis?.close();
});

interface Tenant {
  name: string;
  token: string;
}
let seq = 0;
/** A customer company with its client and its own ЕИС token (region 01, where the fake's documents are). */
async function tenant(name: string): Promise<Tenant> {
  const n = ++seq;
  const company = await t.api<{ id: number }>('POST', '/api/companies', {
    token: admin,
    body: { title: `ООО «Арендатор ${name}»`, inn: innFrom9(String(770300000 + n * 7)) },
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

/** Starts a contracts import and resolves with its key once its first day is stored (the import is under way). */
async function startFlood(who: Tenant): Promise<string> {
  const s = await t.socket('auth', who.token);
  try {
    const first = new Promise<void>((resolve) => s.on(EVENTS.eisImportProgress, () => resolve()));
    const r = await t.api<{ key: string }>('POST', '/api/eis/contracts/import', { token: who.token, body: YEAR });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await first;
    return r.body.key;
  } finally {
    s.disconnect();
  }
}

/** A's one-day import from the request to its success notice, in ms. */
async function oneDay(who: Tenant): Promise<number> {
  const s = await t.socket('auth', who.token);
  try {
    const started = performance.now();
    let key: string | undefined;
    const seen: { key?: string; result?: string }[] = [];
    const done = new Promise<{ result?: string }>((resolve) => {
      const look = () => {
        const hit = seen.find((e) => e.key === key);
        if (key && hit) resolve(hit);
      };
      s.on(EVENTS.notificationEisContractsResponse, (e: { key?: string }) => (seen.push(e), look()));
      void (async () => {
        const r = await t.api<{ key: string }>('POST', '/api/eis/contracts/import', { token: who.token, body: DAY });
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

const statusOf = async (who: Tenant) =>
  (await t.api<{ current: { status: string; days_done: number } }>('GET', '/api/eis/imports/status?kind=contracts', { token: who.token }))
    .body.current;

async function floodAndMeasure(flooders: number): Promise<{ alone: number; underFlood: number }> {
  const a = await tenant(`A${flooders}`);
  const others = await Promise.all(Array.from({ length: flooders }, (_, i) => tenant(`F${flooders}x${i}`)));
  // twice alone: the first loads what a first import loads
  await oneDay(a);
  const alone = await oneDay(a);
  const keys = await Promise.all(others.map(startFlood));
  try {
    const underFlood = await oneDay(a);
    // the flooders' years are far from done: A did not wait behind them (a year at 4 requests a 2-s «minute» is 3 minutes)
    for (const o of others) {
      const st = await statusOf(o);
      expect(st.status).toBe('running');
      expect(st.days_done).toBeLessThan(365);
    }
    // every token stayed within its budget: ЕИС refused nothing
    expect(eis.soi.requests.filter((r) => r.limited)).toEqual([]);
    console.log(`${flooders} flooding tenants: A's one-day import ${underFlood.toFixed(0)} ms (alone ${alone.toFixed(0)} ms)`);
    return { alone, underFlood };
  } finally {
    for (const [i, o] of others.entries()) await t.api('POST', `/api/eis/imports/${keys[i]}/cancel`, { token: o.token });
  }
}

describe('ЕИС imports under flooding tenants', () => {
  it('two tenants’ year-long imports: A’s one-day import finishes within about one job’s time', async () => {
    const { alone, underFlood } = await floodAndMeasure(2);
    // one job's time: a flooder's run between its budget's slots is one request and a store
    expect(underFlood).toBeLessThan(alone + 3_000);
  }, 120_000);

  it('five tenants’ year-long imports: the same', async () => {
    const { alone, underFlood } = await floodAndMeasure(5);
    expect(underFlood).toBeLessThan(alone + 3_000);
  }, 120_000);
});

describe('«Проверить подключение» at the token’s limit', () => {
  it('answers at once «лимит запросов ЕИС, повторите через N с», on ЕИС’s code 13 and while the token must wait', async () => {
    const who = await tenant('Check');
    const companyId = (await t.api<{ company_id: number }>('GET', '/api/profile', { token: who.token })).body.company_id;
    const check = async () => {
      const started = performance.now();
      const r = await t.api<{ ok: boolean; message: string }>('POST', `/api/companies/${companyId}/eis_settings/check`, {
        token: who.token,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { ...r.body, ms: performance.now() - started };
    };
    const asked = () => eis.soi.requests.filter((r) => r.token?.startsWith('person-token-Check')).length;
    // ЕИС refuses the token (another program spends its minute): one request, and the answer without waiting for a
    // minute to pass; asked again, the token's pace (slowed by the 13) says when — at once again, nothing waited out
    eis.limitSoi(0, MINUTE_MS);
    try {
      for (const n of [1, 2]) {
        const r = await check();
        expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/^лимит запросов ЕИС, повторите через [1-9]\d* с$/) });
        expect(r.ms).toBeLessThan(MINUTE_MS);
        expect(asked()).toBeLessThanOrEqual(n);
      }
    } finally {
      eis.limitSoi(PER_MINUTE, MINUTE_MS);
    }
  }, 60_000);
});
