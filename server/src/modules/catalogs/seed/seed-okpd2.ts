import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { REPO_ROOT } from '../../../config';
import { okpd2 } from '../../../db/schema';
import type { Deps } from '../../../platform/context';
import { buildOkpd2Tree, parseOkpd2Tsv } from './okpd2-tree';

/** The classifier ships with the product: the published table byte for byte, gzipped to keep the repository small. */
export const OKPD2_FILE = path.join(REPO_ROOT, 'server/data/okpd2.tsv.gz');

/** The classifier's text (code TAB name per line). */
export function readOkpd2Text(file = OKPD2_FILE): string {
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
}
const BATCH = 1000;

/** Loads the whole ОКПД2 on first start in multi-row batches within one transaction; skipped when already loaded. */
export async function seedOkpd2(deps: Deps, file = OKPD2_FILE): Promise<number> {
  const [loaded] = await deps.db.select({ code: okpd2.code }).from(okpd2).limit(1);
  if (loaded) return 0;
  const rows = buildOkpd2Tree(parseOkpd2Tsv(readOkpd2Text(file)));
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx
        .insert(okpd2)
        .values(
          rows.slice(i, i + BATCH).map((r) => ({ code: r.code, parentCode: r.parentCode, name: r.name, depth: r.depth, isLeaf: r.isLeaf })),
        )
        .onConflictDoNothing();
    }
  });
  return rows.length;
}
