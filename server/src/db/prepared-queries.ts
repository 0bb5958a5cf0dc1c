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
