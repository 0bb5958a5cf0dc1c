import { sql, type SQL } from 'drizzle-orm';
import type { RegisterQuery } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { procurements } from '../../db/schema';
import { KeptValues } from '../../platform/kept-values';
import { preparedStatements } from '../../db/prepared';
import type { Tx } from '../../db/client';
import { asPlaceholder, planPerWord, registerWhere, type BoundFilters } from './register-where';
import { procurementsByStatus } from './status-counts';

/** What the register says of a filter's size: exact below the cap; past it the cap, and the planner's estimate. */
export interface RegisterCount {
  total: number;
  capped: boolean;
  /** Past the cap: PostgreSQL's estimate of the matching rows (shown as «≈ 12 300»), null when it has none. */
  estimate: number | null;
}

/**
 * Counts that reached the cap, per company and filter. A capped count reads cap + 1 rows; under load on a big register
 * that read was most of every page's cost. A count below the cap is not kept: it is cheap and must be exact (a new
 * procurement shows at once), while a capped total only says «more than 10 000» and its estimate is approximate by
 * nature.
 */
const counts = new KeptValues(2_000, 30_000);

export const keyOf = (companyId: number, q: RegisterQuery) => {
  const { page: _page, limit: _limit, sort: _sort, order: _order, ...filter } = q;
  return `${companyId}|${JSON.stringify(filter, Object.keys(filter).sort())}`;
};

/** The planner's row estimate for the filter: no rows read. */
async function plannerEstimate(ctx: Ctx, where: SQL): Promise<number | null> {
  const q = ctx.deps.db
    .select({ one: sql`1` })
    .from(procurements)
    .where(where)
    .toSQL();
  try {
    const r = await ctx.deps.database.sql.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${q.sql}`, q.params);
    const raw = r.rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
    const rows = plan?.[0]?.Plan?.['Plan Rows'];
    return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : null;
  } catch {
    return null;
  }
}

/** The count statements, one per shape of the filters: a count below the cap runs with every page. */
const countStatements = preparedStatements('register_count', (db: Tx, name, q: RegisterQuery) => {
  const probe = db
    .select({ one: sql`1` })
    .from(procurements)
    .where(registerWhere(0, q, asPlaceholder))
    .limit(sql.placeholder('cap'))
    .as('probe');
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(probe)
    .prepare(planPerWord(q, name));
});

/** Matching rows counted up to the cap + 1: the scan stops there, whatever the register's size. */
async function cappedCount(ctx: Ctx, q: RegisterQuery, filters: BoundFilters, cap: number): Promise<{ total: number; capped: boolean }> {
  const statement = countStatements(ctx.deps.db, filters.shape, q);
  const [{ n }] = await statement.execute({ ...filters.values, cap: cap + 1 });
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * The register filtered by nothing but statuses (its opening page, most pages in the soak): the count is the sum of the
 * status counts that triggers keep (status-counts.ts), exact and in the same transaction as every change, read from a
 * few rows whatever the register's size. Counting rows instead read up to the cap: on a register growing to 10 000
 * that was most of each page's database work, and the soak's throughput fell by half until the count reached the cap
 * and was kept (issue 45). Null when another filter is set.
 */
async function countByStatus(ctx: Ctx, q: RegisterQuery, cap: number): Promise<RegisterCount | null> {
  const { page: _page, limit: _limit, sort: _sort, order: _order, status, ...rest } = q;
  if (Object.values(rest).some((v) => v !== undefined)) return null;
  const byStatus = await procurementsByStatus(ctx.deps.db, ctx.companyId);
  const n = (status?.length ? [...new Set(status)] : Object.keys(byStatus)).reduce((sum, s) => sum + (byStatus[s] ?? 0), 0);
  // past the cap as a counted one is: the cap with the (here exact) figure as the estimate
  return n > cap ? { total: cap, capped: true, estimate: n } : { total: n, capped: false, estimate: null };
}

export async function registerCount(ctx: Ctx, q: RegisterQuery, filters: BoundFilters, cap: number): Promise<RegisterCount> {
  const byStatus = await countByStatus(ctx, q, cap);
  if (byStatus) return byStatus;
  return counts.remember(
    keyOf(ctx.companyId, q),
    async () => {
      const counted = await cappedCount(ctx, q, filters, cap);
      if (!counted.capped) return { ...counted, estimate: null };
      const estimate = await plannerEstimate(ctx, registerWhere(ctx.companyId, q));
      return { ...counted, estimate: estimate !== null && estimate > cap ? estimate : null };
    },
    (c) => c.capped,
  );
}
