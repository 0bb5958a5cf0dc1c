import type { Db } from '../db/client';
import type { AuthUser } from './context';

/**
 * The users of bearer tokens looked up in the last two seconds, per database. The lookup was a query on every request
 * — a fifth of a simple read's cost — while a page fires several requests at once. Anything that ends a session or
 * changes a user clears the whole of it, here and, through the socket.io adapter, on every other instance
 * (realtime.sessionsChanged), so no more than this much can pass on another instance before the message arrives.
 */
export const SESSION_CACHE_MS = 2_000;
const MAX_TOKENS = 10_000;

const caches = new WeakMap<Db, Map<string, { at: number; user: AuthUser }>>();

export function keptUser(db: Db, tokenHash: string): AuthUser | undefined {
  const hit = caches.get(db)?.get(tokenHash);
  return hit && Date.now() - hit.at < SESSION_CACHE_MS ? hit.user : undefined;
}

export function keepUser(db: Db, tokenHash: string, user: AuthUser): void {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  if (cache.size >= MAX_TOKENS) cache.clear(); // entries live two seconds: a full map is dropped, not aged
  cache.set(tokenHash, { at: Date.now(), user });
}

export function forgetUsers(db: Db): void {
  caches.get(db)?.clear();
}
