import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/** Where uploads and generated files live; a directory all nodes share by default (an S3 store can implement the same). */
export interface FileStore {
  put(data: Buffer, hint?: string): Promise<string>;
  /**
   * Stores data under a key the caller chose, replacing what is there: a job run again after a crash rewrites its one
   * file instead of leaving a second. Readers see the old file or the whole new one, never a part.
   */
  putAt(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

/** Stored files and mail hold tenants' documents: only the server's own user reads them. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes a private folder (and its missing parents below it); an existing one is closed too, so a folder left 0755 by
 * an older version hides what it already holds.
 */
export async function privateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.chmod(dir, PRIVATE_DIR_MODE);
}

export function directoryStore(root: string): FileStore {
  const full = (key: string) => {
    if (!/^[a-z0-9/_.-]+$/i.test(key) || key.includes('..')) throw new Error('bad file key');
    return path.join(root, key);
  };
  let rootReady: Promise<void> | null = null;
  const dirFor = async (file: string) => {
    await (rootReady ??= privateDir(root).catch((err) => {
      rootReady = null;
      throw err;
    }));
    await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  };
  return {
    async put(data, hint = 'bin') {
      const id = crypto.randomUUID();
      const ext = hint.replace(/[^a-z0-9]/gi, '').slice(0, 8) || 'bin';
      const key = `${id.slice(0, 2)}/${id}.${ext}`;
      await dirFor(full(key));
      await fs.writeFile(full(key), data, { mode: PRIVATE_FILE_MODE });
      return key;
    },
    async putAt(key, data) {
      const file = full(key);
      // a fixed temporary name: a run killed while writing leaves a part that the next run overwrites, not a stray file
      const part = `${file}.part`;
      await dirFor(file);
      await fs.writeFile(part, data, { mode: PRIVATE_FILE_MODE });
      await fs.chmod(part, PRIVATE_FILE_MODE); // a part left by an older version keeps its mode through writeFile
      await fs.rename(part, file);
    },
    get: (key) => fs.readFile(full(key)),
    remove: (key) => fs.rm(full(key), { force: true }),
  };
}
