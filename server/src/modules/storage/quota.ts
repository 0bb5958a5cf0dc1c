import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatSize, type StorageUsageResponse } from '@proc/contract';
import type { Tx } from '../../db/client';
import { companyStorage, storedFiles } from '../../db/schema';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { tariffStorageMb } from '../tariffs';
import { now } from '../../platform/clock';

const MIB = 1024 * 1024;

/** What a stored file is, as the ledger names it (for the README and for reading the table). */
export type StoredKind = 'procurement_file' | 'rule_approval' | 'upd' | 'payments_1c' | 'signature';

interface Allowance {
  bytes: number | null;
  source: 'tariff' | 'default';
  tariffName: string | null;
}

/** The company's allowance: its tariff's storage_mb, else STORAGE_DEFAULT_MB (0 — unlimited). */
async function allowanceOf(deps: Deps, tx: Tx, companyId: number): Promise<Allowance> {
  const plan = await tariffStorageMb(tx, companyId);
  if (plan) return { bytes: plan.mb === null ? null : plan.mb * MIB, source: 'tariff', tariffName: plan.name };
  const mb = deps.config.STORAGE_DEFAULT_MB;
  return { bytes: mb === 0 ? null : mb * MIB, source: 'default', tariffName: null };
}

async function usedBytes(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx.select({ used: companyStorage.usedBytes }).from(companyStorage).where(eq(companyStorage.companyId, companyId));
  return row?.used ?? 0;
}

const overQuota = (used: number, allowed: number, size: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `Недостаточно места в хранилище организации: занято ${formatSize(used)} из ${formatSize(allowed)}, файл ${formatSize(size)}. ` +
      'Удалите ненужные файлы или перейдите на тариф с большим хранилищем.',
  );

export async function storageUsage(deps: Deps, companyId: number): Promise<StorageUsageResponse> {
  const [used, allowance] = [await usedBytes(deps.db, companyId), await allowanceOf(deps, deps.db, companyId)];
  return {
    company_id: companyId,
    used_bytes: used,
    allowed_bytes: allowance.bytes,
    source: allowance.source,
    tariff_name: allowance.tariffName,
    retention_days: deps.config.FILE_RETENTION_DAYS,
  };
}

/**
 * Refuses (413) a file that would not fit now, before its bytes are written to the folder: a cheap read, so a
 * company over its allowance costs the disk nothing. The binding check is recordStoredFile's, under the row lock.
 */
export async function assertStorageRoom(deps: Deps, companyId: number | null, size: number, replacing = 0): Promise<void> {
  if (companyId === null) return;
  const { bytes } = await allowanceOf(deps, deps.db, companyId);
  if (bytes === null) return;
  const used = await usedBytes(deps.db, companyId);
  // `replacing`: the bytes of the file this one replaces, released in the same transaction
  if (used - replacing + size > bytes) throw overQuota(used, bytes, size);
}

/**
 * Counts a stored file against its company inside the transaction that references it. The counter's row is locked
 * by the increment until the transaction ends, so two uploads of one company at once are weighed one after the other:
 * the second that would not fit is refused (413) and its transaction rolls back. A file of no company (a provider's
 * global document) is recorded but counts for nobody.
 */
export async function recordStoredFile(
  deps: Deps,
  tx: Tx,
  file: { companyId: number | null; kind: StoredKind; key: string; size: number },
): Promise<void> {
  await tx.insert(storedFiles).values({ key: file.key, companyId: file.companyId, kind: file.kind, size: file.size });
  if (file.companyId === null) return;
  const [row] = await tx
    .insert(companyStorage)
    .values({ companyId: file.companyId, usedBytes: file.size })
    .onConflictDoUpdate({ target: companyStorage.companyId, set: { usedBytes: sql`${companyStorage.usedBytes} + excluded.used_bytes` } })
    .returning({ used: companyStorage.usedBytes });
  const { bytes } = await allowanceOf(deps, tx, file.companyId);
  if (bytes !== null && row.used > bytes) throw overQuota(row.used - file.size, bytes, file.size);
}

/**
 * Releases files a deletion or a replacement left unreferenced: they stop counting at once (a user who deletes a file
 * gets its room back) and stay in the folder for FILE_RETENTION_DAYS, then the retention job removes them. Releasing a
 * key twice, or one the ledger does not know, changes nothing.
 */
export async function releaseStoredFiles(tx: Tx, keys: string[], at = now()): Promise<void> {
  if (!keys.length) return;
  const released = await tx
    .update(storedFiles)
    .set({ releasedAt: at })
    .where(and(inArray(storedFiles.key, keys), isNull(storedFiles.releasedAt)))
    .returning({ companyId: storedFiles.companyId, size: storedFiles.size });
  const perCompany = new Map<number, number>();
  for (const r of released) if (r.companyId !== null) perCompany.set(r.companyId, (perCompany.get(r.companyId) ?? 0) + (r.size ?? 0));
  for (const [companyId, bytes] of perCompany) {
    await tx
      .update(companyStorage)
      .set({ usedBytes: sql`greatest(${companyStorage.usedBytes} - ${bytes}, 0)` })
      .where(eq(companyStorage.companyId, companyId));
  }
}
