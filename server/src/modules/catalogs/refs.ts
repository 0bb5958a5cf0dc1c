import { and, eq, isNull, or } from 'drizzle-orm';
import { CATALOG_MESSAGES } from '@proc/contract';
import type { Tx } from '../../db/client';
import { okei, okpd2 } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { CatalogTable, Scope } from './kind-def';

/**
 * An element may reference only elements visible wherever it is visible: a system element only system ones, a
 * company's element system ones or its company's own.
 */
export async function assertRefVisible(tx: Tx, table: CatalogTable, id: number, scope: Scope, field: string, what: string): Promise<void> {
  const visible = scope === null ? isNull(table.companyId) : or(isNull(table.companyId), eq(table.companyId, scope));
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), visible))
    .limit(1);
  if (!rows.length) throw new AppError('VALIDATION', CATALOG_MESSAGES.refUnknown(what), { [field]: ['Элемент не найден'] });
}

export async function assertOkpd2(tx: Tx, code: string, field = 'okpd2_code'): Promise<void> {
  const rows = await tx.select({ code: okpd2.code }).from(okpd2).where(eq(okpd2.code, code)).limit(1);
  if (!rows.length) throw new AppError('VALIDATION', CATALOG_MESSAGES.okpd2Unknown(code), { [field]: ['Код не найден в ОКПД2'] });
}

export async function assertOkei(tx: Tx, code: string, field = 'okei_code'): Promise<void> {
  const rows = await tx.select({ code: okei.code }).from(okei).where(eq(okei.code, code)).limit(1);
  if (!rows.length) throw new AppError('VALIDATION', CATALOG_MESSAGES.okeiUnknown(code), { [field]: ['Код не найден в ОКЕИ'] });
}

/** id → selected columns of the given ids, in one query. */
export async function byIds<T extends { id: number }>(
  load: (ids: number[]) => Promise<T[]>,
  ids: (number | null | undefined)[],
): Promise<Map<number, T>> {
  const unique = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (!unique.length) return new Map();
  return new Map((await load(unique)).map((r) => [r.id, r]));
}
