import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from wherever this code runs: server/src under tsx and vitest, server/dist when compiled
 * (where every module shares one file, so paths relative to a module's own location would be wrong).
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'server', 'package.json')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('repository root not found above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
}

export const REPO_ROOT = findRoot();
