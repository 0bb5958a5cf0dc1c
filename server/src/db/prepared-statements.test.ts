import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabase, pgReachable, PG_URL } from '../../test/nodes';
import { preparingPool } from './prepared-statements';
import { openDatabase, type Db } from './client';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { preparedPerShape, type PreparedStatement } from './prepared-queries';

const hasPg = await pgReachable();
if (!hasPg) console.warn(`prepared-statements.test: skipped — no PostgreSQL answers at ${PG_URL}`);

describe.skipIf(!hasPg)('statements prepared under a name from their text', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const db = await freshDatabase();
    drop = db.drop;
    url = db.url;
    pool = new pg.Pool(preparingPool({ connectionString: db.url, max: 1 }));
  });
  afterAll(async () => {
    await pool?.end();
    await drop?.();
  });

  const prepared = async (c: pg.PoolClient) =>
    (await c.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows;

  it('prepares a recurring statement with parameters once per connection and runs it again by name; a rare one stays unnamed', async () => {
    const c = await pool.connect();
    try {
      const text = 'SELECT $1::int + 1 AS n';
      for (let i = 0; i < 4; i++)
        expect((await c.query(i % 2 ? text : { text, values: [i] }, i % 2 ? [i] : undefined)).rows).toEqual([{ n: i + 1 }]);
      const named = (await prepared(c)).filter((s) => s.statement === text);
      expect(named).toHaveLength(1);
      expect(named[0].name).toMatch(/^s[\w-]{27}$/);
      const rare = 'SELECT $1::int * 2 AS n';
      expect((await c.query(rare, [21])).rows).toEqual([{ n: 42 }]);
      expect((await prepared(c)).some((s) => s.statement === rare)).toBe(false);
    } finally {
      c.release();
    }
  });

  it("leaves a statement given the empty name unnamed however often it runs: planned for each execution's values", async () => {
    const c = await pool.connect();
    try {
      const text = 'SELECT $1::int + 2 AS n';
      for (let i = 0; i < 5; i++) expect((await c.query({ text, values: [i], name: '' })).rows).toEqual([{ n: i + 2 }]);
      expect((await prepared(c)).some((s) => s.statement === text)).toBe(false);
    } finally {
      c.release();
    }
  });

  it('leaves a script without parameters to the simple protocol, and recovers from a statement that fails to parse', async () => {
    const c = await pool.connect();
    try {
      const r = (await c.query('SELECT 1 AS a; SELECT 2 AS b')) as unknown as pg.QueryResult[];
      expect(r.map((x) => x.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
      for (let i = 0; i < 4; i++) await expect(c.query('SELEC $1::int', [1])).rejects.toThrow(/syntax error/);
      expect((await prepared(c)).some((s) => s.statement.startsWith('SELEC '))).toBe(false);
      for (let i = 0; i < 4; i++) expect((await c.query('SELECT $1::text AS t', ['ещё работает'])).rows).toEqual([{ t: 'ещё работает' }]);
    } finally {
      c.release();
    }
  });

  it("is the server pool's default, and DATABASE_PREPARED_STATEMENTS=false leaves every statement unnamed", async () => {
    for (const preparedStatements of [undefined, false]) {
      const database = await openDatabase({ databaseUrl: url, poolSize: 2, preparedStatements });
      try {
        const c = await database.pool!.connect();
        try {
          for (let i = 0; i < 4; i++) await c.query('SELECT $1::int - 1 AS n', [i]);
          expect((await prepared(c)).some((s) => s.statement === 'SELECT $1::int - 1 AS n')).toBe(preparedStatements !== false);
        } finally {
          c.release();
        }
      } finally {
        await database.close();
      }
    }
  });

  it('prepares at most its bound of shapes by name per database; past it a shape runs unnamed, its result the same', async () => {
    const db = drizzle(pool) as unknown as Db;
    const family = preparedPerShape<PreparedStatement<{ n: number }>>('bound_test', 2);
    const run = (k: number, v: number) =>
      family(db, `k${k}`, (d, name) =>
        d
          .select({ n: sql<number>`${sql.placeholder('v')}::int + ${sql.raw(String(k))}` })
          .from(sql`(SELECT 1) AS one`)
          .prepare(name),
      ).execute({ v });
    for (const k of [1, 2, 3, 3, 1]) expect((await run(k, 10))[0].n).toBe(10 + k);
    const c = await pool.connect();
    try {
      const named = (await prepared(c)).filter((r) => r.name.startsWith('bound_test_'));
      expect(named).toHaveLength(2);
    } finally {
      c.release();
    }
  });
});
