import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  RULE_VERSION_STATUS_TITLES,
  type LeadTimeRule,
  type RuleVersionRequest,
  type RuleVersionResponse,
  type RuleVersionStatus,
} from '@proc/contract';
import { formatRuDate, leadTimeRulesSchema } from '../deadlines';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { documentRules, procurementRules, ruleVersions } from '../../db/schema';
import { audit, changes, snakeKeys } from '../../platform/audit';
import { assertStorageRoom, recordStoredFile, releaseStoredFiles } from '../storage';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/document-files';
import { moscowToday, now as clockNow } from '../../platform/clock';
import { approvalGate } from '../../platform/approval-gate';
import { editableRule, loadOwnRule, loadVisibleRule } from './manage-rules';
import { effectiveLeadTimes, versionInForce, type RuleVersionRow } from './version-in-force';

/** Procurements recompute their deadline violations when the version in force of their rule may have changed. */
export const REFRESH_VIOLATIONS_JOB = 'procurements.refresh-violations';

export function versionResponse(v: RuleVersionRow, documentRulesCount: number, inForceId: number | null): RuleVersionResponse {
  return {
    id: v.id,
    rule_id: v.ruleId,
    number: v.number,
    status: v.status as RuleVersionStatus,
    status_title: RULE_VERSION_STATUS_TITLES[v.status as RuleVersionStatus],
    approved_on: v.approvedOn,
    in_force_from: v.inForceFrom,
    approval_document: v.approvalFileKey
      ? { name: v.approvalFileName!, size: v.approvalFileSize ?? 0, content_type: v.approvalFileType ?? 'application/octet-stream' }
      : null,
    lead_time_overrides: (v.leadTimeOverrides as LeadTimeRule[] | null) ?? null,
    effective_lead_times: effectiveLeadTimes(v.leadTimeOverrides),
    single_supplier_max: v.singleSupplierMax,
    notes: v.notes,
    in_force_today: v.id === inForceId,
    document_rules_count: documentRulesCount,
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
  };
}

async function responses(db: Tx, ruleId: number, rows: RuleVersionRow[]): Promise<RuleVersionResponse[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ id: documentRules.versionId, n: count() })
        .from(documentRules)
        .where(inArray(documentRules.versionId, ids))
        .groupBy(documentRules.versionId)
    : [];
  const current = await versionInForce(db, ruleId, moscowToday());
  return rows.map((r) => versionResponse(r, counts.find((c) => c.id === r.id)?.n ?? 0, current?.id ?? null));
}

export async function listVersions(ctx: Ctx, ruleId: number): Promise<RuleVersionResponse[]> {
  await loadVisibleRule(ctx, ruleId);
  const rows = await ctx.deps.db
    .select()
    .from(ruleVersions)
    .where(eq(ruleVersions.ruleId, ruleId))
    .orderBy(desc(ruleVersions.inForceFrom), desc(ruleVersions.id));
  return responses(ctx.deps.db, ruleId, rows);
}

async function loadVersion(db: Tx, ruleId: number, versionId: number): Promise<RuleVersionRow> {
  const [v] = await db
    .select()
    .from(ruleVersions)
    .where(and(eq(ruleVersions.id, versionId), eq(ruleVersions.ruleId, ruleId)));
  if (!v) throw new AppError('NOT_FOUND');
  return v;
}

/** A version of a rule the company sees (its own or a template's). */
export async function loadVisibleVersion(ctx: Ctx, ruleId: number, versionId: number, db: Tx = ctx.deps.db) {
  const rule = await loadVisibleRule(ctx, ruleId, db);
  return { rule, version: await loadVersion(db, ruleId, versionId) };
}

/** A draft version of the company's own rule, for changing. */
export async function loadDraftVersion(ctx: Ctx, ruleId: number, versionId: number, db: Tx = ctx.deps.db): Promise<RuleVersionRow> {
  await loadOwnRule(ctx, ruleId, db);
  const v = await loadVersion(db, ruleId, versionId);
  if (v.status !== 'draft') throw new AppError('INVALID_STATE', 'Изменять можно только редакцию в статусе «Черновик»');
  return v;
}

export async function getVersion(ctx: Ctx, ruleId: number, versionId: number): Promise<RuleVersionResponse> {
  const { version } = await loadVisibleVersion(ctx, ruleId, versionId);
  return (await responses(ctx.deps.db, ruleId, [version]))[0];
}

/** A version's own fields as the trail records them (API names; the approval file and timestamps are not among them). */
const audited = (v: RuleVersionRow) => {
  const {
    id: _id,
    ruleId: _r,
    companyId: _c,
    createdBy: _b,
    createdAt: _ca,
    updatedAt: _u,
    approvalFileKey: _k,
    approvalFileType: _t,
    approvalFileSize: _s,
    ...rest
  } = v;
  return snakeKeys(rest);
};

/** A version is approved before (or on the day) it comes into force: an approval after it would make it act unapproved. */
function assertApprovedBeforeInForce(approvedOn: string | null | undefined, inForceFrom: string | null | undefined): void {
  if (approvedOn && inForceFrom && approvedOn > inForceFrom)
    throw new AppError(
      'VALIDATION',
      `Дата утверждения ${formatRuDate(approvedOn)} позже даты вступления в силу ${formatRuDate(inForceFrom)}`,
      {
        approved_on: ['Дата утверждения не может быть позже даты вступления в силу'],
      },
    );
}

function versionValues(input: RuleVersionRequest) {
  assertApprovedBeforeInForce(input.approved_on, input.in_force_from);
  const overrides = input.lead_time_overrides ? leadTimeRulesSchema.parse(input.lead_time_overrides) : null;
  return {
    number: input.number,
    approvedOn: input.approved_on ?? null,
    inForceFrom: input.in_force_from,
    leadTimeOverrides: overrides && overrides.length ? overrides : null,
    singleSupplierMax: input.single_supplier_max ?? null,
    notes: input.notes ?? null,
    updatedAt: clockNow(),
  };
}

export async function createVersion(ctx: Ctx, ruleId: number, input: RuleVersionRequest): Promise<RuleVersionResponse> {
  const id = await ctx.deps.db.transaction(async (tx) => {
    const rule = await editableRule(ctx, ruleId, tx);
    if (rule.archived) throw new AppError('INVALID_STATE', 'Положение в архиве: восстановите его, чтобы добавить редакцию');
    const [v] = await tx
      .insert(ruleVersions)
      .values({ ruleId, companyId: ctx.companyId, status: 'draft', createdBy: ctx.user.id, ...versionValues(input) })
      .returning();
    if (input.based_on_version_id) {
      const base = await loadVersion(tx, ruleId, input.based_on_version_id);
      const docs = await tx.select().from(documentRules).where(eq(documentRules.versionId, base.id));
      if (docs.length)
        await tx
          .insert(documentRules)
          .values(docs.map(({ id: _id, createdAt: _c, ...d }) => ({ ...d, versionId: v.id, companyId: ctx.companyId })));
    }
    await audit(tx, ctx, {
      entity: 'rule_version',
      entityId: v.id,
      action: 'create',
      after: { rule_id: ruleId, ...audited(v), based_on_version_id: input.based_on_version_id },
    });
    return v.id;
  });
  return getVersion(ctx, ruleId, id);
}

export async function updateVersion(ctx: Ctx, ruleId: number, versionId: number, input: RuleVersionRequest): Promise<RuleVersionResponse> {
  await ctx.deps.db.transaction(async (tx) => {
    await editableRule(ctx, ruleId, tx);
    const before = await loadDraftVersion(ctx, ruleId, versionId, tx);
    await approvalGate.documentChanging(tx, { companyId: ctx.companyId, userId: ctx.user.id }, 'rule_version', versionId);
    const [after] = await tx.update(ruleVersions).set(versionValues(input)).where(eq(ruleVersions.id, versionId)).returning();
    await audit(tx, ctx, { entity: 'rule_version', entityId: versionId, action: 'update', ...changes(audited(before), audited(after)) });
  });
  return getVersion(ctx, ruleId, versionId);
}

export async function deleteVersion(ctx: Ctx, ruleId: number, versionId: number): Promise<void> {
  await ctx.deps.db.transaction(async (tx) => {
    await editableRule(ctx, ruleId, tx);
    const before = await loadDraftVersion(ctx, ruleId, versionId, tx);
    await tx.delete(documentRules).where(eq(documentRules.versionId, versionId));
    await tx.delete(ruleVersions).where(eq(ruleVersions.id, versionId));
    if (before.approvalFileKey) await releaseStoredFiles(tx, [before.approvalFileKey]);
    await audit(tx, ctx, {
      entity: 'rule_version',
      entityId: versionId,
      action: 'delete',
      before: { rule_id: ruleId, ...audited(before) },
    });
  });
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export async function approveVersion(ctx: Ctx, ruleId: number, versionId: number, approvedOn?: string): Promise<RuleVersionResponse> {
  try {
    await ctx.deps.db.transaction(async (tx) => {
      await editableRule(ctx, ruleId, tx);
      const v = await loadDraftVersion(ctx, ruleId, versionId, tx);
      // the version approved (утверждена) is the one agreed by the company's route, where it has one for the Положение
      await approvalGate.assertApproved(tx, ctx.companyId, 'rule_version', versionId, 'Редакцию нельзя утвердить');
      if (!v.inForceFrom)
        throw new AppError('VALIDATION', 'Укажите дату вступления редакции в силу', { in_force_from: ['Обязательное поле'] });
      const [clash] = await tx
        .select({ id: ruleVersions.id, number: ruleVersions.number })
        .from(ruleVersions)
        .where(and(eq(ruleVersions.ruleId, ruleId), ne(ruleVersions.status, 'draft'), eq(ruleVersions.inForceFrom, v.inForceFrom)));
      if (clash) throw sameDay(clash.number, v.inForceFrom);
      // a date given (now or with the draft) is checked; without one it is today, but no later than the in-force date
      // (a version recorded after it took effect was approved by then)
      const today = moscowToday();
      const on = approvedOn ?? v.approvedOn ?? (today > v.inForceFrom ? v.inForceFrom : today);
      assertApprovedBeforeInForce(on, v.inForceFrom);
      await tx
        .update(ruleVersions)
        .set({ status: 'approved', approvedOn: on, updatedAt: clockNow() })
        .where(eq(ruleVersions.id, versionId));
      await tx.update(procurementRules).set({ updatedAt: clockNow() }).where(eq(procurementRules.id, ruleId));
      await audit(tx, ctx, {
        entity: 'rule_version',
        entityId: versionId,
        action: 'approve',
        before: { status: v.status, approved_on: v.approvedOn },
        after: { status: 'approved', approved_on: on },
      });
      await ctx.deps.jobs.send(REFRESH_VIOLATIONS_JOB, { rule_id: ruleId }, { tx });
    });
  } catch (err) {
    // the partial unique index settles two approvals racing for the same day
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', 'Уже утверждена редакция с той же датой вступления в силу: дата должна отличаться');
    throw err;
  }
  // committed: the refresh queued inside the transaction starts now, not at the worker's next poll
  ctx.deps.jobs.wake(REFRESH_VIOLATIONS_JOB);
  return getVersion(ctx, ruleId, versionId);
}

const sameDay = (number: string, date: string) =>
  new AppError('CONFLICT', `Редакция № ${number} уже вступает в силу ${formatRuDate(date)}: укажите другую дату вступления в силу`, {
    in_force_from: ['Дата совпадает с датой другой утверждённой редакции'],
  });

export async function publishVersion(ctx: Ctx, ruleId: number, versionId: number): Promise<RuleVersionResponse> {
  await ctx.deps.db.transaction(async (tx) => {
    await editableRule(ctx, ruleId, tx);
    const v = await loadVersion(tx, ruleId, versionId);
    if (v.status !== 'approved') throw new AppError('INVALID_STATE', 'Опубликовать можно только утверждённую редакцию');
    // the published Положение is the approved one: the document that approved it goes with it (and is what is signed)
    if (!v.approvalFileKey)
      throw new AppError('VALIDATION', 'Загрузите документ об утверждении редакции: без него редакция не публикуется', {
        approval_document: ['Загрузите документ об утверждении'],
      });
    await tx.update(ruleVersions).set({ status: 'published', updatedAt: clockNow() }).where(eq(ruleVersions.id, versionId));
    await audit(tx, ctx, {
      entity: 'rule_version',
      entityId: versionId,
      action: 'publish',
      before: { status: v.status },
      after: { status: 'published' },
    });
  });
  return getVersion(ctx, ruleId, versionId);
}

/**
 * A draft's document may be replaced; an approved version that has none yet may receive it (publishing asks for it).
 * Once there, an approved version's document stays: it is what the signatures sign.
 */
async function loadVersionTakingDocument(ctx: Ctx, ruleId: number, versionId: number, tx?: Tx) {
  const v = await loadVersion(tx ?? ctx.deps.db, ruleId, versionId);
  if (v.status === 'draft' || (v.status === 'approved' && !v.approvalFileKey)) return v;
  return loadDraftVersion(ctx, ruleId, versionId, tx);
}

export async function attachApprovalDocument(ctx: Ctx, ruleId: number, versionId: number, upload: Upload): Promise<RuleVersionResponse> {
  await editableRule(ctx, ruleId);
  const draft = await loadVersionTakingDocument(ctx, ruleId, versionId);
  await assertStorageRoom(ctx.deps, draft.companyId, upload.data.length, draft.approvalFileSize ?? 0);
  const key = await ctx.deps.files.put(upload.data, upload.ext);
  try {
    await ctx.deps.db.transaction(async (tx) => {
      const v = await loadVersionTakingDocument(ctx, ruleId, versionId, tx);
      // the document it replaces stops counting first: one of the same size fits where the old one did
      if (v.approvalFileKey) await releaseStoredFiles(tx, [v.approvalFileKey]);
      await tx
        .update(ruleVersions)
        .set({
          approvalFileKey: key,
          approvalFileName: upload.name,
          approvalFileType: upload.contentType,
          approvalFileSize: upload.data.length,
          updatedAt: clockNow(),
        })
        .where(eq(ruleVersions.id, versionId));
      await recordStoredFile(ctx.deps, tx, { companyId: v.companyId, kind: 'rule_approval', key, size: upload.data.length });
      await audit(tx, ctx, {
        entity: 'rule_version',
        entityId: versionId,
        action: 'approval_document',
        before: { name: v.approvalFileName },
        after: { name: upload.name, size: upload.data.length },
      });
    });
  } catch (err) {
    await ctx.deps.files.remove(key).catch(() => undefined);
    throw err;
  }
  return getVersion(ctx, ruleId, versionId);
}

export async function approvalDocument(ctx: Ctx, ruleId: number, versionId: number) {
  const { version } = await loadVisibleVersion(ctx, ruleId, versionId);
  if (!version.approvalFileKey) throw new AppError('NOT_FOUND', 'Документ об утверждении не загружен');
  return {
    name: version.approvalFileName!,
    contentType: version.approvalFileType ?? 'application/octet-stream',
    data: await ctx.deps.files.get(version.approvalFileKey),
  };
}

export async function versionInForceResponse(ctx: Ctx, ruleId: number, date: string): Promise<RuleVersionResponse | null> {
  await loadVisibleRule(ctx, ruleId);
  const v = await versionInForce(ctx.deps.db, ruleId, date);
  return v ? (await responses(ctx.deps.db, ruleId, [v]))[0] : null;
}
