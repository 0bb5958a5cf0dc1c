/**
 * Fair share of the ЕИС import workers under many tenants: companies flood the import queue with
 * year-long imports, each on its own token whose request budget makes them wait; company A's one-day import must not
 * wait behind them. A real server and pg-boss, a real integration service, the fake ЕИС with its sliding limit.
 * Small figures keep it short: «a minute» of 2 s, 4 requests in it per token (ЕИС's 90 a minute, scaled), and a job
 * gives its worker back when its next request is more than 100 ms away (EIS_BUDGET_WAIT_MS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness';
import { eisTenant, oneDayImport, someOf, startEisWorld, startYearImport, type EisTenant, type EisWorld } from '../../../test/eis-world';
import type { FakeEis } from '../../../../tools/fake-eis/server';

const MINUTE_MS = 2_000;
const PER_MINUTE = 4;

let world: EisWorld;
let eis: FakeEis;
let t: TestServer;
let admin: string;

beforeAll(async () => {
  world = await startEisWorld({
    limit: { perMinute: PER_MINUTE, minuteMs: MINUTE_MS },
    integration: { token: undefined, tokenFallback: false, requestsPerMinute: PER_MINUTE, minuteMs: MINUTE_MS },
    server: { EIS_BUDGET_WAIT_MS: 100 },
  });
  ({ eis, t } = world);
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => world?.close());

const statusOf = async (who: EisTenant) =>
  (await t.api<{ current: { status: string; days_done: number } }>('GET', '/api/eis/imports/status?kind=contracts', { token: who.token }))
    .body.current;

async function floodAndMeasure(flooders: number): Promise<{ alone: number; underFlood: number }> {
  const a = await eisTenant(t, admin, `A${flooders}`);
  const others = await Promise.all(Array.from({ length: flooders }, (_, i) => eisTenant(t, admin, `F${flooders}x${i}`)));
  // twice alone: the first loads what a first import loads
  await oneDayImport(t, a);
  const alone = await oneDayImport(t, a);
  const floods = await Promise.all(others.map((o) => startYearImport(t, o)));
  const keys = floods.map((f) => f.key);
  // both import workers busy with the flood (more flooders than workers wait in the queue)
  await someOf(
    Math.min(2, flooders),
    floods.map((f) => f.firstDay),
  );
  try {
    const underFlood = await oneDayImport(t, a);
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
    const who = await eisTenant(t, admin, 'Check');
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
