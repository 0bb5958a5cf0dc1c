import { and, asc, eq, max } from 'drizzle-orm';
import { DOCUMENT_KIND_TITLES, type DocumentKind, type DocumentRuleRequest, type DocumentRuleResponse } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { documentRules } from '../../db/schema';
import { audit, changes } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertStaffEditor } from '../../platform/access';
import { loadDraftVersion, loadVisibleVersion } from './manage-versions';
import { loadOwnRule } from './manage-rules';
import type { Tx } from '../../db/client';

type DocumentRuleRow = typeof documentRules.$inferSelect;

export const documentRuleResponse = (r: DocumentRuleRow): DocumentRuleResponse => ({
  id: r.id,
  version_id: r.versionId,
  method: r.method,
  subject: r.subject as DocumentRuleResponse['subject'],
  document_kind: r.documentKind as DocumentKind,
  template: r.template as DocumentKind,
  title: r.title,
  required: r.required,
  min_days: r.minDays,
  days_unit: r.daysUnit as 'calendar' | 'working',
  nmcd_min: r.nmcdMin,
  nmcd_max: r.nmcdMax,
  note: r.note,
});

/** A document rule as a version's history shows it: its id, then its fields. */
const audited = (r: DocumentRuleRow) => {
  const { id, version_id: _v, ...rest } = documentRuleResponse(r);
  return { document_rule_id: id, ...rest };
};

export async function listDocumentRules(ctx: Ctx, ruleId: number, versionId: number): Promise<DocumentRuleResponse[]> {
  await loadVisibleVersion(ctx, ruleId, versionId);
  const rows = await ctx.deps.db
    .select()
    .from(documentRules)
    .where(eq(documentRules.versionId, versionId))
    .orderBy(asc(documentRules.method), asc(documentRules.position), asc(documentRules.id));
  return rows.map(documentRuleResponse);
}

/** Not found, then forbidden (staff only), then the version must be a draft. */
async function editableDraft(ctx: Ctx, ruleId: number, versionId: number, tx: Tx) {
  await loadOwnRule(ctx, ruleId, tx);
  assertStaffEditor(ctx);
  return loadDraftVersion(ctx, ruleId, versionId, tx);
}

const values = (input: DocumentRuleRequest) => ({
  method: input.method,
  subject: input.subject,
  documentKind: input.document_kind,
  template: input.template ?? input.document_kind,
  title: input.title || DOCUMENT_KIND_TITLES[input.document_kind],
  required: input.required,
  minDays: input.min_days ?? null,
  daysUnit: input.days_unit,
  nmcdMin: input.nmcd_min ?? null,
  nmcdMax: input.nmcd_max ?? null,
  note: input.note ?? null,
});

export async function createDocumentRule(
  ctx: Ctx,
  ruleId: number,
  versionId: number,
  input: DocumentRuleRequest,
): Promise<DocumentRuleResponse> {
  return ctx.deps.db.transaction(async (tx) => {
    await editableDraft(ctx, ruleId, versionId, tx);
    const [{ last }] = await tx
      .select({ last: max(documentRules.position) })
      .from(documentRules)
      .where(eq(documentRules.versionId, versionId));
    const [row] = await tx
      .insert(documentRules)
      .values({ ...values(input), versionId, companyId: ctx.companyId, position: (last ?? 0) + 1 })
      .returning();
    await audit(tx, ctx, { entity: 'rule_version', entityId: versionId, action: 'document_rule_create', after: audited(row) });
    return documentRuleResponse(row);
  });
}

export async function updateDocumentRule(
  ctx: Ctx,
  ruleId: number,
  versionId: number,
  id: number,
  input: DocumentRuleRequest,
): Promise<DocumentRuleResponse> {
  return ctx.deps.db.transaction(async (tx) => {
    await editableDraft(ctx, ruleId, versionId, tx);
    const [before] = await tx
      .select()
      .from(documentRules)
      .where(and(eq(documentRules.id, id), eq(documentRules.versionId, versionId)));
    const [row] = await tx
      .update(documentRules)
      .set(values(input))
      .where(and(eq(documentRules.id, id), eq(documentRules.versionId, versionId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    // the rule's id stays in both sides: it says which line of the version changed
    const { before: b, after: a } = changes(audited(before), audited(row));
    await audit(tx, ctx, {
      entity: 'rule_version',
      entityId: versionId,
      action: 'document_rule_update',
      before: { document_rule_id: id, ...b },
      after: { document_rule_id: id, ...a },
    });
    return documentRuleResponse(row);
  });
}

export async function deleteDocumentRule(ctx: Ctx, ruleId: number, versionId: number, id: number): Promise<void> {
  await ctx.deps.db.transaction(async (tx) => {
    await editableDraft(ctx, ruleId, versionId, tx);
    const [row] = await tx
      .delete(documentRules)
      .where(and(eq(documentRules.id, id), eq(documentRules.versionId, versionId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { entity: 'rule_version', entityId: versionId, action: 'document_rule_delete', before: audited(row) });
  });
}
