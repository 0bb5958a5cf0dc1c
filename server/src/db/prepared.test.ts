import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase, pgReachable, PG_URL } from '../../test/nodes';
import { openDatabase, type Database, type Tx } from './client';
import { preparedStatements } from './prepared';

const hasPg = await pgReachable();
if (!hasPg) console.warn(`prepared.test: skipped on PostgreSQL — no PostgreSQL answers at ${PG_URL}`);

/** `$v + k` by a statement of the family, one shape per k. */
const plus = (family: string, max?: number) => {
  const statements = preparedStatements(
    family,
    (db: Tx, name, k: number) =>
      db
        .select({ n: sql<number>`${sql.placeholder('v')}::int + ${sql.raw(String(k))}` })
        .from(sql`(SELECT 1) AS one`)
        .prepare(name),
    max,
  );
  return async (db: Tx, k: number, v: number) => (await statements(db, `k${k}`, k).execute({ v }))[0].n;
};

describe.skipIf(!hasPg)('statements prepared by name (PostgreSQL)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    url = fresh.url;
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** Names of the statements prepared on each of the pool's connections. */
  const preparedNames = async (d: Database) => {
    const clients = await Promise.all([d.pool!.connect(), d.pool!.connect()]);
    try {
      const rows = await Promise.all(clients.map((c) => c.query<{ name: string }>('SELECT name FROM pg_prepared_statements')));
      return rows.flatMap((r) => r.rows.map((x) => x.name));
    } finally {
      for (const c of clients) c.release();
    }
  };

  it('prepares a shape under its family and shape once per connection, and runs it again by name', async () => {
    const run = plus('again_test');
    for (let i = 0; i < 6; i++) expect(await run(database.db, 1, i)).toBe(i + 1);
    const named = (await preparedNames(database)).filter((n) => n.startsWith('again_test_'));
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([named[0]]));
    expect(named[0]).toMatch(/^again_test_[0-9a-f]{16}$/);
  });

  it('prepares at most its bound of shapes by name per database; past it a shape runs unnamed, its result the same', async () => {
    const run = plus('bound_test', 2);
    for (const k of [1, 2, 3, 3, 1]) expect(await run(database.db, k, 10)).toBe(10 + k);
    expect(new Set((await preparedNames(database)).filter((n) => n.startsWith('bound_test_'))).size).toBe(2);
  });

  it('runs in the transaction it is given, unnamed: it sees what the transaction wrote and takes its locks', async () => {
    await database.sql.exec('CREATE TABLE tx_test (id int PRIMARY KEY)');
    const count = preparedStatements('tx_test', (db: Tx, name) =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`tx_test`)
        .where(sql`id > ${sql.placeholder('above')}`)
        .prepare(name),
    );
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO tx_test VALUES (1), (2)`);
      expect((await count(tx, '').execute({ above: 0 }))[0].n).toBe(2);
      const own = (await tx.execute(sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'tx_test'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(own.rows[0].n).toBe(0);
      // the pool's statement runs on the other connection: the transaction's rows are not yet there
      expect((await count(database.db, '').execute({ above: 0 }))[0].n).toBe(0);
    });
    expect((await count(database.db, '').execute({ above: 1 }))[0].n).toBe(1);
    expect(await preparedNames(database)).toContain('tx_test');
  });

  it('DATABASE_PREPARED_STATEMENTS=false leaves every statement unnamed', async () => {
    const unnamedDb = await openDatabase({ databaseUrl: url, poolSize: 2, preparedStatements: false });
    try {
      const run = plus('unnamed_test');
      for (let i = 0; i < 4; i++) expect(await run(unnamedDb.db, 1, i)).toBe(i + 1);
      expect((await preparedNames(unnamedDb)).filter((n) => n.startsWith('unnamed_test'))).toEqual([]);
    } finally {
      await unnamedDb.close();
    }
  });
});

describe('statements prepared on the embedded database (PGlite)', () => {
  it('builds a shape once per database and runs the same builder in a transaction', async () => {
    const database = await openDatabase({});
    try {
      let built = 0;
      const statements = preparedStatements('pglite_test', (db: Tx, name) => {
        built++;
        return db
          .select({ n: sql<number>`${sql.placeholder('v')}::int * 2` })
          .from(sql`(SELECT 1) AS one`)
          .prepare(name);
      });
      for (let v = 0; v < 3; v++) expect((await statements(database.db, '').execute({ v }))[0].n).toBe(v * 2);
      expect(built).toBe(1);
      await database.db.transaction(async (tx) => {
        expect((await statements(tx, '').execute({ v: 21 }))[0].n).toBe(42);
      });
      expect(built).toBe(2);
    } finally {
      await database.close();
    }
  }, 180_000); // a fresh PGlite starts in seconds, in tens of them on a loaded machine
});
