/** КТРУ: the ЕИС catalogue of goods, works and services (nsiKTRU), read-only, readable by every signed-in user. */
import { and, asc, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { KtruCharacteristic, KtruPosition } from '@proc/contract';
import type { Db, Tx } from '../../db/client';
import { ktruPositions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { escapeLike, prefixTsQuery } from './search';

type KtruRow = typeof ktruPositions.$inferSelect;

export const ktruOf = (r: KtruRow): KtruPosition => ({
  code: r.code,
  name: r.name,
  okpd2_code: r.okpd2Code,
  okei_code: r.okeiCode,
  unit_name: r.unitName,
  version_number: r.versionNumber,
  characteristics: r.characteristics as KtruCharacteristic[],
});

const columns = {
  code: ktruPositions.code,
  name: ktruPositions.name,
  okpd2Code: ktruPositions.okpd2Code,
  okeiCode: ktruPositions.okeiCode,
  unitName: ktruPositions.unitName,
  versionNumber: ktruPositions.versionNumber,
  characteristics: ktruPositions.characteristics,
};

/** A code (a КТРУ code or an ОКПД2 one, or their start) by prefix of either code; anything else by the words of the name. */
export async function searchKtru(db: Db, q: { q?: string; okpd2?: string; limit: number }): Promise<{ items: KtruPosition[] }> {
  const text = q.q?.trim();
  const where: SQL[] = [];
  let order: SQL[] = [asc(ktruPositions.code)];
  if (q.okpd2) where.push(eq(ktruPositions.okpd2Code, q.okpd2));
  if (text) {
    if (/^[\d.-]+$/.test(text)) {
      const prefix = `${escapeLike(text)}%`;
      where.push(or(like(ktruPositions.code, prefix), like(ktruPositions.okpd2Code, prefix))!);
    } else {
      const words = prefixTsQuery(text);
      if (!words) return { items: [] };
      const query = sql`to_tsquery('russian', ${words})`;
      where.push(sql`${ktruPositions.search} @@ ${query}`);
      order = [desc(sql`ts_rank(${ktruPositions.search}, ${query}, 1)`), asc(ktruPositions.code)];
    }
  }
  const rows = await db
    .select(columns)
    .from(ktruPositions)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit);
  return { items: rows.map((r) => ktruOf(r as KtruRow)) };
}

export async function findKtru(db: Db | Tx, code: string): Promise<KtruPosition | null> {
  const [row] = await db.select(columns).from(ktruPositions).where(eq(ktruPositions.code, code));
  return row ? ktruOf(row as KtruRow) : null;
}

export async function getKtru(db: Db, code: string): Promise<KtruPosition> {
  const found = await findKtru(db, code);
  if (!found) throw new AppError('NOT_FOUND', `Позиция КТРУ ${code} не найдена в каталоге`);
  return found;
}

/** Of these ОКПД2 codes, those that have КТРУ positions. */
export async function ktruOkpd2Codes(db: Db | Tx, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db
    .selectDistinct({ code: ktruPositions.okpd2Code })
    .from(ktruPositions)
    .where(inArray(ktruPositions.okpd2Code, codes));
  return new Set(rows.map((r) => r.code));
}
