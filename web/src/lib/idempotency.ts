import { useCallback, useState } from 'react';

/**
 * Idempotent POSTs, the client's half (server/src/platform/idempotency.ts, installIdempotency): every POST carries an
 * `Idempotency-Key`, and the server answers a repeat of a key with the first answer instead of a second record.
 *
 * The API client (lib/api.ts) picks the key itself, so every create of every screen is covered without a line of its
 * own: the same request (method, address, body, acting company) sent again while the first is under way, or within
 * REPEAT_WINDOW_MS of its answer — a double click on «Сохранить», a second press while its dialog is closing — carries
 * the same key. The window is short and counted from the answer, because a request repeated on purpose («Сформировать»
 * again after the card changed) must run again, and a slow first answer must not open a gap for a second record. A
 * form that wants a key per opening (a retry after a lost answer minutes later) passes its own from useIdempotencyKey.
 */
export const REPEAT_WINDOW_MS = 2_000;

/** 128 random bits; getRandomValues works on plain http too, where crypto.randomUUID does not exist. */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A fingerprint's key; `answeredAt` is null while its request is under way. */
const recent = new Map<string, { key: string; answeredAt: number | null }>();

/** The key of a request with this fingerprint: the one it was sent with a moment ago, else a new one. */
export function repeatKey(fingerprint: string, now = Date.now()): string {
  for (const [f, r] of recent) if (r.answeredAt !== null && now - r.answeredAt > REPEAT_WINDOW_MS) recent.delete(f);
  const hit = recent.get(fingerprint);
  if (hit) return hit.key;
  const key = newIdempotencyKey();
  recent.set(fingerprint, { key, answeredAt: null });
  return key;
}

/** The request of this fingerprint has its answer: its key serves repeats for REPEAT_WINDOW_MS from now. */
export function answered(fingerprint: string, now = Date.now()): void {
  const r = recent.get(fingerprint);
  if (r) r.answeredAt = now;
}

export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
