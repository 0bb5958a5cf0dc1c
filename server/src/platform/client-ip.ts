import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config';

export type TrustProxy = Config['TRUST_PROXY'];

/** The trust rule for Fastify's `trustProxy` and for sockets: the same setting read the same way. */
export function trustRule(trust: TrustProxy): (addr: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_addr, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

const rules = new WeakMap<object, (addr: string, hop: number) => boolean>();

/**
 * The client's IP, for every limiter and the sessions list: X-Forwarded-For is believed only as far as TRUST_PROXY
 * allows, so a client cannot pick its own address.
 */
export function clientIp(
  config: Pick<Config, 'TRUST_PROXY'>,
  from: FastifyRequest | { address: string; headers: Record<string, string | string[] | undefined> },
): string {
  if ('raw' in from) return from.ip; // Fastify applied the same rule (app.ts passes trustRule as trustProxy)
  let rule = rules.get(config);
  if (!rule) rules.set(config, (rule = trustRule(config.TRUST_PROXY)));
  const req = {
    headers: from.headers,
    socket: { remoteAddress: from.address },
    connection: { remoteAddress: from.address },
  } as unknown as IncomingMessage;
  return proxyAddr(req, rule);
}
