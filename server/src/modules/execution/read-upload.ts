import type { FastifyRequest } from 'fastify';
import { FormatError, assertMaxSize } from '../../formats';
import { AppError } from '../../platform/errors';
import { cleanFileName } from '../procurements/uploads';

export interface RawUpload {
  name: string;
  data: Buffer;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 });

/** The one file of a multipart request, within the size limit and not empty; the format check is the parser's. */
export async function readRawUpload(req: FastifyRequest, maxBytes: number): Promise<RawUpload> {
  if (!req.isMultipart()) throw new AppError('VALIDATION', 'Прикрепите файл (multipart/form-data)');
  const part = await req.file();
  if (!part) throw new AppError('VALIDATION', 'Прикрепите файл');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw err;
  }
  if (part.file.truncated || data.length > maxBytes) throw tooLarge(maxBytes);
  if (data.length === 0) throw new AppError('BAD_FILE', 'Файл пустой');
  return { name: cleanFileName(part.filename || 'file'), data };
}

const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `Размер файла превышает допустимый: не более ${mb(maxBytes)} МБ`);

/** Runs a format parser on an upload: its Russian FormatError becomes a 4xx with the same text. */
export function parseOr4xx<T>(parse: (b: Uint8Array) => T, upload: RawUpload, maxBytes: number): T {
  try {
    assertMaxSize(upload.data, maxBytes);
    return parse(upload.data);
  } catch (e) {
    if (e instanceof FormatError) {
      if (e.code === 'TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', e.message);
      throw new AppError('BAD_FILE', `Файл «${upload.name}» не удалось обработать: ${e.message}`);
    }
    throw e;
  }
}
