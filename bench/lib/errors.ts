/**
 * A benchmark's errors fail it: a figure measured over refused or failed requests is no figure, and `npm run test:bench`
 * (every benchmark at a small scale, in `npm test`) has only the exit code to go by. Printed to stderr, the exit code
 * set; the figures are still printed.
 */
export function failIf(count: number, what: string): void {
  if (count <= 0) return;
  console.error(`ERROR: ${count} ${what}`);
  process.exitCode = 1;
}
