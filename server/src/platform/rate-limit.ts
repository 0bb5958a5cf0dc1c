import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';
import { clientIp } from './client-ip';
import type { Config } from '../config';

/**
 * Fixed-window attempt counters per key, kept in the database (table rate_limits) so that every node behind a
 * balancer counts against the same window: the limit is the same with one node or ten.
 */
export interface RateLimiter {
  /** Whether the key has used up its window. */
  exceeded(key: string): Promise<boolean>;
  /** Counts one attempt. */
  add(key: string): Promise<void>;
  /** Counts one attempt and refuses with 429 when over the limit. */
  take(key: string): Promise<void>;
}

/** Rows of windows that ended a day ago are deleted every this many attempts of a process. */
const CLEAN_EVERY = 500;
let attempts = 0;

/**
 * Counts one attempt of `key` in its fixed window and returns the window's count after it; a window that has run out
 * starts again at this attempt. One statement, so two nodes counting at once cannot both see the last free attempt.
 */
export async function countAttempt(db: Db, key: string, windowMs: number): Promise<number> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  if (++attempts % CLEAN_EVERY === 0) await db.delete(rateLimits).where(sql`${rateLimits.startedAt} < now() - interval '1 day'`);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, startedAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.startedAt} <= now() - ${window} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        startedAt: sql`CASE WHEN ${rateLimits.startedAt} <= now() - ${window} THEN now() ELSE ${rateLimits.startedAt} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return row.count;
}

export function createRateLimiter(db: Db, name: string, opts: { max: number; windowMs: number }): RateLimiter {
  const window = sql`make_interval(secs => ${opts.windowMs / 1000})`;
  const k = (key: string) => `${name}:${key}`;
  const bump = (key: string) => countAttempt(db, k(key), opts.windowMs);
  return {
    async exceeded(key) {
      const rows = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${k(key)} AND ${rateLimits.startedAt} > now() - ${window}`);
      return (rows[0]?.count ?? 0) >= opts.max;
    },
    async add(key) {
      await bump(key);
    },
    async take(key) {
      // counted first, in one statement: two nodes taking at once cannot both see the last free attempt
      if ((await bump(key)) > opts.max) throw new AppError('RATE_LIMITED');
    },
  };
}

/**
 * The limits of the unauthenticated entry points. None is per IP alone at the level one person needs: an office behind
 * one NAT shares an address, and one colleague's attempts must not lock the others out. So each is counted per IP and
 * the person it is for (the e-mail being registered or sent a code), with a per-IP ceiling ten times higher against
 * one address cycling many people. Sign-in is throttled per login and IP (auth/login-throttle.ts).
 */
export const LIMITS = {
  /** POST /api/auth/registrations: per IP and e-mail (or login) being registered, an hour */
  registrations: { max: 10, windowMs: 60 * 60_000 },
  registrationsPerIp: { max: 100, windowMs: 60 * 60_000 },
  /** e-mail codes: per IP and address, ten minutes (and 3 per address a minute in sendEmailCode) */
  emailCodes: { max: 10, windowMs: 10 * 60_000 },
  emailCodesPerIp: { max: 100, windowMs: 10 * 60_000 },
};

/** A limit per IP and person under a per-IP ceiling: `take` counts both and refuses with 429 when either is over. */
export interface PersonLimiter {
  take(ip: string, person: string): Promise<void>;
}

function personLimiter(db: Db, name: string, perPerson: { max: number; windowMs: number }, perIp: { max: number; windowMs: number }) {
  const person = createRateLimiter(db, name, perPerson);
  const ceiling = createRateLimiter(db, `${name}-ip`, perIp);
  return {
    async take(ip: string, who: string) {
      await person.take(`${ip}|${who.trim().toLowerCase().slice(0, 200)}`);
      await ceiling.take(ip);
    },
  } satisfies PersonLimiter;
}

const perServer = new WeakMap<object, { registrations: PersonLimiter; emailCodes: PersonLimiter }>();

/** The limiters of one server (keyed by its deps object). */
export function limitersOf(deps: { db: Db }): { registrations: PersonLimiter; emailCodes: PersonLimiter } {
  let l = perServer.get(deps);
  if (!l) {
    l = {
      registrations: personLimiter(deps.db, 'registration', LIMITS.registrations, LIMITS.registrationsPerIp),
      emailCodes: personLimiter(deps.db, 'email-code', LIMITS.emailCodes, LIMITS.emailCodesPerIp),
    };
    perServer.set(deps, l);
  }
  return l;
}

const path = (req: FastifyRequest) => req.url.split('?')[0];

/** Who a registration is for, read from the body as sent (before validation, so a malformed attempt counts too). */
function registrant(body: unknown): string {
  const user = (body as { user?: { email?: unknown; login?: unknown } } | null)?.user;
  const v = typeof user?.email === 'string' && user.email.trim() ? user.email : typeof user?.login === 'string' ? user.login : '';
  return v;
}

/** The limit on POST /api/auth/registrations (every attempt, valid or not): per IP and registrant, per-IP ceiling. */
export function installAuthRateLimits(app: FastifyInstance, deps: { db: Db; config: Pick<Config, 'TRUST_PROXY'> }): void {
  const limits = limitersOf(deps);
  app.addHook('preValidation', async (req) => {
    if (req.method !== 'POST' || path(req) !== '/api/auth/registrations') return;
    await limits.registrations.take(clientIp(deps.config, req), registrant(req.body));
  });
}
