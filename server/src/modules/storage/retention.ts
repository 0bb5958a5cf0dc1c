import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  acceptanceDocuments,
  companyStorage,
  paymentImports,
  procurementFileVersions,
  procurementFiles,
  ruleVersions,
  signatures,
  storedFiles,
} from '../../db/schema';
import type { Deps } from '../../platform/context';
import { now as clockNow } from '../../platform/clock';

export const RETENTION_JOB = 'storage.retention';
/** Every night at 03:40 Moscow time, when nobody uploads. */
export const RETENTION_CRON = '40 3 * * *';
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Of these keys, the ones a live record still points at: the current version of a procurement file that is not
 * deleted, a rule version's approval document, an УПД, a 1C statement, a signature. The ledger says a released file is
 * unreferenced; this asks the records themselves, so a release by mistake never costs a document.
 */
async function stillReferenced(tx: Tx, keys: string[]): Promise<Set<string>> {
  const found = await Promise.all([
    tx
      .select({ key: procurementFileVersions.storageKey })
      .from(procurementFileVersions)
      .innerJoin(procurementFiles, eq(procurementFiles.id, procurementFileVersions.fileId))
      .where(
        and(
          inArray(procurementFileVersions.storageKey, keys),
          eq(procurementFileVersions.version, procurementFiles.currentVersion),
          isNull(procurementFiles.deletedAt),
        ),
      ),
    tx
      .select({ key: sql<string>`${ruleVersions.approvalFileKey}` })
      .from(ruleVersions)
      .where(inArray(ruleVersions.approvalFileKey, keys)),
    tx.select({ key: acceptanceDocuments.fileKey }).from(acceptanceDocuments).where(inArray(acceptanceDocuments.fileKey, keys)),
    tx.select({ key: paymentImports.fileKey }).from(paymentImports).where(inArray(paymentImports.fileKey, keys)),
    tx.select({ key: signatures.fileKey }).from(signatures).where(inArray(signatures.fileKey, keys)),
  ]);
  return new Set(found.flat().map((r) => r.key));
}

export interface RetentionResult {
  removed: number;
  bytes: number;
  /** released by mistake while still referenced: counted again, kept */
  kept: number;
}

/**
 * Removes from the files folder every file released at least FILE_RETENTION_DAYS before `now` (the job's clock; a
 * test passes its own) and marks it removed. The folder is changed first and the row after: a run killed between
 * the two removes an absent file again next time (remove ignores a missing file).
 */
export async function purgeReleasedFiles(deps: Deps, now = clockNow()): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - deps.config.FILE_RETENTION_DAYS * DAY_MS);
  const result: RetentionResult = { removed: 0, bytes: 0, kept: 0 };
  for (;;) {
    const due = await deps.db
      .select({ key: storedFiles.key, size: storedFiles.size, companyId: storedFiles.companyId })
      .from(storedFiles)
      .where(and(isNotNull(storedFiles.releasedAt), lte(storedFiles.releasedAt, cutoff), isNull(storedFiles.removedAt)))
      .orderBy(asc(storedFiles.releasedAt), asc(storedFiles.key))
      .limit(BATCH);
    if (!due.length) return result;
    const referenced = await stillReferenced(
      deps.db,
      due.map((d) => d.key),
    );
    for (const d of due) {
      if (referenced.has(d.key)) {
        // counts again: the record that holds it is live
        await deps.db.transaction(async (tx) => {
          const [back] = await tx
            .update(storedFiles)
            .set({ releasedAt: null })
            .where(and(eq(storedFiles.key, d.key), isNotNull(storedFiles.releasedAt)))
            .returning();
          if (back?.companyId != null) {
            await tx
              .insert(companyStorage)
              .values({ companyId: back.companyId, usedBytes: back.size ?? 0 })
              .onConflictDoUpdate({
                target: companyStorage.companyId,
                set: { usedBytes: sql`${companyStorage.usedBytes} + excluded.used_bytes` },
              });
          }
        });
        result.kept++;
        continue;
      }
      await deps.files.remove(d.key);
      await deps.db.update(storedFiles).set({ removedAt: now }).where(eq(storedFiles.key, d.key));
      result.removed++;
      result.bytes += d.size ?? 0;
    }
  }
}

/**
 * Files stored before the ledger existed whose size no table kept (УПД, 1C statements, signatures): measured once
 * from the folder, and counted. Runs at start; a file missing from the folder counts 0.
 */
export async function measureUnsizedFiles(deps: Deps): Promise<number> {
  let measured = 0;
  for (;;) {
    const rows = await deps.db.select({ key: storedFiles.key }).from(storedFiles).where(isNull(storedFiles.size)).limit(BATCH);
    if (!rows.length) return measured;
    for (const { key } of rows) {
      const size = await deps.files.get(key).then(
        (b) => b.length,
        () => 0,
      );
      await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(storedFiles)
          .set({ size })
          .where(and(eq(storedFiles.key, key), isNull(storedFiles.size)))
          .returning();
        if (row?.companyId != null && row.releasedAt === null && size > 0) {
          await tx
            .insert(companyStorage)
            .values({ companyId: row.companyId, usedBytes: size })
            .onConflictDoUpdate({
              target: companyStorage.companyId,
              set: { usedBytes: sql`${companyStorage.usedBytes} + excluded.used_bytes` },
            });
        }
      });
      measured++;
    }
  }
}
