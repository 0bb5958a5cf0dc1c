import { useCallback, useState } from 'react';

/**
 * Idempotent POSTs, the client's half (server/src/platform/idempotency.ts, installIdempotency): every POST carries an
 * `Idempotency-Key`, and the server answers a repeat of a key with the first answer instead of a second record.
 *
 * The API client (lib/api.ts) picks the key itself, so every create of every screen is covered without a line of its
 * own: the same request (method, address, body, acting company) sent again within REPEAT_WINDOW_MS — a double click on
 * «Сохранить», a second press while the first is under way or its dialog is closing — carries the same key. A form
 * that wants a key per opening (a retry after a lost answer minutes later) passes its own from useIdempotencyKey.
 */
export const REPEAT_WINDOW_MS = 10_000;

/** 128 random bits; getRandomValues works on plain http too, where crypto.randomUUID does not exist. */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const recent = new Map<string, { key: string; at: number }>();

/** The key of a request with this fingerprint: the one it was sent with a moment ago, else a new one. */
export function repeatKey(fingerprint: string, now = Date.now()): string {
  for (const [f, r] of recent) if (now - r.at > REPEAT_WINDOW_MS) recent.delete(f);
  const hit = recent.get(fingerprint);
  if (hit) return hit.key;
  const key = newIdempotencyKey();
  recent.set(fingerprint, { key, at: now });
  return key;
}

export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
