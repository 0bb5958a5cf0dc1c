/**
 * The request budget of ЕИС's СОИ per token: ЕИС lets one token make about 90 requests a minute and answers more with
 * errorInfo code 13. The integration service is the only process that talks to ЕИС, so one limiter in it,
 * keyed by a hash of the token (the token itself is never kept as a key), covers every kind of call: period imports,
 * the daily sync, «Проверить подключение» and a contract by number.
 *
 * Only the SOAP requests count. An archive download is a plain GET on ЕИС's file store (/dstore/…), which answers with
 * the ZIP or an HTTP status and has no errorInfo to say «limit» in; the public clients download every link of an answer
 * without pacing (see tools/fake-eis/soi.ts), so pacing them would only slow imports down.
 *
 * ЕИС counts a token's requests over a sliding minute (a probe of the real ЕИС: a burst at the turn of a clock minute
 * is refused again), so requests go evenly, one every minute/limit, and never more than `limit` within any minute of
 * the log of what was sent — never a burst at a minute's edge. A code 13 means ЕИС's limit for the token is lower
 * than ours (another program uses the same token, or ЕИС lowered it): the limit drops to what ЕИС let through in the
 * last minute, the next request waits until that minute has room again, and the limit climbs back by one a minute
 * without a 13, never above the configured budget.
 *
 * A caller that cannot wait (a job, which gives its worker back; «Проверить подключение», which answers at once)
 * passes how long it may wait and is told when to come back instead of being made to wait.
 */
import { createHash } from 'node:crypto';

export type Slot = { ok: true } | { ok: false; retryAfterMs: number };

export interface SoiLimiter {
  /**
   * Takes the token's next request slot: waits for it when it comes within `maxWaitMs` (no limit by default), or
   * reserves nothing and says how long until it would come.
   */
  take(token: string, maxWaitMs?: number): Promise<Slot>;
  /** ЕИС refused the request just sent with code 13: the pace slows; how long until the next slot. */
  refused(token: string): number;
  /** The limit a minute the token is paced at now (the budget, or less after a code 13). */
  limitOf(token: string): number;
  readonly perMinute: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Allowance for the time between a slot and the request's arrival at ЕИС (0.4 % of ЕИС's minute). */
const JITTER_MS = 250;

interface TokenPace {
  /** The limit a minute in force (≤ perMinute). */
  limit: number;
  /** When requests were (or are reserved to be) sent, ascending: the last minute's. */
  log: number[];
  /** Since when the limit in force has held (the first slot after a 13, or a step of recovery). */
  changedAt: number;
  /** Counts the 13s: a slot reserved before one was reserved at the old pace, and is taken again. */
  refusals: number;
}

export function createSoiLimiter(perMinute: number, minuteMs = 60_000, now: () => number = Date.now): SoiLimiter {
  const paces = new Map<string, TokenPace>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('hex');
  const paceOf = (token: string): TokenPace => {
    const key = keyOf(token);
    let p = paces.get(key);
    if (!p) paces.set(key, (p = { limit: perMinute, log: [], changedAt: now(), refusals: 0 }));
    return p;
  };
  /** One step back towards the budget for each whole minute without a 13. */
  const recover = (p: TokenPace, t: number) => {
    if (p.limit >= perMinute) return;
    const steps = Math.floor((t - p.changedAt) / minuteMs);
    if (steps <= 0) return;
    p.limit = Math.min(perMinute, p.limit + steps);
    p.changedAt += steps * minuteMs;
  };
  /**
   * The earliest time from `t` at which a request keeps both the spacing and the minute's count. The spacing is 1 %
   * longer than minute/limit, and the limit-th request before must be a minute and JITTER_MS old: a request that
   * reaches ЕИС a little early, or one before it that left late (a timer fires late on a busy machine), still finds the
   * limit-th one before it out of ЕИС's window.
   */
  const spacingOf = (limit: number) => Math.ceil((minuteMs * 101) / (100 * limit));
  const slotFrom = (p: TokenPace, t: number): number => {
    const spacing = spacingOf(p.limit);
    let at = t;
    const last = p.log[p.log.length - 1];
    if (last !== undefined) at = Math.max(at, last + spacing);
    // the sliding minute before `at` holds at most limit - 1 others: the limit-th last one must have left it
    const nth = p.log[p.log.length - p.limit];
    if (nth !== undefined) at = Math.max(at, nth + minuteMs + JITTER_MS);
    return Math.ceil(at);
  };
  return {
    perMinute,
    async take(token, maxWaitMs = Infinity) {
      const p = paceOf(token);
      let mayWait = maxWaitMs;
      for (;;) {
        const t = now();
        recover(p, t);
        while (p.log.length && p.log[0] <= t - minuteMs) p.log.shift();
        const at = slotFrom(p, t);
        if (at - t > mayWait) return { ok: false, retryAfterMs: at - t };
        p.log.push(at);
        if (at <= t) return { ok: true };
        const refusals = p.refusals;
        await sleep(at - t);
        if (p.refusals === refusals) {
          // when it really leaves: a timer late on a busy machine moves the request, and the minute counts from it
          const i = p.log.indexOf(at);
          if (i >= 0) p.log[i] = Math.max(at, now());
          return { ok: true };
        }
        // a 13 came while this one waited (refused() dropped its slot): a slot at the new pace
        mayWait -= at - t;
      }
    },
    refused(token) {
      const p = paceOf(token);
      const t = now();
      p.refusals++;
      // the refused request did not count at ЕИС: what did is the rest of the last minute's; slots reserved for later
      // at the old pace are dropped, their callers take new ones
      const sent = p.log.filter((s) => s <= t);
      sent.pop();
      p.log = sent.filter((s) => s > t - minuteMs);
      const letThrough = sent.filter((s) => s > t - minuteMs).length;
      p.limit = Math.max(1, Math.min(p.limit - 1, letThrough));
      // and never sooner than one spacing at the new pace from the refusal, even with nothing else in the minute
      const next = Math.max(slotFrom(p, t), t + spacingOf(p.limit));
      // a minute of requests at the lower pace, from the next one, before a step back up
      p.changedAt = next;
      return next - t;
    },
    limitOf(token) {
      const p = paceOf(token);
      recover(p, now());
      return p.limit;
    },
  };
}
