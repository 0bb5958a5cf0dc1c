import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { world, type World } from '../../../test/factories';

/*
 * A company's queued reports are capped, and the cap is the company's own: with no worker running (the jobs wait),
 * company B fills its share and is refused in Russian, nothing half-written; company A's report is still taken.
 * The order in which a worker then takes them is tested on the queue itself (platform/fair-jobs.test.ts).
 */
let t: TestServer;
let w: World;
beforeAll(async () => {
  t = await startTestServer({ JOBS_ENABLED: false });
  w = await world(t);
}, 120_000);
afterAll(async () => t?.close());

describe('fair share of the report queue', () => {
  it('refuses a company’s 21st waiting report with 429 and stores no report row; another company’s report goes in', async () => {
    const reports = async () =>
      ((await t.server.deps.database.sql.query(`SELECT count(*)::int AS n FROM reports`)) as { rows: { n: number }[] }).rows[0].n;
    for (let i = 0; i < 20; i++) {
      const r = await t.api('POST', '/api/reports/monthly', { token: w.otherClient, body: { year: 2025, month: 1 } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const before = await reports();
    const refused = await t.api<{ message: string }>('POST', '/api/reports/monthly', {
      token: w.otherClient,
      body: { year: 2025, month: 2 },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('У организации уже 20 задач в очереди: дождитесь, пока они выполнятся');
    expect(await reports()).toBe(before);
    const other = await t.api('POST', '/api/reports/monthly', { token: w.client, body: { year: 2025, month: 1 } });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});
