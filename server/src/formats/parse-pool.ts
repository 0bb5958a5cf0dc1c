import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerSource } from '../platform/worker-source';
import { FormatError } from './errors';
import type { EisFile } from './eis223/types';
import type { UpdDocument } from './upd/types';
import type { Bank1cFile } from './bank1c/types';
import type { ParseAnswer, ParseKind, ParseTask } from './parse-worker';

/** A parse that takes longer than this is stopped: no real file needs it, a hostile one gets a 400. */
export const PARSE_TIME_LIMIT_MS = 20_000;
/** Heap of one parser thread: a 20 MB file parses in far less; a hostile one dies here, not in the server. */
const WORKER_HEAP_MB = 768;
/**
 * A parser thread idle this long ends: each holds its own V8 heap and modules (~27 MB of the server's RSS), and a
 * server that read one file in the morning need not keep them all day; a new thread starts in ~0.2 s.
 */
export const PARSER_IDLE_MS = 30_000;

interface Results {
  eis: EisFile;
  upd: UpdDocument;
  bank1c: Bank1cFile;
}

interface Job {
  task: ParseTask;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class ParsePool {
  private idle: Worker[] = [];
  private idleTimers = new Map<Worker, NodeJS.Timeout>();
  private busy = new Map<Worker, { job: Job; timer: NodeJS.Timeout }>();
  private queue: Job[] = [];
  private seq = 0;
  constructor(
    private readonly size: number,
    private readonly idleMs = PARSER_IDLE_MS,
  ) {}

  run<K extends ParseKind>(kind: K, data: Uint8Array): Promise<Results[K]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { id: ++this.seq, kind, data }, resolve: resolve as (v: unknown) => void, reject });
      this.next();
    });
  }

  private spawn(): Worker {
    const { source, eval: isEval } = workerSource(new URL('./parse-worker', import.meta.url));
    const w = new Worker(source, { eval: isEval, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    w.unref();
    w.on('message', (a: ParseAnswer) => this.done(w, a));
    w.on('error', (err) => this.fail(w, err));
    w.on('exit', () => this.fail(w, new Error('parser thread exited')));
    return w;
  }

  private next(): void {
    while (this.queue.length && (this.idle.length || this.busy.size < this.size)) {
      const job = this.queue.shift()!;
      const w = this.idle.pop() ?? this.spawn();
      this.stopIdleTimer(w);
      const timer = setTimeout(() => {
        this.busy.delete(w);
        void w.terminate();
        job.reject(
          new FormatError(
            'TOO_COMPLEX',
            `Файл не удалось разобрать за ${PARSE_TIME_LIMIT_MS / 1000} с: он слишком сложен для документа ЕИС, УПД или выписки`,
          ),
        );
        this.next();
      }, PARSE_TIME_LIMIT_MS);
      this.busy.set(w, { job, timer });
      // a copy travels: the caller keeps its buffer (it is stored after a successful parse)
      w.postMessage(job.task);
    }
  }

  private done(w: Worker, a: ParseAnswer): void {
    const slot = this.busy.get(w);
    if (!slot) return;
    clearTimeout(slot.timer);
    this.busy.delete(w);
    this.idle.push(w);
    this.idleTimers.set(w, setTimeout(() => this.retire(w), this.idleMs).unref());
    if (a.ok) slot.job.resolve(a.result);
    else if (a.formatError) slot.job.reject(new FormatError(a.formatError.code, a.formatError.message, { details: a.formatError.details }));
    else slot.job.reject(new Error(a.message));
    this.next();
  }

  /** Stops every thread; queued and running parses fail (the server is stopping). */
  /** Threads running now (busy or idle). */
  get threads(): number {
    return this.idle.length + this.busy.size;
  }

  private stopIdleTimer(w: Worker): void {
    clearTimeout(this.idleTimers.get(w));
    this.idleTimers.delete(w);
  }

  private retire(w: Worker): void {
    this.idleTimers.delete(w);
    if (!this.idle.includes(w)) return;
    this.idle = this.idle.filter((x) => x !== w);
    void w.terminate();
  }

  async close(): Promise<void> {
    const all = [...this.idle, ...this.busy.keys()];
    this.idle = [];
    for (const t of this.idleTimers.values()) clearTimeout(t);
    this.idleTimers.clear();
    for (const [, slot] of this.busy) {
      clearTimeout(slot.timer);
      slot.job.reject(new Error('parser pool closed'));
    }
    this.busy.clear();
    for (const job of this.queue.splice(0)) job.reject(new Error('parser pool closed'));
    await Promise.all(all.map((w) => w.terminate()));
  }

  private fail(w: Worker, err: unknown): void {
    this.stopIdleTimer(w);
    this.idle = this.idle.filter((x) => x !== w);
    const slot = this.busy.get(w);
    if (!slot) return;
    clearTimeout(slot.timer);
    this.busy.delete(w);
    // out of heap (ERR_WORKER_OUT_OF_MEMORY) is the file's fault, not the server's
    const oom = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
    slot.job.reject(oom ? new FormatError('TOO_COMPLEX', 'Файл слишком велик или сложен для разбора') : err);
    this.next();
  }
}

let pool: ParsePool | null = null;

export async function closeParsePool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}

/**
 * Parses an uploaded or stored file in a parser thread (at most two at once on a small machine), so that the server
 * keeps answering every tenant while a large or hostile file is read. Throws FormatError as the parsers do.
 */
export function parseInWorker<K extends ParseKind>(kind: K, data: Uint8Array): Promise<Results[K]> {
  pool ??= new ParsePool(Math.max(1, Math.min(2, os.availableParallelism() - 1)));
  return pool.run(kind, data);
}
