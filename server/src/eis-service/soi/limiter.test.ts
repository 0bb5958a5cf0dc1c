import { describe, expect, it } from 'vitest';
import { createSoiLimiter } from './limiter';

/*
 * The token's pace on a clock the test moves: a caller that may not wait (maxWaitMs 0) is told when its slot comes,
 * so every figure is exact and nothing sleeps.
 */
function paced(perMinute: number) {
  let t = 1_000_000;
  const limiter = createSoiLimiter(perMinute, 60_000, () => t);
  const sent: number[] = [];
  /** Sends at the token's next slot: moves the clock there and takes it. */
  const sendNext = async (token = 'tok') => {
    const slot = await limiter.take(token, 0);
    if (!slot.ok) {
      t += slot.retryAfterMs;
      expect(await limiter.take(token, 0)).toEqual({ ok: true });
    }
    sent.push(t);
    return t;
  };
  return { limiter, sent, sendNext, now: () => t, advance: (ms: number) => (t += ms) };
}

/** The most requests within any sliding minute (as ЕИС counts: the minute up to and including a request) of a log. */
const mostInAMinute = (log: number[]) => Math.max(...log.map((s) => log.filter((x) => x > s - 60_000 && x <= s).length));
/** minute/limit, 1 % longer (limiter.ts). */
const spacing = (limit: number) => Math.ceil((60_000 * 101) / (100 * limit));

describe('the ЕИС request pacing of a token', () => {
  it('spreads requests evenly under the budget: one every minute/limit, never more than the limit in any minute', async () => {
    const p = paced(12);
    for (let i = 0; i < 40; i++) await p.sendNext();
    const gaps = p.sent.slice(1).map((s, i) => s - p.sent[i]);
    expect(new Set(gaps)).toEqual(new Set([spacing(12)]));
    expect(mostInAMinute(p.sent)).toBe(12);
    // a caller that may not wait is told when, and nothing is reserved for it
    const busy = await p.limiter.take('tok', 0);
    expect(busy).toEqual({ ok: false, retryAfterMs: spacing(12) });
    expect(await p.limiter.take('tok', 0)).toEqual({ ok: false, retryAfterMs: spacing(12) });
    // another token has its own budget
    expect(await p.limiter.take('another', 0)).toEqual({ ok: true });
  });

  it('after an idle minute the first request goes at once, the rest paced — no burst at a minute’s edge', async () => {
    const p = paced(90);
    p.advance(120_000);
    expect(await p.limiter.take('tok', 0)).toEqual({ ok: true });
    expect(await p.limiter.take('tok', 0)).toEqual({ ok: false, retryAfterMs: spacing(90) });
  });

  it('a code 13 drops the pace to what ЕИС let through in the last minute, and it climbs back a step a minute', async () => {
    const p = paced(90);
    // ЕИС lets 12 a minute through (another program shares the token): the 13th request in a minute is refused
    for (let i = 0; i < 13; i++) await p.sendNext();
    const wait = p.limiter.refused('tok');
    expect(p.limiter.limitOf('tok')).toBe(12);
    // the next request waits until the first of the 12 has left the sliding minute — not a clock minute's edge, and
    // then the pace is one every 5 s (and 1 %)
    expect(p.now() + wait).toBe(p.sent[0] + 60_250);
    p.sent.pop();
    for (let i = 0; i < 12; i++) await p.sendNext();
    expect(mostInAMinute(p.sent)).toBe(12);
    const after = p.sent.slice(12);
    expect(after.slice(1).map((s, i) => s - after[i])).toEqual(Array(11).fill(spacing(12)));
    // a minute at that pace without a 13: one step back up
    p.advance(after[0] + 60_000 - p.now());
    expect(p.limiter.limitOf('tok')).toBe(13);
    // a second 13 (someone else took more) drops it again, by at least one
    await p.sendNext();
    const back = p.limiter.refused('tok');
    const low = p.limiter.limitOf('tok');
    expect(low).toBeLessThanOrEqual(12);
    // a minute at that pace without a 13: one step back up; never above the budget
    p.advance(back + 60_000);
    expect(p.limiter.limitOf('tok')).toBe(low + 1);
    p.advance(100 * 60_000);
    expect(p.limiter.limitOf('tok')).toBe(90);
  });
});
