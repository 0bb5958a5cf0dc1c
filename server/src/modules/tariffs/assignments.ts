import { and, desc, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { CATALOG_MESSAGES, type CompanyTariffRequest, type CompanyTariffResponse } from '@proc/contract';
import type { Tx } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { companyTariffs, tariffPlans } from '../../db/schema';
import { audit, changes } from '../../platform/audit';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { formatRuDate } from '../deadlines';
import { assertAdmin, tariffResponse } from './plans';
import { moscowToday } from '../../platform/clock';

type AssignmentRow = typeof companyTariffs.$inferSelect;
type PlanRow = typeof tariffPlans.$inferSelect;

export function assignmentState(a: Pick<AssignmentRow, 'validFrom' | 'validTo'>, today: string): CompanyTariffResponse['state'] {
  if (a.validFrom > today) return 'planned';
  if (a.validTo !== null && a.validTo < today) return 'expired';
  return 'active';
}

const assignmentResponse = (a: AssignmentRow, p: PlanRow, today: string): CompanyTariffResponse => ({
  id: a.id,
  company_id: a.companyId,
  tariff: tariffResponse(p),
  valid_from: a.validFrom,
  valid_to: a.validTo,
  state: assignmentState(a, today),
  created_at: a.createdAt.toISOString(),
});

/** A period as the trail records it: the plan by id and name, the dates. */
const period = (a: AssignmentRow, p: PlanRow | undefined) => ({
  tariff_id: a.planId,
  tariff_name: p?.name ?? null,
  valid_from: a.validFrom,
  valid_to: a.validTo,
});

// read before every creation of a procurement (the tariff's limit)
const assignments = preparedStatements('company_tariffs', (db: Tx, name) =>
  db
    .select({ a: companyTariffs, p: tariffPlans })
    .from(companyTariffs)
    .innerJoin(tariffPlans, eq(tariffPlans.id, companyTariffs.planId))
    .where(eq(companyTariffs.companyId, sql.placeholder('companyId')))
    .orderBy(desc(companyTariffs.validFrom), desc(companyTariffs.id))
    .prepare(name),
);

/** Every assignment of the company with its plan, newest period first. */
export async function companyAssignments(tx: Tx, companyId: number): Promise<{ a: AssignmentRow; p: PlanRow }[]> {
  return assignments(tx, '').execute({ companyId });
}

export async function listCompanyTariffs(ctx: Ctx): Promise<CompanyTariffResponse[]> {
  assertAdmin(ctx.user);
  const today = moscowToday();
  return (await companyAssignments(ctx.deps.db, ctx.companyId)).map(({ a, p }) => assignmentResponse(a, p, today));
}

/** Periods of one company must not overlap, so "the tariff in force" is always one. */
async function assertNoOverlap(tx: Tx, companyId: number, input: CompanyTariffRequest, exceptId?: number): Promise<void> {
  const conditions: SQL[] = [
    eq(companyTariffs.companyId, companyId),
    or(isNull(companyTariffs.validTo), gte(companyTariffs.validTo, input.valid_from))!,
  ];
  if (input.valid_to) conditions.push(lte(companyTariffs.validFrom, input.valid_to));
  if (exceptId) conditions.push(ne(companyTariffs.id, exceptId));
  const [clash] = await tx
    .select()
    .from(companyTariffs)
    .where(and(...conditions))
    .limit(1);
  if (clash)
    throw new AppError(
      'CONFLICT',
      CATALOG_MESSAGES.tariffOverlap(formatRuDate(clash.validFrom), clash.validTo ? formatRuDate(clash.validTo) : 'бессрочно'),
      {
        valid_from: ['Период пересекается с другим тарифом'],
      },
    );
}

async function activePlan(tx: Tx, id: number): Promise<PlanRow> {
  const [p] = await tx.select().from(tariffPlans).where(eq(tariffPlans.id, id));
  if (!p) throw new AppError('VALIDATION', CATALOG_MESSAGES.refUnknown('Тариф'), { tariff_id: ['Тариф не найден'] });
  if (p.archived) throw new AppError('VALIDATION', CATALOG_MESSAGES.tariffArchived, { tariff_id: [CATALOG_MESSAGES.tariffArchived] });
  return p;
}

export async function assignTariff(ctx: Ctx, input: CompanyTariffRequest): Promise<CompanyTariffResponse> {
  assertAdmin(ctx.user);
  return ctx.deps.db.transaction(async (tx) => {
    const p = await activePlan(tx, input.tariff_id);
    await assertNoOverlap(tx, ctx.companyId, input);
    const [a] = await tx
      .insert(companyTariffs)
      .values({ companyId: ctx.companyId, planId: p.id, validFrom: input.valid_from, validTo: input.valid_to, createdBy: ctx.user.id })
      .returning();
    await audit(tx, ctx, { entity: 'company_tariff', entityId: a.id, action: 'create', after: period(a, p) });
    return assignmentResponse(a, p, moscowToday());
  });
}

export async function updateAssignment(ctx: Ctx, id: number, input: CompanyTariffRequest): Promise<CompanyTariffResponse> {
  assertAdmin(ctx.user);
  return ctx.deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(companyTariffs)
      .where(and(eq(companyTariffs.id, id), eq(companyTariffs.companyId, ctx.companyId)));
    if (!before) throw new AppError('NOT_FOUND');
    // extending a period keeps its (maybe since archived) plan; switching to another plan needs an active one
    const p =
      before.planId === input.tariff_id
        ? (await tx.select().from(tariffPlans).where(eq(tariffPlans.id, before.planId)))[0]
        : await activePlan(tx, input.tariff_id);
    await assertNoOverlap(tx, ctx.companyId, input, id);
    const [a] = await tx
      .update(companyTariffs)
      .set({ planId: p.id, validFrom: input.valid_from, validTo: input.valid_to })
      .where(eq(companyTariffs.id, id))
      .returning();
    const [was] = before.planId === p.id ? [p] : await tx.select().from(tariffPlans).where(eq(tariffPlans.id, before.planId));
    await audit(tx, ctx, { entity: 'company_tariff', entityId: id, action: 'update', ...changes(period(before, was), period(a, p)) });
    return assignmentResponse(a, p, moscowToday());
  });
}

export async function removeAssignment(ctx: Ctx, id: number): Promise<void> {
  assertAdmin(ctx.user);
  await ctx.deps.db.transaction(async (tx) => {
    const [a] = await tx
      .delete(companyTariffs)
      .where(and(eq(companyTariffs.id, id), eq(companyTariffs.companyId, ctx.companyId)))
      .returning();
    if (!a) throw new AppError('NOT_FOUND');
    const [p] = await tx.select().from(tariffPlans).where(eq(tariffPlans.id, a.planId));
    await audit(tx, ctx, { entity: 'company_tariff', entityId: id, action: 'delete', before: period(a, p) });
  });
}
