import crypto from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { perOwner } from '../platform/kept-values';

/** A statement prepared by drizzle, its placeholders filled by name at each execution. */
export interface PreparedStatement<R> {
  execute(values: Record<string, unknown>): Promise<R[]>;
}

/** Databases whose statements all run unnamed (DATABASE_PREPARED_STATEMENTS=false: a pooler that cannot keep them). */
const unnamed = new WeakSet<Db>();
export const leaveUnnamed = (db: Db): void => void unnamed.add(db);

const families = new Set<string>();

/**
 * The one way a hot read is prepared: `build` writes the statement once, its values as `sql.placeholder`s, and ends it
 * with drizzle's `.prepare(name)`; the statement is executed with the values. Drizzle took longer to build the hot
 * statements than PostgreSQL to run them, and a named one is parsed and planned once per connection.
 *
 * On the database's pool each shape — what varies the statement's text (which filters are set, the order; '' for a
 * statement of one shape), built from `args` — is built once per database and named after the family and the shape.
 * At most `max` shapes are named per database, and none is dropped: a statement prepared by name stays on every
 * connection that ran it, so a request could otherwise grow the database's memory shape by shape; past `max`, and for
 * the shape `null` (a search's text, typed letter by letter), the statement is built for the call and runs unnamed. A
 * `build` may give the empty name itself: its shape is built once and runs unnamed, planned by PostgreSQL for each
 * execution's values (a text search). In a transaction the same `build` runs on the transaction, unnamed, for the
 * call: a statement kept for the pool would take another connection, outside the transaction and its locks.
 */
export function preparedStatements<Q, A = void>(
  family: string,
  build: (db: Tx, name: string, args: A) => Q,
  max = 200,
): (db: Tx, shape: string | null, args: A) => Q {
  // two families of one name would give two texts one name, which PostgreSQL refuses on a connection that has both
  if (families.has(family)) throw new Error(`prepared statements: the family ${family} is defined twice`);
  families.add(family);
  const shapesOf = perOwner<Db, Map<string, Q>>(() => new Map());
  return (db, shape, args) => {
    if (shape === null || db instanceof PgTransaction) return build(db, '', args);
    const shapes = shapesOf(db);
    let q = shapes.get(shape);
    if (q) return q;
    if (shapes.size >= max) return build(db, '', args);
    shapes.set(shape, (q = build(db, unnamed.has(db) ? '' : nameOf(family, shape), args)));
    return q;
  };
}

const nameOf = (family: string, shape: string) =>
  shape ? `${family}_${crypto.createHash('sha1').update(shape).digest('hex').slice(0, 16)}` : family;
