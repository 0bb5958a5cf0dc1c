import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, ERROR_TEXT, type ErrorBody, type ErrorCode } from '@proc/contract';
import { redactError } from './logging';

/** The one application error: a string code (mapped to an HTTP status) and a Russian message. */
export class AppError extends Error {
  constructor(
    public code: ErrorCode,
    message?: string,
    public fields?: Record<string, string[]>,
  ) {
    super(message ?? ERROR_TEXT[code]);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** An update that names no field (an empty PATCH): a 400 with this text. */
export const NO_CHANGES = 'Нет изменений';

export const notFound = (what?: string) => new AppError('NOT_FOUND', what);
export const forbidden = (msg?: string) => new AppError('FORBIDDEN', msg);
export const badRequest = (msg: string, fields?: Record<string, string[]>) => new AppError('VALIDATION', msg, fields);

const HTTP_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
};

export function zodFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(i.message);
  }
  return fields;
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string[]>, sentryCode?: string): ErrorBody {
  const statusCode = ERROR_STATUS[code];
  const body: ErrorBody = { statusCode, error: HTTP_NAMES[statusCode] ?? 'Error', code, message };
  if (fields) body.fields = fields;
  if (sentryCode) body.sentry_code = sentryCode;
  return body;
}

/** A short code the user reads to the operator; it is in the log line and in Sentry's tags. */
export const newSupportCode = () => crypto.randomBytes(5).toString('hex').toUpperCase();

/** Fastify's own refusals before routing (a path that is not valid percent-encoded UTF-8), in the same envelope. */
export function refuseBadUrl(_err: unknown, _req: unknown, reply: FastifyReply): void {
  void reply.code(400).send(errorBody('VALIDATION', 'Некорректный адрес запроса'));
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it — headers or a request line over `maxHeaderSize` (16 KiB;
 * a 100,000-character query), a request line or header that is not HTTP, a body not received in time — and Fastify's
 * default answers it in English. The same envelope in Russian instead (Node's `clientError` event; a reset connection
 * has no one to answer).
 */
export function refuseClientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'VALIDATION';
  const body = JSON.stringify(errorBody(code, code === 'VALIDATION' ? 'Некорректный HTTP-запрос' : ERROR_TEXT[code]));
  const status = ERROR_STATUS[code];
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${HTTP_NAMES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

export type ErrorReporter = (err: unknown, supportCode: string) => void;

export function installErrorHandler(app: FastifyInstance, report: ErrorReporter): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send(errorBody(err.code, err.message, err.fields));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = zodFields(
        err.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Некорректное значение',
        })),
      );
      const first = Object.entries(fields)[0];
      return reply.status(400).send(errorBody('VALIDATION', first ? `${first[0]}: ${first[1].join(', ')}` : ERROR_TEXT.VALIDATION, fields));
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(errorBody('VALIDATION', ERROR_TEXT.VALIDATION, zodFields(err.issues)));
    }
    const data = databaseDataError(err);
    if (data) return reply.status(ERROR_STATUS[data.code]).send(errorBody(data.code, data.message));
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT')
      return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', ERROR_TEXT.PAYLOAD_TOO_LARGE));
    if (status === 415) return reply.status(415).send(errorBody('UNSUPPORTED_MEDIA', ERROR_TEXT.UNSUPPORTED_MEDIA));
    if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED', ERROR_TEXT.RATE_LIMITED));
    if (status >= 400 && status < 500) {
      return reply.status(400).send(errorBody('VALIDATION', 'Некорректный запрос: проверьте переданные данные'));
    }
    const code = newSupportCode();
    req.log.error({ err, sentry_code: code }, 'unhandled error');
    // Sentry gets the same redacted copy as the log: no statement parameters, no row values
    report(redactError(err), code);
    return reply.status(500).send(errorBody('INTERNAL', ERROR_TEXT.INTERNAL, undefined, code));
  });
}

/** A PostgreSQL error (pg, PGlite) itself or as the cause of drizzle's DrizzleQueryError. */
function pgError(err: unknown): { code: string; detail?: string } | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string; detail?: string };
  }
  return null;
}

/**
 * What the user sent could not be stored (SQLSTATE classes 22 "data exception" and 23 "integrity constraint violation"):
 * a 4xx with a Russian reason, not a 500. Routes that know their unique keys answer more precisely before this.
 */
export function databaseDataError(err: unknown): { code: ErrorCode; message: string } | null {
  const pg = pgError(err);
  if (!pg) return null;
  const c = pg.code;
  if (c === '23505') return { code: 'CONFLICT', message: ERROR_TEXT.CONFLICT };
  if (c === '23503')
    return /still referenced/.test(pg.detail ?? '')
      ? { code: 'IN_USE', message: ERROR_TEXT.IN_USE }
      : { code: 'VALIDATION', message: 'Указана несуществующая связанная запись' };
  if (c === '23502') return { code: 'VALIDATION', message: 'Не заполнено обязательное значение' };
  if (c === '23514' || c === '23P01') return { code: 'VALIDATION', message: 'Значение не проходит проверку допустимости' };
  if (c === '22021' || c === '22P05') return { code: 'VALIDATION', message: 'Текст содержит недопустимые символы' };
  if (c === '22007' || c === '22008') return { code: 'VALIDATION', message: 'Некорректная дата' };
  if (c === '22003') return { code: 'VALIDATION', message: 'Число вне допустимого диапазона' };
  if (c === '22001') return { code: 'VALIDATION', message: 'Слишком длинное значение' };
  if (c.startsWith('22')) return { code: 'VALIDATION', message: 'Некорректное значение' };
  if (c === '54000') return { code: 'VALIDATION', message: 'Слишком большое значение' };
  return null;
}
