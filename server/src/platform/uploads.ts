import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The one file of a multipart request, as the browser sent it. */
export interface MultipartFile {
  filename: string;
  data: Buffer;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `Размер файла превышает допустимый: не более ${(maxBytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`,
  );

/** Reads the request's file within the size limit; what the file must contain is each caller's check. */
export async function readMultipartFile(req: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!req.isMultipart()) throw new AppError('VALIDATION', 'Прикрепите файл (multipart/form-data)');
  const part = await req.file();
  if (!part) throw new AppError('VALIDATION', 'Прикрепите файл');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    throw err;
  }
  if (part.file.truncated || data.length > maxBytes) throw fileTooLarge(maxBytes);
  return { filename: part.filename, data };
}

/**
 * A file name safe to store and show: no folders, no control characters, no bidi controls (U+202E shows
 * `счёт‮fdp.exe` as `счётexe.pdf`), no lone surrogates, at most 255 characters.
 */
export function cleanFileName(raw: string): string {
  const base = path
    .basename(raw.replace(/\\/g, '/'))
    // control characters are exactly what this strips
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .trim();
  if (!base) return 'file';
  if (base.length <= 255) return base;
  const ext = path.extname(base);
  return base.slice(0, 255 - ext.length) + ext;
}
