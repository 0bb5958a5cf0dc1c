import fs from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../../config';
import { okpd2 } from '../../../db/schema';
import type { Deps } from '../../../platform/context';
import { buildOkpd2Tree, parseOkpd2Tsv } from './okpd2-tree';

/** The classifier ships with the product (a byte-for-byte copy of the published table). */
export const OKPD2_FILE = path.join(REPO_ROOT, 'server/data/okpd2.tsv');
const BATCH = 1000;

/** Loads the whole ОКПД2 on first start in multi-row batches within one transaction; skipped when already loaded. */
export async function seedOkpd2(deps: Deps, file = OKPD2_FILE): Promise<number> {
  const [loaded] = await deps.db.select({ code: okpd2.code }).from(okpd2).limit(1);
  if (loaded) return 0;
  const rows = buildOkpd2Tree(parseOkpd2Tsv(await fs.readFile(file, 'utf8')));
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx
        .insert(okpd2)
        .values(rows.slice(i, i + BATCH).map((r) => ({ code: r.code, parentCode: r.parentCode, name: r.name, depth: r.depth, isLeaf: r.isLeaf })))
        .onConflictDoNothing();
    }
  });
  return rows.length;
}
