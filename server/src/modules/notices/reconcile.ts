import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { contracts, eis223Notices, eis44Notices, procurements } from '../../db/schema';
import { Decimal } from 'decimal.js';
import {
  EIS_RECONCILE_FIELD_TITLES,
  EIS_RECONCILE_FIELD_TITLES_223,
  EIS_RECONCILE_FIELDS,
  EDITABLE_PROCUREMENT_STATUSES,
  EVENTS,
  FINAL_PROCUREMENT_STATUSES,
  PROCUREMENT_STATUS_TITLES,
  PROCUREMENT_STATUS_TITLES_44,
  PROCUREMENT_TRANSITIONS,
  ProcurementRequest,
  ikzPositionKey,
  type EisApplyRequest,
  type EisReconcileField,
  type EisReconciliation,
  type ProcurementResponse,
  type ProcurementStatus,
} from '@proc/contract';
import type { Ctx, Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { assertCanEdit } from '../../platform/access';
import { moscowDate, moscowToday } from '../../platform/clock';
import { followEisStatus, getProcurement, loadProcurement, updateProcurement } from '../procurements';
import { NOTICE44_METHODS } from '../../formats';
import { notice44OfPurchase } from './notices44';

/** How far along a purchase is: a card never moves back because ЕИС is behind it. */
const RANK: Record<ProcurementStatus, number> = {
  draft: 0,
  docs_ready: 1,
  published: 2,
  accepting: 3,
  summing_up: 4,
  contract_signed: 5,
  failed: 5,
  cancelled: 6,
};

/** A moment of ЕИС (ISO with its offset) as the Moscow day it fell on. */
const dayOf = (at: string | null) => (at ? moscowDate(new Date(at)) : null);
const sameMoney = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

/** The allowed steps from one status to another, never through «Отменена» nor, unless it is the end, «Не состоялась». */
export function statusPath(from: ProcurementStatus, to: ProcurementStatus): ProcurementStatus[] | null {
  const queue: ProcurementStatus[][] = [[from]];
  const seen = new Set<ProcurementStatus>([from]);
  while (queue.length) {
    const path = queue.shift()!;
    const last = path[path.length - 1];
    if (last === to) return path.slice(1);
    for (const next of PROCUREMENT_TRANSITIONS[last]) {
      if (seen.has(next) || next === 'cancelled' || (next === 'failed' && to !== 'failed')) continue;
      seen.add(next);
      queue.push([...path, next]);
    }
  }
  return null;
}

/**
 * ЕИС's facts of a card beside the card's own (a 223-ФЗ card: reconcile223). 44-ФЗ: the notice published for its ИКЗ (as ЕИС fills it),
 * the final protocol and the contract, each difference marked, and the status those documents put the purchase in
 * (notice → «Подача заявок», after the deadline or with the final protocol → «Подведение итогов», the protocol's
 * failure → «Не состоялось», the contract → «Контракт заключён»).
 */
export async function eisReconciliation(ctx: Ctx, id: number): Promise<EisReconciliation> {
  const card = await getProcurement(ctx, id);
  const law = card.law;
  const T = law === '44' ? PROCUREMENT_STATUS_TITLES_44 : PROCUREMENT_STATUS_TITLES;
  const status = card.status;
  const empty: EisReconciliation = {
    law,
    notice: null,
    protocol: null,
    contract: null,
    facts: [],
    status: { card: status, eis: null, behind: false, eis_title: null },
    pending: false,
    locked_reason: null,
  };
  if (law === '223') return card.notice_number ? reconcile223(ctx, card, empty) : empty;
  if (!card.ikz) return empty;
  const found = await notice44OfPurchase(ctx, card.ikz, id);
  if (!found) return empty;
  const { notice: n, lot } = found;
  const eis: Record<EisReconcileField, string | null> = {
    // a 44-ФЗ notice's object is a summary of the purchase, not its card's name: no difference is made of it
    title: null,
    method: n.method && n.method in NOTICE44_METHODS_BY_CODE ? n.method : null,
    nmcd: lot?.maxPrice ?? n.max_price,
    published_on: dayOf(n.published_at),
    application_deadline: dayOf(n.applications_end),
    summing_up_on: n.summarizing_date,
  };
  const facts = compare(card, eis, EIS_RECONCILE_FIELD_TITLES);
  const today = moscowToday();
  const eisStatus: ProcurementStatus = n.contract
    ? 'contract_signed'
    : n.protocol?.abandoned_reason
      ? 'failed'
      : n.protocol || (eis.application_deadline && eis.application_deadline < today)
        ? 'summing_up'
        : 'accepting';
  const behind = !FINAL_PROCUREMENT_STATUSES.includes(status) && RANK[eisStatus] > RANK[status] && statusPath(status, eisStatus) !== null;
  const differs = facts.some((f) => f.differs);
  return {
    law,
    notice: { purchase_number: n.purchase_number, href: n.href, placer_name: n.placer_name, published_at: n.published_at },
    protocol: n.protocol
      ? {
          doc_number: n.protocol.doc_number,
          protocol_date: n.protocol.protocol_date,
          winner_app_number: n.protocol.winner_app_number,
          winner_price: n.protocol.winner_price,
          abandoned_reason: n.protocol.abandoned_reason,
        }
      : null,
    contract: n.contract,
    facts,
    status: { card: status, eis: eisStatus, behind, eis_title: T[eisStatus] },
    pending: differs || behind,
    locked_reason:
      differs && !EDITABLE_PROCUREMENT_STATUSES.includes(status)
        ? `Карточка в статусе «${T[status]}»: её сведения не изменяются, расхождения с ЕИС останутся отмеченными`
        : null,
  };
}

/** Each fact of ЕИС beside the card's own; what ЕИС does not say is no difference. */
function compare(card: ProcurementResponse, eis: Record<EisReconcileField, string | null>, titles: Record<EisReconcileField, string>) {
  const own: Record<EisReconcileField, string | null> = {
    title: card.title,
    method: card.method,
    nmcd: card.nmcd,
    published_on: card.published_on,
    application_deadline: card.application_deadline,
    summing_up_on: card.summing_up_on,
  };
  return EIS_RECONCILE_FIELDS.map((field) => ({
    field,
    title: titles[field],
    card: own[field],
    eis: eis[field],
    differs: eis[field] !== null && !(field === 'nmcd' ? sameMoney(own[field], eis[field]) : own[field] === eis[field]),
  }));
}

/**
 * A 223-ФЗ card beside the newest version of its notice (by the card's notice number): the notice's name, method, НМЦД
 * and dates (its summing-up date is not in the notice's data ЕИС gives out, so it is never a difference), and the
 * status the notice puts the purchase in — applications until the deadline, then summing up, a contract concluded on it
 * ends it. The card's values past «Документация сформирована» follow ЕИС too: a change of a published notice is
 * published in ЕИС (223-ФЗ art. 4 part 11); a concluded, failed or cancelled purchase keeps its own.
 */
async function reconcile223(ctx: Ctx, card: ProcurementResponse, empty: EisReconciliation): Promise<EisReconciliation> {
  const number = card.notice_number!;
  const [n] = await ctx.deps.db
    .select()
    .from(eis223Notices)
    .where(and(eq(eis223Notices.companyId, ctx.companyId), eq(eis223Notices.noticeNumber, number)))
    .orderBy(desc(eis223Notices.version), desc(eis223Notices.id))
    .limit(1);
  if (!n) return empty;
  const [contract] = await ctx.deps.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.companyId, ctx.companyId), eq(contracts.purchaseNoticeNumber, number)))
    .limit(1);
  const facts = compare(
    card,
    {
      title: n.title,
      method: n.method,
      nmcd: n.nmcd,
      published_on: n.publishedOn,
      application_deadline: n.applicationDeadline,
      summing_up_on: null,
    },
    EIS_RECONCILE_FIELD_TITLES_223,
  );
  const status = card.status;
  const eisStatus: ProcurementStatus = contract
    ? 'contract_signed'
    : n.applicationDeadline && n.applicationDeadline < moscowToday()
      ? 'summing_up'
      : 'accepting';
  const behind = !FINAL_PROCUREMENT_STATUSES.includes(status) && RANK[eisStatus] > RANK[status] && statusPath(status, eisStatus) !== null;
  const differs = facts.some((f) => f.differs);
  return {
    ...empty,
    notice: { purchase_number: number, href: n.href, placer_name: n.placerName, published_at: n.publishedAt },
    facts,
    status: { card: status, eis: eisStatus, behind, eis_title: PROCUREMENT_STATUS_TITLES[eisStatus] },
    pending: differs || behind,
    locked_reason:
      differs && FINAL_PROCUREMENT_STATUSES.includes(status)
        ? `Карточка в статусе «${PROCUREMENT_STATUS_TITLES[status]}»: её сведения не изменяются, расхождения с ЕИС останутся отмеченными`
        : null,
  };
}

const NOTICE44_METHODS_BY_CODE: Record<string, true> = Object.fromEntries(Object.values(NOTICE44_METHODS).map((m) => [m, true]));

/**
 * Applies ЕИС's facts to the card in one confirmation: the differing values through the card's own save (its checks,
 * deadlines and trail), then the status ЕИС has reached through the allowed steps, each recorded. The user confirms
 * what they saw: if ЕИС's facts changed in between, nothing is applied (409) and the card shows the new ones.
 */
export async function applyEisReconciliation(ctx: Ctx, id: number, req: EisApplyRequest): Promise<ProcurementResponse> {
  assertCanEdit(ctx);
  const rec = await eisReconciliation(ctx, id);
  // a card past «Документация сформирована» keeps its values (they stay marked): only the status follows ЕИС then
  const differing = rec.locked_reason ? [] : rec.facts.filter((f) => f.differs).map((f) => f.field);
  const seen = [...req.fields].sort().join();
  const target = rec.status.behind ? rec.status.eis : null;
  if (!rec.pending) throw new AppError('INVALID_STATE', 'Карточка уже совпадает со сведениями ЕИС');
  if (seen !== [...differing].sort().join() || (req.status ?? null) !== target)
    throw new AppError('CONFLICT', 'Сведения ЕИС изменились, пока вы их смотрели: проверьте расхождения ещё раз');
  if (!differing.length && !target) throw new AppError('INVALID_STATE', rec.locked_reason ?? 'Карточка уже совпадает со сведениями ЕИС');
  if (differing.length) {
    const card = await getProcurement(ctx, id);
    const patch = Object.fromEntries(rec.facts.filter((f) => f.differs).map((f) => [f.field, f.eis]));
    await updateProcurement(ctx, id, ProcurementRequest.parse({ ...card, ...patch }), { publishedInEis: rec.law === '223' });
  }
  if (target) {
    await ctx.deps.db.transaction(async (tx) => {
      const r = await loadProcurement(ctx, id, tx, true);
      const path = statusPath(r.status as ProcurementStatus, target);
      if (!path) throw new AppError('CONFLICT', 'Статус закупки изменился: проверьте расхождения ещё раз');
      const what = rec.contract
        ? `контракт № ${rec.contract.registry_number ?? ''}`.trim()
        : rec.protocol
          ? `итоговый протокол${rec.protocol.doc_number ? ` № ${rec.protocol.doc_number}` : ''}`
          : `извещение № ${rec.notice!.purchase_number}`;
      await followEisStatus(tx, { companyId: ctx.companyId, userId: ctx.user.id }, r, path, `По данным ЕИС: ${what}`);
    });
  }
  notifyEisChanged(ctx.deps, ctx.companyId, [id]);
  return getProcurement(ctx, id);
}

/** The company's 223-ФЗ cards of these notice numbers: whose ЕИС notice just arrived. */
export async function procurementsOfNotices(deps: Deps, companyId: number, numbers: string[]): Promise<number[]> {
  if (!numbers.length) return [];
  const rows = await deps.db
    .select({ id: procurements.id })
    .from(procurements)
    .where(
      and(eq(procurements.companyId, companyId), eq(procurements.law, '223'), inArray(procurements.noticeNumber, [...new Set(numbers)])),
    );
  return rows.map((r) => r.id);
}

/** The company's open cards learn that ЕИС's facts of these purchases changed (the card and the register refetch). */
export function notifyEisChanged(deps: Deps, companyId: number, procurementIds: number[]): void {
  if (procurementIds.length)
    deps.realtime.toCompany(companyId, EVENTS.eisProcurementResponse, { result: 'success', procurement_ids: procurementIds });
}

/** The company's 44-ФЗ cards on the positions of these ИКЗ (year, ИКУ, position number): whose ЕИС facts just arrived. */
export async function procurementsOfIkzs(deps: Deps, companyId: number, ikzs: Array<string | null | undefined>): Promise<number[]> {
  const keys = [...new Set(ikzs.map(ikzPositionKey).filter((k): k is string => !!k))];
  if (!keys.length) return [];
  const { rows } = (await deps.db.execute(sql`
    SELECT id FROM procurements WHERE company_id = ${companyId} AND law = '44' AND left(ikz, 26) IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`)) as unknown as { rows: { id: number }[] };
  return rows.map((r) => r.id);
}

/** The ИКЗ ЕИС's notices of these purchase numbers carry (a protocol has none of its own). */
export async function ikzsOfPurchases(deps: Deps, companyId: number, numbers: string[]): Promise<string[]> {
  if (!numbers.length) return [];
  const rows = await deps.db
    .select({ ikz: eis44Notices.ikz })
    .from(eis44Notices)
    .where(and(eq(eis44Notices.companyId, companyId), inArray(eis44Notices.purchaseNumber, numbers)));
  return rows.flatMap((r) => (r.ikz ? [r.ikz] : []));
}
