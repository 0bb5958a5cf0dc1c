import { randomUUID } from 'node:crypto';
import { approvalGate } from '../../platform/approval-gate';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { EVENTS, MESSAGES, contractStatusTitle, type ServerEvents } from '@proc/contract';
import { buildPerformanceContractXml, type EisPerformance, type EisPerformanceStage } from '../../formats';
import type { Tx } from '../../db/client';
import { companies, contractPositions, contracts, executionAttempts, executionRecords, signatures } from '../../db/schema';
import type { Ctx, Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { GatewayError } from '../../clients/eis-gateway';
import { gatewayOf } from '../../clients/eis-gateway-of';
import { loadContract } from './list-contracts';
import { now as clockNow, utcDateTime } from '../../platform/clock';

export const EXECUTION_SEND_JOB = 'eis.execution-send';
const RETRY_LIMIT = 5;

/**
 * A source of execution stages (acceptance documents and payments) for a contract. The УПД/payments module adds its
 * own with registerExecutionSource; collectExecution merges the stages of all sources in order.
 */
export type ExecutionSource = (db: Tx, companyId: number, contractId: number) => Promise<EisPerformanceStage[]>;
const sources: ExecutionSource[] = [];
export function registerExecutionSource(source: ExecutionSource): void {
  if (!sources.includes(source)) sources.push(source);
}

/** The performanceContract data of a contract, from its own data and every registered execution source. */
export async function collectExecution(db: Tx, companyId: number, contractId: number): Promise<EisPerformance> {
  const [c] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.companyId, companyId)));
  if (!c) throw new AppError('NOT_FOUND');
  if (!c.registryNumber) throw new AppError('VALIDATION', 'У договора нет реестрового номера ЕИС: сведения об исполнении направить нельзя');
  const label = c.number ? `№ ${c.number}` : `с реестровым номером ${c.registryNumber}`;
  // ЕИС takes execution only of a contract in force (a contract «Недействителен» was cancelled in the register)
  if (c.status === 'invalid')
    throw new AppError(
      'INVALID_STATE',
      `Договор ${label} в статусе «${contractStatusTitle(c.status)}»: сведения об исполнении по нему в ЕИС не направляются`,
    );
  const [co] = await db.select().from(companies).where(eq(companies.id, companyId));
  const stages: EisPerformanceStage[] = [];
  for (const s of sources) stages.push(...(await s(db, companyId, contractId)));
  if (!stages.some((st) => st.payments.length || st.documents.length)) {
    throw new AppError('INVALID_STATE', `По договору ${label} нет ни принятых документов (УПД), ни оплат: направлять в ЕИС нечего`);
  }
  await db.select({ id: contractPositions.id }).from(contractPositions).where(eq(contractPositions.contractId, contractId)).limit(1);
  const now = utcDateTime();
  return {
    guid: randomUUID(),
    registrationNumber: null,
    contractRegistrationNumber: c.registryNumber,
    version: 1,
    status: 'P',
    createDateTime: now,
    publicationDate: null,
    completed: false,
    hasPenalty: false,
    customer: {
      name: co?.fullTitle ?? co?.title ?? null,
      shortName: co?.title ?? null,
      inn: co?.inn ?? null,
      kpp: co?.kpp ?? null,
      ogrn: co?.ogrn ?? null,
      okato: null,
    },
    placer: null,
    contract: {
      guid: c.guid,
      number: c.number,
      customerName: co?.title ?? null,
      supplierName: c.supplierName,
      subject: c.subject,
      contractDate: c.contractDate,
    },
    stages,
    total: null,
    urlEis: null,
  };
}

/** A draft record of the contract's execution as it stands, with its package's XML and the trail's entry, in `tx`. */
async function insertDraftRecord(
  tx: Tx,
  ctx: Ctx,
  contractId: number,
  data: EisPerformance,
  xml: string,
  action: 'execution_send' | 'execution_prepare',
): Promise<number> {
  const [r] = await tx
    .insert(executionRecords)
    .values({ contractId, companyId: ctx.companyId, guid: data.guid, status: 'draft', payload: data, xml, userId: ctx.user.id })
    .returning({ id: executionRecords.id });
  await audit(tx, ctx, {
    entity: 'contract',
    entityId: contractId,
    action,
    after: { execution_record_id: r.id, guid: data.guid, stages: data.stages.length },
  });
  return r.id;
}

/**
 * What goes to ЕИС about the contract is signed and sent only as approved (when the company routes contracts): the
 * guard names the step the approval waits for.
 */
const CONTRACT_GATE = 'Сведения о договоре нельзя подписать и направить в ЕИС';

export async function requestExecutionSend(ctx: Ctx, contractId: number): Promise<{ key: string; id: number }> {
  const c = await loadContract(ctx, contractId);
  // asked first (again below, with the record): what waits for an approval is told so before what is to be sent
  await ctx.deps.db.transaction((tx) => approvalGate.assertApproved(tx, ctx.companyId, 'contract', contractId, CONTRACT_GATE));
  const data = await collectExecution(ctx.deps.db, ctx.companyId, contractId);
  const xml = buildPerformanceContractXml(data);
  const key = randomUUID();
  const id = await ctx.deps.db.transaction(async (tx) => {
    await approvalGate.assertApproved(tx, ctx.companyId, 'contract', contractId, CONTRACT_GATE);
    const recordId = await insertDraftRecord(tx, ctx, contractId, data, xml, 'execution_send');
    await ctx.deps.jobs.send(EXECUTION_SEND_JOB, { recordId, key }, { tx });
    return recordId;
  });
  announceQueuedSend(ctx, c, key, data.guid);
  return { key, id };
}

/**
 * A package to be signed before it goes to ЕИС: a draft record with its XML, not queued until a signature of exactly
 * these bytes is accepted (modules/signatures, then queueSignedExecution).
 */
export async function prepareExecution(ctx: Ctx, contractId: number): Promise<{ id: number; guid: string; xml: string }> {
  await loadContract(ctx, contractId);
  await ctx.deps.db.transaction((tx) => approvalGate.assertApproved(tx, ctx.companyId, 'contract', contractId, CONTRACT_GATE));
  const data = await collectExecution(ctx.deps.db, ctx.companyId, contractId);
  const xml = buildPerformanceContractXml(data);
  const id = await ctx.deps.db.transaction(async (tx) => {
    await approvalGate.assertApproved(tx, ctx.companyId, 'contract', contractId, CONTRACT_GATE);
    return insertDraftRecord(tx, ctx, contractId, data, xml, 'execution_prepare');
  });
  return { id, guid: data.guid, xml };
}

/** A prepared record of the company, locked in `tx` until it commits (one signature sends it once). */
export async function lockDraftExecution(tx: Tx, companyId: number, contractId: number, recordId: number) {
  const [r] = await tx
    .select()
    .from(executionRecords)
    .where(and(eq(executionRecords.id, recordId), eq(executionRecords.contractId, contractId), eq(executionRecords.companyId, companyId)))
    .for('update');
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

/** Queues a prepared record whose signature was just stored in `tx`; the pending event follows the commit (notifyExecutionPending). */
export async function queueSignedExecution(tx: Tx, ctx: Ctx, contractId: number, recordId: number, guid: string): Promise<string> {
  const key = randomUUID();
  await audit(tx, ctx, {
    entity: 'contract',
    entityId: contractId,
    action: 'execution_send',
    after: { execution_record_id: recordId, guid, signed: true },
  });
  await ctx.deps.jobs.send(EXECUTION_SEND_JOB, { recordId, key }, { tx });
  return key;
}

/** Called once the transaction that queued a signed package (queueSignedExecution) has committed. */
export async function notifyExecutionPending(ctx: Ctx, contractId: number, key: string, guid: string): Promise<void> {
  announceQueuedSend(ctx, await loadContract(ctx, contractId), key, guid);
}

/**
 * After the commit of the transaction that queued a package: a job sent inside a transaction wakes no worker
 * (platform/jobs.ts), so it is woken here rather than at its next poll; the user hears «pending» with the contract's
 * numbers.
 */
function announceQueuedSend(ctx: Ctx, c: Pick<typeof contracts.$inferSelect, 'registryNumber' | 'guid'>, key: string, guid: string): void {
  ctx.deps.jobs.wake(EXECUTION_SEND_JOB);
  ctx.deps.realtime.toUser(ctx.user.id, EVENTS.notificationPerfomanceContractResponse, {
    key,
    result: 'pending',
    registration_number: c.registryNumber ?? undefined,
    contract_regnumber: c.registryNumber ?? undefined,
    performance_contract_guid: guid,
    contract_guid: c.guid ?? undefined,
  });
}

/** The record's accepted signature (base64 CMS), which travels with the package; null for an unsigned one. */
async function signatureOf(deps: Deps, companyId: number, recordId: number): Promise<string | null> {
  const [s] = await deps.db
    .select({ fileKey: signatures.fileKey })
    .from(signatures)
    .where(
      and(
        eq(signatures.companyId, companyId),
        eq(signatures.documentKind, 'execution_record'),
        eq(signatures.documentId, recordId),
        eq(signatures.valid, true),
      ),
    )
    .orderBy(desc(signatures.id))
    .limit(1);
  return s ? (await deps.files.get(s.fileKey)).toString('base64') : null;
}

export function defineExecutionJob(deps: Deps): void {
  deps.jobs.define({
    name: EXECUTION_SEND_JOB,
    schema: z.object({ recordId: z.number(), key: z.string() }),
    options: { retryLimit: RETRY_LIMIT, retryDelay: 1, retryBackoff: true },
    async handler({ recordId, key }, job) {
      const [r] = await deps.db.select().from(executionRecords).where(eq(executionRecords.id, recordId));
      if (!r || r.status === 'registered' || r.status === 'rejected' || r.status === 'withdrawn') return;
      const [c] = await deps.db.select().from(contracts).where(eq(contracts.id, r.contractId));
      const base = {
        key,
        performance_contract_guid: r.guid,
        contract_guid: c?.guid ?? undefined,
        contract_regnumber: c?.registryNumber ?? undefined,
      };
      const push = (p: Omit<ServerEvents['notificationPerfomanceContractResponse'], 'key'>) =>
        r.userId && deps.realtime.toUser(r.userId, EVENTS.notificationPerfomanceContractResponse, { ...base, ...p });
      let answer;
      try {
        const signature = await signatureOf(deps, r.companyId, recordId);
        answer = await gatewayOf(deps).sendExecution(r.xml ?? '', signature);
      } catch (e) {
        const g = e instanceof GatewayError ? e : null;
        await deps.db.transaction(async (tx) => {
          await tx
            .insert(executionAttempts)
            .values({ recordId, outcome: 'failed', error: (e as Error).message, httpStatus: g?.httpStatus ?? null });
          await tx.update(executionRecords).set({ status: 'sent', updatedAt: clockNow() }).where(eq(executionRecords.id, recordId));
        });
        if (job.retryCount >= RETRY_LIMIT || (g && !g.retryable)) {
          push({
            result: 'error',
            error: `${MESSAGES.executionErrorHeader(c?.number ?? c?.registryNumber ?? '')}: ${(e as Error).message}`,
          });
          return;
        }
        throw e; // pg-boss retries with backoff; the attempt is already logged
      }
      await deps.db.transaction(async (tx) => {
        // ЕИС's answer changes the record: on behalf of the user who sent it
        await audit(
          tx,
          { user: r.userId ? { id: r.userId } : null, companyId: r.companyId },
          {
            entity: 'contract',
            entityId: r.contractId,
            action: answer.result === 'accepted' ? 'execution_registered' : 'execution_rejected',
            before: { execution_record_id: recordId, status: r.status },
            after:
              answer.result === 'accepted'
                ? { execution_record_id: recordId, status: 'registered', registration_number: answer.registrationNumber }
                : { execution_record_id: recordId, status: 'rejected', reasons: answer.reasons },
          },
        );
        if (answer.result === 'accepted') {
          await tx.insert(executionAttempts).values({ recordId, outcome: 'registered', httpStatus: 200 });
          await tx
            .update(executionRecords)
            .set({ status: 'registered', registrationNumber: answer.registrationNumber, updatedAt: clockNow() })
            .where(eq(executionRecords.id, recordId));
        } else {
          await tx.insert(executionAttempts).values({ recordId, outcome: 'rejected', error: answer.reasons.join('; '), httpStatus: 200 });
          await tx
            .update(executionRecords)
            .set({ status: 'rejected', rejectReasons: answer.reasons, updatedAt: clockNow() })
            .where(eq(executionRecords.id, recordId));
        }
      });
      if (answer.result === 'accepted') push({ result: 'success', registration_number: answer.registrationNumber ?? undefined });
      else push({ result: 'error', error: answer.reasons.join('; ') });
    },
  });
}

export async function listExecution(ctx: Ctx, contractId: number) {
  await loadContract(ctx, contractId);
  const records = await ctx.deps.db
    .select()
    .from(executionRecords)
    .where(and(eq(executionRecords.contractId, contractId), eq(executionRecords.companyId, ctx.companyId)))
    .orderBy(desc(executionRecords.id));
  const attempts = records.length
    ? await ctx.deps.db
        .select()
        .from(executionAttempts)
        .where(
          inArray(
            executionAttempts.recordId,
            records.map((r) => r.id),
          ),
        )
        .orderBy(asc(executionAttempts.id))
    : [];
  return records.map((r) => ({
    id: r.id,
    guid: r.guid,
    status: r.status,
    registration_number: r.registrationNumber,
    reject_reasons: r.rejectReasons ?? null,
    withdrawn_reason: r.withdrawnReason,
    created_at: r.createdAt.toISOString(),
    attempts: attempts
      .filter((a) => a.recordId === r.id)
      .map((a) => ({ id: a.id, attempted_at: a.attemptedAt.toISOString(), outcome: a.outcome, error: a.error, http_status: a.httpStatus })),
  }));
}

/**
 * Withdraws an execution record ЕИС has not accepted (a draft, one still being sent, or one ЕИС rejected) with a
 * reason: it is never sent (again), the reason is in the contract's trail. A registered record is ЕИС's own: it is
 * changed there, by a new version, not withdrawn here.
 */
export async function withdrawExecution(ctx: Ctx, contractId: number, recordId: number, reason: string) {
  await loadContract(ctx, contractId);
  await ctx.deps.db.transaction(async (tx) => {
    const r = await lockDraftExecution(tx, ctx.companyId, contractId, recordId);
    if (r.status === 'registered')
      throw new AppError(
        'INVALID_STATE',
        'Сведения уже зарегистрированы в ЕИС: отозвать их нельзя, изменения вносятся новой версией в ЕИС',
      );
    if (r.status === 'withdrawn') throw new AppError('INVALID_STATE', 'Сведения уже отозваны');
    await tx
      .update(executionRecords)
      .set({ status: 'withdrawn', withdrawnReason: reason, updatedAt: clockNow() })
      .where(eq(executionRecords.id, r.id));
    await audit(tx, ctx, {
      entity: 'contract',
      entityId: contractId,
      action: 'execution_withdraw',
      before: { execution_record_id: r.id, status: r.status },
      after: { execution_record_id: r.id, status: 'withdrawn', reason },
    });
  });
  return (await listExecution(ctx, contractId)).find((x) => x.id === recordId)!;
}

/** Execution records uploaded from ЕИС files: stored as registered records of the company's matching contracts. */
export async function recordRegisteredPerformances(
  tx: Tx,
  companyId: number,
  list: EisPerformance[],
  user: { id: number } | null = null,
): Promise<number> {
  let n = 0;
  for (const p of list) {
    if (!p.contractRegistrationNumber) continue;
    const [c] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.companyId, companyId), eq(contracts.registryNumber, p.contractRegistrationNumber)));
    if (!c) continue;
    const [dup] = await tx.select({ id: executionRecords.id }).from(executionRecords).where(eq(executionRecords.guid, p.guid));
    if (dup) continue;
    const [rec] = await tx
      .insert(executionRecords)
      .values({ contractId: c.id, companyId, guid: p.guid, status: 'registered', payload: p, registrationNumber: p.registrationNumber })
      .returning({ id: executionRecords.id });
    await audit(
      tx,
      { user, companyId },
      {
        entity: 'contract',
        entityId: c.id,
        action: 'execution_import',
        after: { execution_record_id: rec.id, guid: p.guid, registration_number: p.registrationNumber },
      },
    );
    n++;
  }
  return n;
}
