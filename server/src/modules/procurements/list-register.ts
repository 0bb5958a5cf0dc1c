import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { PROCUREMENT_STATUS_TITLES, REGISTER_COUNT_CAP, REGISTER_TEXT_COUNT_CAP, type RegisterPage, type RegisterQuery } from '@proc/contract';
import { registerCount } from './register-count';
import { afterAnchor, registerOrder, type RegisterAnchor } from './register-order';
import { WALK_STEP, keptWalk, registerWalk } from './register-walk';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { procurementOkpd2, procurements } from '../../db/schema';
import { outerColumn } from '../../db/outer-column';

export type RegisterFilters = Omit<RegisterQuery, 'page' | 'limit'>;

const p = procurements;

/** Start of a Moscow calendar day as a timestamp: keeps created_at comparisons sargable. */
const moscowDayStart = (date: string) => sql`((${date}::date)::timestamp AT TIME ZONE 'Europe/Moscow')`;

/** The WHERE of the register; the count and the export use exactly the same conditions. */
export function registerWhere(companyId: number, q: RegisterFilters): SQL {
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


/** ОКПД2 codes of the row in their order, read with the page itself (an index lookup per row of the page). */
const codesOfRow = sql<string[]>`ARRAY(SELECT ${procurementOkpd2.code} FROM ${procurementOkpd2} WHERE ${procurementOkpd2.procurementId} = ${outerColumn(procurements.id)} ORDER BY ${procurementOkpd2.position})`;

/** A status's title as a constant CASE: the titles are the contract's own text, not input. */
const statusTitle = sql.raw(
  `CASE "status" ${Object.entries(PROCUREMENT_STATUS_TITLES).map(([k, v]) => `WHEN '${k}' THEN '${v.replace(/'/g, "''")}'`).join(' ')} END`,
);

/**
 * The columns of a RegisterItem, named as its fields, for the database to render the page as JSON: the page leaves
 * PostgreSQL as one text value and goes into the response as it is. Read as rows, its ~700 values cost the server
 * more than the database spends finding them — parsing each value, mapping it, checking and serialising the page
 * again (issue 16). The values are as the API has always given them: numeric and dates as their text, the time as
 * toISOString writes it.
 */
const itemColumns = {
  id: p.id, number: p.number, title: p.title, method: p.method, subject: p.subject,
  nmcd: sql`${p.nmcd}::text`.as('nmcd'), currency: p.currency, status: p.status, status_title: statusTitle.as('status_title'),
  published_on: p.publishedOn, application_deadline: p.applicationDeadline, okpd2_codes: codesOfRow.as('okpd2_codes'),
  sme_only: p.smeOnly, has_violations: p.hasViolations,
  created_at: sql`to_char(${p.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
};

/**
 * One page's items as a JSON array, in one statement. The rows skipped are walked for their ids alone, and only
 * the page's rows are rendered: PostgreSQL computes a row's select list, subqueries included, for every row an index
 * scan passes on to OFFSET. A page within the first REGISTER_COUNT_CAP rows is read by offset; a deeper one — or any
 * past the first WALK_STEP rows once the order was walked — is sought after the nearest anchor of the walk
 * (register-walk.ts), so no page skips more than WALK_STEP rows.
 */
async function pageItemsJson(ctx: Ctx, where: SQL, q: RegisterQuery, counted: { total: number; capped: boolean }): Promise<string> {
  const db = ctx.deps.db;
  const offset = (q.page - 1) * q.limit;
  const by = registerOrder(q);
  const read = async (skip: number, after?: RegisterAnchor): Promise<string> => {
    const ids = db.select({ id: procurements.id }).from(procurements).where(after ? and(where, afterAnchor(q, after)) : where).orderBy(...by).limit(q.limit).offset(skip);
    // ARRAY(…) is computed once, before the rows are read: as `IN (…)` a planner that expects few rows of the company
    // (statistics older than the rows) joins it in a nested loop that runs the page's walk again for every row
    const page = sql`${procurements.id} = ANY(ARRAY(${ids}))`;
    // a composite row costs PostgreSQL less to render than json_build_object; json_agg takes the rows in the order of
    // the sorted subquery, as PostgreSQL documents for an aggregate over one with no join around it
    const rows = db.select(itemColumns).from(procurements).where(and(eq(procurements.companyId, ctx.companyId), page)).orderBy(...by).as('t');
    const [{ items }] = await db.select({ items: sql<string>`coalesce(json_agg(${sql.identifier('t')}), '[]')::text` }).from(rows);
    return items;
  };
  if (!counted.capped && offset >= counted.total) return '[]';
  const walk = offset < WALK_STEP ? undefined : (keptWalk(ctx, q) ?? (offset < REGISTER_COUNT_CAP ? undefined : await registerWalk(ctx, q, where)));
  if (!walk) return read(offset);
  if (offset >= walk.total) return '[]';
  const a = Math.floor(offset / WALK_STEP);
  return read(offset - a * WALK_STEP, walk.anchors[a - 1]);
}

/** A register page with its items as the JSON text the database rendered (pageItemsJson). */
export interface RenderedRegisterPage extends Omit<RegisterPage, 'items'> {
  itemsJson: string;
}

/** The page as the response's JSON, its items spliced in as they came from the database. */
export function registerPageText({ itemsJson, ...rest }: RenderedRegisterPage): string {
  return `${JSON.stringify(rest).slice(0, -1)},"items":${itemsJson}}`;
}

/** Реестр закупок: one page with the total under the same filters; a capped total is kept 30 s (register-count.ts). */
export async function listRegister(ctx: Ctx, q: RegisterQuery): Promise<RenderedRegisterPage> {
  const where = registerWhere(ctx.companyId, q);
  const counted = await registerCount(ctx, q, where, q.q ? REGISTER_TEXT_COUNT_CAP : REGISTER_COUNT_CAP);
  const itemsJson = await pageItemsJson(ctx, where, q, counted);
  return { total: counted.total, total_capped: counted.capped, total_estimate: counted.estimate, page: q.page, limit: q.limit, itemsJson };
}
