/**
 * The integration service answers only the main server: every route but /health needs `Authorization: Bearer
 * <INTEGRATION_SECRET>`. Without it anyone who could reach the port would import on the provider's ЕИС token and send
 * execution records. Compared as SHA-256 digests with timingSafeEqual: equal lengths whatever was sent, and the time
 * says nothing of how much of it matched.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const MIN_SECRET_LENGTH = 16;
export const CALLER_REFUSED =
  'Сервис интеграции с ЕИС отвечает только основному серверу: общий ключ INTEGRATION_SECRET не передан или неверен';

const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

/** The header the main server's gateway sends. */
export const callerHeaders = (secret: string): Record<string, string> => ({ authorization: `Bearer ${secret}` });

/** The onRequest hook; throws at build for a missing or short secret (the service never runs open). */
export function callerAuth(secret: string | undefined): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  if (!secret || secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `INTEGRATION_SECRET: не задан или короче ${MIN_SECRET_LENGTH} символов — сервис интеграции не запускается без общего ключа с основным сервером`,
    );
  }
  const expected = digest(secret);
  return async (req, reply) => {
    if (req.routeOptions.url === '/health') return undefined;
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (m && crypto.timingSafeEqual(digest(m[1]), expected)) return undefined;
    // the reason, never what was sent
    req.log.warn(
      { method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip, reason: m ? 'wrong secret' : 'no secret' },
      'integration call refused',
    );
    return reply.status(401).send({ code: 'UNAUTHORIZED', message: CALLER_REFUSED });
  };
}
