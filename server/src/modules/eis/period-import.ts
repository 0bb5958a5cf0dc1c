import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EVENTS, type EisDocumentType } from '@proc/contract';
import { isFormatError, parseInWorker, type EisFile } from '../../formats';
import { eis44Notices, eisImportDays, eisImports } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Ctx, Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { JobDeferred, JobSuperseded } from '../../platform/jobs';
import { GatewayError } from '../../clients/eis-gateway';
import { actingEditor, markSyncStopped, syncStoppedText } from '../users';
import { eisAccess, markTokenRejected } from './eis-settings';
import { gatewayOf } from '../../clients/eis-gateway-of';
import { storeContracts } from '../contracts';
import { storePlan } from '../plans';
import { storeTenderPlan } from '../plans';
import { storeNotice44 } from '../notices';
import { ikzsOfPurchases, notifyEisChanged, procurementsOfIkzs, procurementsOfNotices } from '../notices';
import { ownContracts44, storeContracts44 } from '../contracts';
import { prepareNotice, storeNotice, type PreparedNotice } from '../notices';
import { isOwnParty, namesOwnCustomer, ownCustomers, type OwnCustomers } from '../companies';
import { companyInn } from '../companies';
import { eachDay, now } from '../../platform/clock';

/**
 * An import of a period from ЕИС's СОИ, which answers one day and one document type per request. The days are walked
 * in order, a few fetched at a time; each day's documents are stored in one transaction with the day's mark, so a run
 * cut short (kill -9, a lost connection to ЕИС) continues after the last stored day and stores nothing twice.
 */
export const PERIOD_IMPORT_JOB = 'eis.period-import';
/** Days fetched at a time: at most this many requests to the integration service in flight. */
const DAYS_IN_FLIGHT = 4;
/** Runs of a job that meets ЕИС unavailable, each continuing where the last one stopped (pg-boss backs off). */
const RETRY_LIMIT = 3;

type ImportRow = typeof eisImports.$inferSelect;

/**
 * Imports this process walks without a job of their own (the demo's first start): the check for imports whose job is
 * gone must not take them for abandoned.
 */
const walkingHere = new Set<string>();

/** The import is no longer running (stopped by its user, or ended by the check for abandoned imports). */
class ImportStopped extends Error {}

/** A run gives its worker back, between its windows of days, to another company's job waiting (see the job). */
class ImportYields extends Error {}
/** How long a run goes on before it asks whether another company's import waits for its worker. */
const SLICE_MS = 1_000;

export interface PeriodImportInput {
  companyId: number;
  userId: number | null;
  origin: 'manual' | 'daily';
  types: EisDocumentType[];
  dateFrom: string;
  dateTo: string;
}

async function insertImport(t: Tx, id: string, input: PeriodImportInput): Promise<void> {
  await t.insert(eisImports).values({
    id,
    companyId: input.companyId,
    userId: input.userId,
    origin: input.origin,
    documentTypes: input.types,
    dateFrom: input.dateFrom,
    dateTo: input.dateTo,
    daysTotal: eachDay(input.dateFrom, input.dateTo).length,
  });
}

/** Records the import and queues its job, in the caller's transaction when given (the job starts once it commits). */
export async function queuePeriodImport(deps: Deps, input: PeriodImportInput, tx?: Tx): Promise<string> {
  const id = randomUUID();
  const write = async (t: Tx) => {
    await insertImport(t, id, input);
    await deps.jobs.send(PERIOD_IMPORT_JOB, { importId: id, companyId: input.companyId }, { tx: t });
  };
  if (tx) await write(tx);
  else {
    await deps.db.transaction(write);
    deps.jobs.wake(PERIOD_IMPORT_JOB);
  }
  return id;
}

/** Runs a whole import here and now, without a job (the demo's first start, which is a job of its own). */
export async function importPeriodNow(deps: Deps, input: PeriodImportInput): Promise<ImportRow | null> {
  const id = randomUUID();
  walkingHere.add(id);
  await deps.db.transaction((t) => insertImport(t, id, input));
  try {
    await walkPeriodImport(deps, id);
  } catch (e) {
    await finishPeriodImport(deps, id, { status: 'error', message: importErrorText(e) });
    throw e;
  } finally {
    walkingHere.delete(id);
  }
  return finishPeriodImport(deps, id, { status: 'success' });
}

/** Asks for a period import for the user's company after checking what ЕИС needs to answer. */
export async function requestPeriodImport(ctx: Ctx, types: EisDocumentType[], dateFrom: string, dateTo: string): Promise<{ key: string }> {
  await companyInn(ctx.deps, ctx.companyId);
  return {
    key: await queuePeriodImport(ctx.deps, { companyId: ctx.companyId, userId: ctx.user.id, origin: 'manual', types, dateFrom, dateTo }),
  };
}

interface Fetched {
  day: string;
  files: EisFile[];
}

async function fetchDay(
  deps: Deps,
  companyId: number,
  inn: string,
  access: Awaited<ReturnType<typeof eisAccess>>,
  types: string[],
  day: string,
  maxWaitMs: number | undefined,
): Promise<Fetched> {
  const files: EisFile[] = [];
  for (const [i, type] of types.entries()) {
    let xmls: string[];
    try {
      // only the day's first request may send the job away (as the integration service does for a type's requests)
      xmls = await gatewayOf(deps).fetchDay({
        customerInn: inn,
        access,
        type: type as EisDocumentType,
        day,
        maxWaitMs: i === 0 ? maxWaitMs : undefined,
      });
    } catch (e) {
      // ЕИС refused the token itself: every further day would be refused too, so the import ends now with ЕИС's words
      // and the company's screens ask for a new token
      if (e instanceof GatewayError && e.code === 'EIS_TOKEN_REJECTED') await markTokenRejected(deps, companyId, e.message);
      throw e;
    }
    for (const xml of xmls) files.push(await parseInWorker('eis', Buffer.from(xml, 'utf8')));
  }
  return { day, files };
}

const customerOf = (f: EisFile) =>
  f.kind === 'plan' ? f.plan.customer : f.kind === 'notice' ? f.notice.customer : f.kind === 'tenderPlan' ? f.tenderPlan.customer : null;

/** Stores one fetched day with its mark; its documents, or null when another run stored it first. */
async function storeDay(deps: Deps, imp: ImportRow, ctx: Ctx, own: OwnCustomers, { day, files }: Fetched): Promise<number | null> {
  // ЕИС answers by region: only the company's own documents are kept
  const mine = (party: { inn: string | null; kpp?: string | null } | null | undefined) => namesOwnCustomer(own, [party]);
  // a purchase placed by an authorised body or institution names the body as placer and each customer in its lot (by
  // regNum and the ИКУ of its ИКЗ): any own one makes it the company's. A protocol names only its publisher (the
  // body): it is the company's when its purchase's notice is (stored before, or fetched with it).
  const ownNotices = new Set(
    files.flatMap((f) =>
      f.kind === 'purchase44' && f.purchase.kind === 'notice' && noticeIsOwn(f.purchase) ? [f.purchase.purchaseNumber] : [],
    ),
  );
  function noticeIsOwn(n: Extract<Extract<EisFile, { kind: 'purchase44' }>['purchase'], { kind: 'notice' }>) {
    return namesOwnCustomer(own, [n.placer.inn, ...n.lots.map((l) => ({ inn: l.customer.inn, iku: l.iku }))]);
  }
  const protocolNumbers = files.flatMap((f) =>
    f.kind === 'purchase44' && f.purchase.kind === 'protocol' ? [f.purchase.purchaseNumber] : [],
  );
  const known = protocolNumbers.length
    ? new Set(
        (
          await deps.db
            .selectDistinct({ n: eis44Notices.purchaseNumber })
            .from(eis44Notices)
            .where(and(eq(eis44Notices.companyId, imp.companyId), inArray(eis44Notices.purchaseNumber, protocolNumbers)))
        ).map((r) => r.n),
      )
    : new Set<string>();
  const minePurchase44 = (d: Extract<EisFile, { kind: 'purchase44' }>['purchase']) =>
    d.kind === 'notice'
      ? noticeIsOwn(d)
      : ownNotices.has(d.purchaseNumber) || known.has(d.purchaseNumber) || isOwnParty(own, d.publisher.inn) === true;
  const contracts = files.flatMap((f) => (f.kind === 'contracts' ? f.contracts : [])).filter((c) => mine(c.customer));
  const others = files.filter((f) => (f.kind === 'plan' || f.kind === 'notice' || f.kind === 'tenderPlan') && mine(customerOf(f)));
  const violations: string[] = [];
  const notices: PreparedNotice[] = [];
  for (const f of others) {
    if (f.kind !== 'notice') continue;
    try {
      notices.push(await prepareNotice(ctx, f.notice));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      violations.push(e.message);
    }
  }
  const plans = others.flatMap((f) => (f.kind === 'plan' ? [f.plan] : []));
  const tenderPlans = others.flatMap((f) => (f.kind === 'tenderPlan' ? [f.tenderPlan] : []));
  // 44-ФЗ notices and protocols: the company's own by the placer's or a lot's customer's ИНН (a protocol names its publisher)
  const purchases44 = files.flatMap((f) => (f.kind === 'purchase44' && minePurchase44(f.purchase) ? [f.purchase] : []));
  const rgk = ownContracts44(
    files.flatMap((f) => (f.kind === 'contracts44' ? [f.contracts44] : [])),
    own,
  );
  const documents = contracts.length + plans.length + notices.length + tenderPlans.length + rgk.size + purchases44.length;
  const stored = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(eisImportDays)
      .values({ importId: imp.id, day, documents })
      .onConflictDoNothing()
      .returning({ day: eisImportDays.day });
    if (!claimed) return null;
    const tally = { created: 0, updated: 0, unchanged: 0 };
    const user = imp.userId ? { id: imp.userId } : null;
    for (const s of await storeContracts(tx, imp.companyId, contracts, 'eis', user)) {
      tally[s.change]++;
      violations.push(...s.violations.map((v) => (s.registryNumber ? `${s.registryNumber}: ${v}` : v)));
    }
    const numbers: string[] = [];
    for (const p of plans) {
      tally[(await storePlan(tx, imp.companyId, p, 'eis', user)).created ? 'created' : 'updated']++;
      if (p.registrationNumber) numbers.push(p.registrationNumber);
    }
    for (const n of notices) tally[(await storeNotice(tx, ctx, n)).created ? 'created' : 'updated']++;
    // a план-график version already stored (a repeated period) is unchanged: ЕИС republishes, it does not edit
    for (const p of tenderPlans) {
      tally[(await storeTenderPlan(tx, imp.companyId, p, 'eis', user)).created ? 'created' : 'unchanged']++;
      numbers.push(p.planNumber);
    }
    for (const d of purchases44) tally[(await storeNotice44(tx, imp.companyId, d, 'eis', user)).created ? 'created' : 'unchanged']++;
    const stored44 = await storeContracts44(tx, imp.companyId, rgk.file, 'eis', user);
    for (const s of stored44.contracts) tally[s.change]++;
    tally.created += stored44.documents.created;
    tally.unchanged += stored44.documents.unchanged;
    // only while it runs: a day fetched when the user pressed «Остановить» is not stored (the transaction rolls back)
    const [running] = await tx
      .update(eisImports)
      .set({
        documents: sql`${eisImports.documents} + ${documents}`,
        created: sql`${eisImports.created} + ${tally.created}`,
        updated: sql`${eisImports.updated} + ${tally.updated}`,
        unchanged: sql`${eisImports.unchanged} + ${tally.unchanged}`,
        numbers: sql`${eisImports.numbers} || ${JSON.stringify(numbers)}::jsonb`,
        violations: sql`${eisImports.violations} || ${JSON.stringify(violations)}::jsonb`,
      })
      .where(and(eq(eisImports.id, imp.id), eq(eisImports.status, 'running')))
      .returning({ id: eisImports.id });
    if (!running) throw new ImportStopped();
    return documents;
  });
  // an open card of a purchase whose notice, protocol or contract just arrived shows ЕИС's new facts
  if (stored) {
    const ikzs = [
      ...purchases44.flatMap((d) => (d.kind === 'notice' ? d.lots.map((l) => l.ikz) : [])),
      ...rgk.file.contracts.map((c) => c.ikz),
      ...(await ikzsOfPurchases(
        deps,
        imp.companyId,
        purchases44.flatMap((d) => (d.kind === 'protocol' ? [d.purchaseNumber] : [])),
      )),
    ];
    notifyEisChanged(deps, imp.companyId, [
      ...(await procurementsOfIkzs(deps, imp.companyId, ikzs)),
      ...(await procurementsOfNotices(
        deps,
        imp.companyId,
        notices.map((n) => n.number),
      )),
    ]);
  }
  return stored;
}

export async function daysDone(deps: Deps, importId: string): Promise<Set<string>> {
  const rows = await deps.db.select({ day: eisImportDays.day }).from(eisImportDays).where(eq(eisImportDays.importId, importId));
  return new Set(rows.map((r) => r.day));
}

/**
 * Walks the days of an import that are not stored yet. Throws what stopped it (the caller decides on a retry); a run
 * that finds the import finished returns its row as it is. `maxWaitMs`: how long a request may wait for the token's
 * budget; past it the walk stops with GatewayError EIS_RATE_LIMITED after storing every day it fetched.
 */
export async function walkPeriodImport(
  deps: Deps,
  importId: string,
  maxWaitMs?: number,
  /** Asked between windows of days: true stops the walk with ImportYields after what it stored. */
  shouldYield?: () => Promise<boolean>,
): Promise<ImportRow | null> {
  const [imp] = await deps.db.select().from(eisImports).where(eq(eisImports.id, importId));
  if (!imp || imp.status !== 'running') return imp ?? null;
  const inn = await companyInn(deps, imp.companyId);
  const access = await eisAccess(deps, imp.companyId);
  // checked again at each run: the user may have lost the company since the import was asked for
  const acting = await actingEditor(deps, imp.companyId, imp.userId);
  if ('refused' in acting) {
    if (imp.origin === 'daily') await markSyncStopped(deps, imp.companyId, syncStoppedText(acting.refused));
    throw new AppError('INVALID_STATE', `Загрузка из ЕИС остановлена: ${acting.refused}`);
  }
  const { ctx } = acting;
  const own = await ownCustomers(deps.db, imp.companyId);
  const done = await daysDone(deps, imp.id);
  const days = eachDay(imp.dateFrom, imp.dateTo).filter((d) => !done.has(d));
  const progress = {
    key: imp.id,
    date_from: imp.dateFrom,
    date_to: imp.dateTo,
    days_total: imp.daysTotal,
    days_done: done.size,
    documents: imp.documents,
  };
  const stillRunning = async () =>
    (await deps.db.select({ status: eisImports.status }).from(eisImports).where(eq(eisImports.id, imp.id)))[0]?.status === 'running';
  for (let i = 0; i < days.length; i += DAYS_IN_FLIGHT) {
    // the user may stop it between days («Остановить»): nothing more is asked for or stored
    if (i > 0 && !(await stillRunning())) break;
    if (i > 0 && shouldYield && (await shouldYield())) throw new ImportYields();
    const window = await Promise.allSettled(
      days.slice(i, i + DAYS_IN_FLIGHT).map((day) => fetchDay(deps, imp.companyId, inn, access, imp.documentTypes, day, maxWaitMs)),
    );
    // stored in the order of the days up to the first that failed (the budget sent it away): what is stored is always
    // the period's beginning, and the next run goes on from there
    const failed = window.find((r) => r.status === 'rejected');
    for (const r of window) {
      if (r.status === 'rejected') break;
      const fetched = r.value;
      let stored: number | null;
      try {
        stored = await storeDay(deps, imp, ctx, own, fetched);
      } catch (e) {
        if (e instanceof ImportStopped) break;
        throw e;
      }
      if (stored === null) continue;
      progress.days_done++;
      progress.documents += stored;
      // to the user who asked for it; the screens of others poll the status
      if (imp.userId) deps.realtime.toUser(imp.userId, EVENTS.eisImportProgress, { ...progress });
    }
    if (failed) throw failed.reason;
  }
  const [after] = await deps.db.select().from(eisImports).where(eq(eisImports.id, imp.id));
  return after;
}

/** Ends a running import with its outcome; with `jobId`, the job completes in the same transaction. */
export async function finishPeriodImport(
  deps: Deps,
  importId: string,
  outcome: { status: 'success' } | { status: 'error'; message: string },
  jobId?: string,
): Promise<ImportRow | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(eisImports)
      .set({ status: outcome.status, message: outcome.status === 'error' ? outcome.message : null, finishedAt: now() })
      .where(and(eq(eisImports.id, importId), eq(eisImports.status, 'running')))
      .returning();
    if (jobId) await deps.jobs.completeIn(tx, PERIOD_IMPORT_JOB, jobId, { status: outcome.status });
    return row ?? null;
  });
}

/** What the user is told when an import stops for good. */
export const importErrorText = (e: unknown): string =>
  e instanceof GatewayError || e instanceof AppError || isFormatError(e) ? e.message : 'Не удалось обработать ответ ЕИС';

export type ImportNotifier = (imp: ImportRow) => void;

/**
 * When a job sent away by its token's budget comes back: half its allowed wait early, so that its start (a fetch, the
 * import's set-up) is done by the time the slot comes and it waits the rest in the worker — the token's requests keep
 * their pace instead of each coming that much late.
 */
export const budgetReturn = (deps: Deps, retryAfterMs: number): number =>
  Math.max(0, retryAfterMs - Math.floor(deps.config.EIS_BUDGET_WAIT_MS / 2));

/** The check for abandoned imports, every minute on one node. */
export const ABANDONED_IMPORTS_JOB = 'eis.abandoned-imports';

export function definePeriodImportJob(deps: Deps, notify: ImportNotifier): void {
  deps.jobs.define({
    name: ABANDONED_IMPORTS_JOB,
    schema: z.object({}).passthrough(),
    cron: { expression: '* * * * *', tz: 'Europe/Moscow' },
    async handler() {
      await endAbandonedImports(deps, notify);
    },
  });
  deps.jobs.define({
    name: PERIOD_IMPORT_JOB,
    // the company rides along for the fair share: one import of a company at a time, five waiting at most
    schema: z.object({ importId: z.string().uuid(), companyId: z.number().int().optional() }),
    options: { retryLimit: RETRY_LIMIT, retryDelay: 1, retryBackoff: true, expireInSeconds: deps.config.JOB_EXPIRE_SECONDS },
    concurrency: 2,
    fair: { group: (p) => String(p.companyId ?? 'none'), perGroup: 1, maxQueued: 5 },
    async handler({ importId, companyId }, job) {
      let outcome: Parameters<typeof finishPeriodImport>[2];
      const started = performance.now();
      const group = String(companyId ?? 'none');
      // a year's import at a large budget is minutes of work: past a slice, another company's waiting import goes
      // first (this one keeps its place and comes back at once); not with EIS_BUDGET_WAIT_MS=0, which keeps the old wait in the worker to measure it
      const shouldYield = deps.config.EIS_BUDGET_WAIT_MS
        ? async () => performance.now() - started > SLICE_MS && (await deps.jobs.othersWaiting(PERIOD_IMPORT_JOB, group))
        : undefined;
      try {
        const walked = await walkPeriodImport(deps, importId, deps.config.EIS_BUDGET_WAIT_MS || undefined, shouldYield);
        if (!walked || walked.status !== 'running') return;
        outcome = { status: 'success' };
      } catch (e) {
        // the token's next request slot is further off than a worker should sleep: the worker goes to other companies'
        // jobs, and this one comes back then, after the days it stored
        if (e instanceof GatewayError && e.code === 'EIS_RATE_LIMITED' && e.retryAfterMs !== null)
          throw new JobDeferred(budgetReturn(deps, e.retryAfterMs));
        if (e instanceof ImportYields) throw new JobDeferred(0);
        // ЕИС out of reach: the next run continues after the last stored day
        if (e instanceof GatewayError && e.retryable && job.retryCount < RETRY_LIMIT) throw e;
        outcome = { status: 'error', message: importErrorText(e) };
      }
      try {
        const finished = await finishPeriodImport(deps, importId, outcome, job.id);
        if (finished) notify(finished);
      } catch (e) {
        if (!(e instanceof JobSuperseded)) throw e;
      }
    },
  });
}

/** The words an import ended by the check below gets: its job ended without finishing it. */
export const ABANDONED_IMPORT_MESSAGE =
  'Загрузка из ЕИС прервана: задание не завершилось после всех попыток (ЕИС не ответила вовремя). Повторите загрузку позже';

/**
 * An import whose job failed or expired in pg-boss outside the handler (it outlived JOB_EXPIRE_SECONDS on every try,
 * or its process died after the last one) would stay 'running' for ever: nothing is left to finish it. Each 'running'
 * import whose job is no longer queued, active or waiting for a retry ends as an error, and its user is told. Run when
 * the status is read (for one company) and every minute (for all).
 */
export async function endAbandonedImports(deps: Deps, notify: ImportNotifier, companyId?: number): Promise<number> {
  // an import is recorded in the same transaction as its job (the demo's, walked without one, is in walkingHere first)
  const running = await deps.db
    .select({ id: eisImports.id })
    .from(eisImports)
    .where(and(eq(eisImports.status, 'running'), companyId === undefined ? undefined : eq(eisImports.companyId, companyId)));
  let ended = 0;
  for (const { id } of running) {
    if (walkingHere.has(id)) continue;
    const { rows } = (await deps.db.execute(sql`
      SELECT state::text AS state FROM pgboss.job WHERE name = ${PERIOD_IMPORT_JOB} AND data->>'importId' = ${id}
      UNION ALL SELECT state::text AS state FROM pgboss.archive WHERE name = ${PERIOD_IMPORT_JOB} AND data->>'importId' = ${id}`)) as unknown as {
      rows: { state: string }[];
    };
    if (rows.some((r) => ['created', 'retry', 'active'].includes(r.state))) continue;
    const finished = await finishPeriodImport(deps, id, { status: 'error', message: ABANDONED_IMPORT_MESSAGE });
    if (finished) {
      ended++;
      notify(finished);
    }
  }
  return ended;
}

/** «Остановить»: the company's running import ends as cancelled; the walk stops before its next day. */
export async function cancelPeriodImport(deps: Deps, companyId: number, importId: string): Promise<ImportRow> {
  const [row] = await deps.db
    .update(eisImports)
    .set({ status: 'cancelled', message: 'Загрузка остановлена пользователем', finishedAt: now() })
    .where(and(eq(eisImports.id, importId), eq(eisImports.companyId, companyId), eq(eisImports.status, 'running')))
    .returning();
  if (row) return row;
  const [was] = await deps.db
    .select()
    .from(eisImports)
    .where(and(eq(eisImports.id, importId), eq(eisImports.companyId, companyId)));
  if (!was) throw new AppError('NOT_FOUND', 'Загрузка из ЕИС не найдена');
  throw new AppError('CONFLICT', 'Загрузка из ЕИС уже завершена');
}
