// A gzipped ustar archive, written and read as a stream: what `tar -xzf` opens, without a package for it (the one in
// node_modules comes with exceljs, an old major that is not ours to rely on). Names are kept under 100 bytes, so
// the plain ustar header is enough.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { once } from 'node:events';

const BLOCK = 512;

function header(name: string, size: number, mode: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 99) throw new Error(`имя в архиве длиннее 99 байт: ${name}`);
  nameBytes.copy(h, 0);
  const octal = (v: number, at: number, len: number) => h.write(v.toString(8).padStart(len - 1, '0') + '\0', at, len, 'ascii');
  octal(mode, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(Date.now() / 1000), 136, 12);
  h.write('        ', 148, 8, 'ascii');
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\0' + '00', 257, 8, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return h;
}

export interface TarWriter {
  add(name: string, data: Buffer | string): Promise<void>;
  /** A file from disk, read in pieces (a stored document may be tens of megabytes). */
  addFile(name: string, file: string): Promise<void>;
  close(): Promise<void>;
}

/** Writes the archive to `file`, created 0600: it holds every tenant's documents. */
export function tarWriter(file: string): TarWriter {
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const gz = zlib.createGzip();
  gz.pipe(out);
  const write = async (chunk: Buffer) => {
    if (!gz.write(chunk)) await once(gz, 'drain');
  };
  const pad = (size: number) => (size % BLOCK ? write(Buffer.alloc(BLOCK - (size % BLOCK))) : undefined);
  return {
    async add(name, data) {
      const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      await write(header(name, body.length, 0o600));
      await write(body);
      await pad(body.length);
    },
    async addFile(name, from) {
      const { size } = await fs.promises.stat(from);
      await write(header(name, size, 0o600));
      let written = 0;
      for await (const chunk of fs.createReadStream(from)) {
        written += (chunk as Buffer).length;
        await write(chunk as Buffer);
      }
      if (written !== size) throw new Error(`файл ${from} изменился во время копирования`);
      await pad(size);
    },
    async close() {
      gz.end(Buffer.alloc(BLOCK * 2));
      await once(out, 'close');
    },
  };
}

export interface TarEntry {
  name: string;
  data: Buffer;
}

/** The entries of an archive one by one; each entry's body is in memory (the largest is one stored file). */
export async function* readTar(file: string): AsyncGenerator<TarEntry> {
  let buf: Buffer = Buffer.alloc(0);
  let current: { name: string; size: number; parts: Buffer[]; got: number } | null = null;
  let skip = 0;
  for await (const chunk of fs.createReadStream(file).pipe(zlib.createGunzip())) {
    buf = buf.length ? Buffer.concat([buf, chunk as Buffer]) : (chunk as Buffer);
    for (;;) {
      if (skip) {
        const n = Math.min(skip, buf.length);
        buf = buf.subarray(n);
        skip -= n;
        if (skip) break;
      }
      if (current) {
        const n = Math.min(current.size - current.got, buf.length);
        current.parts.push(buf.subarray(0, n));
        current.got += n;
        buf = buf.subarray(n);
        if (current.got < current.size) break;
        yield { name: current.name, data: Buffer.concat(current.parts) };
        skip = current.size % BLOCK ? BLOCK - (current.size % BLOCK) : 0;
        current = null;
        continue;
      }
      if (buf.length < BLOCK) break;
      const h = buf.subarray(0, BLOCK);
      buf = buf.subarray(BLOCK);
      if (h.every((b) => b === 0)) return;
      const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const size = parseInt(h.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
      const type = String.fromCharCode(h[156]);
      if (type !== '0' && type !== '\0') {
        skip = Math.ceil(size / BLOCK) * BLOCK;
        continue;
      }
      current = { name, size, parts: [], got: 0 };
      if (size === 0) {
        yield { name, data: Buffer.alloc(0) };
        current = null;
      }
    }
  }
  if (current) throw new Error('архив обрывается на середине файла');
}
