/**
 * PGlite's thread (EMBEDDED_DB=pglite-worker): the database runs here, so a query's work in WebAssembly never holds up
 * the server's event loop. The server's side, db/pglite-worker.ts, sends one message per statement and decides the
 * order (a transaction has the database to itself); this thread only runs what it is sent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface PgliteThreadOptions {
  dataDir?: string;
  startParams?: string[];
  /** a data directory dump to start from (PGlite's `loadDataDir`), as bytes: a Blob does not cross threads */
  loadDataDir?: ArrayBuffer;
}

export type PgliteRequest =
  | { id: number; op: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes: number[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error's fields (code, constraint, detail…): an Error's own class does not cross threads. */
export type PgliteFailure = { message: string; fields: Record<string, string | number> };
export type PgliteAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: PgliteFailure };
export type PgliteReady = { ready: true } | { ready: false; error: PgliteFailure };

const keep = (value: string) => value;

function failure(e: unknown): PgliteFailure {
  const fields: Record<string, string | number> = {};
  if (e && typeof e === 'object') for (const [k, v] of Object.entries(e)) if (typeof v === 'string' || typeof v === 'number') fields[k] = v;
  return { message: e instanceof Error ? e.message : String(e), fields };
}

async function run(db: PGlite, r: PgliteRequest): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  switch (r.op) {
    case 'query': {
      // the caller's parsers are functions, which cannot be sent: their types come back as PostgreSQL's text, and the
      // server's side applies the functions
      const parsers = r.rawTypes.length ? Object.fromEntries(r.rawTypes.map((t) => [t, keep])) : undefined;
      return { result: await db.query(r.text, r.params, { rowMode: r.rowMode, parsers }) };
    }
    case 'exec':
      return { result: await db.exec(r.text) };
    case 'dump': {
      const bytes = await (await db.dumpDataDir('none')).arrayBuffer();
      return { result: bytes, transfer: [bytes] };
    }
    case 'close':
      await db.close();
      return { result: null };
  }
}

async function main() {
  const port = parentPort!;
  const opts = workerData as PgliteThreadOptions;
  let db: PGlite;
  try {
    db = await PGlite.create({
      dataDir: opts.dataDir,
      extensions: { pg_trgm },
      startParams: opts.startParams,
      loadDataDir: opts.loadDataDir ? new Blob([opts.loadDataDir]) : undefined,
    });
  } catch (e) {
    port.postMessage({ ready: false, error: failure(e) } satisfies PgliteReady);
    return;
  }
  port.on('message', (r: PgliteRequest) => {
    run(db, r).then(
      ({ result, transfer }) => port.postMessage({ id: r.id, ok: true, result } satisfies PgliteAnswer, transfer),
      (e: unknown) => port.postMessage({ id: r.id, ok: false, error: failure(e) } satisfies PgliteAnswer),
    );
  });
  port.postMessage({ ready: true } satisfies PgliteReady);
}

void main();
