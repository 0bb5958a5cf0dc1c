import { ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Letters and digits only, so the text is safe inside to_tsquery; each word matches as a prefix ('пшениц:*'). */
export function prefixTsQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 10)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Russian full-text match on the name (word forms and prefixes), a substring match, or a code prefix. */
export function nameSearch(name: AnyPgColumn, q: string, prefixColumns: AnyPgColumn[] = []): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const conditions: SQL[] = [ilike(name, `%${escapeLike(text)}%`)];
  const words = prefixTsQuery(text);
  if (words) conditions.push(sql`to_tsvector('russian', ${name}) @@ to_tsquery('russian', ${words})`);
  for (const col of prefixColumns) conditions.push(ilike(col, `${escapeLike(text)}%`));
  return or(...conditions);
}

/** Russian order for user-visible text (conventions: COLLATE "und-x-icu"). */
export const ruOrder = (col: AnyPgColumn): SQL => sql`(${col} COLLATE "und-x-icu")`;
