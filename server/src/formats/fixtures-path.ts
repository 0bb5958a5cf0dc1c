import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at <repo>/server/src/formats; the shared fixtures live beside the repo root (../shared/fixtures).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function fixturePath(...parts: string[]): string {
  return path.resolve(repoRoot, '../shared/fixtures', ...parts);
}
