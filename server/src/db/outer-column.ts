import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column of the outer row named with its table, for a correlated subquery. Drizzle names a one-table select's
 * columns bare, and a bare name inside a subquery means the subquery's own column when its table has one so named.
 */
export const outerColumn = (column: AnyPgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
