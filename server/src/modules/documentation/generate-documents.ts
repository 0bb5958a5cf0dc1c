import { and, eq, isNull } from 'drizzle-orm';
import { EDITABLE_PROCUREMENT_STATUSES, type DocumentKind, type ProcurementStatus } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { procurementFiles } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertCanEdit } from '../../platform/access';
import { getProcurement, loadProcurement } from '../procurements';
import { addFileVersion } from '../procurements';
import { applyTransition, missingRequiredDocuments } from '../procurements';
import { CONTENT_TYPES } from '../../platform/document-files';
import { cleanFileName } from '../../platform/uploads';
import {
  documentFields,
  documentPlan,
  isElectronicMethod,
  mergedValues,
  missingFields,
  missingPlatform,
  savedValues,
} from './list-documents';
import { prefillValues } from './prefill-values';

export interface GeneratedDocuments {
  files: { id: number; name: string }[];
  /** Required fields left empty (the documents are built anyway, with blanks). */
  violations: string[];
}

/**
 * Builds the procurement's documents from their Word templates and stores each as a procurement file (a new version
 * when the document exists already). When every required document is there, a draft becomes docs_ready.
 * All database writes happen in one transaction; the blobs written before it are removed if it fails.
 */
export async function generateDocuments(ctx: Ctx, procurementId: number, kinds?: DocumentKind[]): Promise<GeneratedDocuments> {
  const row = await loadProcurement(ctx, procurementId);
  assertCanEdit(ctx);
  if (!EDITABLE_PROCUREMENT_STATUSES.includes(row.status as ProcurementStatus)) {
    throw new AppError('INVALID_STATE', 'Формировать документацию можно только в статусах «Черновик» и «Документация сформирована»');
  }
  const plan = await documentPlan(ctx.deps.db, ctx, procurementId, kinds);
  if (!plan.length) throw new AppError('INVALID_STATE', 'Положение о закупке не предусматривает документов для этой закупки');
  const card = await getProcurement(ctx, procurementId);
  const [filled, saved] = await Promise.all([prefillValues(ctx, card), savedValues(ctx.deps.db, procurementId)]);

  // an electronic procurement's notice without its ЭТП is refused before anything is built: a blank platform is not
  // a document to publish, unlike a blank the specialist may fill in by hand
  const electronic = isElectronicMethod(card.method);
  const platform = Object.assign(
    {},
    ...plan.map((d) => missingPlatform(d.kind, d.title, documentFields(d.template, filled, saved.get(d.kind) ?? {}, { electronic }))),
  ) as Record<string, string[]>;
  if (Object.keys(platform).length) {
    throw new AppError(
      'VALIDATION',
      `Закупка в электронной форме: укажите электронную площадку — ${Object.values(platform).flat().join('; ')}`,
      platform,
    );
  }
  const violations: string[] = [];
  const built: { kind: DocumentKind; name: string; data: Buffer; key: string }[] = [];
  try {
    for (const d of plan) {
      const own = saved.get(d.kind) ?? {};
      violations.push(...missingFields(d.title, documentFields(d.template, filled, own, { electronic })));
      // docxtemplater and pizzip load with the first document, not at start
      const { DocxTemplateError, renderTemplate } = await import('../../formats/docx/render-docx');
      const data = await renderTemplate(d.template, mergedValues(d.template, filled, own)).catch((err: unknown) => {
        throw err instanceof DocxTemplateError ? new AppError('BAD_FILE', `«${d.title}»: ${err.message}`) : err;
      });
      const name = cleanFileName(`${d.title} № ${card.number}.docx`);
      built.push({ kind: d.kind, name, data, key: await ctx.deps.files.put(data, 'docx') });
    }
    const files = await ctx.deps.db.transaction(async (tx) => {
      const locked = await loadProcurement(ctx, procurementId, tx, true);
      const out: { id: number; name: string }[] = [];
      for (const b of built) {
        const [existing] = await tx
          .select({ id: procurementFiles.id })
          .from(procurementFiles)
          .where(
            and(
              eq(procurementFiles.procurementId, procurementId),
              eq(procurementFiles.template, b.kind),
              isNull(procurementFiles.deletedAt),
            ),
          )
          .limit(1);
        const f = await addFileVersion(
          ctx.deps,
          tx,
          { companyId: ctx.companyId, procurementId, userId: ctx.user.id, fileId: existing?.id, template: b.kind, source: 'generated' },
          { name: b.name, ext: 'docx', contentType: CONTENT_TYPES.docx, data: b.data },
          b.key,
        );
        out.push({ id: f.id, name: b.name });
      }
      await audit(tx, ctx, { entity: 'procurement', entityId: procurementId, action: 'generate_documents', after: { files: out } });
      if (locked.status === 'draft' && (await missingRequiredDocuments(tx, locked)).length === 0) {
        await applyTransition(tx, { companyId: ctx.companyId, userId: ctx.user.id }, locked, 'docs_ready', 'Документация сформирована');
      }
      return out;
    });
    return { files, violations };
  } catch (err) {
    await Promise.all(built.map((b) => ctx.deps.files.remove(b.key).catch(() => undefined)));
    throw err;
  }
}
