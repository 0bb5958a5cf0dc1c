import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { workerSource } from '../platform/worker-source';
import type { PgliteAnswer, PgliteFailure, PgliteReady, PgliteRequest, PgliteThreadOptions } from './pglite-thread';

type Parser = (value: string, typeId: number) => unknown;
export interface WorkerQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
}
type Send = (r: DistributiveOmit<PgliteRequest, 'id'>, parsers?: Record<number, Parser>) => Promise<unknown>;
type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;

export interface PgliteWorkerOptions {
  dataDir?: string;
  startParams?: string[];
  loadDataDir?: Blob;
}

function databaseError(f: PgliteFailure): Error {
  return Object.assign(new Error(f.message), f.fields);
}

function query(send: Send, text: string, params?: unknown[], options?: WorkerQueryOptions) {
  const parsers = options?.parsers;
  const rawTypes = parsers ? Object.keys(parsers).map(Number) : [];
  return send({ op: 'query', text, params, rowMode: options?.rowMode, rawTypes }, parsers) as Promise<Results<never>>;
}

/**
 * PGlite in a worker thread (db/pglite-thread.ts), seen through the part of PGlite's interface that drizzle's pglite
 * driver and the product's SqlClient use: query (with drizzle's row mode and parsers), exec, transaction, dumpDataDir,
 * close. PGlite is one session: as in PGlite itself, a transaction has the database to itself, and a statement sent
 * while one is open waits for its end; statements outside transactions go to the thread without waiting for each other
 * (it runs them in turn), so the thread is never idle while the next message crosses.
 */
export class PgliteWorker {
  readonly #worker: Worker;
  #seq = 0;
  readonly #waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void; parsers?: Record<number, Parser> }>();
  /** settles when every transaction begun so far has ended */
  #transactions: Promise<unknown> = Promise.resolve();
  /** statements sent outside transactions and not yet answered: a transaction begins after them */
  readonly #inFlight = new Set<Promise<unknown>>();
  #failed: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (a: PgliteAnswer) => this.#answer(a));
    worker.on('error', (e) => this.#fail(e));
    worker.on('exit', (code) => this.#fail(new Error(`поток встроенной базы данных завершился (код ${code})`)));
  }

  static async create(opts: PgliteWorkerOptions = {}): Promise<PgliteWorker> {
    const { source, eval: isEval } = workerSource(new URL('./pglite-thread', import.meta.url));
    const workerData: PgliteThreadOptions = {
      dataDir: opts.dataDir,
      startParams: opts.startParams,
      loadDataDir: opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined,
    };
    const worker = new Worker(source, { eval: isEval, workerData, transferList: workerData.loadDataDir ? [workerData.loadDataDir] : [] });
    const ready = await new Promise<PgliteReady>((resolve, reject) => {
      const off = () => worker.off('message', answered).off('error', failed).off('exit', exited);
      const answered = (m: PgliteReady) => (off(), resolve(m));
      const failed = (e: Error) => (off(), reject(e));
      const exited = (code: number) => failed(new Error(`поток встроенной базы данных завершился при запуске (код ${code})`));
      worker.on('message', answered).on('error', failed).on('exit', exited);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw databaseError(ready.error);
    }
    return new PgliteWorker(worker);
  }

  #send: Send = (r, parsers) => {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = ++this.#seq;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject, parsers });
      this.#worker.postMessage({ ...r, id } as PgliteRequest);
    });
  };

  #answer(a: PgliteAnswer): void {
    const w = this.#waiting.get(a.id);
    if (!w) return;
    this.#waiting.delete(a.id);
    if (!a.ok) return w.reject(databaseError(a.error));
    if (w.parsers) applyParsers(a.result as Results<unknown>, w.parsers);
    w.resolve(a.result);
  }

  #fail(e: Error): void {
    this.#failed ??= e;
    for (const w of this.#waiting.values()) w.reject(e);
    this.#waiting.clear();
  }

  /** A statement outside a transaction: after the transactions begun before it, alongside other such statements. */
  #outside<T>(run: () => Promise<T>): Promise<T> {
    const p = this.#transactions.then(run);
    this.#inFlight.add(p);
    const forget = () => this.#inFlight.delete(p);
    p.then(forget, forget);
    return p;
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: WorkerQueryOptions): Promise<Results<T>> {
    return this.#outside(() => query(this.#send, text, params, options)) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.#outside(() => this.#send({ op: 'exec', text })) as Promise<Results[]>;
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const before = Promise.allSettled([this.#transactions, ...this.#inFlight]);
    const run = before.then(async () => {
      const send = this.#send;
      let closed = false;
      // the part of PGlite's Transaction that drizzle's pglite session uses
      const tx = {
        query: <R>(text: string, params?: unknown[], options?: WorkerQueryOptions) =>
          query(send, text, params, options) as Promise<Results<R>>,
        exec: (text: string) => send({ op: 'exec', text }) as Promise<Results[]>,
        rollback: async () => {
          await send({ op: 'exec', text: 'ROLLBACK' });
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      await send({ op: 'exec', text: 'BEGIN' });
      try {
        const result = await callback(tx);
        if (!closed) await send({ op: 'exec', text: 'COMMIT' });
        return result;
      } catch (e) {
        if (!closed) await send({ op: 'exec', text: 'ROLLBACK' }).catch(() => undefined);
        throw e;
      } finally {
        closed = true;
      }
    });
    this.#transactions = run.catch(() => undefined);
    return run;
  }

  async dumpDataDir(_compression?: 'none'): Promise<Blob> {
    const bytes = (await this.#outside(() => this.#send({ op: 'dump' }))) as ArrayBuffer;
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.#failed) return;
    await Promise.allSettled([this.#transactions, ...this.#inFlight]);
    await this.#send({ op: 'close' });
    this.#failed = new Error('встроенная база данных закрыта');
    await this.#worker.terminate();
  }
}

/** The caller's parsers, applied here to the text the thread kept for their types (PGlite skips NULLs; so do we). */
function applyParsers(result: Results<unknown>, parsers: Record<number, Parser>): void {
  const fields = result.fields ?? [];
  const columns = fields.map((f, i) => ({ i, name: f.name, typeId: f.dataTypeID, parse: parsers[f.dataTypeID] })).filter((c) => c.parse);
  if (!columns.length) return;
  for (const row of result.rows as unknown[]) {
    for (const c of columns) {
      const r = row as Record<string | number, unknown>;
      const key = Array.isArray(row) ? c.i : c.name;
      if (r[key] !== null && r[key] !== undefined) r[key] = c.parse!(r[key] as string, c.typeId);
    }
  }
}
