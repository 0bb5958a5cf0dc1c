import crypto from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/**
 * A statement of a fixed shape, built once per database and prepared by name by `build` (drizzle's `.prepare(name)`,
 * its values as `sql.placeholder`s given at each execution). For the hot statements, which drizzle took longer to
 * build than PostgreSQL to run. It runs on the database's pool, never in a transaction. Kept per database: the test
 * servers of one process each have their own.
 */
export function preparedPer<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let q = built.get(db);
    if (!q) built.set(db, (q = build(db)));
    return q;
  };
}

/** Whether `db` is a transaction, where a prepared statement of preparedPer must not run (it takes the pool's connection). */
export const isTransaction = (db: Tx): boolean => db instanceof PgTransaction;

/** A statement prepared by drizzle, its placeholders filled by name at each execution. */
export interface PreparedStatement<R> {
  execute(values: Record<string, unknown>): Promise<R[]>;
}

/**
 * Statements of one family whose shape varies by request (which filters are set): each shape built once per database
 * by the `build` given with it — placeholders for its values — and prepared under the name it is given, the family's
 * and the shape's. At most `max` shapes are prepared per database, and none is dropped: a statement prepared by name
 * stays on every connection that ran it, so a request could otherwise grow the database's memory shape by shape. Past
 * `max`, a new shape is built for each call and given the empty name (unnamed). A `build` may give the empty name
 * itself: its shape is built once and runs unnamed, planned by PostgreSQL for each execution's values (a text search).
 */
export function preparedPerShape<Q>(family: string, max = 200): (db: Db, shape: string, build: (db: Db, name: string) => Q) => Q {
  const built = new WeakMap<Db, Map<string, Q>>();
  return (db, shape, build) => {
    let shapes = built.get(db);
    if (!shapes) built.set(db, (shapes = new Map()));
    let q = shapes.get(shape);
    if (q) return q;
    if (shapes.size >= max) return build(db, '');
    shapes.set(shape, (q = build(db, `${family}_${crypto.createHash('sha1').update(shape).digest('hex').slice(0, 16)}`)));
    return q;
  };
}
