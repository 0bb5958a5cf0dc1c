/**
 * The request budget of ЕИС's СОИ per token: ЕИС lets one token make about 90 requests a minute and answers more with
 * errorInfo code 13 (issue 29). The integration service is the only process that talks to ЕИС, so one limiter in it,
 * keyed by a hash of the token (the token itself is never kept as a key), covers every kind of call: period imports,
 * the daily sync, «Проверить подключение» and a contract by number.
 *
 * Only the SOAP requests count. An archive download is a plain GET on ЕИС's file store (/dstore/…), which answers with
 * the ZIP or an HTTP status and has no errorInfo to say «limit» in; the public clients download every link of an answer
 * without pacing (see tools/fake-eis/soi.ts), so pacing them would only slow imports down.
 *
 * The minute is the clock's (floor(now / minute)), as ЕИС's answer 13 means «this minute is spent»: a request refused
 * waits for the next minute rather than counting as a failure.
 */
import { createHash } from 'node:crypto';

export interface SoiLimiter {
  /** Waits until the token may make one more request this minute, and counts it. */
  take(token: string): Promise<void>;
  /** ЕИС said the token's minute is spent (code 13): waits for the next minute and counts the rest of this one as used. */
  spent(token: string): Promise<void>;
  readonly perMinute: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createSoiLimiter(perMinute: number, minuteMs = 60_000, now: () => number = Date.now): SoiLimiter {
  const used = new Map<string, { minute: number; n: number }>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('hex');
  const untilNextMinute = () => (Math.floor(now() / minuteMs) + 1) * minuteMs - now();
  return {
    perMinute,
    async take(token) {
      const key = keyOf(token);
      for (;;) {
        const minute = Math.floor(now() / minuteMs);
        const u = used.get(key);
        if (!u || u.minute !== minute) {
          used.set(key, { minute, n: 1 });
          return;
        }
        if (u.n < perMinute) {
          u.n++;
          return;
        }
        await sleep(untilNextMinute() + 1);
      }
    },
    async spent(token) {
      used.set(keyOf(token), { minute: Math.floor(now() / minuteMs), n: perMinute });
      await sleep(untilNextMinute() + 1);
    },
  };
}
