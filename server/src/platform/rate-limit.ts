import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Fixed-window counters per key, in this process's memory. Enough for one node; several nodes behind a balancer each
 * keep their own window, so the effective limit is max × nodes (a shared table would make it exact).
 */
export interface RateLimiter {
  /** Whether the key has used up its window. */
  exceeded(key: string): boolean;
  /** Counts one attempt. */
  add(key: string): void;
  /** Counts one attempt and refuses with 429 when over the limit. */
  take(key: string): void;
}

export function createRateLimiter(opts: { max: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string) => {
    const t = now();
    let w = windows.get(key);
    if (!w || t - w.start >= opts.windowMs) {
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    if (windows.size > 10_000) for (const [k, v] of windows) if (t - v.start >= opts.windowMs) windows.delete(k);
    return w;
  };
  const limiter: RateLimiter = {
    exceeded: (key) => current(key).count >= opts.max,
    add: (key) => void current(key).count++,
    take(key) {
      if (limiter.exceeded(key)) throw new AppError('RATE_LIMITED');
      limiter.add(key);
    },
  };
  return limiter;
}

/** The limits of the unauthenticated entry points, per client IP. */
export const LIMITS = {
  /** Failed logins: a correct password never counts, so people behind one NAT are not locked out by each other. */
  loginFailures: { max: 10, windowMs: 15 * 60_000 },
  registrations: { max: 10, windowMs: 60 * 60_000 },
  emailCodes: { max: 10, windowMs: 10 * 60_000 },
};

const perServer = new WeakMap<object, Record<keyof typeof LIMITS, RateLimiter>>();

/** The limiters of one server (keyed by its deps object, so test servers do not share counters). */
export function limitersOf(owner: object): Record<keyof typeof LIMITS, RateLimiter> {
  let l = perServer.get(owner);
  if (!l) {
    l = {
      loginFailures: createRateLimiter(LIMITS.loginFailures),
      registrations: createRateLimiter(LIMITS.registrations),
      emailCodes: createRateLimiter(LIMITS.emailCodes),
    };
    perServer.set(owner, l);
  }
  return l;
}

const path = (req: FastifyRequest) => req.url.split('?')[0];

/** Per-IP limits on POST /api/auth/login (failures) and POST /api/auth/registrations (every attempt). */
export function installAuthRateLimits(app: FastifyInstance, owner: object): void {
  const limits = limitersOf(owner);
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'POST') return;
    const p = path(req);
    if (p === '/api/auth/login' && limits.loginFailures.exceeded(req.ip)) throw new AppError('RATE_LIMITED');
    if (p === '/api/auth/registrations') limits.registrations.take(req.ip);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'POST' && path(req) === '/api/auth/login' && (reply.statusCode === 401 || reply.statusCode === 400)) limits.loginFailures.add(req.ip);
  });
}
