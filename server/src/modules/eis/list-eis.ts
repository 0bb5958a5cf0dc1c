import Decimal from 'decimal.js';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContractsQuery, PlanItemsQuery, PlansQuery } from '@proc/contract';
import { contractPositions, contracts, planItems, plans, procurements } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { execution44 } from './contract-44-card';
import { contractFigures, figureShares } from '../figures';

type ContractRow = typeof contracts.$inferSelect;
export const contractResponse = (c: ContractRow) => ({
  id: c.id,
  registry_number: c.registryNumber,
  version: c.version,
  guid: c.guid,
  number: c.number,
  contract_date: c.contractDate,
  subject: c.subject,
  supplier_name: c.supplierName,
  supplier_inn: c.supplierInn,
  supplier_kpp: c.supplierKpp,
  price: c.price,
  currency: c.currency,
  start_date: c.startDate,
  end_date: c.endDate,
  status: c.status,
  procurement_id: c.procurementId,
  purchase_notice_number: c.purchaseNoticeNumber,
  method_code: c.methodCode,
  method_name: c.methodName,
  violations: c.violations,
  source: c.source,
  law: c.law,
  ikz: c.ikz,
});

const order = (
  { sort, order: dir }: { sort: string; order: 'asc' | 'desc' },
  cols: Record<string, SQL | import('drizzle-orm').AnyColumn>,
  id: import('drizzle-orm').AnyColumn,
) => {
  const d = dir === 'desc';
  const col = cols[sort];
  return [d ? sql`${col} DESC NULLS LAST` : sql`${col} ASC NULLS LAST`, d ? desc(id) : asc(id)];
};

export async function listContracts(ctx: Ctx, q: z.infer<typeof ContractsQuery>) {
  const where = and(
    eq(contracts.companyId, ctx.companyId),
    q.q
      ? sql`(${contracts.searchVector} @@ plainto_tsquery('russian', ${q.q}) OR ${contracts.registryNumber} = ${q.q} OR ${contracts.number} = ${q.q})`
      : undefined,
    q.status ? eq(contracts.status, q.status) : undefined,
    q.law ? eq(contracts.law, q.law) : undefined,
    q.supplier_inn ? eq(contracts.supplierInn, q.supplier_inn) : undefined,
    q.date_from ? gte(contracts.contractDate, q.date_from) : undefined,
    q.date_to ? lte(contracts.contractDate, q.date_to) : undefined,
  );
  const cols = {
    contract_date: contracts.contractDate,
    price: contracts.price,
    subject: sql`(${contracts.subject} COLLATE "und-x-icu")`,
    created_at: contracts.createdAt,
  };
  const [rows, [{ n }]] = await Promise.all([
    ctx.deps.db
      .select()
      .from(contracts)
      .where(where)
      .orderBy(...order(q, cols, contracts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(where),
  ]);
  // the page's figures in one computation (a statement for the page, not one per row)
  const figures = await contractFigures(
    ctx.deps.db,
    ctx.companyId,
    rows.map((c) => c.id),
  );
  return {
    items: rows.map((c) => ({ ...contractResponse(c), figures: figureShares(figures.get(c.id)!, c.price) })),
    total: n,
    page: q.page,
    limit: q.limit,
  };
}

export async function loadContract(ctx: Ctx, id: number): Promise<ContractRow> {
  const [c] = await ctx.deps.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.companyId, ctx.companyId)));
  if (!c) throw new AppError('NOT_FOUND');
  return c;
}

export async function getContract(ctx: Ctx, id: number) {
  const c = await loadContract(ctx, id);
  const positions = await ctx.deps.db
    .select()
    .from(contractPositions)
    .where(eq(contractPositions.contractId, id))
    .orderBy(asc(contractPositions.ordinal));
  return {
    ...contractResponse(c),
    execution44: c.law === '44' ? await execution44(ctx, c) : null,
    positions: positions.map((p) => ({
      id: p.id,
      ordinal: p.ordinal,
      name: p.name,
      okpd2_code: p.okpd2Code,
      okpd2_name: p.okpd2Name,
      classifier: p.classifier as 'okpd2' | 'okpd' | 'okdp',
      classifier_code: p.classifierCode,
      classifier_name: p.classifierName,
      okei_code: p.okeiCode,
      okei_name: p.okeiName,
      quantity: p.quantity,
      unit_price: p.unitPrice,
      amount: p.amount ?? (p.unitPrice && p.quantity ? new Decimal(p.quantity).times(p.unitPrice).toFixed(2) : null),
    })),
  };
}

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
