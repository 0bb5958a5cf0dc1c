/**
 * The XML files of a ZIP archive as ЕИС gives them out (a day's documents in one archive), read entry by entry with
 * limits: how many entries, how large each and all together, and how far an entry may expand (a ZIP bomb declares
 * small sizes or packs gigabytes of zeros into kilobytes; both are refused before they fill the memory).
 */
import yauzl from 'yauzl';
import { FormatError } from './errors';

export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of one XML file. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all XML files together. */
  maxTotalBytes: number;
  /** Uncompressed / compressed size of one entry. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 200,
};

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const refuse = (message: string, details?: string) => new FormatError('ARCHIVE', message, { details });

const open = (buf: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(refuse('Архив повреждён или не является ZIP-архивом', err?.message)) : resolve(zip),
    ),
  );

/** Reads one entry's bytes, stopping as soon as it grows past what is allowed. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, allowed: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(refuse(`Файл «${entry.fileName}» в архиве не читается`, err?.message));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > allowed) {
          stream.destroy();
          reject(refuse(`Файл «${entry.fileName}» в архиве больше допустимого: архив не загружен`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e) => reject(refuse(`Файл «${entry.fileName}» в архиве повреждён`, e.message)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The archive's .xml files in their order; other files (signatures, folders) are passed over. */
export async function readZipXmlEntries(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntry[]> {
  const out = await readZipEntries(buf, (name) => /\.xml$/i.test(name), limits);
  if (!out.length) throw refuse('В архиве нет XML-файлов ЕИС');
  return out;
}

/**
 * yauzl refuses an entry whose name climbs out of the archive («../», an absolute path, a drive letter) before we see
 * it (zip slip): its English message becomes the Russian reason.
 */
function entryError(e: Error): FormatError {
  const m = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(e.message);
  if (m) return refuse(`Недопустимое имя файла в архиве «${m[2]}»: путь выходит за пределы архива. Архив не принят`);
  return refuse('Архив повреждён', e.message);
}

/** The files of an archive that `want` names, in their order, read within `limits`; folders and the rest passed over. */
export async function readZipEntries(
  buf: Buffer,
  want: (name: string) => boolean,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipEntry[]> {
  const zip = await open(buf);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw refuse(`В архиве ${zip.entryCount} файлов, допускается не более ${limits.maxEntries}`);
  }
  const out: ZipEntry[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (e: Error) => reject(entryError(e)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/') || !want(name)) return zip.readEntry();
        if (entry.isEncrypted()) return reject(refuse(`Файл «${name}» в архиве зашифрован`));
        if (entry.uncompressedSize > limits.maxEntryBytes)
          return reject(refuse(`Файл «${name}» в архиве больше допустимого: архив не загружен`));
        if (entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio) {
          return reject(
            refuse(
              `Файл «${name}» сжат в ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} раз: такой архив не принимается`,
            ),
          );
        }
        if (total + entry.uncompressedSize > limits.maxTotalBytes)
          return reject(refuse('Файлы архива вместе больше допустимого: архив не загружен'));
        readEntry(zip, entry, Math.min(limits.maxEntryBytes, limits.maxTotalBytes - total))
          .then((data) => {
            total += data.length;
            out.push({ name, data });
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return out;
}
