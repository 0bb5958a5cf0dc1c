/**
 * The one «now» of a process, server or browser: every current instant is read here, so a test that sets the clock
 * (setClock in server/src/platform/clock.ts, which builds on this) moves every «now» of the process at once. Durations
 * and timeouts are not instants and use performance.now().
 */
let offsetMs = 0;

/** Milliseconds since the epoch, as Date.now() but settable by tests. */
export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** The current instant. */
export function now(): Date {
  return new Date(nowMs());
}

/**
 * Tests: make the process's clock show `at` now and run on from there (timers and durations are unaffected); null
 * returns to the system clock.
 */
export function setProcessClock(at: Date | string | number | null): void {
  offsetMs = at === null ? 0 : new Date(at).getTime() - Date.now();
}
