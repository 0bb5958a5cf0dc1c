import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import { CATALOG_MESSAGES, TARIFF_PERIOD_TITLES, type Paged, type TariffRequest, type TariffResponse } from '@proc/contract';
import type { Tx } from '../../db/client';
import { companyTariffs, tariffPlans } from '../../db/schema';
import { audit as record, changes } from '../../platform/audit';
import type { AuthUser, Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { registerUsage, usageDetails, usageOf } from '../catalogs';
import { escapeLike, ruOrder } from '../catalogs';
import { now as clockNow } from '../../platform/clock';

type PlanRow = typeof tariffPlans.$inferSelect;
type Period = keyof typeof TARIFF_PERIOD_TITLES;

export const tariffResponse = (p: PlanRow): TariffResponse => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: p.price,
  period: p.period as Period,
  period_title: TARIFF_PERIOD_TITLES[p.period as Period] ?? p.period,
  max_users: p.maxUsers,
  max_procurements_per_year: p.maxProcurementsPerYear,
  storage_mb: p.storageMb,
  archived: p.archived,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

/** Tariffs are admin's alone. */
export function assertAdmin(user: AuthUser): void {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', CATALOG_MESSAGES.adminOnlyTariffs);
}

registerUsage(
  'tariffs',
  async (tx, id) => (await tx.select({ n: count() }).from(companyTariffs).where(eq(companyTariffs.planId, id)))[0].n,
  'назначения организациям',
);

const values = (input: TariffRequest) => ({
  name: input.name,
  description: input.description ?? null,
  price: new Decimal(input.price).toFixed(2),
  period: input.period,
  maxUsers: input.max_users ?? null,
  maxProcurementsPerYear: input.max_procurements_per_year ?? null,
  storageMb: input.storage_mb ?? null,
});

export interface TariffsQuery {
  page: number;
  limit: number;
  q?: string;
  sort: 'name' | 'price' | 'created_at';
  order: 'asc' | 'desc';
  archived: 'false' | 'true' | 'all';
}

export async function listTariffs(deps: Deps, user: AuthUser, q: TariffsQuery): Promise<Paged<TariffResponse>> {
  assertAdmin(user);
  const filters: SQL[] = [];
  if (q.archived !== 'all') filters.push(eq(tariffPlans.archived, q.archived === 'true'));
  if (q.q) filters.push(ilike(tariffPlans.name, `%${escapeLike(q.q)}%`));
  const where = and(...filters);
  const col = q.sort === 'price' ? tariffPlans.price : q.sort === 'created_at' ? tariffPlans.createdAt : ruOrder(tariffPlans.name);
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select()
      .from(tariffPlans)
      .where(where)
      .orderBy(q.order === 'desc' ? desc(col) : asc(col), asc(tariffPlans.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    deps.db.select({ n: count() }).from(tariffPlans).where(where),
  ]);
  return { items: rows.map(tariffResponse), total: n, page: q.page, limit: q.limit };
}

export async function tariffOptions(deps: Deps, user: AuthUser, q: { q?: string; page: number; limit: number }) {
  assertAdmin(user);
  const filters: SQL[] = [eq(tariffPlans.archived, false)];
  if (q.q) filters.push(ilike(tariffPlans.name, `%${escapeLike(q.q)}%`));
  const rows = await deps.db
    .select()
    .from(tariffPlans)
    .where(and(...filters))
    .orderBy(ruOrder(tariffPlans.name), asc(tariffPlans.id))
    .limit(q.limit + 1)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.slice(0, q.limit).map((p) => ({ name: p.name, value: p.id, obj: tariffResponse(p) })),
    page: q.page,
    limit: q.limit,
    has_more: rows.length > q.limit,
  };
}

async function loadPlan(tx: Tx, id: number): Promise<PlanRow> {
  const [p] = await tx.select().from(tariffPlans).where(eq(tariffPlans.id, id));
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}

export async function getTariff(deps: Deps, user: AuthUser, id: number): Promise<TariffResponse> {
  assertAdmin(user);
  return tariffResponse(await loadPlan(deps.db, id));
}

/** Tariffs are global: their entries have no company (admin reads them). */
const audit = (tx: Tx, user: AuthUser, id: number, action: string, before: unknown, after: unknown) =>
  record(tx, { user, companyId: null }, { entity: 'tariff', entityId: id, action, before, after });

export async function createTariff(deps: Deps, user: AuthUser, input: TariffRequest): Promise<TariffResponse> {
  assertAdmin(user);
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.insert(tariffPlans).values(values(input)).returning();
    await audit(tx, user, p.id, 'create', null, tariffResponse(p));
    return tariffResponse(p);
  });
}

export async function updateTariff(deps: Deps, user: AuthUser, id: number, input: TariffRequest): Promise<TariffResponse> {
  assertAdmin(user);
  return deps.db.transaction(async (tx) => {
    const before = await loadPlan(tx, id);
    const [p] = await tx
      .update(tariffPlans)
      .set({ ...values(input), updatedAt: clockNow() })
      .where(eq(tariffPlans.id, id))
      .returning();
    const { before: was, after: now } = changes(tariffResponse(before), tariffResponse(p));
    await audit(tx, user, id, 'update', was, now);
    return tariffResponse(p);
  });
}

export async function archiveTariff(deps: Deps, user: AuthUser, id: number, archived: boolean): Promise<TariffResponse> {
  assertAdmin(user);
  return deps.db.transaction(async (tx) => {
    const before = await loadPlan(tx, id);
    const [p] = await tx.update(tariffPlans).set({ archived, updatedAt: clockNow() }).where(eq(tariffPlans.id, id)).returning();
    await audit(tx, user, id, archived ? 'archive' : 'restore', { archived: before.archived }, { archived });
    return tariffResponse(p);
  });
}

/** A tariff ever assigned to a company is kept (history of the company's periods): archive it instead. */
export async function deleteTariff(deps: Deps, user: AuthUser, id: number): Promise<void> {
  assertAdmin(user);
  await deps.db.transaction(async (tx) => {
    const p = await loadPlan(tx, id);
    const usage = await usageOf('tariffs', tx, { id, companyId: null, name: p.name });
    if (usage.count > 0) throw new AppError('IN_USE', CATALOG_MESSAGES.inUse(p.name, usageDetails(usage)));
    await tx.delete(tariffPlans).where(eq(tariffPlans.id, id));
    await audit(tx, user, id, 'delete', tariffResponse(p), null);
  });
}
