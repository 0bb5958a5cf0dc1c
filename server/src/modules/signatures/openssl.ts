import fs from 'node:fs/promises';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';

/**
 * The OpenSSL command line with Debian's gost engine (package libengine-gost-openssl), always in a child process with
 * a timeout: a GOST verification takes milliseconds of CPU that must not be the event loop's.
 *
 * The engine is loaded by a configuration file of our own given to the child as OPENSSL_CONF, the way the engine's
 * README ("USAGE WITH COMMAND LINE openssl UTILITY") and its example.conf (gost-engine/engine, example.conf:
 * openssl_conf → engines → gost_section with engine_id = gost, default_algorithms = ALL) show; Debian puts gost.so in
 * OpenSSL's ENGINESDIR, so no dynamic_path is needed. The system's openssl.cnf is left alone.
 */
export const GOST_OPENSSL_CNF = `openssl_conf = openssl_def
oid_section = russian_oids

[russian_oids]
# ИННЮЛ: OpenSSL 3.0 knows INN, OGRN and SNILS by name but not this one (приказ ФСБ № 795, п. 18)
INNLE = 1.2.643.100.4

[openssl_def]
engines = engine_section

[engine_section]
gost = gost_section

[gost_section]
engine_id = gost
default_algorithms = ALL
`;

export const ENGINE_MISSING = 'модуль ГОСТ для OpenSSL не установлен (пакет libengine-gost-openssl): проверка подписей недоступна';

export class OpensslError extends Error {
  constructor(
    message: string,
    public stderr: string,
    public timedOut: boolean,
  ) {
    super(message);
  }
}

let workRoot: Promise<string> | null = null;
/** A 0700 folder of this process: the configuration file and each run's own subfolder live in it. */
export function opensslWorkRoot(): Promise<string> {
  workRoot ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gost-'));
    await fs.chmod(dir, 0o700);
    // the folder is this process's alone: gone with it
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await fs.writeFile(path.join(dir, 'openssl.cnf'), GOST_OPENSSL_CNF, { mode: 0o600 });
    return dir;
  })();
  return workRoot;
}

// A few processes at a time: a burst of uploads queues here instead of forking dozens of children on 2 cores.
const MAX_PARALLEL = Math.max(2, Math.min(4, os.availableParallelism?.() ?? 2));
let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `openssl args…` with the gost engine configured; a non-zero exit is a result, not an exception. */
export async function openssl(args: string[], opts: { timeoutMs?: number; withEngine?: boolean } = {}): Promise<RunResult> {
  const root = await opensslWorkRoot();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' };
  if (opts.withEngine !== false) env.OPENSSL_CONF = path.join(root, 'openssl.cnf');
  return slot(
    () =>
      new Promise<RunResult>((resolve, reject) => {
        execFile(
          'openssl',
          args,
          { env, timeout: opts.timeoutMs ?? 15_000, maxBuffer: 8 * 1024 * 1024, encoding: 'utf8', killSignal: 'SIGKILL' },
          (err, stdout, stderr) => {
            if (!err) return resolve({ code: 0, stdout, stderr });
            const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
            if (e.killed) return reject(new OpensslError('OpenSSL не ответил вовремя', stderr, true));
            if (typeof e.code === 'string')
              return reject(new OpensslError(e.code === 'ENOENT' ? 'OpenSSL не установлен' : e.message, stderr, false));
            resolve({ code: typeof e.code === 'number' ? e.code : 1, stdout, stderr });
          },
        );
      }),
  );
}

let engine: Promise<{ ok: boolean; message: string }> | null = null;
/**
 * Whether OpenSSL can load the gost engine here: asked once per process (`openssl engine gost -t` without our
 * configuration, so a missing engine is a clear "no" and not a configuration error).
 */
export function gostEngine(): Promise<{ ok: boolean; message: string }> {
  engine ??= openssl(['engine', 'gost', '-t'], { withEngine: false, timeoutMs: 10_000 })
    .then((r) =>
      r.code === 0 && /available/.test(r.stdout)
        ? { ok: true, message: r.stdout.split('\n')[0].trim() }
        : { ok: false, message: ENGINE_MISSING },
    )
    .catch((e: Error) => ({
      ok: false,
      message:
        e instanceof OpensslError && e.message === 'OpenSSL не установлен' ? `OpenSSL не установлен: ${ENGINE_MISSING}` : ENGINE_MISSING,
    }));
  return engine;
}

/** For tests: forget the cached engine answer. */
export function resetGostEngineCheck(): void {
  engine = null;
}

/** A private folder for one run, removed afterwards whatever happens. */
export async function withRunDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const root = await opensslWorkRoot();
  const dir = await fs.mkdtemp(path.join(root, 'run-'));
  try {
    return await fn(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
