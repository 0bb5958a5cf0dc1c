import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A list's ORDER BY from its sort and order parameters: empty values last either way, then the id to keep pages stable. */
export const order = (
  { sort, order: dir }: { sort: string; order: 'asc' | 'desc' },
  cols: Record<string, SQL | AnyColumn>,
  id: AnyColumn,
) => {
  const d = dir === 'desc';
  const col = cols[sort];
  return [d ? sql`${col} DESC NULLS LAST` : sql`${col} ASC NULLS LAST`, d ? desc(id) : asc(id)];
};
