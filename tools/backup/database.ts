// The database's part of a backup: every row of the product's tables (schema public) and of its job queue (pg-boss)
// as JSON lines, read in one REPEATABLE READ transaction so the whole is one moment's state. The embedded PostgreSQL
// ships no pg_dump, and PGlite none at all: one logical format read and written through SQL works the same on both
// and on an outside server, and a backup of one restores into another. The tables themselves are made by the
// product's own migrations (those the backup was at), so no DDL is carried.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { runMigrations, type Database } from '../../server/src/db/client';
import { REPO_ROOT } from '../../server/src/paths';

const MIGRATIONS = path.join(REPO_ROOT, 'server/src/db/migrations');
export const SCHEMAS = ['public', 'pgboss'] as const;
/** pg-boss's own bookkeeping: made by pg-boss at start (its version) or per queue (create_queue). */
const MADE_BY_PGBOSS = new Set(['pgboss.version', 'pgboss.queue']);
const BATCH = 2000;

export interface Query {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface TableInfo {
  /** schema.table */
  name: string;
  columns: string[];
  order: string[];
}

export interface Migration {
  tag: string;
  when: number;
}

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
const qualified = (name: string) => name.split('.').map(q).join('.');

export function journal(): Migration[] {
  const j = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: Migration[] };
  return j.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The migrations the database has run, by the journal's tags (drizzle keeps each one's `when`). */
export async function appliedMigrations(db: Query): Promise<Migration[]> {
  const { rows: exists } = await db.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`);
  if (!exists[0]?.ok) return [];
  const { rows } = await db.query<{ created_at: string }>(`SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at`);
  const known = new Map(journal().map((m) => [m.when, m]));
  return rows.map((r) => known.get(Number(r.created_at)) ?? { tag: `неизвестная миграция ${r.created_at}`, when: Number(r.created_at) });
}

/**
 * The tables of the product's schemas, parents before the tables that refer to them (a partition is read through its
 * parent), each with its stored columns (a generated one is computed again) and its primary key to read in order.
 */
export async function tables(db: Query): Promise<TableInfo[]> {
  const { rows } = await db.query<{ name: string; columns: string[]; pk: string[] | null }>(
    `SELECT n.nspname || '.' || c.relname AS name,
            array(SELECT a.attname::text FROM pg_attribute a
                  WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                  ORDER BY a.attnum) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY k.i) FROM pg_index x
               CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, i)
               JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
              WHERE x.indrelid = c.oid AND x.indisprimary) AS pk
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY 1`,
    [SCHEMAS],
  );
  const { rows: refs } = await db.query<{ child: string; parent: string }>(
    `SELECT cn.nspname || '.' || cc.relname AS child, pn.nspname || '.' || pc.relname AS parent
       FROM pg_constraint f
       JOIN pg_class cc ON cc.oid = f.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
       JOIN pg_class pc ON pc.oid = f.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace
      WHERE f.contype = 'f' AND f.conrelid <> f.confrelid AND cn.nspname = ANY($1) AND NOT cc.relispartition`,
    [SCHEMAS],
  );
  const parents = new Map<string, Set<string>>();
  for (const r of refs) parents.set(r.child, (parents.get(r.child) ?? new Set()).add(r.parent));
  const byName = new Map(rows.map((r) => [r.name, r]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name) || !byName.has(name) || path.includes(name)) return;
    for (const p of parents.get(name) ?? []) place(p, [...path, name]);
    placed.add(name);
    const r = byName.get(name)!;
    ordered.push({ name, columns: r.columns, order: r.pk ?? [] });
  };
  for (const r of rows) place(r.name, []);
  return ordered;
}

export interface DumpResult {
  migrations: Migration[];
  tables: Record<string, number>;
  sequences: Record<string, string>;
}

/** Every table's rows, `sink` called with each batch of JSON lines, all from one snapshot. */
export async function dumpDatabase(db: Query, sink: (table: string, part: number, lines: string) => Promise<void>): Promise<DumpResult> {
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const migrations = await appliedMigrations(db);
    const counts: Record<string, number> = {};
    for (const t of await tables(db)) {
      const cols = t.columns.map(q).join(', ');
      const order = t.order.length ? ` ORDER BY ${t.order.map(q).join(', ')}` : '';
      await db.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS j FROM (SELECT ${cols} FROM ${qualified(t.name)}${order}) r`,
      );
      let n = 0;
      for (let part = 0; ; part++) {
        const { rows } = await db.query<{ j: string }>(`FETCH ${BATCH} FROM backup_rows`);
        if (!rows.length) break;
        n += rows.length;
        await sink(t.name, part, rows.map((r) => r.j).join('\n') + '\n');
      }
      await db.query('CLOSE backup_rows');
      counts[t.name] = n;
    }
    const { rows: seqs } = await db.query<{ name: string; value: string | null }>(
      `SELECT schemaname || '.' || sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1`,
      [SCHEMAS],
    );
    const sequences: Record<string, string> = {};
    for (const s of seqs) if (s.value !== null) sequences[s.name] = s.value;
    return { migrations, tables: counts, sequences };
  } finally {
    await db.query('ROLLBACK');
  }
}

/** Rows in any table of the product's schemas, or its migrations' record: a database a restore must not mix into. */
export async function databaseInUse(db: Query): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE (n.nspname = ANY($1) OR n.nspname = 'drizzle') AND c.relkind IN ('r', 'p')`,
    [SCHEMAS],
  );
  return rows[0].n > 0;
}

/** Empties the database of everything the product made (restore --force). */
export async function clearDatabase(db: Query): Promise<void> {
  await db.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
  await db.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  await db.query('DROP SCHEMA IF EXISTS public CASCADE');
  await db.query('CREATE SCHEMA public');
}

/**
 * Makes the product's tables as they were at the backup: its migrations up to the last one the backup had run (the
 * rest run at the server's next start, over the restored rows, as after an upgrade).
 */
export async function migrateTo(database: Database, migrations: Migration[]): Promise<void> {
  const all = journal();
  const unknown = migrations.filter((m) => !all.some((j) => j.when === m.when));
  if (unknown.length)
    throw new Error(`Копия сделана более новой версией программы (миграции ${unknown.map((m) => m.tag).join(', ')}): обновите программу`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-restore-migrations-'));
  try {
    const wanted = new Set(migrations.map((m) => m.when));
    const j = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: Migration[] };
    j.entries = j.entries.filter((e) => wanted.has(e.when));
    fs.mkdirSync(path.join(dir, 'meta'));
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(j));
    for (const e of j.entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    await runMigrations(database, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** pg-boss's schema, made by pg-boss itself, and the queues the backup had (each its own partition of pgboss.job). */
export async function makeJobQueues(database: Database, queues: Record<string, unknown>[]): Promise<void> {
  const db = {
    executeSql: (text: string, values?: unknown[]) => (values?.length ? database.sql.query(text, values) : database.sql.exec(text)),
  };
  const boss = new PgBoss({ db, schema: 'pgboss', migrate: true, supervise: false, schedule: false } as never);
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  // a dead-letter queue before the queues that name it
  const sorted = [...queues].sort((a, b) => Number(!!a.dead_letter) - Number(!!b.dead_letter));
  for (const row of sorted) {
    await database.sql.query(`SELECT pgboss.create_queue($1, $2::json)`, [
      row.name,
      JSON.stringify({
        policy: row.policy,
        retryLimit: row.retry_limit,
        retryDelay: row.retry_delay,
        retryBackoff: row.retry_backoff,
        expireInSeconds: row.expire_seconds,
        retentionMinutes: row.retention_minutes,
        deadLetter: row.dead_letter,
      }),
    ]);
  }
}

/**
 * Loads one batch of a table's rows. Triggers of the product stay off meanwhile (the status counters come with their
 * own rows); references are in order because tables are loaded parents first and rows by primary key.
 */
export async function loadRows(db: Query, table: TableInfo, lines: string): Promise<number> {
  const rows = lines.split('\n').filter(Boolean);
  if (!rows.length) return 0;
  const cols = table.columns.map(q).join(', ');
  await db.query(
    `INSERT INTO ${qualified(table.name)} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::${qualified(table.name)}, $1::json)`,
    [`[${rows.join(',')}]`],
  );
  return rows.length;
}

export const tablesMadeByPgBoss = MADE_BY_PGBOSS;
export { qualified };

export async function setTriggers(db: Query, list: TableInfo[], on: boolean): Promise<void> {
  for (const t of list) await db.query(`ALTER TABLE ${qualified(t.name)} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
}

export async function setSequences(db: Query, sequences: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(sequences)) {
    const { rows } = await db.query<{ ok: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS ok`, [qualified(name)]);
    if (rows[0].ok) await db.query(`SELECT setval($1::regclass, $2::bigint, true)`, [qualified(name), value]);
  }
}

export async function countRows(db: Query, list: TableInfo[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of list) out[t.name] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${qualified(t.name)}`)).rows[0].n;
  return out;
}
