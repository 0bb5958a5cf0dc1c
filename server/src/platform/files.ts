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

export function directoryStore(root: string): FileStore {
  const full = (key: string) => {
    if (!/^[a-z0-9/_.-]+$/i.test(key) || key.includes('..')) throw new Error('bad file key');
    return path.join(root, key);
  };
  return {
    async put(data, hint = 'bin') {
      const id = crypto.randomUUID();
      const ext = hint.replace(/[^a-z0-9]/gi, '').slice(0, 8) || 'bin';
      const key = `${id.slice(0, 2)}/${id}.${ext}`;
      await fs.mkdir(path.dirname(full(key)), { recursive: true });
      await fs.writeFile(full(key), data);
      return key;
    },
    async putAt(key, data) {
      const file = full(key);
      // a fixed temporary name: a run killed while writing leaves a part that the next run overwrites, not a stray file
      const part = `${file}.part`;
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(part, data);
      await fs.rename(part, file);
    },
    get: (key) => fs.readFile(full(key)),
    remove: (key) => fs.rm(full(key), { force: true }),
  };
}
