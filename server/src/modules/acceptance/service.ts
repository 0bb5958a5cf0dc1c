import Decimal from 'decimal.js';
import { approvalGate } from '../../platform/approval-gate';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ACCEPTANCE_STATE_TITLES,
  COMMISSION_MIN_MEMBERS,
  EVENTS,
  type AcceptanceLineDecision,
  type AcceptancePanelResponse,
  type AcceptanceState,
  type ContractAcceptanceResponse,
} from '@proc/contract';
import { formatDate } from '@proc/contract/format';
import {
  acceptanceCommissionMembers,
  acceptanceDocuments,
  acceptanceLines,
  acceptanceSettings,
  acceptanceVotes,
  contracts,
  procurements,
  signatures,
  users,
  type VoteLine,
} from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { moscowToday } from '../../platform/clock';
import { contractFigures } from '../figures';
import { cmsBytes, signerName, storeSignature, verifyForCompany } from '../signatures';
import { recordStoredFile } from '../storage';
import { defaultAcceptanceDays, defaultPaymentDays, documentTerms, paidOn, type TermDocument } from './terms';

type DocRow = typeof acceptanceDocuments.$inferSelect;
type LineRow = typeof acceptanceLines.$inferSelect;
type MemberRow = typeof acceptanceCommissionMembers.$inferSelect;

const FINAL: AcceptanceState[] = ['accepted', 'partial', 'refused'];

async function loadDocument(ctx: Ctx, documentId: number, db: Tx = ctx.deps.db, lock = false): Promise<DocRow> {
  const q = db
    .select()
    .from(acceptanceDocuments)
    .where(and(eq(acceptanceDocuments.id, documentId), eq(acceptanceDocuments.companyId, ctx.companyId)));
  const [d] = lock ? await q.for('update') : await q;
  if (!d) throw new AppError('NOT_FOUND', 'Документ приёмки не найден');
  return d;
}

async function contractOf(ctx: Ctx, contractId: number, db: Tx = ctx.deps.db) {
  const [row] = await db
    .select({ c: contracts, sme: procurements.smeOnly })
    .from(contracts)
    .leftJoin(procurements, eq(procurements.id, contracts.procurementId))
    .where(and(eq(contracts.id, contractId), eq(contracts.companyId, ctx.companyId)));
  if (!row) throw new AppError('NOT_FOUND', 'Договор не найден');
  return { contract: row.c, sme: !!row.sme };
}

const linesOf = (ctx: Ctx, documentId: number, db: Tx = ctx.deps.db) =>
  db
    .select()
    .from(acceptanceLines)
    .where(and(eq(acceptanceLines.documentId, documentId), eq(acceptanceLines.companyId, ctx.companyId)))
    .orderBy(asc(acceptanceLines.ordinal));

const membersOf = (ctx: Ctx, contractId: number, db: Tx = ctx.deps.db) =>
  db
    .select()
    .from(acceptanceCommissionMembers)
    .where(and(eq(acceptanceCommissionMembers.companyId, ctx.companyId), eq(acceptanceCommissionMembers.contractId, contractId)))
    .orderBy(asc(acceptanceCommissionMembers.id));

function assertOpen(d: DocRow) {
  if (d.withdrawnAt) throw new AppError('INVALID_STATE', `УПД № ${d.number} отозван: решение о приёмке по нему не принимается`);
  if (d.status !== 'processed') throw new AppError('INVALID_STATE', `УПД № ${d.number} ещё не обработан`);
  if (FINAL.includes(d.acceptance))
    throw new AppError('INVALID_STATE', `По УПД № ${d.number} решение уже принято: ${ACCEPTANCE_STATE_TITLES[d.acceptance].toLowerCase()}`);
}

/**
 * A decision's lines in full: each line of the document with what is accepted of it. A line not named is accepted in
 * full; a line accepted below its quantity needs a reason — the customer's refusal is motivated (ч. 7 ст. 94 44-ФЗ).
 */
function fullLines(lines: LineRow[], asked: AcceptanceLineDecision[], commonReason: string | null | undefined): VoteLine[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const fields: Record<string, string[]> = {};
  const given = new Map<number, AcceptanceLineDecision>();
  asked.forEach((a, i) => {
    const l = byId.get(a.line_id);
    if (!l) fields[`lines.${i}.line_id`] = ['Строка не из этого документа'];
    else if (given.has(a.line_id)) fields[`lines.${i}.line_id`] = [`Строка ${l.ordinal} названа дважды`];
    else if (new Decimal(a.accepted_quantity).gt(l.quantity ?? 0))
      fields[`lines.${i}.accepted_quantity`] = [`Принять можно не больше ${new Decimal(l.quantity ?? 0).toString()} (строка ${l.ordinal})`];
    else if (new Decimal(a.accepted_quantity).lt(l.quantity ?? 0) && !a.reason?.trim() && !commonReason?.trim())
      fields[`lines.${i}.reason`] = [`Укажите причину отказа по строке ${l.ordinal}`];
    given.set(a.line_id, a);
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION', 'Проверьте решение по строкам', fields);
  return lines.map((l) => {
    const a = given.get(l.id);
    const q = new Decimal(l.quantity ?? 0);
    const acc = a ? new Decimal(a.accepted_quantity) : q;
    return {
      line_id: l.id,
      accepted_quantity: acc.toString(),
      reason: acc.lt(q) ? a?.reason?.trim() || commonReason?.trim() || null : null,
    };
  });
}

function outcome(lines: LineRow[], decided: VoteLine[]): 'accepted' | 'partial' | 'refused' {
  const q = new Map(lines.map((l) => [l.id, new Decimal(l.quantity ?? 0)]));
  if (decided.every((d) => new Decimal(d.accepted_quantity).gte(q.get(d.line_id)!))) return 'accepted';
  if (decided.every((d) => new Decimal(d.accepted_quantity).isZero())) return 'refused';
  return 'partial';
}
const voteWord = { accepted: 'accept', partial: 'partial', refused: 'refuse' } as const;

/**
 * The text a member signs: the document and the member's decision on each line. Built from the request itself, so
 * the signature proves exactly this decision; the same text is given to sign (…/votes/text) and checked on receipt.
 */
export function voteText(d: DocRow, lines: LineRow[], member: MemberRow, decided: VoteLine[], reason: string | null | undefined) {
  const out = [
    'Решение члена приёмочной комиссии',
    `Документ: УПД № ${d.number} от ${formatDate(d.docDate)}${d.sellerInn ? `, продавец ИНН ${d.sellerInn}` : ''}`,
    `Член комиссии: ${member.fullName}${member.isChair ? ' (председатель)' : ''}`,
  ];
  for (const v of decided) {
    const l = lines.find((x) => x.id === v.line_id)!;
    out.push(
      `Строка ${l.ordinal} «${l.name ?? ''}»: принято ${v.accepted_quantity} из ${new Decimal(l.quantity ?? 0).toString()}` +
        (v.reason ? `; отказ: ${v.reason}` : ''),
    );
  }
  if (reason?.trim()) out.push(`Причина: ${reason.trim()}`);
  return Buffer.from(out.join('\n'), 'utf8');
}

function notify(ctx: Ctx, d: DocRow, state: AcceptanceState, memberId?: number) {
  ctx.deps.realtime.toCompany(ctx.companyId, EVENTS.acceptanceDecisionResponse, {
    result: 'success',
    document_id: d.id,
    contract_id: d.contractId,
    state,
    ...(memberId ? { member_id: memberId } : {}),
  });
}

/** The document goes under review: an expertise in-house or by an expert organisation with its conclusion (ч. 3 ст. 94 44-ФЗ). */
export async function startReview(
  ctx: Ctx,
  documentId: number,
  body: { kind: 'in_house' | 'expert'; expert_name?: string | null; conclusion?: { file_name: string; content_base64: string } | null },
) {
  const d0 = await loadDocument(ctx, documentId);
  assertOpen(d0);
  let file: { key: string; name: string; size: number } | null = null;
  if (body.conclusion) {
    const data = Buffer.from(body.conclusion.content_base64, 'base64');
    if (!data.length) throw new AppError('VALIDATION', 'Файл заключения пустой', { conclusion: ['Файл пустой'] });
    file = { key: await ctx.deps.files.put(data, 'conclusion'), name: body.conclusion.file_name, size: data.length };
  }
  await ctx.deps.db.transaction(async (tx) => {
    const d = await loadDocument(ctx, documentId, tx, true);
    assertOpen(d);
    // the conclusion counts in the company's storage as the document it belongs to
    if (file) await recordStoredFile(ctx.deps, tx, { companyId: ctx.companyId, kind: 'upd', key: file.key, size: file.size });
    await tx
      .update(acceptanceDocuments)
      .set({
        acceptance: 'review',
        reviewKind: body.kind,
        expertName: body.kind === 'expert' ? (body.expert_name ?? null) : null,
        ...(file ? { conclusionFileKey: file.key, conclusionFileName: file.name } : {}),
      })
      .where(eq(acceptanceDocuments.id, d.id));
    await audit(tx, ctx, {
      entity: 'contract',
      entityId: d.contractId,
      action: 'acceptance_review',
      after: { document_id: d.id, kind: body.kind, expert_name: body.expert_name ?? null, conclusion: file?.name ?? null },
    });
  });
  notify(ctx, d0, 'review');
  return acceptancePanel(ctx, documentId);
}

/** The member the current user is in the document's commission, and the vote text they would sign. */
export async function prepareVote(
  ctx: Ctx,
  documentId: number,
  body: { member_id: number; lines: AcceptanceLineDecision[]; reason?: string | null },
): Promise<Buffer> {
  const d = await loadDocument(ctx, documentId);
  const [lines, members] = await Promise.all([linesOf(ctx, d.id), membersOf(ctx, d.contractId)]);
  const member = members.find((m) => m.id === body.member_id);
  if (!member) throw new AppError('NOT_FOUND', 'Член комиссии не найден');
  return voteText(d, lines, member, fullLines(lines, body.lines, body.reason), body.reason);
}

/**
 * A member's decision: a company user signs their own with КЭП (the signature of the exact text of voteText); an
 * outsider's paper signature is recorded by a user of the company as a scanned image (ч. 13 ст. 94 44-ФЗ names the
 * electronic document; a commission member who is no user of the system signs on paper, and the scan is kept).
 */
export async function castVote(
  ctx: Ctx,
  documentId: number,
  body: {
    member_id: number;
    lines: AcceptanceLineDecision[];
    reason?: string | null;
    signature?: string;
    scan?: { file_name: string; content_base64: string };
  },
) {
  const d0 = await loadDocument(ctx, documentId);
  assertOpen(d0);
  const [lines, members] = await Promise.all([linesOf(ctx, d0.id), membersOf(ctx, d0.contractId)]);
  const member = members.find((m) => m.id === body.member_id);
  if (!member) throw new AppError('NOT_FOUND', 'Член комиссии не найден');
  const decided = fullLines(lines, body.lines, body.reason);
  let accepted: Awaited<ReturnType<typeof verifyForCompany>> | null = null;
  let scan: { key: string; name: string; size: number } | null = null;
  if (member.userId !== null) {
    if (member.userId !== ctx.user.id) throw new AppError('FORBIDDEN', `Решение члена комиссии ${member.fullName} подписывает он сам`);
    if (!body.signature) throw new AppError('VALIDATION', 'Подпишите решение КЭП', { signature: ['Нужна подпись'] });
    accepted = await verifyForCompany(ctx, body.signature, voteText(d0, lines, member, decided, body.reason));
    if (!accepted.valid) throw new AppError('VALIDATION', `Подпись не принята: ${accepted.reason}`, { signature: [accepted.reason ?? ''] });
  } else {
    if (!body.scan) throw new AppError('VALIDATION', 'Приложите скан бумажной подписи члена комиссии', { scan: ['Нужен скан'] });
    const data = Buffer.from(body.scan.content_base64, 'base64');
    const image = data.subarray(0, 4).toString('hex');
    // PNG, JPEG or PDF: a scan is an image of the signed paper
    if (!/^(89504e47|ffd8ff|25504446)/.test(image))
      throw new AppError('VALIDATION', 'Скан подписи — изображение PNG, JPEG или PDF', { scan: ['Не изображение'] });
    scan = { key: await ctx.deps.files.put(data, 'scan'), name: body.scan.file_name, size: data.length };
  }
  const decision = voteWord[outcome(lines, decided)];
  await ctx.deps.db.transaction(async (tx) => {
    const d = await loadDocument(ctx, documentId, tx, true);
    assertOpen(d);
    const [had] = await tx
      .select({ id: acceptanceVotes.id })
      .from(acceptanceVotes)
      .where(and(eq(acceptanceVotes.documentId, d.id), eq(acceptanceVotes.memberId, member.id)));
    if (had) throw new AppError('CONFLICT', `${member.fullName} уже принял решение по этому документу`);
    let signatureId: number | null = null;
    if (accepted) {
      const row = await storeSignature(
        tx,
        ctx,
        { kind: 'acceptance_vote', id: d.id, auditEntity: 'contract', auditEntityId: d.contractId },
        { der: cmsBytes(body.signature!), verification: accepted, mchdNumber: null },
      );
      signatureId = row.id;
    }
    if (scan) await recordStoredFile(ctx.deps, tx, { companyId: ctx.companyId, kind: 'upd', key: scan.key, size: scan.size });
    await tx.insert(acceptanceVotes).values({
      companyId: ctx.companyId,
      documentId: d.id,
      memberId: member.id,
      decision,
      lines: decided,
      reason: body.reason?.trim() || null,
      signatureId,
      scanFileKey: scan?.key ?? null,
      scanFileName: scan?.name ?? null,
      recordedBy: ctx.user.id,
    });
    if (d.acceptance === 'received')
      await tx.update(acceptanceDocuments).set({ acceptance: 'review' }).where(eq(acceptanceDocuments.id, d.id));
    await audit(tx, ctx, {
      entity: 'contract',
      entityId: d.contractId,
      action: 'acceptance_vote',
      after: { document_id: d.id, member: member.fullName, decision, lines: decided, signed_by: accepted ? 'kep' : 'scan' },
    });
  });
  notify(ctx, d0, d0.acceptance === 'received' ? 'review' : d0.acceptance, member.id);
  return acceptancePanel(ctx, documentId);
}

/**
 * The customer's decision: accepted, accepted in part or refused. With a commission the decision is the commission's:
 * it needs at least five members (ч. 6 ст. 94 44-ФЗ) and every member's signed decision, since the document of
 * acceptance «подписывается всеми членами приемочной комиссии и утверждается заказчиком» (ч. 7 ст. 94) — so a line
 * any member refused is not in what all of them sign: each line is accepted in the least quantity a member accepted,
 * with every member's reason for the rest. Without a commission the customer's user decides directly.
 */
export async function decide(
  ctx: Ctx,
  documentId: number,
  body: { lines: AcceptanceLineDecision[]; reason?: string | null },
  // the demo records decisions made on past days; a user's decision is today's
  opts: { on?: string } = {},
) {
  const d0 = await loadDocument(ctx, documentId);
  assertOpen(d0);
  const [lines, members] = await Promise.all([linesOf(ctx, d0.id), membersOf(ctx, d0.contractId)]);
  if (!lines.length) throw new AppError('INVALID_STATE', `В УПД № ${d0.number} нет строк`);
  const state = await ctx.deps.db.transaction(async (tx) => {
    const d = await loadDocument(ctx, documentId, tx, true);
    assertOpen(d);
    // the decision signs the document about acceptance: only the approved version of what was delivered (when the
    // company routes acceptances), the refusal naming whose approval it waits for
    await approvalGate.assertApproved(tx, ctx.companyId, 'acceptance', d.id, 'Документ о приёмке нельзя подписать');
    let decided: VoteLine[];
    if (members.length) {
      if (members.length < COMMISSION_MIN_MEMBERS)
        throw new AppError(
          'INVALID_STATE',
          `В приёмочной комиссии ${members.length} чел.: нужно не менее ${COMMISSION_MIN_MEMBERS} (ч. 6 ст. 94 44-ФЗ)`,
        );
      const votes = await tx.select().from(acceptanceVotes).where(eq(acceptanceVotes.documentId, d.id));
      const missing = members.filter((m) => !votes.some((v) => v.memberId === m.id));
      if (missing.length)
        throw new AppError('INVALID_STATE', `Решения ещё не приняли: ${missing.map((m) => m.fullName).join(', ')} (ч. 7 ст. 94 44-ФЗ)`);
      decided = lines.map((l) => {
        const own = votes.map((v) => ({ v, line: v.lines.find((x) => x.line_id === l.id) }));
        const least = own.reduce(
          (m, x) => Decimal.min(m, new Decimal(x.line?.accepted_quantity ?? l.quantity ?? 0)),
          new Decimal(l.quantity ?? 0),
        );
        const reasons = own.filter((x) => x.line?.reason).map((x) => x.line!.reason!);
        return { line_id: l.id, accepted_quantity: least.toString(), reason: reasons.length ? [...new Set(reasons)].join('; ') : null };
      });
    } else decided = fullLines(lines, body.lines, body.reason);
    const state = outcome(lines, decided);
    const today = opts.on ?? moscowToday();
    for (const v of decided)
      await tx
        .update(acceptanceLines)
        .set({ acceptedQuantity: v.accepted_quantity, refusalReason: v.reason })
        .where(eq(acceptanceLines.id, v.line_id));
    const refusal =
      state === 'accepted' ? null : body.reason?.trim() || decided.flatMap((v) => (v.reason ? [v.reason] : [])).join('; ') || null;
    await tx
      .update(acceptanceDocuments)
      .set({ acceptance: state, acceptedOn: today, decidedBy: ctx.user.id, refusalReason: refusal })
      .where(eq(acceptanceDocuments.id, d.id));
    await audit(tx, ctx, {
      entity: 'contract',
      entityId: d.contractId,
      action: 'acceptance_decision',
      before: { document_id: d.id, acceptance: d.acceptance },
      after: { document_id: d.id, acceptance: state, accepted_on: today, lines: decided, reason: refusal },
    });
    return state;
  });
  notify(ctx, d0, state);
  return acceptancePanel(ctx, documentId);
}

/** The commission of a contract: replaced as a whole; formed, it has at least five members and one chair (ч. 6 ст. 94 44-ФЗ). */
export async function setCommission(
  ctx: Ctx,
  contractId: number,
  asked: { user_id?: number | null; login?: string | null; full_name?: string | null; position?: string | null; is_chair: boolean }[],
) {
  await contractOf(ctx, contractId);
  const fields: Record<string, string[]> = {};
  // a member named by login (the screen's way: a client does not list users) is the company's user of that login
  const logins = asked.flatMap((m) => (m.login && !m.user_id ? [m.login] : []));
  const byLogin = logins.length
    ? await ctx.deps.db
        .select({ id: users.id, login: users.login })
        .from(users)
        .where(and(inArray(users.login, logins), eq(users.companyId, ctx.companyId)))
    : [];
  const members = asked.map((m, i) => {
    if (m.user_id || !m.login) return m;
    const u = byLogin.find((x) => x.login === m.login);
    if (!u) fields[`members.${i}.login`] = [`Пользователя «${m.login}» в организации нет`];
    return { ...m, user_id: u?.id ?? null };
  });
  if (members.length && members.length < COMMISSION_MIN_MEMBERS)
    fields.members = [`В приёмочной комиссии не менее ${COMMISSION_MIN_MEMBERS} членов (ч. 6 ст. 94 44-ФЗ)`];
  if (members.length && members.filter((m) => m.is_chair).length !== 1)
    fields.members = [...(fields.members ?? []), 'Выберите одного председателя'];
  const userIds = members.flatMap((m) => (m.user_id ? [m.user_id] : []));
  if (new Set(userIds).size !== userIds.length) fields.members = [...(fields.members ?? []), 'Пользователь указан в комиссии дважды'];
  const known = userIds.length
    ? await ctx.deps.db
        .select({ id: users.id, title: users.title, companyId: users.companyId })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  members.forEach((m, i) => {
    if (m.user_id) {
      const u = known.find((k) => k.id === m.user_id);
      if (!u || u.companyId !== ctx.companyId) fields[`members.${i}.user_id`] = ['Пользователь не из этой организации'];
    } else if (!m.full_name?.trim()) fields[`members.${i}.full_name`] = ['Укажите ФИО члена комиссии'];
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION', 'Проверьте состав комиссии', fields);
  await ctx.deps.db.transaction(async (tx) => {
    const open = await tx
      .select({ id: acceptanceVotes.id })
      .from(acceptanceVotes)
      .innerJoin(acceptanceDocuments, eq(acceptanceDocuments.id, acceptanceVotes.documentId))
      .where(
        and(
          eq(acceptanceDocuments.companyId, ctx.companyId),
          eq(acceptanceDocuments.contractId, contractId),
          inArray(acceptanceDocuments.acceptance, ['received', 'review']),
        ),
      )
      .limit(1);
    if (open.length) throw new AppError('INVALID_STATE', 'Комиссия уже голосует по документу: состав изменить нельзя до решения');
    const before = await membersOf(ctx, contractId, tx);
    await tx
      .delete(acceptanceCommissionMembers)
      .where(and(eq(acceptanceCommissionMembers.companyId, ctx.companyId), eq(acceptanceCommissionMembers.contractId, contractId)));
    if (members.length)
      await tx.insert(acceptanceCommissionMembers).values(
        members.map((m) => ({
          companyId: ctx.companyId,
          contractId,
          userId: m.user_id ?? null,
          fullName: m.user_id ? m.full_name?.trim() || known.find((k) => k.id === m.user_id)!.title : m.full_name!.trim(),
          position: m.position?.trim() || null,
          isChair: m.is_chair,
        })),
      );
    await audit(tx, ctx, {
      entity: 'contract',
      entityId: contractId,
      action: 'acceptance_commission',
      before: { members: before.map((m) => m.fullName) },
      after: { members: members.map((m) => m.full_name ?? `user:${m.user_id}`) },
    });
  });
  return contractAcceptance(ctx, contractId);
}

export async function setTerms(ctx: Ctx, contractId: number, body: { acceptance_days: number | null; payment_days: number | null }) {
  await contractOf(ctx, contractId);
  await ctx.deps.db.transaction(async (tx) => {
    await tx
      .insert(acceptanceSettings)
      .values({ contractId, companyId: ctx.companyId, acceptanceDays: body.acceptance_days, paymentDays: body.payment_days })
      .onConflictDoUpdate({
        target: acceptanceSettings.contractId,
        set: { acceptanceDays: body.acceptance_days, paymentDays: body.payment_days },
      });
    await audit(tx, ctx, { entity: 'contract', entityId: contractId, action: 'acceptance_terms', after: body });
  });
  return contractAcceptance(ctx, contractId);
}

async function settingsOf(db: Tx, companyId: number, contractIds: number[]) {
  if (!contractIds.length) return new Map<number, typeof acceptanceSettings.$inferSelect>();
  const rows = await db
    .select()
    .from(acceptanceSettings)
    .where(and(eq(acceptanceSettings.companyId, companyId), inArray(acceptanceSettings.contractId, contractIds)));
  return new Map(rows.map((r) => [r.contractId, r]));
}

/**
 * The acceptance and payment terms of every УПД of some contracts, from the one computation of the figures (what is
 * delivered, what is paid) — the card and the dashboard show the same.
 */
export async function acceptanceTermsOf(
  db: Tx,
  companyId: number,
  rows: { id: number; law: string; sme: boolean }[],
  today: string,
  figures?: Awaited<ReturnType<typeof contractFigures>>,
) {
  const ids = rows.map((r) => r.id);
  const out = new Map<
    number,
    { document_id: number; number: string; date: string; state: AcceptanceState; terms: ReturnType<typeof documentTerms> }[]
  >();
  if (!ids.length) return out;
  const [f, settings, docs] = await Promise.all([
    figures ?? contractFigures(db, companyId, ids),
    settingsOf(db, companyId, ids),
    db
      .select()
      .from(acceptanceDocuments)
      .where(and(eq(acceptanceDocuments.companyId, companyId), inArray(acceptanceDocuments.contractId, ids))),
  ]);
  for (const r of rows) {
    const fig = f.get(r.id)!;
    const delivered = new Map(fig.documents.flatMap((d) => (d.source === 'upd' && d.id !== null ? [[d.id, d.delivered] as const] : [])));
    const own: TermDocument[] = docs
      .filter((d) => d.contractId === r.id && !d.withdrawnAt && d.status === 'processed')
      .map((d) => ({
        id: d.id,
        state: d.acceptance,
        receivedOn: d.receivedOn,
        acceptedOn: d.acceptedOn,
        delivered: delivered.get(d.id) ?? '0',
      }));
    const paid = paidOn(own, fig);
    const s = settings.get(r.id);
    out.set(
      r.id,
      own.map((d) => {
        const row = docs.find((x) => x.id === d.id)!;
        return {
          document_id: d.id,
          number: row.number,
          date: row.docDate,
          state: row.acceptance,
          terms: documentTerms(d, {
            law: r.law,
            sme: r.sme,
            acceptanceDays: s?.acceptanceDays ?? null,
            paymentDays: s?.paymentDays ?? null,
            paidOn: paid.get(d.id) ?? null,
            today,
          }),
        };
      }),
    );
  }
  return out;
}

export async function contractAcceptance(ctx: Ctx, contractId: number): Promise<ContractAcceptanceResponse> {
  const { contract, sme } = await contractOf(ctx, contractId);
  const [members, settings, terms] = await Promise.all([
    membersOf(ctx, contractId),
    settingsOf(ctx.deps.db, ctx.companyId, [contractId]),
    acceptanceTermsOf(ctx.deps.db, ctx.companyId, [{ id: contractId, law: contract.law, sme }], moscowToday()),
  ]);
  const s = settings.get(contractId);
  return {
    contract_id: contractId,
    acceptance_days: s?.acceptanceDays ?? null,
    payment_days: s?.paymentDays ?? null,
    default_acceptance_days: defaultAcceptanceDays(contract.law),
    default_payment_days: defaultPaymentDays(contract.law),
    members: members.map(memberOut),
    documents: terms.get(contractId) ?? [],
  };
}

const memberOut = (m: MemberRow) => ({ id: m.id, user_id: m.userId, full_name: m.fullName, position: m.position, is_chair: m.isChair });

export async function acceptancePanel(ctx: Ctx, documentId: number): Promise<AcceptancePanelResponse> {
  const d = await loadDocument(ctx, documentId);
  const { contract, sme } = await contractOf(ctx, d.contractId);
  const [lines, members, votes, terms, [titleSig]] = await Promise.all([
    linesOf(ctx, d.id),
    membersOf(ctx, d.contractId),
    ctx.deps.db
      .select({ v: acceptanceVotes, cert: signatures.certificate })
      .from(acceptanceVotes)
      .leftJoin(signatures, eq(signatures.id, acceptanceVotes.signatureId))
      .where(and(eq(acceptanceVotes.companyId, ctx.companyId), eq(acceptanceVotes.documentId, d.id))),
    acceptanceTermsOf(ctx.deps.db, ctx.companyId, [{ id: d.contractId, law: contract.law, sme }], moscowToday()),
    d.buyerTitleSignatureId
      ? ctx.deps.db
          .select({ cert: signatures.certificate, at: signatures.createdAt })
          .from(signatures)
          .where(and(eq(signatures.id, d.buyerTitleSignatureId), eq(signatures.companyId, ctx.companyId)))
      : Promise.resolve([]),
  ]);
  return {
    document_id: d.id,
    contract_id: d.contractId,
    law: contract.law,
    number: d.number,
    date: d.docDate,
    state: d.acceptance,
    state_title: ACCEPTANCE_STATE_TITLES[d.acceptance],
    received_on: d.receivedOn,
    review: d.reviewKind ? { kind: d.reviewKind, expert_name: d.expertName, conclusion_file_name: d.conclusionFileName } : null,
    accepted_on: d.acceptedOn,
    refusal_reason: d.refusalReason,
    lines: lines.map((l) => ({
      line_id: l.id,
      ordinal: l.ordinal,
      name: l.name,
      unit_name: l.unitName,
      quantity: l.quantity === null ? null : new Decimal(l.quantity).toString(),
      accepted_quantity: l.acceptedQuantity === null ? null : new Decimal(l.acceptedQuantity).toString(),
      refusal_reason: l.refusalReason,
      amount_with_vat: l.amountWithVat,
    })),
    commission: {
      members: members.map((m) => {
        const x = votes.find((v) => v.v.memberId === m.id);
        return {
          ...memberOut(m),
          vote: x
            ? {
                member_id: m.id,
                decision: x.v.decision,
                reason: x.v.reason,
                lines: x.v.lines,
                signed_by: x.v.signatureId ? ('kep' as const) : ('scan' as const),
                signer: x.v.signatureId ? (signerName(x.cert as Parameters<typeof signerName>[0]) ?? m.fullName) : m.fullName,
                at: x.v.createdAt.toISOString(),
              }
            : null,
        };
      }),
      min_members: COMMISSION_MIN_MEMBERS,
      complete: members.length >= COMMISSION_MIN_MEMBERS && members.every((m) => votes.some((v) => v.v.memberId === m.id)),
    },
    my_member_id: members.find((m) => m.userId === ctx.user.id)?.id ?? null,
    terms: terms.get(d.contractId)?.find((x) => x.document_id === d.id)?.terms ?? [],
    buyer_title: d.buyerTitleName
      ? {
          file_name: d.buyerTitleName,
          signed: !!titleSig,
          signer: titleSig ? (signerName(titleSig.cert as Parameters<typeof signerName>[0]) ?? null) : null,
          signed_at: titleSig ? titleSig.at.toISOString() : null,
        }
      : null,
  };
}

export { loadDocument, linesOf, membersOf, contractOf };

/**
 * The acceptance and payment terms of some contracts as the card's and the dashboard's deadline items: the term of
 * each document not yet done, or done late, named with the document.
 */
export async function acceptanceDeadlineItems(
  db: Tx,
  companyId: number,
  rows: { id: number; law: string; sme: boolean }[],
  today: string,
  figures?: Awaited<ReturnType<typeof contractFigures>>,
) {
  const terms = await acceptanceTermsOf(db, companyId, rows, today, figures);
  const out = new Map<number, { kind: string; label: string; basis_date: string; due_on: string; overdue: boolean; done: boolean }[]>();
  for (const [contractId, docs] of terms)
    out.set(
      contractId,
      docs.flatMap((d) =>
        d.terms.map((t) => ({
          // named apart from the reporting deadlines' «payment» (the payment's report to ЕИС)
          kind: t.kind === 'payment' ? 'payment_term' : 'acceptance_term',
          label: `${t.label}: УПД № ${d.number} от ${formatDate(d.date)} (${t.rule})`,
          basis_date: t.basis_date,
          due_on: t.due_on,
          overdue: t.overdue,
          done: !!t.done_on,
        })),
      ),
    );
  return out;
}
