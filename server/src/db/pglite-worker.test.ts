import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { openDatabase, runMigrations, type Database } from './client';
import { companies } from './schema';

// PGlite in a worker thread must behave as PGlite in the server's thread does: the same rows through drizzle, the same
// errors, and a transaction that has the database to itself
describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite in a worker thread', () => {
  let inThread: Database;
  let inWorker: Database;

  const seed = async (d: Database) => {
    await d.sql.exec(`
      CREATE TABLE t (id int PRIMARY KEY, amount numeric(18,2), day date, at timestamptz, big int8, tags text[], data bytea, note text);
      INSERT INTO t VALUES
        (1, 1234567890123.45, '2026-03-01', '2026-03-01 10:00:00+03', 9007199254740993, '{a,b}', '\\x00ff', 'первая'),
        (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL);`);
    await d.db.insert(companies).values([
      { id: 1, title: 'ООО «Ромашка»', inn: '7701234567', createdAt: new Date('2026-03-01T07:00:00Z') },
      { id: 2, title: null, inn: '7702345678', deletedAt: new Date('2026-04-01T00:00:00Z'), createdAt: new Date('2026-03-02T07:00:00Z') },
    ]);
  };

  beforeAll(async () => {
    [inThread, inWorker] = await Promise.all([openDatabase({}), openDatabase({ inWorker: true })]);
    await Promise.all([runMigrations(inThread), runMigrations(inWorker)]);
    await Promise.all([seed(inThread), seed(inWorker)]);
  });
  afterAll(async () => {
    await inThread?.close();
    await inWorker?.close();
  });

  it('gives the same rows as PGlite in the server thread, through drizzle and through raw SQL', async () => {
    const read = async (d: Database) => ({
      raw: (await d.sql.query('SELECT * FROM t ORDER BY id')).rows,
      execute: ((await d.db.execute(sql`SELECT amount, day, at, big, tags FROM t ORDER BY id`)) as { rows: unknown[] }).rows,
      typed: await d.db
        .select({ id: companies.id, title: companies.title, createdAt: companies.createdAt })
        .from(companies)
        .orderBy(asc(companies.id)),
      relational: await d.db.query.companies.findMany({ columns: { id: true, inn: true, deletedAt: true }, orderBy: asc(companies.id) }),
      script: (await d.sql.exec('SELECT 1 AS one; SELECT 2 AS two')).rows,
    });
    const [a, b] = await Promise.all([read(inThread), read(inWorker)]);
    expect(b).toEqual(a);
    expect(b.raw[0]).toMatchObject({ amount: '1234567890123.45', note: 'первая', tags: ['a', 'b'] });
    expect(b.raw[0].data).toBeInstanceOf(Uint8Array);
    expect(b.script).toEqual([{ two: 2 }]);
    expect(b.typed[0]).toEqual({ id: 1, title: 'ООО «Ромашка»', createdAt: new Date('2026-03-01T07:00:00Z') });
    expect(b.relational[1].deletedAt).toEqual(new Date('2026-04-01T00:00:00Z'));
  });

  it('passes a database error with its code and constraint', async () => {
    const failOn = async (d: Database) => {
      try {
        await d.db.insert(companies).values({ id: 1, title: 'дубль', inn: '7700000000' });
      } catch (e) {
        const err = e as Error & { cause?: Record<string, unknown> };
        const dbErr = (err.cause ?? err) as Record<string, unknown>;
        return { code: dbErr.code, constraint: dbErr.constraint, table: dbErr.table };
      }
      throw new Error('the duplicate went in');
    };
    const [a, b] = await Promise.all([failOn(inThread), failOn(inWorker)]);
    expect(b).toEqual(a);
    expect(b.code).toBe('23505');
  });

  it('gives a transaction the database to itself and rolls it back whole on an error', async () => {
    const seen: string[] = [];
    // the outside statement is sent once the transaction has written, and the transaction reads again only after it
    // was sent: the order is fixed by the steps, not by how long each takes
    let inserted!: () => void;
    const afterInsert = new Promise<void>((r) => (inserted = r));
    let sent!: () => void;
    const outsideSent = new Promise<void>((r) => (sent = r));
    const tx = inWorker.db
      .transaction(async (t) => {
        await t.execute(sql`INSERT INTO t (id, note) VALUES (10, 'в транзакции')`);
        seen.push('inserted');
        inserted();
        await outsideSent; // a statement from outside arrives meanwhile
        const inside = await t.execute(sql`SELECT count(*)::int AS n FROM t WHERE id = 10`);
        seen.push(`inside sees ${(inside as { rows: { n: number }[] }).rows[0].n}`);
        throw new Error('откат');
      })
      .catch((e: Error) => seen.push(`failed: ${e.message}`));
    await afterInsert;
    const outside = inWorker.sql
      .query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 10')
      .then((r) => seen.push(`outside sees ${r.rows[0].n}`));
    sent();
    await Promise.all([tx, outside]);
    // the outside statement waited for the transaction's end, and saw nothing of what it rolled back
    expect(seen).toEqual(['inserted', 'inside sees 1', 'failed: откат', 'outside sees 0']);

    await inWorker.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO t (id, note) VALUES (11, 'сохранено')`);
      await t
        .transaction(async (nested) => {
          await nested.execute(sql`INSERT INTO t (id, note) VALUES (12, 'вложенная')`);
          nested.rollback();
        })
        .catch(() => undefined);
    });
    expect((await inWorker.sql.query('SELECT id FROM t WHERE id >= 10 ORDER BY id')).rows).toEqual([{ id: 11 }]);
  });

  it('runs statements sent at once, each with its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => inWorker.sql.query<{ v: number }>('SELECT $1::int * 2 AS v', [i])),
    );
    expect(answers.map((a) => a.rows[0].v)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });

  it('dumps its data directory in the form PGlite loads', async () => {
    const dump = await inWorker.dump!();
    const copy = await PGlite.create({ loadDataDir: dump });
    const { rows } = await copy.query<{ note: string }>('SELECT note FROM t WHERE id = 1');
    expect(rows).toEqual([{ note: 'первая' }]);
    await copy.close();
    const again = await openDatabase({ inWorker: true, loadDataDir: dump });
    expect(
      (
        await again.db
          .select({ n: sql<number>`count(*)::int` })
          .from(companies)
          .where(eq(companies.id, 1))
      )[0].n,
    ).toBe(1);
    await again.close();
  });
});
