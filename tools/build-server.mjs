// Compiles the processes `npm start` runs (the server, the integration service, the fake ЕИС, the parser thread and PGlite's)
// to JavaScript in server/dist, with source maps, so production runs plain `node` and no TypeScript tooling.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(root, 'server/dist');

/** Entry points by output name; start.mjs runs the first three, and reads its settings with `config`'s schema. */
export const ENTRIES = {
  main: 'server/src/main.ts',
  config: 'server/src/config.ts',
  integration: 'server/src/eis-service/main.ts',
  'fake-eis': 'tools/fake-eis/main.ts',
  'parse-worker': 'server/src/formats/parse-worker.ts',
  'pglite-thread': 'server/src/db/pglite-thread.ts',
};
const SOURCES = ['server/src', 'tools/fake-eis', 'packages/contract/src'].map((d) => path.join(root, d));

/** The newest modification time of any file below `dir` (what makes a build stale). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function serverStale() {
  const out = path.join(SERVER_DIST, 'main.js');
  if (!fs.existsSync(out)) return true;
  const built = fs.statSync(out).mtimeMs;
  return SOURCES.some((d) => newestMtime(d) > built);
}

/** npm packages stay in node_modules (native and wasm parts among them); our workspace package is TypeScript: bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@proc/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  // loaded here, not at the top: `npm start` imports this module in the process that then runs the server
  const esbuild = await import('esbuild');
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: SERVER_DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // the maps name lines of server/src, which is beside them: no copy of every source inside them (3.6 → 1.1 MB)
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [externalPackages],
    // CommonJS packages bundled into ESM still call require()
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  (await import('esbuild')).stop();
  console.log('server/dist built');
}
