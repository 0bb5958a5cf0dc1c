import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import {
  EVENTS,
  MESSAGES,
  formatDate,
  type EisContractsImportRequest,
  type EisDocumentType,
  type EisNoticesImportRequest,
  type EisNotices44ImportRequest,
  type EisPlansImportRequest,
  is44RegistryNumber,
} from '@proc/contract';
import { parseContracts44, parseEisContracts } from '../../formats';
import { companies, tenderPlans } from '../../db/schema';
import type { Ctx, Deps } from '../../platform/context';
import type { Tx } from '../../db/client';
import { JobDeferred, JobSuperseded } from '../../platform/jobs';
import { moscowToday } from '../../platform/clock';
import { gatewayOf } from '../../clients/eis-gateway-of';
import { eisAccess, markTokenRejected } from './eis-settings';
import { GatewayError } from '../../clients/eis-gateway';
import { storeContracts } from '../contracts';
import { ownContracts44, storeContracts44 } from '../contracts';
import { namesOwnCustomer, ownCustomers } from '../companies';
import { companyInn } from '../companies';
import { budgetReturn, definePeriodImportJob, importErrorText, requestPeriodImport, type ImportNotifier } from './period-import';

/** One contract by its registry number: a single request to ЕИС, stored with the job's completion. */
export const CONTRACT_IMPORT_JOB = 'eis.contracts-import';

const contractJob = z.object({ companyId: z.number(), userId: z.number(), key: z.string(), eais_registry_number: z.string() });

/** A company working under 44-ФЗ (its own law, or a план-график imported): its period imports ask RGK too. */
async function works44(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.deps.db
    .select({
      law44: sql<boolean>`(${companies.law} = '44' OR EXISTS (SELECT 1 FROM ${tenderPlans} WHERE ${tenderPlans.companyId} = ${companies.id}))`,
    })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  return row?.law44 ?? false;
}

/** What a period of contracts asks ЕИС for: the 223-ФЗ register, and the 44-ФЗ one (RGK) for a company under 44-ФЗ. */
export async function contractTypesOf(ctx: Ctx): Promise<EisDocumentType[]> {
  return (await works44(ctx)) ? ['contract', 'contract44'] : ['contract'];
}

export async function requestContractsImport(ctx: Ctx, input: EisContractsImportRequest): Promise<{ key: string }> {
  if ('date_from' in input) return requestPeriodImport(ctx, await contractTypesOf(ctx), input.date_from, input.date_to);
  await companyInn(ctx.deps, ctx.companyId);
  const key = randomUUID();
  await ctx.deps.jobs.send(CONTRACT_IMPORT_JOB, {
    companyId: ctx.companyId,
    userId: ctx.user.id,
    key,
    eais_registry_number: input.eais_registry_number,
  });
  return { key };
}

/** A plan for a year is published by the end of the year before: without a period, from 1 December of last year. */
export function defaultPlansPeriod(today = moscowToday()): { date_from: string; date_to: string } {
  return { date_from: `${Number(today.slice(0, 4)) - 1}-12-01`, date_to: today };
}

export async function requestPlansImport(ctx: Ctx, input: EisPlansImportRequest): Promise<{ key: string }> {
  const p = input ?? defaultPlansPeriod();
  return requestPeriodImport(ctx, ['purchasePlan'], p.date_from, p.date_to);
}

/** 44-ФЗ планы-графики (RPGZ) published in a period; without one, as for the 223-ФЗ plans. */
export async function requestTenderPlansImport(ctx: Ctx, input: EisPlansImportRequest): Promise<{ key: string }> {
  const p = input ?? defaultPlansPeriod();
  return requestPeriodImport(ctx, ['tenderPlan2020'], p.date_from, p.date_to);
}

/** Notices of every type ЕИС serves, published in the period: they fill the procurement register. */
export async function requestNoticesImport(ctx: Ctx, input: EisNoticesImportRequest): Promise<{ key: string }> {
  return requestPeriodImport(ctx, ['purchaseNotice'], input.date_from, input.date_to);
}

/** 44-ФЗ notices and final protocols (PRIZ) published in the period: they link to the план-график by ИКЗ. */
export async function requestNotices44Import(ctx: Ctx, input: EisNotices44ImportRequest): Promise<{ key: string }> {
  return requestPeriodImport(ctx, ['notice44'], input.date_from, input.date_to);
}

type Stored = Awaited<ReturnType<typeof storeContracts>>;

/**
 * One contract from ЕИС by its registry number, stored in one transaction; `inTx` adds the caller's own step (a job's
 * completion) to that transaction. A 19-digit number is a 44-ФЗ contract's: the integration service asks RGK, whose
 * answer (the contract, its executions and cancel) goes through the register of contracts' 44-ФЗ store, as a period
 * import's does; a 23-digit one is asked of RD223.
 */
export async function importContractFromEis(
  deps: Deps,
  companyId: number,
  userId: number,
  registryNumber: string,
  inTx?: (tx: Tx, stored: Stored) => Promise<void>,
  /** How long to wait for the token's request budget; past it GatewayError EIS_RATE_LIMITED (none: as long as it takes). */
  maxWaitMs?: number,
) {
  const inn = await companyInn(deps, companyId);
  let files: string[];
  try {
    files = await gatewayOf(deps).fetchContract({ customerInn: inn, access: await eisAccess(deps, companyId), registryNumber, maxWaitMs });
  } catch (e) {
    // ЕИС refused the token itself: the company's screens ask for a new one, as after a period import
    if (e instanceof GatewayError && e.code === 'EIS_TOKEN_REJECTED') await markTokenRejected(deps, companyId, e.message);
    throw e;
  }
  const own = await ownCustomers(deps.db, companyId);
  if (is44RegistryNumber(registryNumber)) {
    const { file } = ownContracts44(
      files.map((xml) => parseContracts44(Buffer.from(xml, 'utf8'))),
      own,
    );
    return deps.db.transaction(async (tx) => {
      const out = (await storeContracts44(tx, companyId, file, 'eis', { id: userId })).contracts;
      await inTx?.(tx, out);
      return out;
    });
  }
  const records = files
    .flatMap((xml) => parseEisContracts(Buffer.from(xml, 'utf8')).contracts)
    .filter((c) => namesOwnCustomer(own, [c.customer]));
  return deps.db.transaction(async (tx) => {
    const out = await storeContracts(tx, companyId, records, 'eis', { id: userId });
    await inTx?.(tx, out);
    return out;
  });
}

/** The spec's notices of a finished period import, to the user who asked for it (the daily sync tells nobody). */
export const notifyPeriodImport =
  (deps: Deps): ImportNotifier =>
  (imp) => {
    if (!imp.userId || imp.origin !== 'manual') return;
    const ok = imp.status === 'success';
    if (imp.documentTypes.includes('contract')) {
      const base = { key: imp.id, date_from: imp.dateFrom, date_to: imp.dateTo, violations: imp.violations };
      const found = imp.created + imp.updated + imp.unchanged > 0;
      deps.realtime.toUser(
        imp.userId,
        EVENTS.notificationEisContractsResponse,
        ok
          ? {
              ...base,
              result: 'success',
              message: found
                ? MESSAGES.contractsSuccess(formatDate(imp.dateFrom), formatDate(imp.dateTo))
                : MESSAGES.contractsNothing(formatDate(imp.dateFrom), formatDate(imp.dateTo)),
              created: imp.created,
              updated: imp.updated,
              unchanged: imp.unchanged,
            }
          : { ...base, result: 'error', error: imp.message ?? 'Загрузка из ЕИС не завершена' },
      );
    } else if (imp.documentTypes.includes('purchasePlan')) {
      deps.realtime.toUser(
        imp.userId,
        EVENTS.eisPlanResponse,
        ok
          ? { key: imp.id, result: 'success', plans: [...new Set(imp.numbers)], created: imp.created }
          : { key: imp.id, result: 'error', error: imp.message ?? 'Загрузка из ЕИС не завершена' },
      );
    } else if (imp.documentTypes.includes('tenderPlan2020')) {
      deps.realtime.toUser(
        imp.userId,
        EVENTS.eisTenderPlanResponse,
        ok
          ? { key: imp.id, result: 'success', plans: [...new Set(imp.numbers)], created: imp.created, unchanged: imp.unchanged }
          : { key: imp.id, result: 'error', error: imp.message ?? 'Загрузка из ЕИС не завершена' },
      );
    } else if (imp.documentTypes.includes('notice44')) {
      const base = { key: imp.id, date_from: imp.dateFrom, date_to: imp.dateTo, violations: imp.violations };
      deps.realtime.toUser(
        imp.userId,
        EVENTS.eisNoticesResponse,
        ok
          ? { ...base, result: 'success', created: imp.created, updated: imp.updated }
          : { ...base, result: 'error', error: imp.message ?? 'Загрузка из ЕИС не завершена' },
      );
    } else if (imp.documentTypes.includes('purchaseNotice')) {
      const base = { key: imp.id, date_from: imp.dateFrom, date_to: imp.dateTo, violations: imp.violations };
      deps.realtime.toUser(
        imp.userId,
        EVENTS.eisNoticesResponse,
        ok
          ? { ...base, result: 'success', created: imp.created, updated: imp.updated }
          : { ...base, result: 'error', error: imp.message ?? 'Загрузка из ЕИС не завершена' },
      );
    }
  };

/*
 * A single contract's handler reports its own failures to the user, so a retry only happens to a run that was cut short:
 * its process died (kill -9, power loss) or it outlived JOB_EXPIRE_SECONDS. Such a run committed nothing, because the
 * stored contract and the job's completion commit in one transaction. A run that finds its job already completed by
 * another stops without a word.
 */
export function defineImportJobs(deps: Deps): void {
  definePeriodImportJob(deps, notifyPeriodImport(deps));
  deps.jobs.define({
    name: CONTRACT_IMPORT_JOB,
    schema: contractJob,
    concurrency: 2,
    fair: { group: (p) => String(p.companyId), perGroup: 1, maxQueued: 20 },
    options: { retryLimit: 2, retryDelay: 1, expireInSeconds: deps.config.JOB_EXPIRE_SECONDS },
    async handler(p, job) {
      const base = { key: p.key, eais_registry_number: p.eais_registry_number };
      try {
        const stored = await importContractFromEis(
          deps,
          p.companyId,
          p.userId,
          p.eais_registry_number,
          (tx, out) => deps.jobs.completeIn(tx, CONTRACT_IMPORT_JOB, job.id, { contracts: out.length }),
          deps.config.EIS_BUDGET_WAIT_MS || undefined,
        );
        if (!stored.length) {
          // ЕИС answered with what it files under the number (an execution, a cancel) but not the contract itself:
          // nothing is in the register, so no «Номер загруженного договора …»
          deps.realtime.toUser(p.userId, EVENTS.notificationEisContractsResponse, {
            ...base,
            result: 'error',
            error: is44RegistryNumber(p.eais_registry_number)
              ? `В ответе ЕИС по номеру ${p.eais_registry_number} нет сведений о самом контракте (только об исполнении или расторжении): контракт не загружен`
              : `В ответе ЕИС по номеру ${p.eais_registry_number} нет сведений о договоре: договор не загружен`,
            violations: [],
            created: 0,
          });
          return;
        }
        const violations = stored.flatMap((s) => s.violations.map((v) => (s.registryNumber ? `${s.registryNumber}: ${v}` : v)));
        deps.realtime.toUser(p.userId, EVENTS.notificationEisContractsResponse, {
          ...base,
          result: 'success',
          violations,
          message: MESSAGES.contractSuccess(p.eais_registry_number),
          created: stored.filter((s) => s.change === 'created').length,
          updated: stored.filter((s) => s.change === 'updated').length,
          unchanged: stored.filter((s) => s.change === 'unchanged').length,
        });
      } catch (e) {
        if (e instanceof JobSuperseded) return;
        // the token's budget: the worker goes to other work and the job comes back when the token may ask (period-import.ts)
        if (e instanceof GatewayError && e.code === 'EIS_RATE_LIMITED' && e.retryAfterMs !== null)
          throw new JobDeferred(budgetReturn(deps, e.retryAfterMs));
        deps.realtime.toUser(p.userId, EVENTS.notificationEisContractsResponse, {
          ...base,
          result: 'error',
          error: importErrorText(e),
          violations: [],
        });
      }
    },
  });
}
