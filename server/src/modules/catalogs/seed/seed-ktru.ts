import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../config';
import { ktruPositions } from '../../../db/schema';
import type { Deps } from '../../../platform/context';

/** The КТРУ positions shipped with the product (server/data/ktru/README.md names their source). */
export const KTRU_FILE = path.join(REPO_ROOT, 'server/data/ktru/ktru-sample.json');

export interface KtruSeedRow {
  code: string;
  name: string;
  okpd2_code: string;
  okei_code: string | null;
  unit_name: string | null;
  version_number: number | null;
  characteristics: { name: string; values: string[]; unit: string | null; mandatory: boolean; instruction: string | null }[];
}

/** Loads the КТРУ sample on first start; a position already there is left as it is (a later export may have replaced it). */
export async function seedKtru(deps: Deps, file = KTRU_FILE): Promise<number> {
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as KtruSeedRow[];
  const done = await deps.db
    .insert(ktruPositions)
    .values(
      rows.map((r) => ({
        code: r.code,
        name: r.name,
        okpd2Code: r.okpd2_code,
        okeiCode: r.okei_code,
        unitName: r.unit_name,
        versionNumber: r.version_number,
        characteristics: r.characteristics,
      })),
    )
    .onConflictDoNothing()
    .returning({ code: ktruPositions.code });
  return done.length;
}
