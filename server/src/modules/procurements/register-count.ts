import { sql, type SQL } from 'drizzle-orm';
import type { RegisterQuery } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { procurements } from '../../db/schema';
import { KeptValues } from '../../platform/kept-values';
import { preparedStatements } from '../../db/prepared';
import type { Tx } from '../../db/client';
import { asPlaceholder, planPerWord, registerWhere, type BoundFilters } from './register-where';

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

export async function registerCount(ctx: Ctx, q: RegisterQuery, filters: BoundFilters, cap: number): Promise<RegisterCount> {
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
