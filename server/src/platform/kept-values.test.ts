import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeptValues } from './kept-values';

afterEach(() => vi.useRealTimers());

describe('KeptValues', () => {
  it('computes once while fresh, again once the time is up', async () => {
    vi.useFakeTimers({ now: 0 });
    const kept = new KeptValues(10, 1_000);
    let runs = 0;
    const compute = async () => ({ run: ++runs });
    expect(await kept.remember('a', compute)).toEqual({ run: 1 });
    vi.setSystemTime(999);
    expect(await kept.remember('a', compute)).toEqual({ run: 1 });
    expect(kept.get('a')).toEqual({ run: 1 });
    vi.setSystemTime(1_000);
    expect(kept.get('a')).toBeUndefined();
    expect(await kept.remember('a', compute)).toEqual({ run: 2 });
  });

  it('keeps at most max keys, dropping the oldest, and nothing `keep` refuses', async () => {
    const kept = new KeptValues(2, 60_000);
    await kept.remember('a', async () => 1);
    await kept.remember('b', async () => 2);
    await kept.remember('c', async () => 3);
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([undefined, 2, 3]);
    await kept.remember(
      'd',
      async () => 4,
      (v) => v > 10,
    );
    expect(kept.get('d')).toBeUndefined();
    expect(kept.get('b')).toBe(2);
  });

  it('does not keep a value computed while it was cleared: the clear may be what made it wrong', async () => {
    const kept = new KeptValues(10, 60_000);
    let release!: () => void;
    const slow = kept.remember('grant', () => new Promise<boolean>((r) => (release = () => r(true))));
    kept.clear(); // the grant is withdrawn while the old answer is on its way
    release();
    expect(await slow).toBe(true);
    expect(kept.get('grant')).toBeUndefined();
    expect(
      await kept.remember(
        'grant',
        async () => false,
        (v) => v,
      ),
    ).toBe(false);
  });
});
