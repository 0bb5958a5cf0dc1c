import { useCallback, useState } from 'react';
import { nowMs } from './clock';

/**
 * Idempotent POSTs, the client's half (server/src/platform/idempotency.ts, installIdempotency): every POST carries an
 * `Idempotency-Key`, and the server answers a repeat of a key with the first answer instead of a second record.
 *
 * The API client (lib/api.ts) picks the key itself, so every create of every screen is covered without a line of its
 * own: the same request (method, address, body, acting company) sent again with no other POST between — while the first
 * is under way, or within REPEAT_WINDOW_MS of its answer: a double click on «Сохранить», a second press while its
 * dialog is closing — carries the same key. A request repeated on purpose comes after other work («Сформировать» again
 * after the card changed, a second package prepared after its signing), so another POST between, or a pause, makes it
 * a new request; the window counts from the answer, so a slow first answer opens no gap for a second record. A form
 * that wants a key per opening (a retry after a lost answer minutes later) passes its own from useIdempotencyKey.
 */
export const REPEAT_WINDOW_MS = 2_000;

/** 128 random bits; getRandomValues works on plain http too, where crypto.randomUUID does not exist. */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The last POST sent: its fingerprint, key, and when its answer came (null while it is under way). */
let last: { fingerprint: string; key: string; answeredAt: number | null } | null = null;

/** The key of a request with this fingerprint: the last POST's if this repeats it a moment later, else a new one. */
export function repeatKey(fingerprint: string, now = nowMs()): string {
  if (last && last.fingerprint === fingerprint && (last.answeredAt === null || now - last.answeredAt <= REPEAT_WINDOW_MS)) return last.key;
  last = { fingerprint, key: newIdempotencyKey(), answeredAt: null };
  return last.key;
}

/** A POST of this fingerprint has its answer: if it is still the last one sent, repeats share its key for the window. */
export function answered(fingerprint: string, now = nowMs()): void {
  if (last?.fingerprint === fingerprint) last.answeredAt = now;
}

export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
