import type { Db } from '../db/client';
import { keptPer } from './kept-values';

/**
 * The users of bearer tokens looked up in the last two seconds, per database, by token hash. The lookup was a query on
 * every request — a fifth of a simple read's cost — while a page fires several requests at once. Anything that ends a
 * session or changes a user clears the whole of it, here and, through the socket.io adapter, on every other instance
 * (realtime.sessionsChanged), so no more than this much can pass on another instance before the message arrives.
 */
export const SESSION_CACHE_MS = 2_000;

export const keptUsers = keptPer<Db>(10_000, SESSION_CACHE_MS);

/**
 * Which companies a user may act for, by user, role and company, for as long: the company's row and the staff's grant
 * were two queries on most requests of staff acting for a customer. Only a yes is kept (a no is rare: a probe).
 */
export const keptAccess = keptPer<Db>(10_000, SESSION_CACHE_MS);

/** Forgets the kept users and their access: a session ended, a user, a grant or a company changed. */
export function forgetUsers(db: Db): void {
  keptUsers(db).clear();
  keptAccess(db).clear();
}
