import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

/** Never in a log line: credentials and tokens (request headers, bodies, our own fields). */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.email_code'];

/**
 * Pino options for every process: readable one-line logs for a person at a terminal (pino-pretty), JSON lines for
 * everything else (files, journald, log collectors). LOG_FORMAT=json|pretty overrides the guess.
 */
export function loggerOptions(level: string, stream?: Writable, logFormat?: 'pretty' | 'json'): FastifyServerOptions['logger'] {
  const format = logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json');
  return {
    level,
    redact: REDACT,
    serializers: { err: (e: Error) => serializeError(e) as { type: string; message: string; stack: string } },
    ...(stream ? { stream } : {}),
    ...(format === 'pretty' && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true, messageKey: 'msg' },
          },
        }
      : {}),
  };
}

/** Fields of pg / PGlite / drizzle errors that carry a statement's values (row contents, hashes, e-mails). */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'queryOptions', 'values']);
const HIDDEN = '[скрыто]';

/**
 * A copy of an error fit for a log line or Sentry: drizzle's "Failed query: … params: …" keeps only the statement's
 * text, PostgreSQL's row details and parameters go, and a data error's quoted value (`invalid input syntax …: "…"`)
 * is hidden. The cause chain is copied the same way, since pino appends causes to the message and stack.
 */
export function redactError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const e = err as Error & Record<string, unknown>;
  let message = e.message;
  if ('params' in e && typeof e.query === 'string' && message.startsWith('Failed query:')) message = `Failed query: ${e.query}`;
  if (typeof e.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(e.code)) message = message.replace(/(:\s*)".*"\s*$/s, `$1"${HIDDEN}"`);
  const copy = new Error(message) as Error & Record<string, unknown>;
  Object.defineProperty(copy, 'constructor', { value: e.constructor, enumerable: false });
  copy.name = e.name;
  const stackBody = e.stack ? e.stack.slice(e.stack.indexOf('\n    at ') >= 0 ? e.stack.indexOf('\n    at ') : e.stack.length) : '';
  copy.stack = `${e.name}: ${message}${stackBody}`;
  for (const key of Object.keys(e)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    copy[key] = VALUE_FIELDS.has(key) ? HIDDEN : e[key];
  }
  if (e.cause !== undefined) copy.cause = redactError(e.cause, depth + 1);
  return copy;
}

/** Pino's `err` serializer over a redacted copy: type, message, stack, the error's own fields and its causes. */
export function serializeError(err: unknown, depth = 0): unknown {
  const e = redactError(err);
  if (!(e instanceof Error)) return e;
  const out: Record<string, unknown> = { type: (err as Error).constructor?.name ?? e.name, message: e.message, stack: e.stack };
  for (const [k, v] of Object.entries(e))
    if (k !== 'cause' && out[k] === undefined) out[k] = v instanceof Error ? serializeError(v, depth + 1) : v;
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
