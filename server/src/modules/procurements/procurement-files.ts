import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  FINAL_PROCUREMENT_STATUSES,
  finalFilesText,
  type DocumentKind,
  type ProcurementFileResponse,
  type ProcurementStatus,
} from '@proc/contract';
import { approvalGate } from '../../platform/approval-gate';
import type { Ctx, Deps } from '../../platform/context';
import type { Tx } from '../../db/client';
import { procurementFileVersions, procurementFiles, procurements, signatures, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { assertCanEdit } from '../../platform/access';
import { assertStorageRoom, recordStoredFile, releaseStoredFiles } from '../storage';
import { loadProcurement } from './procurement-card';
import type { Upload } from '../../platform/document-files';
import { now } from '../../platform/clock';

type FileRow = typeof procurementFiles.$inferSelect;

async function fileResponses(db: Tx, files: FileRow[]): Promise<ProcurementFileResponse[]> {
  const ids = files.map((f) => f.id);
  const versions = ids.length
    ? await db
        .select({ v: procurementFileVersions, userTitle: users.title })
        .from(procurementFileVersions)
        .leftJoin(users, eq(users.id, procurementFileVersions.createdBy))
        .where(inArray(procurementFileVersions.fileId, ids))
        .orderBy(desc(procurementFileVersions.version))
    : [];
  // which versions carry a valid signature (modules/signatures keeps them by version id, kind 'documentation')
  const versionIds = versions.map((x) => x.v.id);
  const signed = new Set(
    versionIds.length
      ? (
          await db
            .select({ id: signatures.documentId })
            .from(signatures)
            .where(
              and(
                eq(signatures.documentKind, 'documentation'),
                inArray(signatures.documentId, versionIds),
                eq(signatures.valid, true),
                eq(signatures.companyId, files[0].companyId),
              ),
            )
        ).map((r) => r.id)
      : [],
  );
  return files.map((f) => {
    const own = versions.filter((x) => x.v.fileId === f.id);
    const current = own.find((x) => x.v.version === f.currentVersion)?.v ?? own[0].v;
    return {
      id: f.id,
      procurement_id: f.procurementId,
      name: f.name,
      template: (f.template as DocumentKind | null) ?? null,
      source: f.source as 'generated' | 'uploaded',
      content_type: current.contentType,
      size: current.size,
      version: f.currentVersion,
      version_id: current.id,
      versions: own.map(({ v, userTitle }) => ({
        id: v.id,
        signed: signed.has(v.id),
        version: v.version,
        name: v.name,
        size: v.size,
        content_type: v.contentType,
        created_at: v.createdAt.toISOString(),
        created_by: v.createdBy && userTitle ? { id: v.createdBy, title: userTitle } : null,
      })),
      created_at: f.createdAt.toISOString(),
      updated_at: f.updatedAt.toISOString(),
    };
  });
}

async function loadFile(ctx: Ctx, procurementId: number, fileId: number, db: Tx = ctx.deps.db): Promise<FileRow> {
  const [f] = await db
    .select()
    .from(procurementFiles)
    .where(
      and(
        eq(procurementFiles.id, fileId),
        eq(procurementFiles.procurementId, procurementId),
        eq(procurementFiles.companyId, ctx.companyId),
        isNull(procurementFiles.deletedAt),
      ),
    );
  if (!f) throw new AppError('NOT_FOUND', 'Файл не найден');
  return f;
}

export async function listFiles(ctx: Ctx, procurementId: number): Promise<ProcurementFileResponse[]> {
  await loadProcurement(ctx, procurementId);
  const files = await ctx.deps.db
    .select()
    .from(procurementFiles)
    .where(
      and(
        eq(procurementFiles.procurementId, procurementId),
        eq(procurementFiles.companyId, ctx.companyId),
        isNull(procurementFiles.deletedAt),
      ),
    )
    .orderBy(procurementFiles.id);
  return fileResponses(ctx.deps.db, files);
}

export async function getFile(ctx: Ctx, procurementId: number, fileId: number): Promise<ProcurementFileResponse> {
  await loadProcurement(ctx, procurementId);
  return (await fileResponses(ctx.deps.db, [await loadFile(ctx, procurementId, fileId)]))[0];
}

export interface NewContent {
  name: string;
  ext: string;
  contentType: string;
  data: Buffer;
}

/**
 * Adds content as a new file, or as the next version of `fileId`, inside the caller's transaction. The blob is
 * written first; the caller removes `key` if its transaction fails. The new blob counts against the company's
 * storage (413 when it does not fit) and the version it replaces stops counting: it stays downloadable until the
 * retention job removes it.
 */
export async function addFileVersion(
  deps: Deps,
  tx: Tx,
  target: {
    companyId: number;
    procurementId: number;
    userId: number | null;
    fileId?: number;
    template?: DocumentKind | null;
    source: 'generated' | 'uploaded';
  },
  content: NewContent,
  key: string,
): Promise<FileRow> {
  // the documentation is part of the purchase's approved version: frozen while on approval, voids an approval after it
  await approvalGate.documentChanging(tx, { companyId: target.companyId, userId: target.userId }, 'purchase', target.procurementId);
  const sha256 = crypto.createHash('sha256').update(content.data).digest('hex');
  let file: FileRow;
  if (target.fileId) {
    const replaced = await tx
      .select({ key: procurementFileVersions.storageKey })
      .from(procurementFileVersions)
      .innerJoin(
        procurementFiles,
        and(eq(procurementFiles.id, procurementFileVersions.fileId), eq(procurementFileVersions.version, procurementFiles.currentVersion)),
      )
      .where(and(eq(procurementFiles.id, target.fileId), eq(procurementFiles.companyId, target.companyId)));
    // released before the new one is weighed: a file replaced by one of its size fits where it fitted
    await releaseStoredFiles(
      tx,
      replaced.map((r) => r.key),
    );
    [file] = await tx
      .update(procurementFiles)
      .set({ name: content.name, currentVersion: sql`${procurementFiles.currentVersion} + 1`, updatedAt: now() })
      .where(and(eq(procurementFiles.id, target.fileId), eq(procurementFiles.companyId, target.companyId)))
      .returning();
  } else {
    [file] = await tx
      .insert(procurementFiles)
      .values({
        procurementId: target.procurementId,
        companyId: target.companyId,
        name: content.name,
        template: target.template ?? null,
        source: target.source,
        currentVersion: 1,
        createdBy: target.userId,
      })
      .returning();
  }
  await tx.insert(procurementFileVersions).values({
    fileId: file.id,
    companyId: target.companyId,
    version: file.currentVersion,
    storageKey: key,
    name: content.name,
    contentType: content.contentType,
    size: content.data.length,
    sha256,
    createdBy: target.userId,
  });
  await recordStoredFile(deps, tx, { companyId: target.companyId, kind: 'procurement_file', key, size: content.data.length });
  return file;
}

/** Stores a blob and runs `write` in a transaction; the blob is removed again when the transaction fails. */
export async function withStoredBlob<T>(deps: Deps, content: NewContent, write: (tx: Tx, key: string) => Promise<T>): Promise<T> {
  const key = await deps.files.put(content.data, content.ext);
  try {
    return await deps.db.transaction((tx) => write(tx, key));
  } catch (err) {
    await deps.files.remove(key).catch(() => undefined);
    throw err;
  }
}

export async function uploadFile(
  ctx: Ctx,
  procurementId: number,
  upload: Upload,
  template: DocumentKind | null,
): Promise<ProcurementFileResponse> {
  await loadProcurement(ctx, procurementId);
  assertCanEdit(ctx);
  await assertStorageRoom(ctx.deps, ctx.companyId, upload.data.length);
  const file = await withStoredBlob(ctx.deps, upload, async (tx, key) => {
    await loadProcurement(ctx, procurementId, tx, true);
    const f = await addFileVersion(
      ctx.deps,
      tx,
      { companyId: ctx.companyId, procurementId, userId: ctx.user.id, template, source: 'uploaded' },
      upload,
      key,
    );
    await tx.update(procurements).set({ updatedAt: now() }).where(eq(procurements.id, procurementId));
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: procurementId,
      action: 'file_upload',
      after: { file_id: f.id, name: upload.name, size: upload.data.length, template },
    });
    return f;
  });
  return getFile(ctx, procurementId, file.id);
}

/** Files of a finished procurement are its record: refused with the reason. */
function assertFilesChangeable(row: { status: string }): void {
  const status = row.status as ProcurementStatus;
  if (FINAL_PROCUREMENT_STATUSES.includes(status)) throw new AppError('INVALID_STATE', finalFilesText(status));
}

export async function replaceFile(ctx: Ctx, procurementId: number, fileId: number, upload: Upload): Promise<ProcurementFileResponse> {
  const current = await loadFile(ctx, procurementId, fileId);
  assertCanEdit(ctx);
  assertFilesChangeable(await loadProcurement(ctx, procurementId));
  const [was] = await ctx.deps.db
    .select({ size: procurementFileVersions.size })
    .from(procurementFileVersions)
    .where(and(eq(procurementFileVersions.fileId, current.id), eq(procurementFileVersions.version, current.currentVersion)));
  await assertStorageRoom(ctx.deps, ctx.companyId, upload.data.length, was?.size ?? 0);
  await withStoredBlob(ctx.deps, upload, async (tx, key) => {
    assertFilesChangeable(await loadProcurement(ctx, procurementId, tx, true));
    const f = await loadFile(ctx, procurementId, fileId, tx);
    const next = await addFileVersion(
      ctx.deps,
      tx,
      { companyId: ctx.companyId, procurementId, userId: ctx.user.id, fileId: f.id, source: f.source as 'generated' | 'uploaded' },
      upload,
      key,
    );
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: procurementId,
      action: 'file_replace',
      before: { file_id: f.id, name: f.name, version: f.currentVersion },
      after: { file_id: f.id, name: upload.name, version: next.currentVersion, size: upload.data.length },
    });
  });
  return getFile(ctx, procurementId, fileId);
}

/** The latest version, or the given one. */
export async function downloadFile(ctx: Ctx, procurementId: number, fileId: number, version?: number) {
  const f = await loadFile(ctx, procurementId, fileId);
  const [v] = await ctx.deps.db
    .select()
    .from(procurementFileVersions)
    .where(and(eq(procurementFileVersions.fileId, f.id), eq(procurementFileVersions.version, version ?? f.currentVersion)));
  if (!v) throw new AppError('NOT_FOUND', 'Версия файла не найдена');
  const data = await ctx.deps.files.get(v.storageKey).catch((err: NodeJS.ErrnoException) => {
    // a replaced version the retention job has removed
    if (err.code === 'ENOENT')
      throw new AppError('NOT_FOUND', `Версия ${v.version} файла удалена по истечении срока хранения заменённых файлов`);
    throw err;
  });
  return { name: v.name, contentType: v.contentType, data };
}

/**
 * Soft delete: the file disappears from the procurement and stops counting against the company's storage; the row
 * stays for the audit trail, the bytes of its versions until the retention job removes them.
 */
export async function deleteFile(ctx: Ctx, procurementId: number, fileId: number): Promise<void> {
  await loadFile(ctx, procurementId, fileId);
  assertCanEdit(ctx);
  await ctx.deps.db.transaction(async (tx) => {
    assertFilesChangeable(await loadProcurement(ctx, procurementId, tx, true));
    await approvalGate.documentChanging(tx, { companyId: ctx.companyId, userId: ctx.user.id }, 'purchase', procurementId);
    const f = await loadFile(ctx, procurementId, fileId, tx);
    await tx.update(procurementFiles).set({ deletedAt: now(), deletedBy: ctx.user.id }).where(eq(procurementFiles.id, f.id));
    const versions = await tx
      .select({ key: procurementFileVersions.storageKey })
      .from(procurementFileVersions)
      .where(eq(procurementFileVersions.fileId, f.id));
    await releaseStoredFiles(
      tx,
      versions.map((v) => v.key),
    );
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: procurementId,
      action: 'file_delete',
      before: { file_id: f.id, name: f.name },
    });
  });
}
