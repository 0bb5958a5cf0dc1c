import { and, eq, isNull } from 'drizzle-orm';
import {
  DOCUMENT_KINDS,
  SUBJECT_KINDS,
  SUBJECT_TITLES,
  documentKindTitle,
  type CustomTemplate,
  type DocumentKind,
  type SubjectKind,
  type TemplateSlotsResponse,
  type TemplateUploadQuery,
} from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { documentTemplates, ruleVersions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { assertCanEdit } from '../../platform/access';
import { audit } from '../../platform/audit';
import { CONTENT_TYPES, type Upload } from '../../platform/document-files';
import { cleanFileName } from '../../platform/uploads';
import { builtinTemplateBytes, DocxTemplateError, renderDocx } from '../../formats/docx/render-docx';
import { prepareTemplateData } from '../../formats/docx/format';
import { checkTemplate } from '../../formats/docx/template-check';
import { getProcurement } from '../procurements';
import { documentPlan, mergedValues, planSources, savedValues } from './list-documents';
import { prefillValues } from './prefill-values';

type Row = typeof documentTemplates.$inferSelect;

const customResponse = (r: Row): CustomTemplate => ({
  id: r.id,
  name: r.name,
  size: r.size,
  uploaded_at: r.createdAt.toISOString(),
  fields: r.tags.fields,
  loops: r.tags.loops,
});

/**
 * Where a law's own templates are kept: 223-ФЗ documents follow the Положение, so its templates belong to a version of
 * the company's Положение; a 44-ФЗ customer has no Положение (the law itself rules), its templates belong to the company.
 */
async function slotOwner(ctx: Ctx, law: '223' | '44', ruleVersionId: number | undefined): Promise<number | null> {
  if (law === '44') {
    if (ruleVersionId)
      throw new AppError('VALIDATION', 'Шаблоны 44-ФЗ хранятся у организации, а не у редакции положения о закупке', {
        rule_version_id: ['Для 44-ФЗ редакция положения не указывается'],
      });
    return null;
  }
  if (!ruleVersionId)
    throw new AppError('VALIDATION', 'Укажите редакцию положения о закупке: шаблоны 223-ФЗ хранятся у неё', {
      rule_version_id: ['Укажите редакцию положения о закупке'],
    });
  const [v] = await ctx.deps.db
    .select({ id: ruleVersions.id })
    .from(ruleVersions)
    .where(and(eq(ruleVersions.id, ruleVersionId), eq(ruleVersions.companyId, ctx.companyId)))
    .limit(1);
  if (!v) throw new AppError('NOT_FOUND', 'Редакция положения о закупке не найдена');
  return v.id;
}

const slotWhere = (companyId: number, law: '223' | '44', versionId: number | null) =>
  and(
    eq(documentTemplates.companyId, companyId),
    eq(documentTemplates.law, law),
    versionId === null ? isNull(documentTemplates.ruleVersionId) : eq(documentTemplates.ruleVersionId, versionId),
  );

/** Every document kind × subject kind of a law (at a Положение's version for 223-ФЗ), with the customer's own template if any. */
export async function listTemplateSlots(ctx: Ctx, law: '223' | '44', ruleVersionId?: number): Promise<TemplateSlotsResponse> {
  const versionId = await slotOwner(ctx, law, ruleVersionId);
  const rows = await ctx.deps.db
    .select()
    .from(documentTemplates)
    .where(slotWhere(ctx.companyId, law, versionId));
  return {
    law,
    rule_version_id: versionId,
    slots: DOCUMENT_KINDS.flatMap((kind) =>
      SUBJECT_KINDS.map((subject) => {
        const own = rows.find((r) => r.documentKind === kind && r.subject === subject);
        return {
          document_kind: kind,
          subject,
          title: `${documentKindTitle(kind, law)} — ${SUBJECT_TITLES[subject].toLowerCase()}`,
          custom: own ? customResponse(own) : null,
        };
      }),
    ),
  };
}

/**
 * Keeps a customer's template for one slot (replacing the one before) once it passes the check: a .docx whose every tag
 * is in the catalogue and whose loops and conditions are closed. A refused template is a 400 naming each problem's place.
 */
export async function uploadTemplate(ctx: Ctx, q: TemplateUploadQuery, file: Upload): Promise<CustomTemplate> {
  assertCanEdit(ctx);
  const versionId = await slotOwner(ctx, q.law, q.rule_version_id);
  if (file.ext !== 'docx') throw new AppError('UNSUPPORTED_MEDIA', 'Шаблон — документ Word в формате .docx');
  let tags;
  try {
    tags = checkTemplate(file.data);
  } catch (err) {
    if (!(err instanceof DocxTemplateError)) throw err;
    throw new AppError('VALIDATION', `«${file.name}»: ${err.message}`, {
      file: err.issues.length ? err.issues.map((i) => i.message) : [err.message],
    });
  }
  const key = await ctx.deps.files.put(file.data, 'docx');
  let replaced: string | null = null;
  try {
    const row = await ctx.deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(documentTemplates)
        .where(
          and(
            slotWhere(ctx.companyId, q.law, versionId),
            eq(documentTemplates.documentKind, q.document_kind),
            eq(documentTemplates.subject, q.subject),
          ),
        )
        .for('update');
      if (before) await tx.delete(documentTemplates).where(eq(documentTemplates.id, before.id));
      replaced = before?.fileKey ?? null;
      const [saved] = await tx
        .insert(documentTemplates)
        .values({
          companyId: ctx.companyId,
          law: q.law,
          subject: q.subject,
          documentKind: q.document_kind,
          ruleVersionId: versionId,
          name: file.name,
          fileKey: key,
          size: file.data.length,
          tags,
          uploadedBy: ctx.user.id,
        })
        .returning();
      await audit(tx, ctx, {
        entity: 'document_template',
        entityId: saved.id,
        action: before ? 'replace' : 'create',
        after: { law: q.law, subject: q.subject, document_kind: q.document_kind, rule_version_id: versionId, name: file.name },
      });
      return saved;
    });
    if (replaced) await ctx.deps.files.remove(replaced).catch(() => undefined);
    return customResponse(row);
  } catch (err) {
    await ctx.deps.files.remove(key).catch(() => undefined);
    throw err;
  }
}

async function ownTemplate(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await ctx.deps.db
    .select()
    .from(documentTemplates)
    .where(and(eq(documentTemplates.id, id), eq(documentTemplates.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Шаблон не найден');
  return row;
}

export async function downloadTemplate(ctx: Ctx, id: number) {
  const row = await ownTemplate(ctx, id);
  return { name: row.name, contentType: CONTENT_TYPES.docx, data: await ctx.deps.files.get(row.fileKey) };
}

/** Removes the customer's template: the slot's documents are built from the built-in one again. */
export async function deleteTemplate(ctx: Ctx, id: number): Promise<void> {
  assertCanEdit(ctx);
  const row = await ownTemplate(ctx, id);
  await ctx.deps.db.transaction(async (tx) => {
    await tx.delete(documentTemplates).where(eq(documentTemplates.id, row.id));
    await audit(tx, ctx, { entity: 'document_template', entityId: row.id, action: 'delete', before: { name: row.name } });
  });
  await ctx.deps.files.remove(row.fileKey).catch(() => undefined);
}

/** The built-in template to start one's own from. */
export async function builtinTemplate(law: '223' | '44', kind: DocumentKind, subject: SubjectKind) {
  const data = await builtinTemplateBytes(kind, { law, subject });
  return {
    name: cleanFileName(`${documentKindTitle(kind, law)} (${SUBJECT_TITLES[subject].toLowerCase()}, ${law}-ФЗ).docx`),
    contentType: CONTENT_TYPES.docx,
    data,
  };
}

/**
 * A document of the purchase as its template in force would build it now, not stored: what the purchase lacks is
 * marked «[не заполнено: …]» in place, so a template can be tried on a purchase still being filled in.
 */
export async function previewDocument(ctx: Ctx, procurementId: number, kind: DocumentKind) {
  const card = await getProcurement(ctx, procurementId);
  const [plan] = await documentPlan(ctx.deps.db, ctx, procurementId, [kind]);
  const [[source], filled, saved] = await Promise.all([
    planSources(ctx, card, [plan]),
    prefillValues(ctx, card),
    savedValues(ctx.deps.db, procurementId),
  ]);
  const values = prepareTemplateData(plan.template, mergedValues(source.shape, filled, saved.get(kind) ?? {}));
  const label = (tag: string) => source.shape.fields.find((f) => f.name === tag)?.label ?? tag;
  const missing = (tag: string) => `[не заполнено: ${label(tag)}]`;
  const data = await source.bytes().then((bytes) => {
    try {
      return renderDocx(bytes, values, missing);
    } catch (err) {
      if (err instanceof DocxTemplateError) throw new AppError('BAD_FILE', `«${plan.title}»: ${err.message}`);
      throw err;
    }
  });
  return { name: cleanFileName(`${plan.title} № ${card.number} (предпросмотр).docx`), contentType: CONTENT_TYPES.docx, data };
}
