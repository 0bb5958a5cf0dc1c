import { and, asc, desc, eq, gt, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import {
  ProcurementRequest,
  ikzOfPurchase,
  ikzPositionKey,
  validateIkz,
  type ProcurementResponse,
  type TenderPlanPositionResponse,
  type TenderPlanPositionsQuery,
  type TenderPlanResponse,
} from '@proc/contract';
import { companies, procurements, tenderPlanPositions, tenderPlans } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { assertCanEdit } from '../../platform/access';
import { checkedReferences, getProcurement, insertProcurement } from '../procurements';
import { notices44ByPosition } from '../notices';

type PlanRow = typeof tenderPlans.$inferSelect;
type PositionRow = typeof tenderPlanPositions.$inferSelect;

const planResponse = (p: PlanRow, latest: boolean): TenderPlanResponse => ({
  id: p.id,
  plan_number: p.planNumber,
  version: p.version,
  latest,
  year: p.year,
  first_year: p.firstYear,
  second_year: p.secondYear,
  customer_name: p.customerName,
  customer_inn: p.customerInn,
  confirmed_at: p.confirmedAt,
  published_at: p.publishedAt,
  position_count: p.positionCount,
  total: p.total,
});

const financeOf = (r: PositionRow) => ({
  total: r.total,
  current_year: r.currentYear,
  first_year: r.firstYear,
  second_year: r.secondYear,
  subsec_years: r.subsecYears,
});

/**
 * The position's ИКЗ checked against the company it was imported for and the position's own codes: a plan imported
 * under the wrong company, or a position whose ИКЗ disagrees with its ОКПД2 or КВР, is shown so rather than refused.
 * It is a position's ИКЗ: `000` in digits 27–29 is what ЕИС fills there (Порядок, приказ Минфина № 55н, п. 5).
 */
function ikzFindings(r: PositionRow, iku: string | null): string[] {
  if (!r.ikz) return r.canceled ? [] : ['У позиции нет ИКЗ'];
  return validateIkz(r.ikz, { iku, okpd2: r.okpd2.map((o) => o.code), kvr: r.kvrCode, year: r.publishYear, of: 'position' }).map(
    (i) => i.message,
  );
}

/**
 * The number (digits 27–29) the next purchase on this position takes: one past the highest the company's purchases on
 * the same position (year, ИКУ, position number) carry. A notice ЕИС already has under 001 with no card of ours is
 * that purchase (placed by an authorised body, or before the card): the new card takes its number and links to it.
 */
async function nextPurchaseNumber(ctx: Ctx, key: string): Promise<number> {
  const [row] = await ctx.deps.db
    .select({ n: sql<number>`coalesce(max(substr(${procurements.ikz}, 27, 3)::int), 0)::int` })
    .from(procurements)
    .where(
      and(eq(procurements.companyId, ctx.companyId), sql`left(${procurements.ikz}, 26) = ${key}`, sql`${procurements.ikz} ~ '^[0-9]{36}$'`),
    );
  return (row?.n ?? 0) + 1;
}

const positionResponse = (r: PositionRow, procurementId: number | null, iku: string | null): TenderPlanPositionResponse => ({
  id: r.id,
  position_number: r.positionNumber,
  ikz: r.ikz,
  purchase_number: r.purchaseNumber,
  publish_year: r.publishYear,
  subject: r.subject,
  okpd2: r.okpd2,
  kvr_code: r.kvrCode,
  kvr_name: r.kvrName,
  special_code: r.specialCode,
  canceled: r.canceled,
  finance: financeOf(r),
  procurement_id: procurementId,
  ikz_findings: ikzFindings(r, iku),
});

/** The company's планы-графики: the newest version of each (or every version), newest year first. */
export async function listTenderPlans(ctx: Ctx, q: { year?: number; versions: 'latest' | 'all' }): Promise<TenderPlanResponse[]> {
  const t = tenderPlans;
  const newest = sql`NOT EXISTS (SELECT 1 FROM ${t} n WHERE n.company_id = ${t.companyId} AND n.plan_number = ${t.planNumber} AND n.version > ${t.version})`;
  const rows = await ctx.deps.db
    .select({ plan: t, latest: sql<boolean>`${newest}` })
    .from(t)
    .where(and(eq(t.companyId, ctx.companyId), q.year ? eq(t.year, q.year) : undefined, q.versions === 'latest' ? newest : undefined))
    .orderBy(desc(t.year), asc(t.planNumber), desc(t.version))
    .limit(500);
  return rows.map((r) => planResponse(r.plan, r.latest));
}

async function loadTenderPlan(ctx: Ctx, number: string, version?: number) {
  const t = tenderPlans;
  const [p] = await ctx.deps.db
    .select()
    .from(t)
    .where(and(eq(t.companyId, ctx.companyId), eq(t.planNumber, number), version ? eq(t.version, version) : undefined))
    .orderBy(desc(t.version))
    .limit(1);
  if (!p) throw new AppError('NOT_FOUND', 'План-график не найден');
  const [{ newer }] = await ctx.deps.db
    .select({ newer: sql<number>`count(*)::int` })
    .from(t)
    .where(and(eq(t.companyId, ctx.companyId), eq(t.planNumber, number), gt(t.version, p.version)));
  return { plan: p, latest: newer === 0 };
}

/** The year's column of a position's finance: the plan's year, the two of the planning period, or the later ones. */
function yearColumn(plan: PlanRow, year: number): SQL {
  const x = tenderPlanPositions;
  const col =
    year === plan.year
      ? x.currentYear
      : year === plan.year + 1
        ? x.firstYear
        : year === plan.year + 2
          ? x.secondYear
          : year > plan.year + 2
            ? x.subsecYears
            : null;
  return col ? sql`${col} <> 0` : sql`false`;
}

/**
 * A version's positions, filtered, a page at a time by keyset (id after the last one shown): each page is a seek along
 * (plan_id, id) whatever page it is, instead of an OFFSET that reads every row before it.
 */
export async function listTenderPlanPositions(ctx: Ctx, number: string, q: TenderPlanPositionsQuery) {
  const { plan, latest } = await loadTenderPlan(ctx, number, q.version);
  const x = tenderPlanPositions;
  const where = and(
    eq(x.planId, plan.id),
    eq(x.companyId, ctx.companyId),
    q.q
      ? sql`(to_tsvector('russian', coalesce(${x.subject}, '')) @@ plainto_tsquery('russian', ${q.q}) OR ${x.ikz} = ${q.q} OR ${x.positionNumber} = ${q.q})`
      : undefined,
    // digits and dots only (validated): nothing to escape in the pattern
    q.okpd2 ? like(x.okpd2Code, `${q.okpd2.replace(/\.$/, '')}%`) : undefined,
    q.kvr ? eq(x.kvrCode, q.kvr) : undefined,
    q.amount_from ? gte(x.total, q.amount_from) : undefined,
    q.amount_to ? lte(x.total, q.amount_to) : undefined,
    q.year ? yearColumn(plan, q.year) : undefined,
  );
  const [rows, [{ n }], [company]] = await Promise.all([
    ctx.deps.db
      .select({ p: x, procurementId: procurements.id })
      .from(x)
      .leftJoin(procurements, and(eq(procurements.companyId, ctx.companyId), eq(procurements.tenderPlanPositionId, x.id)))
      .where(and(where, q.after ? gt(x.id, q.after) : undefined))
      .orderBy(asc(x.id))
      .limit(q.limit + 1),
    ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(x)
      .where(where),
    ctx.deps.db.select({ iku: companies.iku }).from(companies).where(eq(companies.id, ctx.companyId)),
  ]);
  const page = rows.slice(0, q.limit);
  const notices = await notices44ByPosition(
    ctx,
    page.flatMap((r) => (r.p.ikz ? [r.p.ikz] : [])),
  );
  const noticeOf = (ikz: string | null) => {
    const key = ikzPositionKey(ikz);
    const n = key ? notices.get(key) : undefined;
    return n
      ? {
          purchase_number: n.purchase_number,
          published_at: n.published_at,
          href: n.href,
          protocol_date: n.protocol?.protocol_date ?? null,
          winner_price: n.protocol?.winner_price ?? null,
        }
      : null;
  };
  return {
    plan: planResponse(plan, latest),
    items: page.map((r) => ({ ...positionResponse(r.p, r.procurementId, company?.iku ?? null), notice44: noticeOf(r.p.ikz) })),
    total: n,
    next_after: rows.length > q.limit ? page[page.length - 1].p.id : null,
  };
}

const subjectOf = (code: string | null) =>
  !code ? 'services' : /^(4[1-3])\./.test(code) ? 'works' : /^([0-3]\d)\./.test(code) && !/^33\./.test(code) ? 'goods' : 'services';
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * A 44-ФЗ procurement (draft) from a план-график position, through the procurements module's own create: it carries
 * the position's ИКЗ with the purchase's own number in digits 27–29 (the next free one on the position: 001 for the
 * first purchase, where the position has 000 — Порядок 55н, п. 5), ОКПД2, КВР, its amount as the НМЦК and its finance
 * by year. One position gives one procurement: asked again (a double click), the one created is returned.
 */
export async function procurementFromTenderPosition(ctx: Ctx, positionId: number): Promise<ProcurementResponse> {
  assertCanEdit(ctx);
  const x = tenderPlanPositions;
  const [pos] = await ctx.deps.db
    .select()
    .from(x)
    .where(and(eq(x.id, positionId), eq(x.companyId, ctx.companyId)));
  if (!pos) throw new AppError('NOT_FOUND', 'Позиция плана-графика не найдена');
  if (pos.canceled) throw new AppError('INVALID_STATE', 'Позиция плана-графика отменена: закупку по ней создать нельзя');
  const [company] = await ctx.deps.db.select({ iku: companies.iku }).from(companies).where(eq(companies.id, ctx.companyId));
  const existing = async () =>
    (
      await ctx.deps.db
        .select({ id: procurements.id })
        .from(procurements)
        .where(and(eq(procurements.companyId, ctx.companyId), eq(procurements.tenderPlanPositionId, pos.id)))
    )[0];
  const was = await existing();
  if (was) return getProcurement(ctx, was.id);
  const okpd2 = pos.okpd2.filter((o) => /^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$/.test(o.code));
  const input = ProcurementRequest.parse({
    title: pos.subject || `Позиция ${pos.positionNumber} плана-графика`,
    plan_item_number: pos.positionNumber,
    // an «особая закупка» (ч. 1 ст. 93) is a purchase from a single supplier; otherwise the electronic auction, the
    // method 44-ФЗ makes the rule (ст. 59), to be changed on the card
    method: pos.specialCode ? 'single' : 'auction_e',
    subject: subjectOf(pos.okpd2Code),
    subject_description: pos.subject,
    nmcd: pos.total,
    okpd2,
    law: '44',
    // the position's ИКЗ only if it is right for this company (its finding on the plan's screen says why not)
    ikz:
      pos.ikz && ikzFindings(pos, company?.iku ?? null).length === 0
        ? // the purchases of an «особая закупка» (пп. 4, 5, 23, 42, 44 ч. 1 ст. 93) share the position's one ИКЗ (Порядок 55н, п. 3)
          pos.specialCode
          ? pos.ikz
          : ikzOfPurchase(pos.ikz, await nextPurchaseNumber(ctx, ikzPositionKey(pos.ikz)!))
        : null,
    kvr: pos.kvrCode && /^\d{3}$/.test(pos.kvrCode) ? pos.kvrCode : null,
  });
  const lines = await checkedReferences(ctx, input);
  try {
    const { id, computed } = await insertProcurement(ctx.deps.db, ctx, input, lines, {
      tenderPosition: { id: pos.id, finance: financeOf(pos) },
    });
    return getProcurement(ctx, id, computed);
  } catch (e) {
    // the other click won the race: its procurement is the one
    const other = isUniqueViolation(e) ? await existing() : undefined;
    if (other) return getProcurement(ctx, other.id);
    throw e;
  }
}
