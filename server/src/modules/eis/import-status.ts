import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { EisDocumentType, EisImportKind, EisImportResponse, EisImportStatusResponse } from '@proc/contract';
import { eisImportDays, eisImports, eisSettings } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { cancelPeriodImport, endAbandonedImports } from './period-import';
import { SOI_DOCUMENTS } from '../../eis-service/soi/envelope';
import { contractTypesOf, notifyPeriodImport } from './import-eis';

type ImportRow = typeof eisImports.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function response(ctx: Ctx, row: ImportRow | undefined): Promise<EisImportResponse | null> {
  if (!row) return null;
  const [{ n }] = await ctx.deps.db.select({ n: count() }).from(eisImportDays).where(eq(eisImportDays.importId, row.id));
  return {
    key: row.id,
    origin: row.origin,
    document_types: row.documentTypes,
    date_from: row.dateFrom,
    date_to: row.dateTo,
    days_total: row.daysTotal,
    days_done: n,
    documents: row.documents,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    status: row.status,
    message: row.message,
    started_at: row.startedAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

const TYPE_OF_KIND: Record<EisImportKind, EisDocumentType> = {
  contracts: 'contract',
  plans: 'purchasePlan',
  notices: 'purchaseNotice',
  tenderPlans: 'tenderPlan2020',
  notices44: 'notice44',
};

/** The contracts, plans and procurements screens: the company's latest import of their kind, and its latest daily sync. */
export async function importStatus(ctx: Ctx, kind: EisImportKind): Promise<EisImportStatusResponse> {
  // an import whose job ended without finishing it is said to have failed, not shown running for ever
  await endAbandonedImports(ctx.deps, notifyPeriodImport(ctx.deps), ctx.companyId);
  const type = TYPE_OF_KIND[kind];
  const latest = (origin?: 'daily') =>
    ctx.deps.db
      .select()
      .from(eisImports)
      .where(
        and(
          eq(eisImports.companyId, ctx.companyId),
          sql`${type} = ANY(${eisImports.documentTypes})`,
          origin ? eq(eisImports.origin, origin) : undefined,
        ),
      )
      .orderBy(desc(eisImports.startedAt))
      .limit(1);
  // one request per document type a day, in every subsystem the kind's import asks: a 44-ФЗ company's contracts are
  // RD223's and RGK's (contract, contractProcedure, contractCancel)
  const types = kind === 'contracts' ? await contractTypesOf(ctx) : [type];
  const [[current], [sync], [settings]] = await Promise.all([
    latest(),
    latest('daily'),
    ctx.deps.db
      .select({ token: eisSettings.tokenSecret, syncStopped: eisSettings.syncStopped, rejected: eisSettings.tokenRejected })
      .from(eisSettings)
      .where(eq(eisSettings.companyId, ctx.companyId)),
  ]);
  return {
    current: await response(ctx, current),
    last_sync: await response(ctx, sync),
    sync_enabled: !!settings?.token,
    sync_stopped: settings?.syncStopped ?? null,
    token_rejected: settings?.rejected ?? null,
    requests_per_minute: ctx.deps.config.EIS_REQUESTS_PER_MINUTE,
    requests_per_day: types.reduce((n, x) => n + SOI_DOCUMENTS[x].documentTypes.length, 0),
  };
}

/** «Остановить»: the company's running import, cancelled; its row as the screens show it. */
export async function cancelImport(ctx: Ctx, key: string): Promise<EisImportResponse> {
  return (await response(ctx, await cancelPeriodImport(ctx.deps, ctx.companyId, key)))!;
}
