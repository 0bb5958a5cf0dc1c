import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { RegisterQuery } from '@proc/contract';
import { DEADLINE_KEY_SQL, PUBLISHED_KEY_SQL, STATUS_RANK_SQL, procurements } from '../../db/schema';

type Sort = RegisterQuery['sort'];
type Order = RegisterQuery['order'];

/**
 * Each sort key of the register as its index (company_id, key, id) holds it, never NULL, with the SQL type its text
 * form is read back as: a page is sought after a row by `(key, id) > (…)`, which PostgreSQL answers from that index.
 */
const p = procurements;
export const REGISTER_SORT_KEYS: Record<Sort, { key: SQL; type: string }> = {
  number: { key: sql`${p.number}`, type: 'text' },
  title: { key: sql`(${p.title} COLLATE "und-x-icu")`, type: 'text' },
  nmcd: { key: sql`${p.nmcd}`, type: 'numeric' },
  published_on: { key: sql.raw(PUBLISHED_KEY_SQL), type: 'date' },
  application_deadline: { key: sql.raw(DEADLINE_KEY_SQL), type: 'date' },
  status: { key: sql.raw(STATUS_RANK_SQL), type: 'integer' },
  created_at: { key: sql`${p.createdAt}`, type: 'timestamptz' },
};

/** ORDER BY for a sort key, ties broken by id, so that every row has one place. */
export function registerOrder(q: { sort: Sort; order: Order }): SQL[] {
  const dir = q.order === 'asc' ? asc : desc;
  return [dir(REGISTER_SORT_KEYS[q.sort].key), dir(p.id)];
}

/** A row's place in an order: its sort key as text and its id. */
export interface RegisterAnchor {
  key: string;
  id: number;
}

/** The rows that come after `anchor` in the order (its key and id, or placeholders for them). */
export function afterAnchor(q: { sort: Sort; order: Order }, anchor: RegisterAnchor | { key: unknown; id: unknown }): SQL {
  const { key, type } = REGISTER_SORT_KEYS[q.sort];
  return sql`(${key}, ${p.id}) ${sql.raw(q.order === 'asc' ? '>' : '<')} (CAST(${anchor.key} AS ${sql.raw(type)}), ${anchor.id})`;
}
