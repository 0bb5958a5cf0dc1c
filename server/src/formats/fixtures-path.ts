import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at <repo>/server/src/formats; the test fixtures live in <repo>/fixtures (see its README for sources).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function fixturePath(...parts: string[]): string {
  return path.resolve(repoRoot, 'fixtures', ...parts);
}
