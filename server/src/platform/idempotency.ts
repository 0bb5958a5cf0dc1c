import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { Deps } from './context';
import { AppError } from './errors';

/**
 * Idempotent creation: a form sends an `Idempotency-Key` (one per form open, web/src/lib/idempotency.ts) with its
 * create POST; the first request with a key runs, a repeat (a double click, a retry after a lost answer) gets the first
 * answer instead of a second record. Keys are per company and user and live a day. A request without the header runs
 * as before: the unique rules of the domain still hold there.
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

/**
 * Runs `create` once per (company, user, key): a repeat gets the stored answer of the first, or waits for it while the
 * first still runs. A failed first run leaves no trace, so the repeat runs again (and meets the same refusal, if any).
 * `scope` names the route: the same key sent to another route is a client error, not a replay.
 */
export async function idempotent<T>(
  deps: Deps,
  req: FastifyRequest,
  who: { companyId: number; userId: number },
  scope: string,
  create: () => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(req);
  if (!key) return create();
  const db = deps.db;
  const mine = and(eq(idempotencyKeys.companyId, who.companyId), eq(idempotencyKeys.userId, who.userId), eq(idempotencyKeys.key, key));
  // an expired key is free again; the sweep of all expired keys rides on the same statement's index
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const won = await db
      .insert(idempotencyKeys)
      .values({ companyId: who.companyId, userId: who.userId, key, scope })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (won.length) {
      let result: T;
      try {
        result = await create();
      } catch (e) {
        await db.delete(idempotencyKeys).where(mine);
        throw e;
      }
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', httpStatus: 200, response: (result ?? null) as unknown })
        .where(mine);
      return result;
    }
    const [row] = await db.select().from(idempotencyKeys).where(mine);
    if (!row) continue; // the first run failed and let the key go: this one runs
    if (row.scope !== scope) throw new AppError('CONFLICT', 'Этот ключ Idempotency-Key уже использован для другого запроса');
    if (row.status === 'done') return row.response as T;
    if (Date.now() > deadline) throw new AppError('CONFLICT', 'Такой же запрос ещё выполняется: дождитесь его результата');
    await pause(POLL_MS);
  }
}
