// One archive (tar.gz) per backup: manifest.json (what it holds and the checks a restore makes), db/<table>/<n>.jsonl
// (rows, database.ts), files/… and the other carried DATA_DIR files (files.ts). A restore reads it twice: first to
// check every file against the manifest before anything is written, then to load.
import fs from 'node:fs';
import path from 'node:path';
import { moscowDateTime } from '../../server/src/platform/clock';
import { connect, type Settings } from './connect';
import {
  clearDatabase,
  countRows,
  databaseInUse,
  dumpDatabase,
  loadRows,
  makeJobQueues,
  migrateTo,
  setSequences,
  setTriggers,
  tablesMadeByPgBoss,
  tables as listTables,
  type Migration,
  type TableInfo,
} from './database';
import { carriedFiles, sha256, sha256OfFile, writePrivate, type FileSum } from './files';
import { readTar, tarWriter } from './tar';

export const FORMAT = 'procurement-backup';
export const FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  /** Moscow wall-clock time the snapshot was taken. */
  created_at_msk: string;
  database: string;
  migrations: Migration[];
  tables: Record<string, { rows: number; columns: string[]; order: string[] }>;
  sequences: Record<string, string>;
  /** DATA_DIR files by relative path (files/… documents, secret.key, signatures/…). */
  files: Record<string, FileSum>;
  not_included: string[];
}

type Log = (m: string) => void;

const partName = (table: string, part: number) => `db/${table}/${String(part).padStart(5, '0')}.jsonl`;

export async function backup(settings: Settings, opts: { out?: string; log?: Log } = {}): Promise<{ file: string; manifest: Manifest }> {
  const log = opts.log ?? (() => undefined);
  const dataDir = path.resolve(settings.DATA_DIR);
  const createdAt = moscowDateTime();
  const file = path.resolve(opts.out ?? path.join('backups', `backup-${createdAt.replace(/:/g, '-')}.tar.gz`));
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const target = await connect(settings);
  const tar = tarWriter(`${file}.part`);
  try {
    log(`База данных: ${target.describe}`);
    const columns = new Map<string, TableInfo>();
    for (const t of await listTables(target.session)) columns.set(t.name, t);
    const dumped = await dumpDatabase(target.session, (table, part, lines) => tar.add(partName(table, part), lines));
    // the files after the snapshot: a document stored meanwhile is extra, never one the rows name but the copy lacks
    // (a deleted file stays FILE_RETENTION_DAYS)
    const files: Record<string, FileSum> = {};
    for (const rel of carriedFiles(dataDir)) {
      const full = path.join(dataDir, rel);
      files[rel] = await sha256OfFile(full);
      await tar.addFile(rel, full);
      const again = await sha256OfFile(full);
      if (again.sha256 !== files[rel].sha256) throw new Error(`файл ${rel} изменился во время копирования`);
    }
    const tables: Manifest['tables'] = {};
    for (const [name, rows] of Object.entries(dumped.tables)) {
      const t = columns.get(name)!;
      tables[name] = { rows, columns: t.columns, order: t.order };
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at_msk: createdAt,
      database: target.describe,
      migrations: dumped.migrations,
      tables,
      sequences: dumped.sequences,
      files,
      not_included: ['outbox/ (письма без SMTP: одноразовые коды и ссылки)', 'postgres.password', '*.part'],
    };
    await tar.add('manifest.json', JSON.stringify(manifest, null, 2));
    await tar.close();
    fs.renameSync(`${file}.part`, file);
    const rows = Object.values(dumped.tables).reduce((a, b) => a + b, 0);
    log(`Строк: ${rows} в ${Object.keys(tables).length} таблицах; файлов: ${Object.keys(files).length}`);
    return { file, manifest };
  } catch (e) {
    await tar.close().catch(() => undefined);
    fs.rmSync(`${file}.part`, { force: true });
    throw e;
  } finally {
    await target.close();
  }
}

/** The manifest, after every entry of the archive is checked against it (rows counted, files hashed). */
export async function readManifest(file: string): Promise<{ manifest: Manifest; queues: Record<string, unknown>[] }> {
  let manifest: Manifest | null = null;
  const sums = new Map<string, FileSum>();
  const rows = new Map<string, number>();
  const queues: Record<string, unknown>[] = [];
  for await (const e of readTar(file)) {
    if (e.name === 'manifest.json') manifest = JSON.parse(e.data.toString('utf8')) as Manifest;
    else if (e.name.startsWith('db/')) {
      const table = e.name.split('/')[1];
      const lines = e.data.toString('utf8').split('\n').filter(Boolean);
      rows.set(table, (rows.get(table) ?? 0) + lines.length);
      if (table === 'pgboss.queue') queues.push(...lines.map((l) => JSON.parse(l) as Record<string, unknown>));
    } else sums.set(e.name, { size: e.data.length, sha256: sha256(e.data) });
  }
  if (!manifest || manifest.format !== FORMAT) throw new Error('Это не резервная копия программы (нет manifest.json)');
  if (manifest.version > FORMAT_VERSION) throw new Error(`Копия формата ${manifest.version}: обновите программу`);
  for (const [name, t] of Object.entries(manifest.tables))
    if ((rows.get(name) ?? 0) !== t.rows)
      throw new Error(`Копия повреждена: в таблице ${name} ${rows.get(name) ?? 0} строк вместо ${t.rows}`);
  for (const [rel, sum] of Object.entries(manifest.files)) {
    const got = sums.get(rel);
    if (!got || got.sha256 !== sum.sha256)
      throw new Error(`Копия повреждена: файл ${rel} ${got ? 'не совпадает с контрольной суммой' : 'отсутствует'}`);
  }
  return { manifest, queues };
}

export async function restore(settings: Settings, opts: { file: string; force?: boolean; log?: Log }): Promise<Manifest> {
  const log = opts.log ?? (() => undefined);
  const dataDir = path.resolve(settings.DATA_DIR);
  const { manifest, queues } = await readManifest(opts.file);
  log(`Копия от ${manifest.created_at_msk} (МСК): ${manifest.database}`);
  const filesDir = path.join(dataDir, 'files');
  const filesInUse = carriedFiles(dataDir).length > 0;
  const target = await connect(settings);
  try {
    const inUse = await databaseInUse(target.session);
    if ((inUse || filesInUse) && !opts.force) {
      const what = [inUse && `база данных (${target.describe})`, filesInUse && `папка данных ${dataDir}`].filter(Boolean).join(' и ');
      throw new Error(`${what} не пуста: восстановление заменит её содержимое — повторите с --force, если это и нужно`);
    }
    if (inUse) await clearDatabase(target.session);
    if (filesInUse) {
      fs.rmSync(filesDir, { recursive: true, force: true });
      fs.rmSync(path.join(dataDir, 'signatures'), { recursive: true, force: true });
      fs.rmSync(path.join(dataDir, 'secret.key'), { force: true });
    }
    await migrateTo(target.database, manifest.migrations);
    await makeJobQueues(target.database, queues);
    const list: TableInfo[] = Object.entries(manifest.tables).map(([name, t]) => ({ name, columns: t.columns, order: t.order }));
    const byName = new Map(list.map((t) => [t.name, t]));
    const db = target.session;
    // all rows or none: a restore that fails halfway leaves the empty tables, not a part
    await db.query('BEGIN');
    try {
      await setTriggers(db, list, false);
      for await (const e of readTar(opts.file)) {
        if (!e.name.startsWith('db/')) continue;
        const table = byName.get(e.name.split('/')[1]);
        if (!table || tablesMadeByPgBoss.has(table.name)) continue;
        await loadRows(db, table, e.data.toString('utf8'));
      }
      await setTriggers(db, list, true);
      await setSequences(db, manifest.sequences);
      await db.query('COMMIT');
    } catch (e) {
      await db.query('ROLLBACK');
      throw e;
    }
    fs.mkdirSync(dataDir, { recursive: true });
    for await (const e of readTar(opts.file)) {
      if (e.name.startsWith('db/') || e.name === 'manifest.json') continue;
      writePrivate(dataDir, e.name, e.data);
    }
    // the checks: every table's rows and every file as the manifest says
    const counts = await countRows(db, list);
    const wrong = list.filter((t) => t.name !== 'pgboss.version' && counts[t.name] !== manifest.tables[t.name].rows);
    if (wrong.length)
      throw new Error(
        `После восстановления не совпало число строк: ${wrong.map((t) => `${t.name} ${counts[t.name]} ≠ ${manifest.tables[t.name].rows}`).join(', ')}`,
      );
    for (const [rel, sum] of Object.entries(manifest.files)) {
      const got = await sha256OfFile(path.join(dataDir, rel));
      if (got.sha256 !== sum.sha256) throw new Error(`После восстановления файл ${rel} не совпадает с копией`);
    }
    const rows = list.reduce((a, t) => a + manifest.tables[t.name].rows, 0);
    log(`Восстановлено: ${rows} строк в ${list.length} таблицах, файлов: ${Object.keys(manifest.files).length} — всё сверено с копией`);
    return manifest;
  } finally {
    await target.close();
  }
}
