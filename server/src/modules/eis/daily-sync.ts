import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EIS_223_DOCUMENT_TYPES, EIS_DOCUMENT_TYPES } from '@proc/contract';
import { companies, eisImports, eisSettings, tenderPlans } from '../../db/schema';
import type { Deps } from '../../platform/context';
import { moscowToday, previousDay } from '../../platform/clock';
import { PERIOD_IMPORT_JOB, queuePeriodImport } from './period-import';
import { actingEditor, markSyncStopped, syncStoppedText } from '../users';

/**
 * The daily sync: every night each company with its own ЕИС token gets the previous day's contracts, plan changes and
 * notices, as a period import of one day acting as the user whose token it is. The screens show its time and result.
 */
export const DAILY_SYNC_JOB = 'eis.daily-sync';
/** 04:00 Moscow time: ЕИС has put the previous day together by then. */
export const DAILY_SYNC_CRON = '0 4 * * *';

/** Queues one day's import per company with a token; a company already synced for that day is skipped. */
export async function runDailySync(deps: Deps, today = moscowToday()): Promise<string[]> {
  const day = previousDay(today);
  const due = await deps.db
    .select({
      companyId: eisSettings.companyId,
      userId: eisSettings.tokenUserId,
      // the план-график (RPGZ) is asked for a 44-ФЗ company, or one that has imported one (a company may have both laws)
      law44: sql<boolean>`(${companies.law} = '44' OR EXISTS (SELECT 1 FROM ${tenderPlans} WHERE ${tenderPlans.companyId} = ${companies.id}))`,
    })
    .from(eisSettings)
    .innerJoin(companies, eq(companies.id, eisSettings.companyId))
    // a token ЕИС refused is not asked with again until a new one is saved: the screens already say so
    .where(
      and(
        isNotNull(eisSettings.tokenSecret),
        isNull(eisSettings.tokenRejected),
        isNotNull(eisSettings.tokenUserId),
        isNotNull(companies.inn),
        isNull(companies.deletedAt),
      ),
    );
  const queued: string[] = [];
  for (const c of due) {
    // the token's user may have lost the company since: the sync does not act for them, and the screens say why
    const acting = await actingEditor(deps, c.companyId, c.userId);
    await markSyncStopped(deps, c.companyId, 'refused' in acting ? syncStoppedText(acting.refused) : null);
    if ('refused' in acting) continue;
    const id = await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .select({ id: eisImports.id })
        .from(eisImports)
        .where(and(eq(eisImports.companyId, c.companyId), eq(eisImports.origin, 'daily'), eq(eisImports.dateFrom, day)));
      if (done) return null;
      return queuePeriodImport(
        deps,
        {
          companyId: c.companyId,
          userId: c.userId,
          origin: 'daily',
          types: c.law44 ? [...EIS_DOCUMENT_TYPES] : [...EIS_223_DOCUMENT_TYPES],
          dateFrom: day,
          dateTo: day,
        },
        tx,
      );
    });
    if (id) queued.push(id);
  }
  if (queued.length) deps.jobs.wake(PERIOD_IMPORT_JOB);
  return queued;
}

export function defineDailySyncJob(deps: Deps): void {
  deps.jobs.define({
    name: DAILY_SYNC_JOB,
    schema: z.object({}).passthrough(),
    cron: { expression: DAILY_SYNC_CRON, tz: 'Europe/Moscow' },
    async handler() {
      await runDailySync(deps);
    },
  });
}
