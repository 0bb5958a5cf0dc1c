import { and, eq, isNull } from 'drizzle-orm';
import { EDITABLE_PROCUREMENT_STATUSES, type DocumentKind, type ProcurementStatus } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { procurementFileVersions, procurementFiles } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertCanEdit } from '../../platform/access';
import { cardFacts, getProcurement, linesFactOf, loadProcurement } from '../procurements';
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
  planSources,
  savedValues,
} from './list-documents';
import { prefillValues } from './prefill-values';

export interface GeneratedDocuments {
  files: { id: number; name: string }[];
  /** Kept for the triad's answer: generation refuses a form with required fields left empty, so it is always empty. */
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
  const [filled, saved, sources] = await Promise.all([
    prefillValues(ctx, card),
    savedValues(ctx.deps.db, procurementId),
    planSources(ctx, card, plan),
  ]);

  // an electronic procurement's notice without its ЭТП is refused before anything is built: a blank platform is not
  // a document to publish, unlike a blank the specialist may fill in by hand
  const electronic = isElectronicMethod(card.method);
  const fields = plan.map((d, i) => documentFields(sources[i].shape, filled, saved.get(d.kind) ?? {}, { electronic, law: card.law }));
  const platform = Object.assign({}, ...plan.map((d, i) => missingPlatform(d.kind, d.title, fields[i]))) as Record<string, string[]>;
  if (Object.keys(platform).length) {
    throw new AppError(
      'VALIDATION',
      `Закупка в электронной форме: укажите электронную площадку — ${Object.values(platform).flat().join('; ')}`,
      platform,
    );
  }
  // required fields are checked here, not while the form is a draft: the answer lists each one, keyed as the form
  // names it, so the screen links to it
  const missing = Object.assign({}, ...plan.map((d, i) => missingFields(d.kind, d.title, fields[i]))) as Record<string, string[]>;
  const count = Object.keys(missing).length;
  if (count) {
    throw new AppError(
      'VALIDATION',
      `Документы не сформированы: не заполнены обязательные поля (${count}) — ${Object.values(missing).flat().join('; ')}`,
      missing,
    );
  }
  // what the documents are rendered from, recorded with each version: a later change of a fact marks them out of date
  const facts = cardFacts(card, await linesFactOf(ctx.deps.db, ctx.companyId, procurementId));
  const built: { kind: DocumentKind; name: string; data: Buffer; key: string }[] = [];
  try {
    for (const [i, d] of plan.entries()) {
      const own = saved.get(d.kind) ?? {};
      // docxtemplater and pizzip load with the first document, not at start
      const { DocxTemplateError, renderDocx } = await import('../../formats/docx/render-docx');
      const { prepareTemplateData } = await import('../../formats/docx/format');
      const values = prepareTemplateData(d.template, mergedValues(sources[i].shape, filled, own));
      const data = await sources[i]
        .bytes()
        .then((bytes) => renderDocx(bytes, values))
        .catch((err: unknown) => {
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
        await tx
          .update(procurementFileVersions)
          .set({ facts, procurementRevision: card.revision })
          .where(and(eq(procurementFileVersions.fileId, f.id), eq(procurementFileVersions.version, f.currentVersion)));
        out.push({ id: f.id, name: b.name });
      }
      await audit(tx, ctx, { entity: 'procurement', entityId: procurementId, action: 'generate_documents', after: { files: out } });
      if (locked.status === 'draft' && (await missingRequiredDocuments(tx, locked)).length === 0) {
        await applyTransition(tx, { companyId: ctx.companyId, userId: ctx.user.id }, locked, 'docs_ready', 'Документация сформирована');
      }
      return out;
    });
    return { files, violations: [] };
  } catch (err) {
    await Promise.all(built.map((b) => ctx.deps.files.remove(b.key).catch(() => undefined)));
    throw err;
  }
}
