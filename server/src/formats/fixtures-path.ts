import path from 'node:path';
import { REPO_ROOT } from '../paths';

// This file sits at <repo>/server/src/formats; the test fixtures live in <repo>/fixtures (see its README for sources).
const repoRoot = REPO_ROOT;

export function fixturePath(...parts: string[]): string {
  return path.resolve(repoRoot, 'fixtures', ...parts);
}
