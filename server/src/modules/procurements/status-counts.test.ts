import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DashboardResponse, Paged, RegisterItem } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { procurementStatusDeltas, procurements } from '../../db/schema';
import { as, world, type World } from '../../../test/factories';
import { FOLD_STATUS_DELTAS_JOB, foldStatusDeltas, procurementsByStatus } from './status-counts';

let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
});
afterAll(async () => t?.close());

const db = () => t.server.deps.db;

/** The count the deltas replace: every procurement of the company, grouped. */
async function counted(companyId: number): Promise<Record<string, number>> {
  const rows = await db()
    .select({ status: procurements.status, n: sql<number>`count(*)::int` })
    .from(procurements)
    .where(eq(procurements.companyId, companyId))
    .groupBy(procurements.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const deltaRows = async (companyId: number) => db().$count(procurementStatusDeltas, eq(procurementStatusDeltas.companyId, companyId));

/** n bare procurements of a company in one INSERT (the statement trigger sees them all at once). */
async function insertMany(companyId: number, n: number, status: string, tag: string) {
  await db()
    .insert(procurements)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId,
        number: `${tag}-${i}`,
        title: `Закупка ${tag} ${i}`,
        method: 'quotation_e',
        subject: 'goods',
        nmcd: '1000.00',
        status,
      })),
    );
}

describe('procurements by status, kept as deltas', () => {
  it('equal the count for the demo customer and for the dashboard', async () => {
    const demo = await counted(w.demoId);
    expect(Object.keys(demo).length).toBeGreaterThan(3);
    expect(await procurementsByStatus(db(), w.demoId)).toEqual(demo);
    const d = await t.api<DashboardResponse>('GET', '/api/dashboard', { token: w.specialist, headers: as(w.demoId) });
    expect(d.status).toBe(200);
    expect(d.body.plan.procurements_by_status).toEqual(demo);
  });

  it('follow a transition made through the API', async () => {
    const before = await procurementsByStatus(db(), w.demoId);
    const drafts = await t.api<Paged<RegisterItem>>('GET', '/api/procurements?status=draft&limit=1', { token: w.client });
    const id = drafts.body.items[0].id;
    const r = await t.api('POST', `/api/procurements/${id}/transition`, {
      token: w.client,
      body: { to: 'cancelled', comment: 'Потребность отпала' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await procurementsByStatus(db(), w.demoId);
    expect(after.draft).toBe(before.draft - 1);
    expect(after.cancelled).toBe((before.cancelled ?? 0) + 1);
    expect(after).toEqual(await counted(w.demoId));
  });

  it('follow bulk inserts, updates and deletes, and a status left alone writes nothing', async () => {
    await insertMany(w.otherId, 300, 'draft', 'bulk');
    expect(await deltaRows(w.otherId)).toBeLessThanOrEqual(2); // one per statement and status, not one per row
    await db().execute(
      sql`UPDATE procurements SET status = 'published' WHERE company_id = ${w.otherId} AND number LIKE 'bulk-%' AND split_part(number, '-', 2)::int < 100`,
    );
    await db().execute(
      sql`DELETE FROM procurements WHERE company_id = ${w.otherId} AND number LIKE 'bulk-%' AND split_part(number, '-', 2)::int >= 250`,
    );
    expect(await procurementsByStatus(db(), w.otherId)).toEqual(await counted(w.otherId));
    expect((await procurementsByStatus(db(), w.otherId)).published).toBe(100);
    const rows = await deltaRows(w.otherId);
    await db().execute(sql`UPDATE procurements SET title = title || '.', status = status WHERE company_id = ${w.otherId}`);
    expect(await deltaRows(w.otherId)).toBe(rows);
  });

  it('keep their sums when folded, also while rows change and another fold runs', async () => {
    const before = await counted(w.otherId);
    const folded = await foldStatusDeltas(db());
    expect(folded).toBeGreaterThan(0);
    expect(await deltaRows(w.otherId)).toBe(Object.keys(before).length);
    expect(await procurementsByStatus(db(), w.otherId)).toEqual(before);
    expect(await foldStatusDeltas(db())).toBe(0); // nothing left to fold

    await Promise.all([
      insertMany(w.otherId, 40, 'draft', 'race-a'),
      foldStatusDeltas(db()),
      insertMany(w.otherId, 40, 'accepting', 'race-b'),
      foldStatusDeltas(db()),
      db().execute(sql`UPDATE procurements SET status = 'cancelled' WHERE company_id = ${w.otherId} AND number LIKE 'bulk-1%'`),
      foldStatusDeltas(db()),
    ]);
    await foldStatusDeltas(db());
    expect(await procurementsByStatus(db(), w.otherId)).toEqual(await counted(w.otherId));
    expect(await procurementsByStatus(db(), w.demoId)).toEqual(await counted(w.demoId));
  });

  it('are folded every minute by a scheduled job', async () => {
    const schedule = await t.server.deps.database.sql.query<{ cron: string }>(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [
      FOLD_STATUS_DELTAS_JOB,
    ]);
    expect(schedule.rows).toEqual([{ cron: '* * * * *' }]);
  });
});
