import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  PROCUREMENT_STATUS_TITLES_44,
  PROCUREMENT_STATUS_TITLES,
  canTransition,
  type ProcurementResponse,
  type ProcurementStatus,
  type StatusHistoryItem,
} from '@proc/contract';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { procurementFiles, procurementStatusHistory, procurements, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { assertCanEdit } from '../../platform/access';
import { moscowDate, moscowToday, now } from '../../platform/clock';
import { statusTermFindings } from '../deadlines';
import { requiredDocuments, type RequiredDocument } from '../rules';
import { computeDeadlines, governingDate } from './compute-deadlines';
import { datedOf, getProcurement, loadProcurement, type ProcurementRow } from './procurement-card';
import { factsOf, okpd2Codes, outdatedDocuments } from './procurement-facts';
import { linesFactOf } from './procurement-lines';
import { approvalGate } from '../../platform/approval-gate';

/**
 * A documentation approved (docs_ready) or published must be the purchase as it is: a generated document rendered from
 * other facts is refused by name, with what changed.
 */
async function assertDocumentsCurrent(tx: Tx, r: ProcurementRow, action: string): Promise<void> {
  const outdated = await outdatedDocuments(
    tx,
    r.id,
    factsOf(r, (await okpd2Codes(tx, [r.id])).get(r.id) ?? [], await linesFactOf(tx, r.companyId, r.id)),
  );
  if (!outdated.length) return;
  throw new AppError(
    'INVALID_STATE',
    `${action}: документы устарели — ${outdated.map((d) => `«${d.title}»: ${d.reasons.join('; ')}`).join('; ')}. Сформируйте документы заново`,
    { documents: outdated.map((d) => d.template) },
  );
}

export const traitsOf = (r: ProcurementRow) => ({
  law: r.law,
  ruleId: r.ruleId,
  date: governingDate(r),
  method: r.method,
  subject: r.subject,
  nmcd: r.nmcd,
});

/** Required documents of the procurement that have no file yet. */
export async function missingRequiredDocuments(tx: Tx, r: ProcurementRow): Promise<RequiredDocument[]> {
  const { documents } = await requiredDocuments(tx, traitsOf(r));
  const files = await tx
    .selectDistinct({ template: procurementFiles.template })
    .from(procurementFiles)
    .where(and(eq(procurementFiles.procurementId, r.id), isNull(procurementFiles.deletedAt)));
  const have = new Set(files.map((f) => f.template));
  return documents.filter((d) => d.required && !have.has(d.documentKind));
}

/**
 * Moves a locked procurement to another status if the lifecycle allows it and its preconditions hold; records who
 * and when. Used by the transition endpoint and by the documentation job (draft → docs_ready).
 */
/**
 * The law's terms and the procurement's own dates that a move to `to` today breaks (status-terms.ts), as sentences
 * naming the rule. The final protocol's date is the later of the notice's summing-up date and the day the procurement
 * entered «Подведение итогов» here.
 */
export async function termFindings(tx: Tx, r: ProcurementRow, to: ProcurementStatus): Promise<string[]> {
  if (!['accepting', 'summing_up', 'contract_signed'].includes(to)) return [];
  const [[entered]] = await Promise.all([
    to === 'contract_signed'
      ? tx
          .select({ at: procurementStatusHistory.createdAt })
          .from(procurementStatusHistory)
          .where(and(eq(procurementStatusHistory.procurementId, r.id), eq(procurementStatusHistory.toStatus, 'summing_up')))
          .orderBy(desc(procurementStatusHistory.id))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return statusTermFindings({
    to,
    today: moscowToday(),
    // the procurement's own law, not its Положение's: a budget institution buys under both
    law: r.law === '44' ? '44' : '223',
    method: r.method,
    publishedOn: r.publishedOn,
    applicationDeadline: r.applicationDeadline,
    summingUpOn: r.summingUpOn,
    summingUpEnteredOn: entered ? moscowDate(entered.at) : null,
  }).map((f) => f.message);
}

export async function applyTransition(
  tx: Tx,
  actor: { companyId: number; userId: number },
  r: ProcurementRow,
  to: ProcurementStatus,
  comment: string | null,
  overrideReason: string | null = null,
): Promise<void> {
  const from = r.status as ProcurementStatus;
  const T = r.law === '44' ? PROCUREMENT_STATUS_TITLES_44 : PROCUREMENT_STATUS_TITLES;
  if (!canTransition(from, to)) throw new AppError('INVALID_STATE', `Переход из статуса «${T[from]}» в статус «${T[to]}» недопустим`);
  if ((to === 'cancelled' || to === 'failed') && !comment) {
    throw new AppError('VALIDATION', to === 'cancelled' ? 'Укажите причину отмены закупки' : 'Укажите, почему закупка не состоялась', {
      comment: ['Обязательное поле'],
    });
  }
  if (to === 'docs_ready') {
    const missing = await missingRequiredDocuments(tx, r);
    if (missing.length)
      throw new AppError('INVALID_STATE', `Не сформированы обязательные документы: ${missing.map((d) => `«${d.title}»`).join(', ')}`);
    await assertDocumentsCurrent(tx, r, 'Документацию нельзя утвердить');
  }
  if (to === 'published') {
    if (!r.publishedOn || !r.applicationDeadline) {
      throw new AppError('VALIDATION', 'Для публикации укажите дату размещения извещения и дату окончания подачи заявок', {
        ...(r.publishedOn ? {} : { published_on: ['Обязательное поле'] }),
        ...(r.applicationDeadline ? {} : { application_deadline: ['Обязательное поле'] }),
      });
    }
    const { violations } = await computeDeadlines(tx, datedOf(r));
    if (violations.length)
      throw new AppError('INVALID_STATE', `Закупку нельзя опубликовать: ${violations.map((v) => v.message).join('; ')}`);
    await assertDocumentsCurrent(tx, r, 'Закупку нельзя опубликовать');
    // what is published is what was approved, where the company routes its purchases for approval
    await approvalGate.assertApproved(tx, r.companyId, 'purchase', r.id, 'Закупку нельзя опубликовать');
  }
  // a move against a term is the user's decision, taken knowingly: asked first, then recorded with the reason
  const broken = await termFindings(tx, r, to);
  if (broken.length && !overrideReason) {
    throw new AppError(
      'CONFIRM_REQUIRED',
      `Перевод в статус «${T[to]}» нарушает сроки: ${broken.join('; ')}. Укажите причину, чтобы перевести всё равно`,
      { warnings: broken },
    );
  }
  const override = broken.length ? { reason: overrideReason, rules: broken } : null;
  if (override) comment = comment ? `${comment}\nВопреки сроку: ${overrideReason}` : `Вопреки сроку: ${overrideReason}`;
  await recordStatus(tx, actor, r.id, from, to, comment, override ? { override } : {});
}

/** A move of status written: the row, its history entry and the trail's, with what the trail should know of it. */
async function recordStatus(
  tx: Tx,
  actor: { companyId: number; userId: number },
  id: number,
  from: ProcurementStatus,
  to: ProcurementStatus,
  comment: string | null,
  extra: Record<string, unknown>,
): Promise<void> {
  await tx.update(procurements).set({ status: to, updatedAt: now() }).where(eq(procurements.id, id));
  await tx
    .insert(procurementStatusHistory)
    .values({ procurementId: id, companyId: actor.companyId, fromStatus: from, toStatus: to, comment, userId: actor.userId });
  await audit(
    tx,
    { user: { id: actor.userId }, companyId: actor.companyId },
    { entity: 'procurement', entityId: id, action: 'status', before: { status: from }, after: { status: to, comment, ...extra } },
  );
}

/**
 * A status ЕИС's documents show the purchase has reached (its notice, final protocol, contract), recorded one allowed
 * step at a time (PROCUREMENT_TRANSITIONS), each in the history and the trail with where it came from. The facts
 * happened in ЕИС: the preconditions of the card's own moves (documents generated, deadlines checked before
 * publishing) are for what the card does itself, not for what ЕИС has already done.
 */
export async function followEisStatus(
  tx: Tx,
  actor: { companyId: number; userId: number },
  r: ProcurementRow,
  path: readonly ProcurementStatus[],
  comment: string,
): Promise<void> {
  let from = r.status as ProcurementStatus;
  for (const to of path) {
    const T = r.law === '44' ? PROCUREMENT_STATUS_TITLES_44 : PROCUREMENT_STATUS_TITLES;
    if (!canTransition(from, to)) throw new AppError('INVALID_STATE', `Переход из статуса «${T[from]}» в статус «${T[to]}» недопустим`);
    await recordStatus(tx, actor, r.id, from, to, comment, { source: 'eis' });
    from = to;
  }
}

export async function transitionProcurement(
  ctx: Ctx,
  id: number,
  to: ProcurementStatus,
  comment: string | null,
  overrideReason: string | null = null,
): Promise<ProcurementResponse> {
  await ctx.deps.db.transaction(async (tx) => {
    const r = await loadProcurement(ctx, id, tx, true);
    assertCanEdit(ctx);
    await applyTransition(tx, { companyId: ctx.companyId, userId: ctx.user.id }, r, to, comment, overrideReason);
  });
  return getProcurement(ctx, id);
}

export async function statusHistory(ctx: Ctx, id: number): Promise<z.infer<typeof StatusHistoryItem>[]> {
  const { law } = await loadProcurement(ctx, id);
  const T = law === '44' ? PROCUREMENT_STATUS_TITLES_44 : PROCUREMENT_STATUS_TITLES;
  const rows = await ctx.deps.db
    .select({ h: procurementStatusHistory, userTitle: users.title })
    .from(procurementStatusHistory)
    .leftJoin(users, eq(users.id, procurementStatusHistory.userId))
    .where(and(eq(procurementStatusHistory.procurementId, id), eq(procurementStatusHistory.companyId, ctx.companyId)))
    .orderBy(asc(procurementStatusHistory.id));
  return rows.map(({ h, userTitle }) => ({
    id: h.id,
    from_status: (h.fromStatus as ProcurementStatus | null) ?? null,
    to_status: h.toStatus as ProcurementStatus,
    to_title: T[h.toStatus as ProcurementStatus],
    comment: h.comment,
    user: h.userId && userTitle ? { id: h.userId, title: userTitle } : null,
    created_at: h.createdAt.toISOString(),
  }));
}
