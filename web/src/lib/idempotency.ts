import { useCallback, useState } from 'react';

/**
 * Idempotent creation, the client's half (server/src/platform/idempotency.ts): a form gets one key when it opens and
 * sends it as `Idempotency-Key` with its create POST, so a double click or a retry after a lost answer gets the first
 * record back instead of a second one. After a success the form takes a fresh key for the next record.
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();

export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
