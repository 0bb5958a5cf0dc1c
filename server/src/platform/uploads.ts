import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The one file of a multipart request, as the browser sent it. */
export interface MultipartFile {
  /** Through `cleanFileName`: never empty, no folders or controls. */
  filename: string;
  data: Buffer;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `Размер файла превышает допустимый: не более ${(maxBytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`,
  );

const ONE_FILE = 'Прикрепите один файл: в запросе их несколько';
const DAMAGED = 'Не удалось прочитать файл из запроса: тело multipart/form-data повреждено или оборвано';

/**
 * Busboy's and @fastify/multipart's refusals of a body (no boundary, no closing boundary, a broken part, too many parts)
 * as a Russian 4xx: they are the client's mistakes, and most of them are plain `Error`s without a status.
 */
function multipartRefusal(err: unknown, maxBytes: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION', ONE_FILE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('VALIDATION', 'Слишком много полей в запросе: пришлите только файл (поле file)');
  if (code === 'FST_PROTO_VIOLATION') return new AppError('VALIDATION', 'Недопустимое имя поля в запросе');
  return new AppError('VALIDATION', DAMAGED);
}

/**
 * Reads the request's one file within the size limit, reading the body to its end (a second file, a broken or cut
 * body are refused, not left in the socket); what the file must contain is each caller's check. Every upload route
 * comes here, so every malformed body is a Russian 4xx in one place (`security/upload-errors.test.ts`).
 */
export async function readMultipartFile(req: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  // the security walks find upload routes by their declared content type: a route that reads a file must say so
  const consumes = (req.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  if (!consumes.includes('multipart/form-data'))
    throw new Error(`${req.routeOptions.url}: an upload route must declare consumes multipart/form-data`);
  if (!req.isMultipart()) throw new AppError('VALIDATION', 'Прикрепите файл (multipart/form-data)');
  let file: MultipartFile | null = null;
  try {
    for await (const part of req.parts()) {
      // fields are read and dropped by the parser; only the count of parts is limited
      if (part.type !== 'file') continue;
      // the API's one field name (every client sends `file`): a file under another name, or none, is not the upload
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (file) {
        part.file.resume();
        throw new AppError('VALIDATION', ONE_FILE);
      }
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > maxBytes) throw fileTooLarge(maxBytes);
      file = { filename: cleanFileName(part.filename ?? ''), data };
    }
  } catch (err) {
    throw multipartRefusal(err, maxBytes);
  }
  if (!file) throw new AppError('VALIDATION', 'Прикрепите файл (поле file)');
  return file;
}

/**
 * A file name safe to store and show: no folders, no control characters, no bidi controls (U+202E shows
 * `счёт‮fdp.exe` as `счётexe.pdf`), no lone surrogates, at most 255 characters.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = path
    .basename((raw ?? '').replace(/\\/g, '/'))
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
