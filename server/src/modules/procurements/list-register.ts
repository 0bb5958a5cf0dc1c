import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  PROCUREMENT_STATUS_TITLES,
  PROCUREMENT_STATUS_TITLES_44,
  REGISTER_COUNT_CAP,
  REGISTER_TEXT_COUNT_CAP,
  type RegisterPage,
  type RegisterQuery,
} from '@proc/contract';
import { registerCount } from './register-count';
import { asPlaceholder, boundFilters, planPerWord, registerWhere, type BoundFilters } from './register-where';
import { REGISTER_SORT_KEYS, afterAnchor, registerOrder, type RegisterAnchor } from './register-order';
import { WALK_STEP, keptWalk, registerWalk } from './register-walk';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { procurementOkpd2, procurements } from '../../db/schema';
import { outerColumn } from '../../db/outer-column';

const p = procurements;

export const registerColumns = {
  id: procurements.id,
  number: procurements.number,
  title: procurements.title,
  method: procurements.method,
  subject: procurements.subject,
  nmcd: procurements.nmcd,
  currency: procurements.currency,
  status: procurements.status,
  law: procurements.law,
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
const codesOfRow = sql<
  string[]
>`ARRAY(SELECT ${procurementOkpd2.code} FROM ${procurementOkpd2} WHERE ${procurementOkpd2.procurementId} = ${outerColumn(procurements.id)} ORDER BY ${procurementOkpd2.position})`;

/** A status's title as a constant CASE, in the words of the row's law: the titles are the contract's own text, not input. */
const titlesCase = (titles: Record<string, string>) =>
  `CASE "status" ${Object.entries(titles)
    .map(([k, v]) => `WHEN '${k}' THEN '${v.replace(/'/g, "''")}'`)
    .join(' ')} END`;
const statusTitle = sql.raw(
  `CASE WHEN "law" = '44' THEN ${titlesCase(PROCUREMENT_STATUS_TITLES_44)} ELSE ${titlesCase(PROCUREMENT_STATUS_TITLES)} END`,
);

/**
 * A card whose purchase ЕИС published otherwise (44-ФЗ: its newest notice carrying the card's ИКЗ; 223-ФЗ: the newest
 * version of the notice with the card's notice number): another name (223), method, НМЦК/НМЦД or date of the notice than the card's — the mark the register shows until the card applies ЕИС's facts
 * (modules/notices/reconcile.ts compares the same values for the card). The card's columns are named with their table:
 * bare, `method` would be the notice's own (outerColumn).
 */
const o = {
  law: outerColumn(p.law),
  ikz: outerColumn(p.ikz),
  companyId: outerColumn(p.companyId),
  nmcd: outerColumn(p.nmcd),
  method: outerColumn(p.method),
  publishedOn: outerColumn(p.publishedOn),
  applicationDeadline: outerColumn(p.applicationDeadline),
  summingUpOn: outerColumn(p.summingUpOn),
  noticeNumber: outerColumn(p.noticeNumber),
  title: outerColumn(p.title),
};
const eisDiffers = sql<boolean>`(${o.law} = '44' AND ${o.ikz} IS NOT NULL AND EXISTS (
  SELECT 1 FROM eis44_notices n WHERE n.company_id = ${o.companyId} AND n.kind = 'notice' AND n.ikzs ? ${o.ikz}
    AND NOT EXISTS (SELECT 1 FROM eis44_notices m WHERE m.company_id = n.company_id AND m.kind = 'notice'
      AND m.purchase_number = n.purchase_number AND m.version > n.version)
    AND ((n.max_price IS NOT NULL AND n.max_price <> ${o.nmcd}) OR (n.method IS NOT NULL AND n.method <> ${o.method})
      OR (n.published_at IS NOT NULL AND ${o.publishedOn} IS DISTINCT FROM (n.published_at::timestamptz AT TIME ZONE 'Europe/Moscow')::date)
      OR (n.applications_end IS NOT NULL AND ${o.applicationDeadline} IS DISTINCT FROM (n.applications_end::timestamptz AT TIME ZONE 'Europe/Moscow')::date)
      OR (n.summarizing_date IS NOT NULL AND ${o.summingUpOn} IS DISTINCT FROM n.summarizing_date::date))))
  OR (${o.law} = '223' AND ${o.noticeNumber} IS NOT NULL AND EXISTS (
    SELECT 1 FROM (SELECT * FROM eis223_notices n WHERE n.company_id = ${o.companyId} AND n.notice_number = ${o.noticeNumber}
      ORDER BY n.version DESC, n.id DESC LIMIT 1) n
    WHERE n.title <> ${o.title} OR n.nmcd <> ${o.nmcd} OR n.method <> ${o.method}
      OR (n.published_on IS NOT NULL AND ${o.publishedOn} IS DISTINCT FROM n.published_on)
      OR (n.application_deadline IS NOT NULL AND ${o.applicationDeadline} IS DISTINCT FROM n.application_deadline)))`;

/**
 * The columns of a RegisterItem, named as its fields, for the database to render the page as JSON: the page leaves
 * PostgreSQL as one text value and goes into the response as it is. Read as rows, its ~700 values cost the server
 * more than the database spends finding them — parsing each value, mapping it, checking and serialising the page
 * again. The values are as the API has always given them: numeric and dates as their text, the time as
 * toISOString writes it.
 */
const itemColumns = {
  id: p.id,
  number: p.number,
  title: p.title,
  method: p.method,
  subject: p.subject,
  nmcd: sql`${p.nmcd}::text`.as('nmcd'),
  currency: p.currency,
  status: p.status,
  status_title: statusTitle.as('status_title'),
  published_on: p.publishedOn,
  application_deadline: p.applicationDeadline,
  okpd2_codes: codesOfRow.as('okpd2_codes'),
  sme_only: p.smeOnly,
  has_violations: p.hasViolations,
  eis_differs: eisDiffers.as('eis_differs'),
  law: p.law,
  created_at: sql`to_char(${p.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
};

/**
 * The page's ids among a text search's few matches (fewer than REGISTER_TEXT_COUNT_CAP, as its count found): the
 * matches are read through the text index and sorted — OFFSET 0 keeps the planner from walking the sort's index
 * instead. It expects a rare word's matches to come soon along that index and walks every procurement of the company
 * when they do not: 35–57 ms at 32,000 procurements for a word in three of them, against 0.3–2 ms this way.
 */
function matchesSorted(q: RegisterQuery, where: SQL): SQL {
  const dir = sql.raw(q.order === 'asc' ? 'ASC' : 'DESC');
  return sql`(SELECT m.id FROM (SELECT ${p.id} AS id, ${REGISTER_SORT_KEYS[q.sort].key} AS k FROM ${p} WHERE ${where} OFFSET 0) m ORDER BY m.k ${dir}, m.id ${dir} LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')})`;
}

/** The page statements, one per shape: which filters are set, the order, and whether the page is sought after an anchor. */
const pageStatements = preparedStatements(
  'register_page',
  (db: Tx, name, { q, after, fenced }: { q: RegisterQuery; after: boolean; fenced: boolean }) => {
    const by = registerOrder(q);
    const where = registerWhere(0, q, asPlaceholder);
    const anchor = { key: sql.placeholder('anchor_key'), id: sql.placeholder('anchor_id') };
    const ids = fenced
      ? matchesSorted(q, where)
      : db
          .select({ id: p.id })
          .from(p)
          .where(after ? and(where, afterAnchor(q, anchor)) : where)
          .orderBy(...by)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
    // ARRAY(…) is computed once, before the rows are read: as `IN (…)` a planner that expects few rows of the company
    // (statistics older than the rows) joins it in a nested loop that runs the page's walk again for every row
    const page = sql`${p.id} = ANY(ARRAY(${ids}))`;
    // a composite row costs PostgreSQL less to render than json_build_object; json_agg takes the rows in the order of
    // the sorted subquery, as PostgreSQL documents for an aggregate over one with no join around it
    const rows = db
      .select(itemColumns)
      .from(p)
      .where(and(eq(p.companyId, sql.placeholder('company')), page))
      .orderBy(...by)
      .as('t');
    return db
      .select({ items: sql<string>`coalesce(json_agg(${sql.identifier('t')}), '[]')::text` })
      .from(rows)
      .prepare(planPerWord(q, name));
  },
);

/**
 * One page's items as a JSON array, in one statement built and prepared once per shape (drizzle's building took
 * longer than PostgreSQL's running it). The rows skipped are walked for their ids alone, and only the page's rows are
 * rendered: PostgreSQL computes a row's select list, subqueries included, for every row an index scan passes on to
 * OFFSET. A page within the first REGISTER_COUNT_CAP rows is read by offset; a deeper one — or any past the first
 * WALK_STEP rows once the order was walked — is sought after the nearest anchor of the walk (register-walk.ts), so no
 * page skips more than WALK_STEP rows.
 */
async function pageItemsJson(
  ctx: Ctx,
  q: RegisterQuery,
  filters: BoundFilters,
  counted: { total: number; capped: boolean },
): Promise<string> {
  const offset = (q.page - 1) * q.limit;
  const read = async (skip: number, after?: RegisterAnchor): Promise<string> => {
    // a text search with fewer matches than its count's cap: its matches are found first and then sorted
    const fenced = !after && !!q.q && !counted.capped;
    const shape = `${filters.shape}|${q.sort}|${q.order}${after ? '|after' : ''}${fenced ? '|few' : ''}`;
    const statement = pageStatements(ctx.deps.db, shape, { q, after: !!after, fenced });
    const [{ items }] = await statement.execute({
      ...filters.values,
      limit: q.limit,
      offset: skip,
      anchor_key: after?.key,
      anchor_id: after?.id,
    });
    return items;
  };
  if (!counted.capped && offset >= counted.total) return '[]';
  const walk =
    offset < WALK_STEP
      ? undefined
      : (keptWalk(ctx, q) ?? (offset < REGISTER_COUNT_CAP ? undefined : await registerWalk(ctx, q, registerWhere(ctx.companyId, q))));
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
  const filters = boundFilters(ctx.companyId, q);
  const counted = await registerCount(ctx, q, filters, q.q ? REGISTER_TEXT_COUNT_CAP : REGISTER_COUNT_CAP);
  const itemsJson = await pageItemsJson(ctx, q, filters, counted);
  return { total: counted.total, total_capped: counted.capped, total_estimate: counted.estimate, page: q.page, limit: q.limit, itemsJson };
}
