import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, ERROR_TEXT, type ErrorBody, type ErrorCode } from '@proc/contract';

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

export const notFound = (what?: string) => new AppError('NOT_FOUND', what);
export const forbidden = (msg?: string) => new AppError('FORBIDDEN', msg);
export const badRequest = (msg: string, fields?: Record<string, string[]>) => new AppError('VALIDATION', msg, fields);

const HTTP_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
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
    report(err, code);
    return reply.status(500).send(errorBody('INTERNAL', ERROR_TEXT.INTERNAL, undefined, code));
  });
}
