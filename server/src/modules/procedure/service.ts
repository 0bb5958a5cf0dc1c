import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  EVENTS,
  PROTOCOL_TITLES,
  type ProcedureApplication,
  type ProcedureResponse,
  type ProtocolKind,
  type ProcurementStatus,
} from '@proc/contract';
import type { z } from 'zod';
import type {
  ApplicationFileRequest,
  ApplicationRequest,
  ProcedureCommissionRequest,
  ProcedureCriteriaRequest,
  ReviewRequest,
  ScoresRequest,
} from '@proc/contract';
import { companies, procedureApplications, procedureCriteria, procedureMembers, procedureProtocols, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { assertCanEdit } from '../../platform/access';
import { audit } from '../../platform/audit';
import { moscowToday } from '../../platform/clock';
import { applyTransition, loadProcurement, type ProcurementRow } from '../procurements';
import { recordStoredFile } from '../storage';

type AppRow = typeof procedureApplications.$inferSelect;
type CriterionRow = typeof procedureCriteria.$inferSelect;
type MemberRow = typeof procedureMembers.$inferSelect;

/** Where applications are received, reviewed and scored: from the end of applications until the summing up. */
const OPEN: ProcurementStatus[] = ['accepting', 'summing_up'];

/** 223-ФЗ names no quorum: the Положение sets it (ч. 2 ст. 2 223-ФЗ); the company's share, «more than half» by default. */
export async function quorumShareOf(db: Tx, companyId: number): Promise<string> {
  const [row] = await db
    .select({ share: sql<string>`${sql.identifier('commission_quorum_share')}` })
    .from(companies)
    .where(eq(companies.id, companyId));
  return new Decimal(row?.share ?? '0.5').toString();
}

export async function setQuorumShare(ctx: Ctx, share: string): Promise<{ quorum_share: string }> {
  assertCanEdit(ctx);
  await ctx.deps.db.transaction(async (tx) => {
    const before = await quorumShareOf(tx, ctx.companyId);
    await tx.execute(sql`UPDATE companies SET commission_quorum_share = ${share} WHERE id = ${ctx.companyId}`);
    await audit(tx, ctx, {
      entity: 'company',
      entityId: ctx.companyId,
      action: 'commission_quorum',
      before: { quorum_share: before },
      after: { quorum_share: share },
    });
  });
  return { quorum_share: await quorumShareOf(ctx.deps.db, ctx.companyId) };
}

/** Whether more than `share` of the members sit (ч. 2 ст. 2 223-ФЗ: the Положение's rule; the company's setting). */
export const hasQuorum = (members: Pick<MemberRow, 'present'>[], share: string) =>
  members.length > 0 && new Decimal(members.filter((m) => m.present).length).gt(new Decimal(members.length).mul(share));

/** A запрос котировок is won by the lowest price alone: nothing else is scored. */
export const byPriceOnly = (method: string) => method.startsWith('quotation');

/**
 * Scores and ranks the admitted applications. By price only (запрос котировок): the lowest price first. Otherwise each
 * criterion gives 0…100 points — the price criterion by the usual formula Цmin / Цi × 100 (as п. 20 Положения,
 * утв. ПП РФ от 31.12.2021 № 2604, for 44-ФЗ; a 223 customer's Положение may say otherwise), the others as the
 * commission scored — and the rating is Σ points × weight / 100. Equal terms rank by the earlier application
 * (п. 3 ч. 14 ст. 3.2 223-ФЗ; ч. 2 ст. 48 44-ФЗ likewise).
 */
export function rank(
  apps: AppRow[],
  criteria: CriterionRow[],
  priceOnly: boolean,
): Map<number, { scores: Record<string, string>; total: string | null; rank: number | null }> {
  const out = new Map<number, { scores: Record<string, string>; total: string | null; rank: number | null }>();
  const admitted = apps.filter((a) => a.admitted === true);
  const minPrice = admitted.length ? Decimal.min(...admitted.map((a) => new Decimal(a.price))) : null;
  for (const a of apps) {
    const scores: Record<string, string> = {};
    let total: Decimal | null = null;
    if (a.admitted === true && !priceOnly && criteria.length) {
      total = new Decimal(0);
      for (const c of criteria) {
        const given = a.scores[String(c.id)];
        // an unscored criterion counts as nothing until the commission scores it (the summing up refuses it unscored)
        const pts = c.kind === 'price' ? minPrice!.div(a.price).mul(100) : new Decimal(given ?? 0);
        if (c.kind === 'price' || given !== undefined) scores[String(c.id)] = pts.toDecimalPlaces(2).toString();
        total = total.plus(pts.mul(c.weight).div(100));
      }
    }
    out.set(a.id, { scores, total: total ? total.toDecimalPlaces(2).toString() : null, rank: null });
  }
  const byTime = (x: AppRow, y: AppRow) => x.receivedAt.getTime() - y.receivedAt.getTime() || x.id - y.id;
  const ordered = [...admitted].sort((x, y) => {
    if (priceOnly || !criteria.length) return new Decimal(x.price).cmp(y.price) || byTime(x, y);
    // the ratings as the protocol prints them (two decimals) rank: equal printed ratings go by the earlier application
    return new Decimal(out.get(y.id)!.total ?? 0).cmp(out.get(x.id)!.total ?? 0) || byTime(x, y);
  });
  ordered.forEach((a, i) => (out.get(a.id)!.rank = i + 1));
  return out;
}

async function parts(ctx: Ctx, id: number, db: Tx) {
  const own = (t: typeof procedureMembers | typeof procedureCriteria | typeof procedureApplications | typeof procedureProtocols) =>
    and(eq(t.companyId, ctx.companyId), eq(t.procurementId, id));
  const [members, criteria, apps, protocols] = await Promise.all([
    db.select().from(procedureMembers).where(own(procedureMembers)).orderBy(asc(procedureMembers.ordinal)),
    db.select().from(procedureCriteria).where(own(procedureCriteria)).orderBy(asc(procedureCriteria.ordinal)),
    db
      .select()
      .from(procedureApplications)
      .where(own(procedureApplications))
      .orderBy(asc(procedureApplications.receivedAt), asc(procedureApplications.id)),
    db.select().from(procedureProtocols).where(own(procedureProtocols)).orderBy(asc(procedureProtocols.id)),
  ]);
  return { members, criteria, apps, protocols };
}

function applicationsOpen(r: ProcurementRow): boolean {
  return OPEN.includes(r.status as ProcurementStatus) && !!r.applicationDeadline && moscowToday() >= r.applicationDeadline;
}

export async function procedurePanel(ctx: Ctx, id: number, db: Tx = ctx.deps.db): Promise<ProcedureResponse> {
  const r = await loadProcurement(ctx, id, db);
  const { members, criteria, apps, protocols } = await parts(ctx, id, db);
  const share = await quorumShareOf(db, ctx.companyId);
  const priceOnly = byPriceOnly(r.method);
  const ranked = rank(apps, criteria, priceOnly);
  const applications: ProcedureApplication[] = apps.map((a, i) => ({
    id: a.id,
    number: i + 1,
    participant_name: a.participantName,
    inn: a.inn,
    kpp: a.kpp,
    received_at: a.receivedAt.toISOString(),
    price: new Decimal(a.price).toFixed(2),
    smsp: a.smsp,
    admitted: a.admitted,
    reason: a.reason,
    clause: a.clause,
    file_name: a.fileName,
    scores: ranked.get(a.id)!.scores,
    total: ranked.get(a.id)!.total,
    rank: ranked.get(a.id)!.rank,
  }));
  const summary = protocols.find((p) => p.kind === 'summary');
  const w = summary ? (summary.snapshot as Snapshot).winner : null;
  return {
    procurement_id: id,
    law: r.law ?? '223',
    by_price_only: priceOnly,
    applications_open: applicationsOpen(r),
    quorum_share: share,
    quorum: hasQuorum(members, share),
    members: members.map((m) => ({
      id: m.id,
      user_id: m.userId,
      full_name: m.fullName,
      position: m.position,
      role: m.role,
      present: m.present,
    })),
    criteria: criteria.map((c) => ({ id: c.id, name: c.name, kind: c.kind, weight: new Decimal(c.weight).toString() })),
    applications,
    protocols: protocols.map((p) => ({
      kind: p.kind,
      title: PROTOCOL_TITLES[p.kind],
      signed_on: p.signedOn,
      created_at: p.createdAt.toISOString(),
    })),
    winner: w,
  };
}

function changed(ctx: Ctx, id: number, status: string) {
  ctx.deps.realtime.toCompany(ctx.companyId, EVENTS.procedureChanged, { procurement_id: id, status });
}

/** Runs a change of the procedure on the locked purchase, in one transaction, and answers the panel after it. */
async function change(ctx: Ctx, id: number, fn: (tx: Tx, r: ProcurementRow) => Promise<void>): Promise<ProcedureResponse> {
  assertCanEdit(ctx);
  await ctx.deps.db.transaction(async (tx) => {
    const r = await loadProcurement(ctx, id, tx, true);
    await fn(tx, r);
  });
  const panel = await procedurePanel(ctx, id);
  const r = await loadProcurement(ctx, id);
  changed(ctx, id, r.status);
  return panel;
}

async function protocolMade(tx: Tx, ctx: Ctx, id: number, kind: ProtocolKind): Promise<boolean> {
  const [p] = await tx
    .select({ id: procedureProtocols.id })
    .from(procedureProtocols)
    .where(
      and(eq(procedureProtocols.companyId, ctx.companyId), eq(procedureProtocols.procurementId, id), eq(procedureProtocols.kind, kind)),
    );
  return !!p;
}

/** After a protocol is signed what it records stands: a later change would make the signed text untrue. */
async function assertNotRecorded(tx: Tx, ctx: Ctx, id: number, kind: ProtocolKind) {
  if (await protocolMade(tx, ctx, id, kind))
    throw new AppError('INVALID_STATE', `${PROTOCOL_TITLES[kind]} уже подписан: его сведения не меняются`);
}

export function setCommission(ctx: Ctx, id: number, body: z.infer<typeof ProcedureCommissionRequest>) {
  return change(ctx, id, async (tx, r) => {
    if (['contract_signed', 'cancelled', 'failed'].includes(r.status))
      throw new AppError('INVALID_STATE', 'Закупка завершена: состав комиссии не меняется');
    await assertNotRecorded(tx, ctx, id, 'review');
    const fields: Record<string, string[]> = {};
    const chairs = body.members.filter((m) => m.role === 'chair').length;
    const secretaries = body.members.filter((m) => m.role === 'secretary').length;
    if (chairs !== 1) fields.members = ['В комиссии должен быть один председатель'];
    if (secretaries > 1) fields.members = [...(fields.members ?? []), 'В комиссии не больше одного секретаря'];
    const ids = body.members.flatMap((m) => (m.user_id ? [m.user_id] : []));
    if (new Set(ids).size !== ids.length) fields.members = [...(fields.members ?? []), 'Пользователь указан в комиссии дважды'];
    const known = ids.length
      ? await tx
          .select({ id: users.id, title: users.title })
          .from(users)
          .where(and(inArray(users.id, ids), eq(users.companyId, ctx.companyId)))
      : [];
    body.members.forEach((m, i) => {
      if (m.user_id && !known.some((u) => u.id === m.user_id)) fields[`members.${i}.user_id`] = ['Пользователя нет в организации'];
      if (!m.user_id && !m.full_name) fields[`members.${i}.full_name`] = ['Укажите фамилию, имя и отчество'];
    });
    if (Object.keys(fields).length) throw new AppError('VALIDATION', Object.values(fields).flat()[0], fields);
    const before = await tx
      .select()
      .from(procedureMembers)
      .where(and(eq(procedureMembers.companyId, ctx.companyId), eq(procedureMembers.procurementId, id)));
    await tx.delete(procedureMembers).where(and(eq(procedureMembers.companyId, ctx.companyId), eq(procedureMembers.procurementId, id)));
    const rows = body.members.map((m, i) => ({
      companyId: ctx.companyId,
      procurementId: id,
      userId: m.user_id ?? null,
      fullName: m.full_name || known.find((u) => u.id === m.user_id)?.title || '',
      position: m.position ?? null,
      role: m.role,
      present: m.present,
      ordinal: i + 1,
    }));
    await tx.insert(procedureMembers).values(rows);
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: id,
      action: 'procedure_commission',
      before: { commission: before.map((m) => `${m.fullName} (${m.role})`) },
      after: { commission: rows.map((m) => `${m.fullName} (${m.role})`) },
    });
  });
}

export function setCriteria(ctx: Ctx, id: number, body: z.infer<typeof ProcedureCriteriaRequest>) {
  return change(ctx, id, async (tx, r) => {
    await assertNotRecorded(tx, ctx, id, 'summary');
    if (body.criteria.length) {
      const sum = body.criteria.reduce((s, c) => s.plus(c.weight), new Decimal(0));
      if (!sum.eq(100))
        throw new AppError('VALIDATION', `Сумма значимостей критериев — ${sum.toString()} %, а должна быть 100 %`, {
          criteria: ['Сумма значимостей — 100 %'],
        });
      if (body.criteria.filter((c) => c.kind === 'price').length > 1)
        throw new AppError('VALIDATION', 'Ценовой критерий может быть только один', { criteria: ['Один ценовой критерий'] });
    }
    if (byPriceOnly(r.method) && body.criteria.length)
      throw new AppError(
        'VALIDATION',
        'В запросе котировок заявки не оцениваются по критериям: победитель — предложивший наименьшую цену',
        {
          criteria: ['Критерии не устанавливаются'],
        },
      );
    await tx.delete(procedureCriteria).where(and(eq(procedureCriteria.companyId, ctx.companyId), eq(procedureCriteria.procurementId, id)));
    if (body.criteria.length)
      await tx.insert(procedureCriteria).values(
        body.criteria.map((c, i) => ({
          companyId: ctx.companyId,
          procurementId: id,
          name: c.name,
          kind: c.kind,
          weight: c.weight,
          ordinal: i + 1,
        })),
      );
    await audit(tx, ctx, { entity: 'procurement', entityId: id, action: 'procedure_criteria', after: { criteria: body.criteria } });
  });
}

function assertApplicationsOpen(r: ProcurementRow) {
  if (!OPEN.includes(r.status as ProcurementStatus))
    throw new AppError('INVALID_STATE', 'Заявки вносятся, когда закупка в статусе «Приём заявок» или «Подведение итогов»');
  if (!r.applicationDeadline || moscowToday() < r.applicationDeadline)
    throw new AppError(
      'INVALID_STATE',
      r.applicationDeadline
        ? `Заявки вносятся после окончания срока подачи заявок (${r.applicationDeadline.split('-').reverse().join('.')})`
        : 'Укажите в карточке дату окончания подачи заявок: заявки вносятся после неё',
    );
}

export function addApplication(ctx: Ctx, id: number, body: z.infer<typeof ApplicationRequest>) {
  return change(ctx, id, async (tx, r) => {
    assertApplicationsOpen(r);
    await assertNotRecorded(tx, ctx, id, 'review');
    const [row] = await tx
      .insert(procedureApplications)
      .values({
        companyId: ctx.companyId,
        procurementId: id,
        participantName: body.participant_name,
        inn: body.inn,
        kpp: body.kpp ?? null,
        receivedAt: new Date(body.received_at),
        price: body.price,
        smsp: body.smsp,
        createdBy: ctx.user.id,
      })
      .returning();
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: id,
      action: 'procedure_application',
      after: { application_id: row.id, participant_name: row.participantName, inn: row.inn, price: row.price },
    });
  });
}

async function loadApplication(tx: Tx, ctx: Ctx, id: number, applicationId: number): Promise<AppRow> {
  const [a] = await tx
    .select()
    .from(procedureApplications)
    .where(
      and(
        eq(procedureApplications.id, applicationId),
        eq(procedureApplications.companyId, ctx.companyId),
        eq(procedureApplications.procurementId, id),
      ),
    );
  if (!a) throw new AppError('NOT_FOUND', 'Заявка не найдена');
  return a;
}

export function deleteApplication(ctx: Ctx, id: number, applicationId: number) {
  return change(ctx, id, async (tx) => {
    await assertNotRecorded(tx, ctx, id, 'review');
    const a = await loadApplication(tx, ctx, id, applicationId);
    await tx.delete(procedureApplications).where(eq(procedureApplications.id, a.id));
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: id,
      action: 'procedure_application_delete',
      before: { application_id: a.id, participant_name: a.participantName, inn: a.inn, price: a.price },
    });
  });
}

export async function attachApplicationFile(ctx: Ctx, id: number, applicationId: number, body: z.infer<typeof ApplicationFileRequest>) {
  assertCanEdit(ctx);
  const data = Buffer.from(body.content_base64, 'base64');
  if (!data.length) throw new AppError('VALIDATION', 'Файл пустой', { content_base64: ['Файл пустой'] });
  await loadApplication(ctx.deps.db, ctx, id, applicationId);
  const key = await ctx.deps.files.put(data, 'application');
  return change(ctx, id, async (tx) => {
    await assertNotRecorded(tx, ctx, id, 'review');
    const a = await loadApplication(tx, ctx, id, applicationId);
    // the participant's documents count in the company's storage as the purchase's files
    await recordStoredFile(ctx.deps, tx, { companyId: ctx.companyId, kind: 'procurement_file', key, size: data.length });
    await tx.update(procedureApplications).set({ fileKey: key, fileName: body.file_name }).where(eq(procedureApplications.id, a.id));
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: id,
      action: 'procedure_application_file',
      after: { application_id: a.id, file_name: body.file_name },
    });
  });
}

export async function applicationFile(ctx: Ctx, id: number, applicationId: number) {
  await loadProcurement(ctx, id);
  const a = await loadApplication(ctx.deps.db, ctx, id, applicationId);
  if (!a.fileKey || !a.fileName) throw new AppError('NOT_FOUND', 'К заявке не приложен файл');
  return { name: a.fileName, contentType: 'application/octet-stream', data: await ctx.deps.files.get(a.fileKey) };
}

export function review(ctx: Ctx, id: number, body: z.infer<typeof ReviewRequest>) {
  return change(ctx, id, async (tx, r) => {
    if (!OPEN.includes(r.status as ProcurementStatus))
      throw new AppError('INVALID_STATE', 'Заявки рассматриваются, когда закупка в статусе «Приём заявок» или «Подведение итогов»');
    await assertNotRecorded(tx, ctx, id, 'review');
    for (const d of body.decisions) {
      const a = await loadApplication(tx, ctx, id, d.application_id);
      await tx
        .update(procedureApplications)
        .set({ admitted: d.admitted, reason: d.admitted ? null : (d.reason ?? null), clause: d.admitted ? null : (d.clause ?? null) })
        .where(eq(procedureApplications.id, a.id));
    }
    await audit(tx, ctx, { entity: 'procurement', entityId: id, action: 'procedure_review', after: { decisions: body.decisions } });
  });
}

export function setScores(ctx: Ctx, id: number, body: z.infer<typeof ScoresRequest>) {
  return change(ctx, id, async (tx) => {
    await assertNotRecorded(tx, ctx, id, 'summary');
    const { criteria } = await parts(ctx, id, tx);
    const byApp = new Map<number, Record<string, string>>();
    for (const s of body.scores) {
      const c = criteria.find((x) => x.id === s.criterion_id);
      if (!c) throw new AppError('NOT_FOUND', 'Критерий не найден');
      if (c.kind === 'price')
        throw new AppError('VALIDATION', `Баллы по критерию «${c.name}» считаются по цене`, { scores: ['Ценовой критерий'] });
      if (new Decimal(s.score).lt(0) || new Decimal(s.score).gt(100))
        throw new AppError('VALIDATION', `Баллы по критерию «${c.name}» — от 0 до 100`, { scores: ['От 0 до 100'] });
      byApp.set(s.application_id, { ...(byApp.get(s.application_id) ?? {}), [String(c.id)]: s.score });
    }
    for (const [appId, scores] of byApp) {
      const a = await loadApplication(tx, ctx, id, appId);
      if (a.admitted !== true) throw new AppError('INVALID_STATE', `Заявка «${a.participantName}» не допущена: она не оценивается`);
      await tx
        .update(procedureApplications)
        .set({ scores: { ...a.scores, ...scores } })
        .where(eq(procedureApplications.id, a.id));
    }
    await audit(tx, ctx, { entity: 'procurement', entityId: id, action: 'procedure_scores', after: { scores: body.scores } });
  });
}

/** What a protocol records: the panel as it stood when signed, with the purchase's heading. */
export interface Snapshot {
  procurement: { number: string | null; title: string; method: string; law: string; nmcd: string | null; customer: string };
  panel: ProcedureResponse;
  winner: ProcedureResponse['winner'];
}

export function makeProtocol(ctx: Ctx, id: number, kind: ProtocolKind, signedOn: string) {
  return change(ctx, id, async (tx, r) => {
    if (!OPEN.includes(r.status as ProcurementStatus))
      throw new AppError('INVALID_STATE', 'Протоколы составляются, когда закупка в статусе «Приём заявок» или «Подведение итогов»');
    await assertNotRecorded(tx, ctx, id, kind);
    if (kind === 'summary' && !(await protocolMade(tx, ctx, id, 'review')))
      throw new AppError('INVALID_STATE', 'Сначала составьте протокол рассмотрения заявок');
    if (signedOn > moscowToday())
      throw new AppError('VALIDATION', 'Дата подписания протокола — не позже сегодняшнего дня', { signed_on: ['Не позже сегодня'] });
    const panel = await procedurePanel(ctx, id, tx);
    if (!panel.members.length) throw new AppError('INVALID_STATE', 'Сформируйте комиссию по осуществлению закупки');
    if (!panel.quorum)
      throw new AppError('INVALID_STATE', 'Нет кворума: на заседании присутствует не больше установленной доли членов комиссии');
    if (!panel.applications.length) throw new AppError('INVALID_STATE', 'Не внесено ни одной заявки');
    const undecided = panel.applications.filter((a) => a.admitted === null);
    if (undecided.length)
      throw new AppError(
        'INVALID_STATE',
        `Не рассмотрены заявки: ${undecided.map((a) => `№ ${a.number} «${a.participant_name}»`).join(', ')}`,
      );
    let winner: ProcedureResponse['winner'] = null;
    if (kind === 'summary') {
      if (!panel.by_price_only && !panel.criteria.length)
        throw new AppError('INVALID_STATE', 'Установите критерии оценки заявок и их значимость');
      const unscored = panel.applications.filter(
        (a) => a.admitted && panel.criteria.some((c) => c.kind === 'other' && a.scores[String(c.id)] === undefined),
      );
      if (!panel.by_price_only && unscored.length)
        throw new AppError(
          'INVALID_STATE',
          `Не оценены заявки: ${unscored.map((a) => `№ ${a.number} «${a.participant_name}»`).join(', ')}`,
        );
      const first = panel.applications.find((a) => a.rank === 1);
      if (!first) throw new AppError('INVALID_STATE', 'Ни одна заявка не допущена: закупку можно признать несостоявшейся');
      winner = { application_id: first.id, participant_name: first.participant_name, inn: first.inn, price: first.price };
    }
    const [customer] = await tx
      .select({ title: companies.title, full: companies.fullTitle })
      .from(companies)
      .where(eq(companies.id, ctx.companyId));
    const snapshot: Snapshot = {
      procurement: {
        number: r.number ?? null,
        title: r.title,
        method: r.method,
        law: r.law ?? '223',
        nmcd: r.nmcd ?? null,
        customer: customer?.full || customer?.title || '',
      },
      panel,
      winner,
    };
    await tx
      .insert(procedureProtocols)
      .values({ companyId: ctx.companyId, procurementId: id, kind, signedOn, snapshot, createdBy: ctx.user.id });
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: id,
      action: 'procedure_protocol',
      after: { kind, signed_on: signedOn, winner: winner?.participant_name ?? null, contract_price: winner?.price ?? null },
    });
    // the review protocol opens the summing up; the summing-up protocol leaves the contract to be concluded
    if (kind === 'review' && r.status === 'accepting')
      await applyTransition(tx, { companyId: ctx.companyId, userId: ctx.user.id }, r, 'summing_up', PROTOCOL_TITLES.review, null);
  });
}

export async function protocolSnapshot(ctx: Ctx, id: number, kind: ProtocolKind): Promise<{ snapshot: Snapshot; signedOn: string }> {
  await loadProcurement(ctx, id);
  const [p] = await ctx.deps.db
    .select()
    .from(procedureProtocols)
    .where(
      and(eq(procedureProtocols.companyId, ctx.companyId), eq(procedureProtocols.procurementId, id), eq(procedureProtocols.kind, kind)),
    );
  if (!p) throw new AppError('NOT_FOUND', `${PROTOCOL_TITLES[kind]} ещё не составлен`);
  return { snapshot: p.snapshot as Snapshot, signedOn: p.signedOn };
}
