/** ОКПД2 and ОКЕИ: read-only classifiers, readable by every signed-in user. */
import { and, asc, count, desc, eq, ilike, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Okpd2Node, OkeiUnit, Paged } from '@proc/contract';
import type { Db } from '../../db/client';
import { okei, okpd2 } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { keptPer } from '../../platform/kept-values';
import { escapeLike, prefixTsQuery, ruOrder } from './search';
import { normalizeOkpd2Prefix } from './seed/okpd2-tree';
import type { OptionsPage } from './catalog-service';

type Okpd2Row = typeof okpd2.$inferSelect;
const nodeOf = (r: Pick<Okpd2Row, 'code' | 'name' | 'parentCode' | 'depth' | 'isLeaf'>): Okpd2Node => ({
  code: r.code,
  name: r.name,
  parent_code: r.parentCode,
  depth: r.depth,
  is_leaf: r.isLeaf,
});
const nodeColumns = { code: okpd2.code, name: okpd2.name, parentCode: okpd2.parentCode, depth: okpd2.depth, isLeaf: okpd2.isLeaf };

interface Okpd2Search {
  where: SQL | undefined;
  order: SQL[];
}

/**
 * A code (or its start: '17.12', '1712', 'C') is searched by prefix over the text_pattern_ops index; anything else
 * by the words of the name and their starts over the GIN index of the stored tsvector, best matches first.
 */
function okpd2Search(q: string | undefined, parent: string | undefined, leafOnly = false): Okpd2Search {
  const extra: SQL[] = leafOnly ? [eq(okpd2.isLeaf, true)] : [];
  const text = q?.trim();
  if (!text) {
    const level = parent ? eq(okpd2.parentCode, parent) : leafOnly ? undefined : isNull(okpd2.parentCode);
    return { where: and(level, ...extra), order: [asc(okpd2.code)] };
  }
  const prefix = normalizeOkpd2Prefix(text);
  if (prefix) return { where: and(like(okpd2.code, `${escapeLike(prefix)}%`), ...extra), order: [asc(okpd2.code)] };
  const words = prefixTsQuery(text);
  if (!words) return { where: sql`false`, order: [asc(okpd2.code)] };
  const query = sql`to_tsquery('russian', ${words})`;
  return {
    where: and(sql`${okpd2.search} @@ ${query}`, ...extra),
    // normalisation 1 divides by the log of the length: short names ('Пшеница') before long ones that mention the word
    order: [desc(sql`ts_rank(${okpd2.search}, ${query}, 1)`), asc(okpd2.depth), asc(okpd2.code)],
  };
}

/**
 * Answers of the ОКПД2 searches, per database. The classifier is loaded once, on the first start, and never changes
 * after, while a word search ranks and counts every match (7 ms each on PostgreSQL; a third of the database's time in
 * the soak): an answer is kept 5 minutes — only so long because the first start of a scale-out may answer on one
 * instance before another has loaded the table.
 */
const keptAnswers = keptPer<Db>(1_000, 5 * 60_000);

export function searchOkpd2(db: Db, q: { q?: string; parent?: string; page: number; limit: number }): Promise<Paged<Okpd2Node>> {
  return keptAnswers(db).remember(JSON.stringify(['search', q.q ?? '', q.parent ?? '', q.page, q.limit]), async () => {
    const { where, order } = okpd2Search(q.q, q.parent);
    const [rows, [{ n }]] = await Promise.all([
      db
        .select(nodeColumns)
        .from(okpd2)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db.select({ n: count() }).from(okpd2).where(where),
    ]);
    return { items: rows.map(nodeOf), total: n, page: q.page, limit: q.limit };
  });
}

export function okpd2Options(
  db: Db,
  q: { q?: string; page: number; limit: number; leaf_only?: 'true' | 'false' },
): Promise<OptionsPage<Okpd2Node>> {
  const leafOnly = q.leaf_only === 'true';
  return keptAnswers(db).remember(JSON.stringify(['options', q.q ?? '', leafOnly, q.page, q.limit]), async () => {
    const { where, order } = okpd2Search(q.q, undefined, leafOnly);
    const rows = await db
      .select(nodeColumns)
      .from(okpd2)
      .where(where)
      .orderBy(...order)
      .limit(q.limit + 1)
      .offset((q.page - 1) * q.limit);
    return {
      items: rows.slice(0, q.limit).map((r) => ({ name: `${r.code} ${r.name}`, value: r.code, obj: nodeOf(r) })),
      page: q.page,
      limit: q.limit,
      has_more: rows.length > q.limit,
    };
  });
}

/** One position with the chain of its parents from the section down. */
export async function getOkpd2(db: Db, code: string): Promise<Okpd2Node & { path: Okpd2Node[] }> {
  type ChainRow = { code: string; name: string; parent_code: string | null; depth: number; is_leaf: boolean };
  const result = (await db.execute(sql`
    WITH RECURSIVE chain AS (
      SELECT code, name, parent_code, depth, is_leaf FROM okpd2 WHERE code = ${code}
      UNION ALL
      SELECT o.code, o.name, o.parent_code, o.depth, o.is_leaf FROM okpd2 o JOIN chain c ON o.code = c.parent_code
    )
    SELECT code, name, parent_code, depth, is_leaf FROM chain ORDER BY depth`)) as unknown as { rows: ChainRow[] };
  const list = result.rows;
  const self = list.find((r) => r.code === code);
  if (!self) throw new AppError('NOT_FOUND', `Код ОКПД2 «${code}» не найден`);
  const node = (r: ChainRow): Okpd2Node => ({
    code: r.code,
    name: r.name,
    parent_code: r.parent_code,
    depth: Number(r.depth),
    is_leaf: r.is_leaf,
  });
  return { ...node(self), path: list.filter((r) => r.code !== code).map(node) };
}

const okeiWhere = (q?: string): SQL | undefined => {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text)}%`;
  return or(ilike(okei.code, `${escapeLike(text)}%`), ilike(okei.name, like), ilike(okei.shortName, like));
};
const unitOf = (r: typeof okei.$inferSelect): OkeiUnit => ({ code: r.code, name: r.name, short_name: r.shortName });

export async function listOkei(db: Db, q: { q?: string; page: number; limit: number }): Promise<Paged<OkeiUnit>> {
  const where = okeiWhere(q.q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(okei)
      .where(where)
      .orderBy(ruOrder(okei.name), asc(okei.code))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(okei).where(where),
  ]);
  return { items: rows.map(unitOf), total: n, page: q.page, limit: q.limit };
}

export async function okeiOptions(db: Db, q: { q?: string; page: number; limit: number }): Promise<OptionsPage<OkeiUnit>> {
  const rows = await db
    .select()
    .from(okei)
    .where(okeiWhere(q.q))
    .orderBy(ruOrder(okei.name), asc(okei.code))
    .limit(q.limit + 1)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.slice(0, q.limit).map((r) => ({ name: `${r.name} (${r.shortName})`, value: r.code, obj: unitOf(r) })),
    page: q.page,
    limit: q.limit,
    has_more: rows.length > q.limit,
  };
}
