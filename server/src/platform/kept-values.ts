/**
 * Values kept for `ttlMs` by key, at most `max` of them (the oldest key goes first). Per process: each instance of a
 * scale-out keeps its own, so only what may be that stale across instances belongs here.
 */
import { nowMs } from './clock';

export class KeptValues {
  private readonly map = new Map<string, { at: number; value: unknown }>();
  /** counts clears: a value computed across a clear may be what the clear was for, and is not kept */
  private generation = 0;
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  /** The value under `key` if it is still fresh, without computing one. */
  get<T>(key: string): T | undefined {
    const hit = this.map.get(key);
    return hit && nowMs() - hit.at < this.ttlMs ? (hit.value as T) : undefined;
  }

  /** The value under `key`, computed when missing or stale; kept only when `keep` says so. */
  async remember<T>(key: string, compute: () => Promise<T>, keep: (v: T) => boolean = () => true): Promise<T> {
    const hit = this.get<T>(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await compute();
    if (generation !== this.generation) return value;
    if (!keep(value)) this.map.delete(key);
    else {
      if (this.map.size >= this.max && !this.map.has(key)) this.map.delete(this.map.keys().next().value!);
      this.map.set(key, { at: nowMs(), value });
    }
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.map.clear();
  }
}

/** One value per owner — a database: the test servers of one process each keep their own. */
export function perOwner<K extends object, V>(make: () => V): (owner: K) => V {
  const values = new WeakMap<K, V>();
  return (owner) => {
    let v = values.get(owner);
    if (v === undefined) values.set(owner, (v = make()));
    return v;
  };
}

/** A KeptValues store per owner. */
export const keptPer = <K extends object>(max: number, ttlMs: number): ((owner: K) => KeptValues) =>
  perOwner<K, KeptValues>(() => new KeptValues(max, ttlMs));
