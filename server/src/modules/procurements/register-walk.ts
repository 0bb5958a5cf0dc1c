import { and, sql, type SQL } from 'drizzle-orm';
import type { RegisterQuery } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { procurements } from '../../db/schema';
import { keyOf } from './register-count';
import { KeptValues } from '../../platform/kept-values';
import { REGISTER_SORT_KEYS, afterAnchor, registerOrder, type RegisterAnchor } from './register-order';

/** Rows between two anchors: a page past the first is read after an anchor, walking fewer rows than this. */
export const WALK_STEP = 1_000;

/** A filter's rows in one order: how many, and the place of every WALK_STEP-th row. */
export interface RegisterWalk {
  total: number;
  /** anchors[i] is the row at position (i + 1) × WALK_STEP − 1 (counting from 0). */
  anchors: RegisterAnchor[];
}

/** A walk of a million rows holds ~1,000 anchors (~80 KB): fewer of them are kept than of counts. */
const walks = new KeptValues(200, 30_000);

const walkKey = (ctx: Ctx, q: RegisterQuery) => `${keyOf(ctx.companyId, q)}|walk|${q.sort}|${q.order}`;

/** The walk of this filter and order if one was made in the last 30 s. */
export const keptWalk = (ctx: Ctx, q: RegisterQuery): RegisterWalk | undefined => walks.get<RegisterWalk>(walkKey(ctx, q));

/**
 * One pass over the filter's rows in the page's order, keeping every WALK_STEP-th row's key, then a count of the rows
 * after the last one: the exact total and the anchors deep pages are sought from, kept 30 s per company, filter and
 * order. Rows added or removed meanwhile only move page boundaries by as many rows — as offset paging would.
 */
export function registerWalk(ctx: Ctx, q: RegisterQuery, where: SQL): Promise<RegisterWalk> {
  return walks.remember(walkKey(ctx, q), async () => {
    const db = ctx.deps.db;
    const numbered = db
      .select({
        k: sql`${REGISTER_SORT_KEYS[q.sort].key}`.as('k'),
        id: procurements.id,
        rn: sql<number>`row_number() OVER (ORDER BY ${sql.join(registerOrder(q), sql`, `)})`.as('rn'),
      })
      .from(procurements)
      .where(where)
      .as('numbered');
    const anchors = await db
      .select({ key: sql<string>`${numbered.k}::text`, id: numbered.id })
      .from(numbered)
      .where(sql`${numbered.rn} % ${WALK_STEP} = 0`)
      .orderBy(numbered.rn);
    const last = anchors.at(-1);
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(procurements)
      .where(last ? and(where, afterAnchor(q, last)) : where);
    return { total: anchors.length * WALK_STEP + n, anchors };
  });
}
