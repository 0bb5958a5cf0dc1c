import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_EXTENSIONS, UPLOAD_TYPE_MESSAGE } from '@proc/contract';
import { AppError } from './errors';
import { cleanFileName, readMultipartFile } from './uploads';

export interface Upload {
  name: string;
  ext: string;
  contentType: string;
  data: Buffer;
}

export const CONTENT_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);
const ZIP = [0x50, 0x4b];

/** The content must look like its extension: a renamed executable is not a PDF. */
function looksLike(ext: string, data: Buffer): boolean {
  switch (ext) {
    case 'pdf':
      return data.subarray(0, 1024).includes('%PDF-');
    case 'docx':
    case 'xlsx':
    case 'zip':
      return startsWith(data, ZIP);
    case 'jpg':
    case 'jpeg':
      return startsWith(data, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'xml': {
      const head = data
        .subarray(0, 512)
        .toString('latin1')
        .replace(/^\uFEFF|^ï»¿/, '')
        .trimStart();
      return head.startsWith('<');
    }
    case 'txt': {
      // UTF-16 text carries NUL bytes; other text never does
      if (startsWith(data, [0xff, 0xfe]) || startsWith(data, [0xfe, 0xff])) return true;
      return !data.subarray(0, 8192).includes(0);
    }
    default:
      return false;
  }
}

/** Checks a file's type by extension and content; throws a Russian 415/400 otherwise. */
export function checkUpload(rawName: string, data: Buffer): Upload {
  const name = cleanFileName(rawName);
  const ext = path.extname(name).slice(1).toLowerCase();
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError('UNSUPPORTED_MEDIA', UPLOAD_TYPE_MESSAGE);
  if (data.length === 0) throw new AppError('BAD_FILE', 'Файл пустой');
  if (!looksLike(ext, data)) throw new AppError('BAD_FILE', `Содержимое файла не соответствует расширению .${ext}`);
  return { name, ext, contentType: CONTENT_TYPES[ext], data };
}

/** Reads the one file of a multipart request within the configured size limit. */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  const file = await readMultipartFile(req, maxBytes);
  return checkUpload(file.filename, file.data);
}

/** RFC 6266/5987: an ASCII fallback plus the UTF-8 name, so Cyrillic names survive every browser. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendFile(reply: FastifyReply, file: { name: string; contentType: string; data: Buffer }) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.name))
    .header('Cache-Control', 'private, no-store')
    .send(file.data);
}
