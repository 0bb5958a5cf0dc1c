import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PlanItemsQuery, PlansQuery } from '@proc/contract';
import { planItems, plans, procurements } from '../../db/schema';
import { order } from '../../db/order';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';

export async function listPlans(ctx: Ctx, q: z.infer<typeof PlansQuery>) {
  const where = eq(plans.companyId, ctx.companyId);
  const [rows, [{ n }]] = await Promise.all([
    ctx.deps.db
      .select()
      .from(plans)
      .where(where)
      .orderBy(...order(q, { year: plans.year, created_at: plans.createdAt, total: plans.total }, plans.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(plans)
      .where(where),
  ]);
  return {
    items: rows.map((p) => ({
      id: p.id,
      registration_number: p.registrationNumber,
      year: p.year,
      version: p.version,
      name: p.name,
      status: p.status,
      item_count: p.itemCount,
      total: p.total,
    })),
    total: n,
    page: q.page,
    limit: q.limit,
  };
}

/** The latest stored version of a plan number of the company. */
export async function loadPlan(ctx: Ctx, number: string) {
  const [p] = await ctx.deps.db
    .select()
    .from(plans)
    .where(and(eq(plans.companyId, ctx.companyId), eq(plans.registrationNumber, number)))
    .orderBy(desc(plans.version))
    .limit(1);
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}

type ItemRow = typeof planItems.$inferSelect;
type ItemProcurement = { id: number; number: string; status: string };
export const planItemResponse = (i: ItemRow, procs: ItemProcurement[] = []) => ({
  procurements: procs,
  id: i.id,
  ordinal: i.ordinal,
  subject: i.subject,
  okpd2_code: i.okpd2Code,
  okved2_code: i.okved2Code,
  okei_code: i.okeiCode,
  okei_name: i.okeiName,
  quantity: i.quantity,
  nmcd: i.nmcd,
  currency: i.currency,
  planned_month: i.plannedMonth?.slice(0, 7) ?? null,
  method: i.method,
  method_code: i.methodCode,
  sme_only: i.smeOnly,
});

export async function listPlanItems(ctx: Ctx, number: string, q: z.infer<typeof PlanItemsQuery>) {
  const plan = await loadPlan(ctx, number);
  const where = and(
    eq(planItems.planId, plan.id),
    q.q ? sql`to_tsvector('russian', ${planItems.subject}) @@ plainto_tsquery('russian', ${q.q})` : undefined,
    q.okpd2 ? sql`${planItems.okpd2Code} LIKE ${`${q.okpd2.replace(/[%_]/g, '')}%`}` : undefined,
    q.method ? eq(planItems.method, q.method) : undefined,
    q.sme_only ? eq(planItems.smeOnly, q.sme_only === 'true') : undefined,
    q.month ? eq(planItems.plannedMonth, `${q.month}-01`) : undefined,
  );
  const cols = {
    ordinal: planItems.ordinal,
    nmcd: planItems.nmcd,
    planned_month: planItems.plannedMonth,
    subject: sql`(${planItems.subject} COLLATE "und-x-icu")`,
  };
  const [rows, [{ n }]] = await Promise.all([
    ctx.deps.db
      .select()
      .from(planItems)
      .where(where)
      .orderBy(...order(q, cols, planItems.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(planItems)
      .where(where),
  ]);
  const byItem = await procurementsOfItems(
    ctx,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => planItemResponse(r, byItem.get(r.id))), total: n, page: q.page, limit: q.limit };
}

/** The procurements made of each plan item (the list and the item's page show them, so nobody makes a second by mistake). */
export async function procurementsOfItems(ctx: Ctx, itemIds: number[]): Promise<Map<number, ItemProcurement[]>> {
  const out = new Map<number, ItemProcurement[]>();
  if (!itemIds.length) return out;
  const rows = await ctx.deps.db
    .select({ itemId: procurements.planItemId, id: procurements.id, number: procurements.number, status: procurements.status })
    .from(procurements)
    .where(and(eq(procurements.companyId, ctx.companyId), inArray(procurements.planItemId, itemIds)))
    .orderBy(asc(procurements.id));
  for (const r of rows) {
    const list = out.get(r.itemId!) ?? [];
    list.push({ id: r.id, number: r.number, status: r.status });
    out.set(r.itemId!, list);
  }
  return out;
}
