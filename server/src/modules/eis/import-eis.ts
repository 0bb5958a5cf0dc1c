import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EVENTS, MESSAGES, formatDate, type EisContractsImportRequest } from '@proc/contract';
import { parseEisContracts, parseEisPlan, isFormatError } from '../../formats';
import { companies } from '../../db/schema';
import type { Ctx, Deps } from '../../platform/context';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { JobSuperseded } from '../../platform/jobs';
import { gatewayOf } from './gateway';
import { eisAccess } from '../users/eis-settings';
import { storeContracts } from './store-contracts';
import { storePlan } from './store-plan';
import { ownCustomers } from './own-customer';

export const CONTRACTS_IMPORT_JOB = 'eis.contracts-import';
export const PLANS_IMPORT_JOB = 'eis.plans-import';

const contractsJob = z.object({
  companyId: z.number(),
  userId: z.number(),
  key: z.string(),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
  eais_registry_number: z.string().optional(),
});
const plansJob = z.object({ companyId: z.number(), userId: z.number(), key: z.string() });

async function companyInn(deps: Deps, companyId: number): Promise<string> {
  const [c] = await deps.db.select({ inn: companies.inn }).from(companies).where(eq(companies.id, companyId));
  if (!c?.inn) throw new AppError('VALIDATION', 'У организации не указан ИНН: загрузка из ЕИС невозможна');
  return c.inn;
}

export async function requestContractsImport(ctx: Ctx, input: EisContractsImportRequest): Promise<{ key: string }> {
  await companyInn(ctx.deps, ctx.companyId);
  const key = randomUUID();
  await ctx.deps.jobs.send(CONTRACTS_IMPORT_JOB, { companyId: ctx.companyId, userId: ctx.user.id, key, ...input });
  return { key };
}

export async function requestPlansImport(ctx: Ctx): Promise<{ key: string }> {
  await companyInn(ctx.deps, ctx.companyId);
  const key = randomUUID();
  await ctx.deps.jobs.send(PLANS_IMPORT_JOB, { companyId: ctx.companyId, userId: ctx.user.id, key });
  return { key };
}

type Stored<F extends (...a: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/**
 * The ЕИС import path: the integration service's files, read by the format parsers, stored in one transaction; `inTx`
 * adds the caller's own step (a job's completion) to that transaction.
 */
export async function importContractsFromEis(
  deps: Deps,
  companyId: number,
  userId: number,
  query: { registryNumber: string } | { dateFrom: string; dateTo: string },
  inTx?: (tx: Tx, stored: Stored<typeof storeContracts>) => Promise<void>,
) {
  const inn = await companyInn(deps, companyId);
  const files = await gatewayOf(deps).fetchContracts({ customerInn: inn, access: await eisAccess(deps, companyId), ...query });
  const own = await ownCustomers(deps.db, companyId);
  // ЕИС answers by region or registry number: only the company's own contracts are kept
  const records = files.flatMap((xml) => parseEisContracts(Buffer.from(xml, 'utf8')).contracts).filter((c) => !c.customer?.inn || own.inns.has(c.customer.inn));
  return deps.db.transaction(async (tx) => {
    const out = await storeContracts(tx, companyId, records, 'eis', { id: userId });
    await inTx?.(tx, out);
    return out;
  });
}

export async function importPlansFromEis(deps: Deps, companyId: number, userId: number, inTx?: (tx: Tx, stored: unknown[]) => Promise<void>) {
  const inn = await companyInn(deps, companyId);
  const files = await gatewayOf(deps).fetchPlans(inn);
  const own = await ownCustomers(deps.db, companyId);
  const parsed = files.map((xml) => parseEisPlan(Buffer.from(xml, 'utf8')).plan).filter((p) => !p.customer?.inn || own.inns.has(p.customer.inn));
  return deps.db.transaction(async (tx) => {
    const out = [];
    for (const plan of parsed) out.push({ ...(await storePlan(tx, companyId, plan, 'eis', { id: userId })), number: plan.registrationNumber });
    await inTx?.(tx, out);
    return out;
  });
}

const errorText = (e: unknown) => (e instanceof Error && (isFormatError(e) || e.name === 'GatewayError' || e instanceof AppError || 'retryable' in e) ? e.message : 'Не удалось обработать ответ ЕИС');

/*
 * The handlers report their own failures to the user, so a retry only happens to a run that was cut short: its process
 * died (kill -9, power loss) or it outlived JOB_EXPIRE_SECONDS. Such a run committed nothing, because the stored data
 * and the job's completion commit in one transaction; the next run does the whole import again and alone sends the
 * notice. A run that finds its job already completed by another stops without a word.
 */
const importOptions = (deps: Deps) => ({ retryLimit: 2, retryDelay: 1, expireInSeconds: deps.config.JOB_EXPIRE_SECONDS });

export function defineImportJobs(deps: Deps): void {
  deps.jobs.define({
    name: CONTRACTS_IMPORT_JOB,
    schema: contractsJob,
    options: importOptions(deps),
    async handler(p, job) {
      const base = { key: p.key, date_from: p.date_from, date_to: p.date_to, eais_registry_number: p.eais_registry_number };
      try {
        const query = p.eais_registry_number ? { registryNumber: p.eais_registry_number } : { dateFrom: p.date_from!, dateTo: p.date_to! };
        const stored = await importContractsFromEis(deps, p.companyId, p.userId, query, (tx, out) => deps.jobs.completeIn(tx, CONTRACTS_IMPORT_JOB, job.id, { contracts: out.length }));
        const violations = stored.flatMap((s) => s.violations.map((v) => (s.registryNumber ? `${s.registryNumber}: ${v}` : v)));
        deps.realtime.toUser(p.userId, EVENTS.notificationEisContractsResponse, {
          ...base,
          result: 'success',
          violations,
          message: p.eais_registry_number ? MESSAGES.contractSuccess(p.eais_registry_number) : stored.length ? MESSAGES.contractsSuccess(formatDate(p.date_from!), formatDate(p.date_to!)) : MESSAGES.contractsNothing(formatDate(p.date_from!), formatDate(p.date_to!)),
          created: stored.filter((s) => s.change === 'created').length,
          updated: stored.filter((s) => s.change === 'updated').length,
          unchanged: stored.filter((s) => s.change === 'unchanged').length,
        });
      } catch (e) {
        if (e instanceof JobSuperseded) return;
        deps.realtime.toUser(p.userId, EVENTS.notificationEisContractsResponse, { ...base, result: 'error', error: errorText(e), violations: [] });
      }
    },
  });
  deps.jobs.define({
    name: PLANS_IMPORT_JOB,
    schema: plansJob,
    options: importOptions(deps),
    async handler(p, job) {
      try {
        const stored = await importPlansFromEis(deps, p.companyId, p.userId, (tx, out) => deps.jobs.completeIn(tx, PLANS_IMPORT_JOB, job.id, { plans: out.length }));
        deps.realtime.toUser(p.userId, EVENTS.eisPlanResponse, { key: p.key, result: 'success', plans: stored.map((s) => s.number), created: stored.filter((s) => s.created).length });
      } catch (e) {
        if (e instanceof JobSuperseded) return;
        deps.realtime.toUser(p.userId, EVENTS.eisPlanResponse, { key: p.key, result: 'error', error: errorText(e) });
      }
    },
  });
}
