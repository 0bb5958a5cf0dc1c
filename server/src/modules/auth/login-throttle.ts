import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { countAttempt } from '../../platform/rate-limit';
import { nowMs } from '../../platform/clock';

/** Failures of one login from one IP that pass without delay within the window. */
export const FREE_FAILURES = 5;
const WINDOW_MINUTES = 15;
/** The longest pause between attempts, however many failures. */
export const MAX_PAUSE_MINUTES = 15;

/**
 * Sign-in throttling keyed by the login as typed and the client IP, with a pause that doubles with each failure past
 * the free ones (1, 2, 4, 8, 15 min). Keyed by the typed login, not the user, so an unknown login is throttled exactly
 * like an existing one; keyed by IP too, so nobody can lock `admin` out from elsewhere.
 */
export const throttleKey = (login: string, ip: string) => `signin:${login.trim().toLowerCase()}|${ip}`;

export const pausedText = (minutes: number) => `Слишком много неудачных попыток входа. Повторите через ${minutes} мин.`;

export async function assertNotPaused(db: Db, key: string): Promise<void> {
  const [row] = await db.select({ until: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key));
  const left = row?.until ? row.until.getTime() - nowMs() : 0;
  if (left > 0) throw new AppError('RATE_LIMITED', pausedText(Math.ceil(left / 60_000)));
}

export async function recordFailure(db: Db, key: string): Promise<void> {
  const count = await countAttempt(db, key, WINDOW_MINUTES * 60_000);
  if (count < FREE_FAILURES) return;
  const minutes = Math.min(2 ** (count - FREE_FAILURES), MAX_PAUSE_MINUTES);
  // the window restarts with the pause, so the failures that caused it are still counted when it ends
  await db
    .update(rateLimits)
    .set({ blockedUntil: sql`now() + make_interval(mins => ${minutes})`, startedAt: sql`now()` })
    .where(eq(rateLimits.key, key));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
