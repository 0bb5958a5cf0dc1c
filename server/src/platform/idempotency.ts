import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { Deps } from './context';
import { AppError } from './errors';
import { requestedCompanyId } from './tenancy';

/**
 * Idempotent POSTs: the web sends an `Idempotency-Key` with each (web/src/lib/idempotency.ts); the first request with a
 * key runs, a repeat gets the first answer instead of a second record. Keys are per company and user and live a day.
 * A request without the header runs as before: the unique rules of the domain still hold there.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_RE = /^[A-Za-z0-9_.:-]{8,128}$/;
/** How long a repeat waits for the first request still running; a create that takes longer is an outage anyway. */
const WAIT_MS = 20_000;
const POLL_MS = 50;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_RE.test(key))
    throw new AppError('VALIDATION', 'Некорректный заголовок Idempotency-Key: 8–128 латинских букв, цифр и знаков «-_.:»');
  return key;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed (installIdempotency): its answer is stored on send, or the claim let go. */
    idempotencyClaim?: { companyId: number; userId: number; key: string };
  }
}

const JSON_TYPE = /^application\/json\b/;

/**
 * The one place every POST of a signed-in user is made idempotent: a request with an `Idempotency-Key` claims it
 * before its handler runs; a repeat with the same key (a double click, a retry after a lost answer) gets the first
 * answer — or waits for it while the first still runs — instead of a second record. The web's API client sends a key
 * with every POST (web/src/lib/idempotency.ts), so a new create route or screen needs nothing of its own. A failed
 * first run (an error, a refusal) lets the key go, so the repeat runs again and meets the same answer. A key is the
 * user's, per company he acts for, and names its route: the same key sent to another route is a client error.
 */
export function installIdempotency(app: FastifyInstance, deps: Deps): void {
  // before validation, so every POST route checks the key alike; a refused body lets the claim go on send
  app.addHook('preValidation', async (req, reply) => {
    if (req.method !== 'POST' || !req.user || !req.routeOptions.url) return;
    const key = idempotencyKeyOf(req);
    if (!key) return;
    const who = { companyId: requestedCompanyId(req), userId: req.user.id, key };
    const scope = `${req.method} ${req.routeOptions.url}`;
    const mine = and(eq(idempotencyKeys.companyId, who.companyId), eq(idempotencyKeys.userId, who.userId), eq(idempotencyKeys.key, key));
    const db = deps.db;
    // an expired key is free again; the sweep of all expired keys rides on the same statement's index
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
    const deadline = performance.now() + WAIT_MS;
    for (;;) {
      const won = await db
        .insert(idempotencyKeys)
        .values({ ...who, scope })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (won.length) {
        req.idempotencyClaim = who;
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(mine);
      if (!row) continue; // the first run failed and let the key go: this one runs
      if (row.scope !== scope) throw new AppError('CONFLICT', 'Этот ключ Idempotency-Key уже использован для другого запроса');
      if (row.status === 'done') {
        // the stored answer is the first one's JSON text, sent as it is (Fastify does not serialise a string of a JSON type)
        const body = typeof row.response === 'string' ? row.response : JSON.stringify(row.response ?? null);
        return reply
          .code(row.httpStatus ?? 200)
          .type('application/json; charset=utf-8')
          .send(body as never);
      }
      if (performance.now() > deadline) throw new AppError('CONFLICT', 'Такой же запрос ещё выполняется: дождитесь его результата');
      await pause(POLL_MS);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = undefined;
    const mine = and(
      eq(idempotencyKeys.companyId, claim.companyId),
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.key, claim.key),
    );
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode < 300 && typeof payload === 'string' && JSON_TYPE.test(type))
      await deps.db.update(idempotencyKeys).set({ status: 'done', httpStatus: reply.statusCode, response: payload }).where(mine);
    // a refusal, an error or a file: nothing to hand a repeat, which runs again
    else await deps.db.delete(idempotencyKeys).where(mine);
    return payload;
  });
}
