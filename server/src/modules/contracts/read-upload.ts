import type { FastifyRequest } from 'fastify';
import { FormatError, assertMaxSize, parseInWorker } from '../../formats';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/uploads';

export interface RawUpload {
  name: string;
  data: Buffer;
}

/** The one file of a multipart request, within the size limit and not empty; the format check is the parser's. */
export async function readRawUpload(req: FastifyRequest, maxBytes: number): Promise<RawUpload> {
  const file = await readMultipartFile(req, maxBytes);
  if (file.data.length === 0) throw new AppError('BAD_FILE', 'Файл пустой');
  return { name: file.filename, data: file.data };
}

/** Runs a format parser on an upload: its Russian FormatError becomes a 4xx with the same text. */
export async function parseOr4xx<K extends 'upd' | 'bank1c'>(kind: K, upload: RawUpload, maxBytes: number) {
  try {
    assertMaxSize(upload.data, maxBytes);
    return await parseInWorker(kind, upload.data);
  } catch (e) {
    if (e instanceof FormatError) {
      if (e.code === 'TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', e.message);
      throw new AppError('BAD_FILE', `Файл «${upload.name}» не удалось обработать: ${e.message}`);
    }
    throw e;
  }
}
