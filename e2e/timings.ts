import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS } from './harness';

/**
 * Screen timings: from the user's action to the screen usable — the element the next step needs
 * visible, or the answer shown — measured where the e2e trail already walks the screen. Printed at the end of the
 * file and kept in e2e/artifacts/timings.json for bench/results.md.
 */
const figures: { screen: string; ms: number }[] = [];

export async function timed<T>(screen: string, action: () => Promise<unknown>, usable: () => Promise<T>): Promise<T> {
  const start = performance.now();
  await action();
  const result = await usable();
  figures.push({ screen, ms: Math.round(performance.now() - start) });
  return result;
}

export function reportTimings(file = 'timings.json'): void {
  if (!figures.length) return;
  const lines = figures.map((f) => `${f.screen.padEnd(44)} ${String(f.ms).padStart(6)} ms${f.ms > 500 ? '  > 0,5 s' : ''}`);
  console.log(`Screen timings (Chromium, action → usable):\n${lines.join('\n')}`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, file), JSON.stringify(figures, null, 2));
}
