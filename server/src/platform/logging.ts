import type { FastifyServerOptions } from 'fastify';

/** Never in a log line: credentials and tokens (request headers, bodies, our own fields). */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.email_code'];

/**
 * Pino options for every process: readable one-line logs for a person at a terminal (pino-pretty), JSON lines for
 * everything else (files, journald, log collectors). LOG_FORMAT=json|pretty overrides the guess.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  const format = process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json');
  return {
    level,
    redact: REDACT,
    ...(format === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true, messageKey: 'msg' } } }
      : {}),
  };
}
