import { and, count, eq } from 'drizzle-orm';
import { CATALOG_MESSAGES, type CurrentTariffResponse, type TariffLimit } from '@proc/contract';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { formatRuDate } from '../deadlines';
import { assignmentState, companyAssignments } from './assignments';
import { tariffResponse } from './plans';
import { moscowToday } from '../../platform/clock';

/** Counts what a limit restricts for a company; `year` is the calendar period the per-year limits refer to. */
export type TariffCounter = (tx: Tx, companyId: number, year: { from: string; to: string }) => Promise<number>;

const counters = new Map<TariffLimit, TariffCounter>();

/**
 * The module that owns the counted records tells how to count them, e.g. procurements:
 *   registerTariffCounter('procurements', (tx, companyId, { from, to }) => countProcurementsCreated(tx, companyId, from, to));
 * Without a counter the usage is 0. Returns an unregister function.
 */
export function registerTariffCounter(limit: TariffLimit, counter: TariffCounter): () => void {
  const previous = counters.get(limit);
  counters.set(limit, counter);
  return () => {
    if (counters.get(limit) !== counter) return;
    if (previous) counters.set(limit, previous);
    else counters.delete(limit);
  };
}

// active (not blocked) users of the company
registerTariffCounter(
  'users',
  async (tx, companyId) =>
    (
      await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.blocked, false)))
    )[0].n,
);

type Assignments = Awaited<ReturnType<typeof companyAssignments>>;

/** The assignment that governs today: the current one, else the one that ended last, else the nearest future one. */
function governing(list: Assignments, today: string): { chosen: Assignments[number]; status: 'active' | 'expired' | 'not_started' } | null {
  if (!list.length) return null;
  const current = list.find(({ a }) => assignmentState(a, today) === 'active');
  const past = list
    .filter(({ a }) => assignmentState(a, today) === 'expired')
    .sort((x, y) => (y.a.validTo ?? '').localeCompare(x.a.validTo ?? ''))[0];
  const future = list
    .filter(({ a }) => assignmentState(a, today) === 'planned')
    .sort((x, y) => x.a.validFrom.localeCompare(y.a.validFrom))[0];
  return { chosen: current ?? past ?? future!, status: current ? 'active' : past ? 'expired' : 'not_started' };
}

const yearOf = (today: string) => {
  const year = Number(today.slice(0, 4));
  return { year, period: { from: `${year}-01-01`, to: `${year}-12-31` } };
};

/** The company's tariff today, its usage and the notice the UI shows when the tariff has lapsed or a limit is reached. */
export async function tariffStatus(ctx: Ctx, tx: Tx = ctx.deps.db, today = moscowToday()): Promise<CurrentTariffResponse> {
  const { year, period } = yearOf(today);
  // sequential: `tx` may be the caller's transaction (one connection)
  const list = await companyAssignments(tx, ctx.companyId);
  const usersUsed = (await counters.get('users')?.(tx, ctx.companyId, period)) ?? 0;
  const procurementsUsed = (await counters.get('procurements')?.(tx, ctx.companyId, period)) ?? 0;
  const base = { company_id: ctx.companyId };
  const unlimited = (used: number) => ({ used, limit: null, reached: false });
  const g = governing(list, today);
  if (!g) {
    return {
      ...base,
      status: 'none',
      tariff: null,
      valid_from: null,
      valid_to: null,
      usage: { users: unlimited(usersUsed), procurements: { ...unlimited(procurementsUsed), year } },
      notice: null,
    };
  }
  const { chosen, status } = g;
  const plan = chosen.p;
  const usage = (used: number, limit: number | null) => ({ used, limit, reached: status === 'active' && limit !== null && used >= limit });
  const result: CurrentTariffResponse = {
    ...base,
    status,
    tariff: tariffResponse(plan),
    valid_from: chosen.a.validFrom,
    valid_to: chosen.a.validTo,
    usage: { users: usage(usersUsed, plan.maxUsers), procurements: { ...usage(procurementsUsed, plan.maxProcurementsPerYear), year } },
    notice: null,
  };
  const notices: string[] = [];
  if (status === 'expired') notices.push(CATALOG_MESSAGES.tariffExpired(plan.name, formatRuDate(chosen.a.validTo!)));
  if (status === 'not_started') notices.push(CATALOG_MESSAGES.tariffNotStarted(plan.name, formatRuDate(chosen.a.validFrom)));
  if (result.usage.procurements.reached) notices.push(CATALOG_MESSAGES.tariffProcurementsLimit(plan.name, plan.maxProcurementsPerYear!));
  if (result.usage.users.reached) notices.push(CATALOG_MESSAGES.tariffUsersLimit(plan.name, plan.maxUsers!));
  result.notice = notices.length ? notices.join('\n') : null;
  return result;
}

/**
 * Call before adding a user or a procurement for `ctx.companyId` (inside the same transaction when there is one).
 * Throws AppError('TARIFF_LIMIT') with the text for the user when the tariff has lapsed, has not started yet or the
 * limit is reached. A company without any tariff assignment is not limited.
 */
export async function assertTariffAllows(ctx: Ctx, limit: TariffLimit, tx: Tx = ctx.deps.db): Promise<void> {
  // what tariffStatus would say of this limit, counting only when the tariff has one: creation is frequent, and the
  // count grows with the year's records
  const today = moscowToday();
  const g = governing(await companyAssignments(tx, ctx.companyId), today);
  if (!g) return;
  const name = g.chosen.p.name;
  if (g.status === 'expired') throw new AppError('TARIFF_LIMIT', CATALOG_MESSAGES.tariffExpired(name, formatRuDate(g.chosen.a.validTo!)));
  if (g.status === 'not_started')
    throw new AppError('TARIFF_LIMIT', CATALOG_MESSAGES.tariffNotStarted(name, formatRuDate(g.chosen.a.validFrom)));
  const max = limit === 'users' ? g.chosen.p.maxUsers : g.chosen.p.maxProcurementsPerYear;
  if (max === null) return;
  const used = (await counters.get(limit)?.(tx, ctx.companyId, yearOf(today).period)) ?? 0;
  if (used >= max)
    throw new AppError(
      'TARIFF_LIMIT',
      limit === 'users' ? CATALOG_MESSAGES.tariffUsersLimit(name, max) : CATALOG_MESSAGES.tariffProcurementsLimit(name, max),
    );
}

/**
 * The file storage allowance of the company's governing tariff (as tariffStatus picks it, a lapsed one included: files
 * are kept, only new ones are weighed): MiB, null — unlimited; null itself when the company has no tariff.
 */
export async function tariffStorageMb(
  tx: Tx,
  companyId: number,
  today = moscowToday(),
): Promise<{ name: string; mb: number | null } | null> {
  const g = governing(await companyAssignments(tx, companyId), today);
  return g ? { name: g.chosen.p.name, mb: g.chosen.p.storageMb } : null;
}
