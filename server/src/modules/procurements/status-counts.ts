import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { procurementStatusDeltas } from '../../db/schema';

export const FOLD_STATUS_DELTAS_JOB = 'procurements.fold-status-deltas';
/** Every minute: a company creating a procurement a second leaves ~60 rows per status to sum between folds. */
export const FOLD_STATUS_DELTAS_CRON = '* * * * *';

const byStatus = preparedStatements('procurements_by_status', (db: Tx, name) => {
  const d = procurementStatusDeltas;
  return db
    .select({ status: d.status, n: sql<number>`sum(${d.n})::int` })
    .from(d)
    .where(eq(d.companyId, sql.placeholder('companyId')))
    .groupBy(d.status)
    .having(sql`sum(${d.n}) <> 0`)
    .prepare(name);
});

/** The company's procurements per status (statuses with none are absent): the sum of the deltas the triggers append. */
export async function procurementsByStatus(db: Db, companyId: number): Promise<Record<string, number>> {
  const rows = await byStatus(db, '').execute({ companyId });
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Replaces each company's deltas by one row per status, for the companies that have more. One statement, so a reader
 * sees the rows before or after, never half. Two folds at once do not double a count: the second one's DELETE skips
 * the rows the first deleted, and it does not see the first one's sums, which committed after it started.
 */
export async function foldStatusDeltas(db: Tx): Promise<number> {
  const result = (await db.execute(sql`
    WITH busy AS (
      SELECT company_id FROM procurement_status_deltas GROUP BY company_id HAVING count(*) > count(DISTINCT status)
    ), gone AS (
      DELETE FROM procurement_status_deltas d USING busy WHERE d.company_id = busy.company_id
      RETURNING d.company_id, d.status, d.n
    ), kept AS (
      INSERT INTO procurement_status_deltas (company_id, status, n)
      SELECT company_id, status, sum(n) FROM gone GROUP BY company_id, status HAVING sum(n) <> 0
    )
    SELECT count(*)::int AS folded FROM gone`)) as unknown as { rows: { folded: number }[] };
  return result.rows[0].folded;
}
