import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's entry beside the calling module, given without its extension (`new URL('./x', import.meta.url)`):
 * `.js` in the compiled server; under tsx and vitest the `.ts` source, loaded through tsx's API (Node 20 does not pass
 * `--import tsx` hooks on to worker threads).
 */
export function workerSource(entry: URL): { source: string | URL; eval: boolean } {
  const js = new URL(`${entry.href}.js`);
  if (fs.existsSync(fileURLToPath(js))) return { source: js, eval: false };
  const ts = `${entry.href}.ts`;
  return { source: `import { tsImport } from 'tsx/esm/api'; await tsImport(${JSON.stringify(ts)}, ${JSON.stringify(ts)});`, eval: true };
}
