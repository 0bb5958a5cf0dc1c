import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  APPROVAL_KIND_TITLES,
  APPROVAL_STATUS_TITLES,
  EVENTS,
  ROLE_TITLES,
  SLOT_STATUS_TITLES,
  type ApprovalKind,
  type ApprovalResponse,
  type ApprovalStateResponse,
  type Role,
} from '@proc/contract';
import type { Tx } from '../../db/client';
import { approvalEvents, approvalSlots, approvals, users } from '../../db/schema';
import type { Ctx, Deps } from '../../platform/context';
import type { Jobs } from '../../platform/jobs';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { assertCanEdit } from '../../platform/access';
import { moscowToday, now } from '../../platform/clock';
import { addWorkingDays } from '../deadlines';
import { storeSignature, verifyUserSignature } from '../signatures';
import { loadDocument, type ApprovalDocument } from './documents';
import { chooseRoute, routesExist } from './route-config';
import { usersActingFor } from './participants';
import { TaskChanges, closeTasks, openTask, publishTaskChanges } from './tasks';

type Run = typeof approvals.$inferSelect;
type Slot = typeof approvalSlots.$inferSelect;

const slotKey = (slotId: number) => `approval-slot:${slotId}`;
const returnedKey = (kind: ApprovalKind, documentId: number) => `approval-returned:${kind}:${documentId}`;
const ACTIONS: Record<string, string> = {
  sent: 'Отправлено на согласование',
  approved: 'Согласовано',
  signed: 'Согласовано с подписью',
  returned: 'Возвращено на доработку',
  delegated: 'Передано другому согласующему',
  completed: 'Согласование завершено',
  restarted: 'Документ изменён после согласования: согласование нужно пройти заново',
};

/**
 * The approval sheet a «с подписью» step signs: the run, the document and the exact version (its hash). The same
 * bytes for every signer of the run, derived from the run's row alone.
 */
export function approvalSheet(run: Pick<Run, 'id' | 'documentTitle' | 'versionLabel' | 'versionHash' | 'routeTitle' | 'kind'>): Buffer {
  return Buffer.from(
    [
      'Лист согласования',
      `Согласование № ${run.id}`,
      `Вид документа: ${APPROVAL_KIND_TITLES[run.kind as ApprovalKind]}`,
      `Документ: ${run.documentTitle}`,
      `Версия: ${run.versionLabel}`,
      `Контрольная сумма версии (SHA-256): ${run.versionHash}`,
      `Маршрут: ${run.routeTitle}`,
      '',
    ].join('\n'),
    'utf8',
  );
}

async function eventRow(
  tx: Tx,
  run: Run,
  e: { slotId?: number; userId: number | null; action: string; comment?: string | null; signatureId?: number | null },
) {
  await tx.insert(approvalEvents).values({
    approvalId: run.id,
    companyId: run.companyId,
    slotId: e.slotId ?? null,
    userId: e.userId,
    action: e.action,
    comment: e.comment ?? null,
    signatureId: e.signatureId ?? null,
    createdAt: now(),
  });
}

/** Opens a step: its slots become active with their term in working days (production calendar), each a task. */
async function activateStep(tx: Tx, changes: TaskChanges, run: Run, stepNo: number, doc: { title: string; link: string }): Promise<void> {
  const today = moscowToday();
  const slots = await tx
    .update(approvalSlots)
    .set({ status: 'active', dueOn: sql`NULL` })
    .where(and(eq(approvalSlots.approvalId, run.id), eq(approvalSlots.stepNo, stepNo), eq(approvalSlots.status, 'waiting')))
    .returning();
  const acting = slots.some((s) => s.assigneeRole) ? await usersActingFor(tx, run.companyId) : [];
  for (const s of slots) {
    const dueOn = addWorkingDays(today, s.termDays);
    await tx.update(approvalSlots).set({ dueOn }).where(eq(approvalSlots.id, s.id));
    await openSlotTasks(tx, changes, run, { ...s, dueOn }, doc, acting);
  }
  await tx.update(approvals).set({ currentStep: stepNo }).where(eq(approvals.id, run.id));
}

async function openSlotTasks(
  tx: Tx,
  changes: TaskChanges,
  run: Run,
  s: Slot,
  doc: { title: string; link: string },
  acting: { id: number; role: string }[],
): Promise<void> {
  const who = s.assigneeUserId ? [s.assigneeUserId] : acting.filter((u) => u.role === s.assigneeRole).map((u) => u.id);
  for (const userId of who)
    await openTask(tx, changes, {
      userId,
      companyId: run.companyId,
      kind: 'approval',
      sourceKey: slotKey(s.id),
      title: `${s.withSignature ? 'Согласовать с подписью' : 'Согласовать'}: ${doc.title}`,
      subtitle: `${APPROVAL_KIND_TITLES[run.kind as ApprovalKind]}, этап ${s.stepNo + 1} из ${run.stepsTotal}`,
      link: doc.link,
      dueOn: s.dueOn,
    });
}

async function lastRun(tx: Tx, companyId: number, kind: ApprovalKind, documentId: number, lock = false): Promise<Run | null> {
  const q = tx
    .select()
    .from(approvals)
    .where(and(eq(approvals.companyId, companyId), eq(approvals.kind, kind), eq(approvals.documentId, documentId)))
    .orderBy(desc(approvals.id))
    .limit(1);
  const [r] = lock ? await q.for('update') : await q;
  return r ?? null;
}

/** Who the run waits for now: the active step's participants still to decide. */
async function waitingFor(tx: Tx, run: Run): Promise<string | null> {
  if (run.status !== 'pending') return null;
  const rows = await tx
    .select({ s: approvalSlots, title: users.title })
    .from(approvalSlots)
    .leftJoin(users, eq(users.id, approvalSlots.assigneeUserId))
    .where(and(eq(approvalSlots.approvalId, run.id), eq(approvalSlots.status, 'active')))
    .orderBy(asc(approvalSlots.id));
  if (!rows.length) return null;
  const names = rows.map(({ s, title }) => (s.assigneeRole ? `роль «${ROLE_TITLES[s.assigneeRole as Role]}»` : (title ?? '—')));
  return `этап ${run.currentStep + 1} из ${run.stepsTotal} — ${names.join(', ')}`;
}

export async function sendForApproval(ctx: Ctx, kind: ApprovalKind, documentId: number): Promise<ApprovalResponse> {
  assertCanEdit(ctx);
  const changes = new TaskChanges();
  const runId = await ctx.deps.db.transaction(async (tx) => {
    const doc = await loadDocument(tx, ctx.companyId, kind, documentId);
    const prev = await lastRun(tx, ctx.companyId, kind, documentId, true);
    if (prev?.status === 'pending')
      throw new AppError('CONFLICT', `Документ уже на согласовании: ждёт ${(await waitingFor(tx, prev)) ?? 'решения'}`);
    if (prev?.status === 'approved' && prev.versionHash === doc.versionHash)
      throw new AppError('CONFLICT', 'Эта версия документа уже согласована');
    const run = await startRun(tx, changes, { companyId: ctx.companyId, userId: ctx.user.id }, kind, documentId, doc, ctx.user.id);
    if (!run)
      throw new AppError(
        'INVALID_STATE',
        `Для вида документа «${APPROVAL_KIND_TITLES[kind]}» нет подходящего маршрута согласования: задайте маршрут по умолчанию`,
      );
    return run.id;
  });
  await afterCommit(ctx.deps, changes, ctx.companyId, kind, documentId, 'pending');
  return approvalView(ctx, runId);
}

/**
 * A new run of the route chosen for the document's current version, its first step active (tasks opened in
 * `changes`); null when no route fits. `authorId` is whom a return goes back to.
 */
async function startRun(
  tx: Tx,
  changes: TaskChanges,
  actor: { companyId: number; userId: number | null },
  kind: ApprovalKind,
  documentId: number,
  doc: ApprovalDocument,
  authorId: number,
  comment: string | null = null,
): Promise<Run | null> {
  const route = await chooseRoute(tx, actor.companyId, kind, doc);
  if (!route) return null;
  const [run] = await tx
    .insert(approvals)
    .values({
      companyId: actor.companyId,
      kind,
      documentId,
      routeId: route.id,
      routeTitle: route.title,
      versionHash: doc.versionHash,
      versionLabel: doc.versionLabel,
      documentTitle: doc.title,
      authorId,
      stepsTotal: route.steps.length,
      createdAt: now(),
    })
    .returning();
  await tx.insert(approvalSlots).values(
    route.steps.flatMap((s, stepNo) =>
      s.participants.map((p) => ({
        approvalId: run.id,
        companyId: actor.companyId,
        stepNo,
        assigneeUserId: 'user_id' in p ? p.user_id : null,
        assigneeRole: 'role' in p ? p.role : null,
        withSignature: s.with_signature,
        termDays: s.term_days,
      })),
    ),
  );
  await eventRow(tx, run, { userId: actor.userId, action: 'sent', comment });
  await closeTasks(tx, changes, returnedKey(kind, documentId));
  await activateStep(tx, changes, run, 0, doc);
  await audit(
    tx,
    { user: actor.userId ? { id: actor.userId } : null, companyId: actor.companyId },
    {
      entity: doc.auditEntity,
      entityId: doc.auditEntityId,
      action: 'approval_send',
      after: { approval_id: run.id, route: route.title, version: doc.versionLabel, version_hash: doc.versionHash, comment },
    },
  );
  return run;
}

/** The job that sends a changed document around its route again, once the change has committed (restartApproval). */
export const RESTART_JOB = 'approvals.restart';
export interface RestartPayload {
  company_id: number;
  kind: ApprovalKind;
  document_id: number;
  voided_id: number;
  user_id: number | null;
}

/**
 * Sends a document changed after its approval around the route again: the version is the one the change committed,
 * the author stays the author, the first step's participants get their tasks and mails. Nothing when the voided run
 * is no longer the document's last (another change queued a later restart, or the author sent it himself).
 */
export async function restartApproval(deps: Deps, p: RestartPayload): Promise<void> {
  const changes = new TaskChanges();
  const started = await deps.db.transaction(async (tx) => {
    const last = await lastRun(tx, p.company_id, p.kind, p.document_id, true);
    if (!last || last.id !== p.voided_id || last.status !== 'restarted') return false;
    const doc = await loadDocument(tx, p.company_id, p.kind, p.document_id).catch(() => null);
    if (!doc) return false;
    const run = await startRun(
      tx,
      changes,
      { companyId: p.company_id, userId: p.user_id },
      p.kind,
      p.document_id,
      doc,
      last.authorId,
      'Документ изменён после согласования: маршрут начат заново',
    );
    return !!run;
  });
  if (started) await afterCommit(deps, changes, p.company_id, p.kind, p.document_id, 'pending');
}

async function afterCommit(deps: Deps, changes: TaskChanges, companyId: number, kind: ApprovalKind, documentId: number, status: string) {
  deps.realtime.toCompany(companyId, EVENTS.approvalChanged, { kind, document_id: documentId, status });
  await publishTaskChanges(deps, changes);
}

type Decision =
  | { action: 'approve'; comment?: string | null; signature?: string }
  | { action: 'return'; comment: string }
  | { action: 'delegate'; userId: number; comment?: string | null };

/** Whether the user may decide the slot: its named user, or anyone of its role who acts for the company. */
const mayDecide = (ctx: Ctx, s: Slot) => (s.assigneeUserId ? s.assigneeUserId === ctx.user.id : s.assigneeRole === ctx.user.role);

export async function decide(ctx: Ctx, approvalId: number, slotId: number, d: Decision): Promise<ApprovalResponse> {
  const changes = new TaskChanges();
  // the signature is checked before the transaction (OpenSSL runs outside it), against the run's sheet
  const [pre] = await ctx.deps.db
    .select()
    .from(approvals)
    .where(and(eq(approvals.id, approvalId), eq(approvals.companyId, ctx.companyId)));
  if (!pre) throw new AppError('NOT_FOUND', 'Согласование не найдено');
  const [preSlot] = await ctx.deps.db
    .select()
    .from(approvalSlots)
    .where(and(eq(approvalSlots.id, slotId), eq(approvalSlots.approvalId, approvalId)));
  if (!preSlot) throw new AppError('NOT_FOUND', 'Этап согласования не найден');
  let accepted: Awaited<ReturnType<typeof verifyUserSignature>> | null = null;
  if (d.action === 'approve' && preSlot.withSignature) {
    if (!d.signature)
      throw new AppError('VALIDATION', 'Этот этап согласуется с подписью: подпишите лист согласования', {
        signature: ['Обязательное поле'],
      });
    accepted = await verifyUserSignature(ctx, approvalSheet(pre), d.signature);
  }
  let status = 'pending';
  await ctx.deps.db.transaction(async (tx) => {
    const [run] = await tx.select().from(approvals).where(eq(approvals.id, approvalId)).for('update');
    const [slot] = await tx.select().from(approvalSlots).where(eq(approvalSlots.id, slotId));
    if (run.status !== 'pending' || slot.status !== 'active')
      throw new AppError(
        'CONFLICT',
        `Решение уже принято: ${SLOT_STATUS_TITLES[slot.status as keyof typeof SLOT_STATUS_TITLES] ?? slot.status}`,
      );
    if (!mayDecide(ctx, slot)) throw new AppError('FORBIDDEN', 'Этот этап согласования назначен не вам');
    const doc = await loadDocument(tx, run.companyId, run.kind as ApprovalKind, run.documentId);
    const decided = { decidedBy: ctx.user.id, decidedAt: now(), comment: d.comment ?? null };
    await closeTasks(tx, changes, slotKey(slot.id));
    const trail = (action: string, after: Record<string, unknown>) =>
      audit(tx, ctx, {
        entity: doc.auditEntity,
        entityId: doc.auditEntityId,
        action,
        after: { approval_id: run.id, kind: run.kind, document_id: run.documentId, step: slot.stepNo + 1, ...after },
      });
    if (d.action === 'delegate') {
      const acting = await usersActingFor(tx, run.companyId);
      const to = acting.find((u) => u.id === d.userId);
      if (!to)
        throw new AppError('VALIDATION', 'Передать можно только пользователю, работающему с этой организацией', {
          user_id: ['Выберите пользователя'],
        });
      if (to.id === ctx.user.id) throw new AppError('VALIDATION', 'Этот этап уже ваш', { user_id: ['Выберите другого пользователя'] });
      await tx
        .update(approvalSlots)
        .set({ status: 'delegated', ...decided })
        .where(eq(approvalSlots.id, slot.id));
      const [next] = await tx
        .insert(approvalSlots)
        .values({
          approvalId: run.id,
          companyId: run.companyId,
          stepNo: slot.stepNo,
          assigneeUserId: to.id,
          withSignature: slot.withSignature,
          termDays: slot.termDays,
          status: 'active',
          dueOn: slot.dueOn,
          delegatedFrom: slot.id,
        })
        .returning();
      await openSlotTasks(tx, changes, run, next, doc, []);
      await eventRow(tx, run, {
        slotId: slot.id,
        userId: ctx.user.id,
        action: 'delegated',
        comment: [`Кому: ${to.title}`, d.comment].filter(Boolean).join('. '),
      });
      await trail('approval_delegate', { to_user_id: to.id, to: to.title, comment: d.comment ?? null });
      return;
    }
    if (d.action === 'return') {
      await tx
        .update(approvalSlots)
        .set({ status: 'returned', ...decided })
        .where(eq(approvalSlots.id, slot.id));
      const others = await tx
        .update(approvalSlots)
        .set({ status: 'skipped' })
        .where(and(eq(approvalSlots.approvalId, run.id), inArray(approvalSlots.status, ['active', 'waiting'])))
        .returning({ id: approvalSlots.id });
      for (const o of others) await closeTasks(tx, changes, slotKey(o.id));
      await tx.update(approvals).set({ status: 'returned', decidedAt: now() }).where(eq(approvals.id, run.id));
      await eventRow(tx, run, { slotId: slot.id, userId: ctx.user.id, action: 'returned', comment: d.comment });
      await openTask(tx, changes, {
        userId: run.authorId,
        companyId: run.companyId,
        kind: 'approval',
        sourceKey: returnedKey(run.kind as ApprovalKind, run.documentId),
        title: `Возвращено на доработку: ${doc.title}`,
        subtitle: `${ctx.user.title}: ${d.comment}`,
        link: doc.link,
        dueOn: null,
      });
      await trail('approval_return', { comment: d.comment });
      status = 'returned';
      return;
    }
    let signatureId: number | null = null;
    if (accepted) {
      const sig = await storeSignature(
        tx,
        ctx,
        { kind: 'approval', id: run.id, auditEntity: doc.auditEntity, auditEntityId: doc.auditEntityId },
        accepted,
      );
      signatureId = sig.id;
    }
    await tx
      .update(approvalSlots)
      .set({ status: 'approved', signatureId, ...decided })
      .where(eq(approvalSlots.id, slot.id));
    await eventRow(tx, run, {
      slotId: slot.id,
      userId: ctx.user.id,
      action: signatureId ? 'signed' : 'approved',
      comment: d.comment,
      signatureId,
    });
    await trail('approval_approve', { comment: d.comment ?? null, signature_id: signatureId });
    const [{ open }] = (
      (await tx.execute(
        sql`SELECT count(*)::int AS open FROM approval_slots WHERE approval_id = ${run.id} AND step_no = ${slot.stepNo} AND status = 'active'`,
      )) as unknown as { rows: { open: number }[] }
    ).rows;
    if (open > 0) return;
    if (slot.stepNo + 1 < run.stepsTotal) {
      await activateStep(tx, changes, run, slot.stepNo + 1, doc);
      return;
    }
    await tx.update(approvals).set({ status: 'approved', decidedAt: now() }).where(eq(approvals.id, run.id));
    await eventRow(tx, run, { userId: null, action: 'completed' });
    await trail('approval_complete', { version: run.versionLabel, version_hash: run.versionHash });
    status = 'approved';
  });
  await afterCommit(ctx.deps, changes, ctx.companyId, pre.kind as ApprovalKind, pre.documentId, status);
  return approvalView(ctx, approvalId);
}

export async function approvalView(ctx: Ctx, approvalId: number): Promise<ApprovalResponse> {
  const db = ctx.deps.db as unknown as Tx;
  const [run] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.id, approvalId), eq(approvals.companyId, ctx.companyId)));
  if (!run) throw new AppError('NOT_FOUND', 'Согласование не найдено');
  const [slots, events, [author], doc] = await Promise.all([
    db
      .select({ s: approvalSlots, assignee: users.title })
      .from(approvalSlots)
      .leftJoin(users, eq(users.id, approvalSlots.assigneeUserId))
      .where(eq(approvalSlots.approvalId, run.id))
      .orderBy(asc(approvalSlots.stepNo), asc(approvalSlots.id)),
    db
      .select({ e: approvalEvents, user: users.title })
      .from(approvalEvents)
      .leftJoin(users, eq(users.id, approvalEvents.userId))
      .where(eq(approvalEvents.approvalId, run.id))
      .orderBy(asc(approvalEvents.id)),
    db.select({ title: users.title }).from(users).where(eq(users.id, run.authorId)),
    loadDocument(db, run.companyId, run.kind as ApprovalKind, run.documentId).catch(() => null),
  ]);
  const deciders = new Map(
    (
      await (slots.some(({ s }) => s.decidedBy)
        ? db
            .select({ id: users.id, title: users.title })
            .from(users)
            .where(
              inArray(
                users.id,
                slots.flatMap(({ s }) => (s.decidedBy ? [s.decidedBy] : [])),
              ),
            )
        : Promise.resolve([]))
    ).map((u) => [u.id, u.title]),
  );
  const today = moscowToday();
  const status = run.status as keyof typeof APPROVAL_STATUS_TITLES;
  return {
    id: run.id,
    kind: run.kind as ApprovalKind,
    document_id: run.documentId,
    document_title: run.documentTitle,
    route_title: run.routeTitle,
    status,
    status_title: APPROVAL_STATUS_TITLES[status] ?? status,
    version_label: run.versionLabel,
    outdated: !!doc && doc.versionHash !== run.versionHash,
    author: author?.title ?? '—',
    created_at: run.createdAt.toISOString(),
    decided_at: run.decidedAt?.toISOString() ?? null,
    waiting_for: await waitingFor(db, run),
    sheet_base64: approvalSheet(run).toString('base64'),
    slots: slots.map(({ s, assignee }) => ({
      id: s.id,
      step_no: s.stepNo,
      assignee: s.assigneeRole ? `Роль: ${ROLE_TITLES[s.assigneeRole as Role]}` : (assignee ?? '—'),
      assignee_user_id: s.assigneeUserId,
      assignee_role: s.assigneeRole,
      with_signature: s.withSignature,
      status: s.status,
      status_title: SLOT_STATUS_TITLES[s.status as keyof typeof SLOT_STATUS_TITLES] ?? s.status,
      due_on: s.dueOn,
      overdue: s.status === 'active' && !!s.dueOn && s.dueOn < today,
      decided_by: s.decidedBy ? (deciders.get(s.decidedBy) ?? null) : null,
      decided_at: s.decidedAt?.toISOString() ?? null,
      comment: s.comment,
      signature_id: s.signatureId,
      mine: run.status === 'pending' && s.status === 'active' && mayDecide(ctx, s),
    })),
    events: events.map(({ e, user }) => ({
      id: e.id,
      action: e.action,
      title: ACTIONS[e.action] ?? e.action,
      user: user ?? null,
      comment: e.comment,
      signature_id: e.signatureId,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

export async function approvalState(ctx: Ctx, kind: ApprovalKind, documentId: number): Promise<ApprovalStateResponse> {
  const db = ctx.deps.db as unknown as Tx;
  const doc = await loadDocument(db, ctx.companyId, kind, documentId);
  const required = await routesExist(db, ctx.companyId, kind);
  const route = required ? await chooseRoute(db, ctx.companyId, kind, doc) : null;
  const run = await lastRun(db, ctx.companyId, kind, documentId);
  return {
    required,
    route: route ? { id: route.id, title: route.title } : null,
    approval: run ? await approvalView(ctx, run.id) : null,
  };
}

/**
 * The guard of an action that sends a document out (publishing a purchase): only what was approved, as it was
 * approved, goes — when the company routes this kind of document at all. The refusal says whose decision it waits for.
 */
export async function assertApproved(tx: Tx, companyId: number, kind: ApprovalKind, documentId: number, action: string): Promise<void> {
  if (!(await routesExist(tx, companyId, kind))) return;
  const run = await lastRun(tx, companyId, kind, documentId);
  if (run?.status === 'approved') {
    const doc: ApprovalDocument = await loadDocument(tx, companyId, kind, documentId);
    if (doc.versionHash === run.versionHash) return;
    throw new AppError('INVALID_STATE', `${action}: документ изменён после согласования — отправьте его на согласование заново`);
  }
  if (run?.status === 'pending')
    throw new AppError('INVALID_STATE', `${action}: документ на согласовании, ждёт ${(await waitingFor(tx, run)) ?? 'решения'}`);
  if (run?.status === 'returned')
    throw new AppError('INVALID_STATE', `${action}: документ возвращён на доработку — доработайте и отправьте на согласование`);
  throw new AppError('INVALID_STATE', `${action}: документ не согласован — отправьте его на согласование`);
}

/**
 * Called by a document's own save, in its transaction: a document on approval is frozen (its approvers decide on the
 * version sent), and a change after approval voids it — the route is gone through again from its first step.
 */
export async function approvalDocumentChanging(
  tx: Tx,
  actor: { companyId: number; userId: number | null },
  kind: ApprovalKind,
  documentId: number,
  jobs?: Jobs,
): Promise<void> {
  const run = await lastRun(tx, actor.companyId, kind, documentId, true);
  if (!run) return;
  if (run.status === 'pending')
    throw new AppError(
      'INVALID_STATE',
      `Документ на согласовании (ждёт ${(await waitingFor(tx, run)) ?? 'решения'}): изменить его можно после возврата на доработку`,
    );
  if (run.status !== 'approved') return;
  const doc = await loadDocument(tx, actor.companyId, kind, documentId);
  await tx.update(approvals).set({ status: 'restarted' }).where(eq(approvals.id, run.id));
  await eventRow(tx, run, { userId: actor.userId, action: 'restarted' });
  await audit(
    tx,
    { user: actor.userId ? { id: actor.userId } : null, companyId: actor.companyId },
    {
      entity: doc.auditEntity,
      entityId: doc.auditEntityId,
      action: 'approval_restart',
      after: { approval_id: run.id },
    },
  );
  // the new run freezes the version this change commits, so it starts once the change has committed: a job queued in
  // the same transaction (rolled back with it)
  if (jobs) {
    const payload: RestartPayload = {
      company_id: actor.companyId,
      kind,
      document_id: documentId,
      voided_id: run.id,
      user_id: actor.userId,
    };
    // the workers poll every half second: no wake before the commit that makes the job visible
    await jobs.send(RESTART_JOB, payload, { tx, retryLimit: 5, retryDelay: 30, retryBackoff: true });
  }
}
