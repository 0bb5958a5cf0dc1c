import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { PROCUREMENT_STATUS_TITLES, REGISTER_COUNT_CAP, REGISTER_TEXT_COUNT_CAP, type ProcurementStatus, type RegisterItem, type RegisterPage, type RegisterQuery, type SubjectKind } from '@proc/contract';
import { registerCount } from './register-count';
import { afterAnchor, registerOrder, type RegisterAnchor } from './register-order';
import { WALK_STEP, keptWalk, registerWalk } from './register-walk';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { procurementOkpd2, procurements } from '../../db/schema';
import { outerColumn } from '../../db/outer-column';

export type RegisterFilters = Omit<RegisterQuery, 'page' | 'limit'>;

/** Start of a Moscow calendar day as a timestamp: keeps created_at comparisons sargable. */
const moscowDayStart = (date: string) => sql`((${date}::date)::timestamp AT TIME ZONE 'Europe/Moscow')`;

/** The WHERE of the register; the count and the export use exactly the same conditions. */
export function registerWhere(companyId: number, q: RegisterFilters): SQL {
  const p = procurements;
  const w: SQL[] = [eq(p.companyId, companyId)];
  if (q.status?.length) w.push(inArray(p.status, q.status));
  if (q.method?.length) w.push(inArray(p.method, q.method));
  if (q.subject) w.push(eq(p.subject, q.subject));
  if (q.published_from) w.push(gte(p.publishedOn, q.published_from));
  if (q.published_to) w.push(lte(p.publishedOn, q.published_to));
  if (q.deadline_from) w.push(gte(p.applicationDeadline, q.deadline_from));
  if (q.deadline_to) w.push(lte(p.applicationDeadline, q.deadline_to));
  if (q.created_from) w.push(sql`${p.createdAt} >= ${moscowDayStart(q.created_from)}`);
  if (q.created_to) w.push(sql`${p.createdAt} < ${moscowDayStart(q.created_to)} + interval '1 day'`);
  if (q.nmcd_min) w.push(gte(p.nmcd, q.nmcd_min));
  if (q.nmcd_max) w.push(lte(p.nmcd, q.nmcd_max));
  if (q.has_violations !== undefined) w.push(eq(p.hasViolations, q.has_violations));
  if (q.sme_only !== undefined) w.push(eq(p.smeOnly, q.sme_only));
  if (q.okpd2) {
    // the pattern holds digits and dots only (validated), so no LIKE escaping is needed
    w.push(
      inArray(
        p.id,
        sql`(SELECT ${procurementOkpd2.procurementId} FROM ${procurementOkpd2} WHERE ${procurementOkpd2.companyId} = ${companyId} AND ${procurementOkpd2.code} LIKE ${q.okpd2 + '%'})`,
      ),
    );
  }
  if (q.q) w.push(or(sql`${p.searchVector} @@ plainto_tsquery('russian'::regconfig, ${q.q}::text)`, eq(p.number, q.q))!);
  return and(...w)!;
}

export const registerColumns = {
  id: procurements.id,
  number: procurements.number,
  title: procurements.title,
  method: procurements.method,
  subject: procurements.subject,
  nmcd: procurements.nmcd,
  currency: procurements.currency,
  status: procurements.status,
  publishedOn: procurements.publishedOn,
  applicationDeadline: procurements.applicationDeadline,
  smeOnly: procurements.smeOnly,
  hasViolations: procurements.hasViolations,
  createdAt: procurements.createdAt,
};
type RegisterRow = Pick<typeof procurements.$inferSelect, keyof typeof registerColumns>;

/** ОКПД2 codes of a set of procurements in one query. */
export async function okpd2CodesOf(db: Tx, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: procurementOkpd2.procurementId, code: procurementOkpd2.code })
    .from(procurementOkpd2)
    .where(inArray(procurementOkpd2.procurementId, ids))
    .orderBy(asc(procurementOkpd2.procurementId), asc(procurementOkpd2.position));
  for (const r of rows) (out.get(r.id) ?? out.set(r.id, []).get(r.id)!).push(r.code);
  return out;
}

export const registerItem = (r: RegisterRow, codes: string[]): RegisterItem => ({
  id: r.id,
  number: r.number,
  title: r.title,
  method: r.method,
  subject: r.subject as SubjectKind,
  nmcd: r.nmcd,
  currency: r.currency,
  status: r.status as ProcurementStatus,
  status_title: PROCUREMENT_STATUS_TITLES[r.status as ProcurementStatus],
  published_on: r.publishedOn,
  application_deadline: r.applicationDeadline,
  okpd2_codes: codes,
  sme_only: r.smeOnly,
  has_violations: r.hasViolations,
  created_at: r.createdAt.toISOString(),
});

/** ОКПД2 codes of the row in their order, read with the page itself (an index lookup per row of the page). */
const codesOfRow = sql<string[]>`ARRAY(SELECT ${procurementOkpd2.code} FROM ${procurementOkpd2} WHERE ${procurementOkpd2.procurementId} = ${outerColumn(procurements.id)} ORDER BY ${procurementOkpd2.position})`;
type PageRow = RegisterRow & { codes: string[] };

/**
 * One page's rows with their ОКПД2 codes, in one statement. The rows skipped are walked for their ids alone, and only
 * the page's rows get their columns and codes: PostgreSQL computes a row's select list, subqueries included, for every
 * row an index scan passes on to OFFSET. A page within the first REGISTER_COUNT_CAP rows is read by offset; a deeper
 * one — or any past the first WALK_STEP rows once the order was walked — is sought after the nearest anchor of the
 * walk (register-walk.ts), so no page skips more than WALK_STEP rows.
 */
async function pageRows(ctx: Ctx, where: SQL, q: RegisterQuery, counted: { total: number; capped: boolean }): Promise<PageRow[]> {
  const db = ctx.deps.db;
  const offset = (q.page - 1) * q.limit;
  const by = registerOrder(q);
  const read = (skip: number, after?: RegisterAnchor): Promise<PageRow[]> => {
    const ids = db.select({ id: procurements.id }).from(procurements).where(after ? and(where, afterAnchor(q, after)) : where).orderBy(...by).limit(q.limit).offset(skip);
    // ARRAY(…) is computed once, before the rows are read: as `IN (…)` a planner that expects few rows of the company
    // (statistics older than the rows) joins it in a nested loop that runs the page's walk again for every row
    const page = sql`${procurements.id} = ANY(ARRAY(${ids}))`;
    return db.select({ ...registerColumns, codes: codesOfRow }).from(procurements).where(and(eq(procurements.companyId, ctx.companyId), page)).orderBy(...by);
  };
  if (!counted.capped && offset >= counted.total) return [];
  const walk = offset < WALK_STEP ? undefined : (keptWalk(ctx, q) ?? (offset < REGISTER_COUNT_CAP ? undefined : await registerWalk(ctx, q, where)));
  if (!walk) return read(offset);
  if (offset >= walk.total) return [];
  const a = Math.floor(offset / WALK_STEP);
  return read(offset - a * WALK_STEP, walk.anchors[a - 1]);
}

/** Реестр закупок: one page with the total under the same filters; a capped total is kept 30 s (register-count.ts). */
export async function listRegister(ctx: Ctx, q: RegisterQuery): Promise<RegisterPage> {
  const where = registerWhere(ctx.companyId, q);
  const counted = await registerCount(ctx, q, where, q.q ? REGISTER_TEXT_COUNT_CAP : REGISTER_COUNT_CAP);
  const rows = await pageRows(ctx, where, q, counted);
  return { items: rows.map((r) => registerItem(r, r.codes)), total: counted.total, total_capped: counted.capped, total_estimate: counted.estimate, page: q.page, limit: q.limit };
}
