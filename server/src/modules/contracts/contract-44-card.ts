import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ikzPositionKey, type Contract44Execution } from '@proc/contract';
import type { ContractCancel44, ContractProcedure44 } from '../../formats';
import { contractDocuments44, contracts, tenderPlanPositions, tenderPlans } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { documentIdentity } from '../figures';

/** ЕИС's documents as many procedures (or versions with other ids) repeat them: each once, by the figures' identity. */
const once = <T extends { number: string | null; date: string | null; sum: string | null }>(list: T[]): T[] => {
  const seen = new Set<string>();
  return list.filter((x) => {
    const key = documentIdentity(x.number, x.date, x.sum);
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

type ContractRow = typeof contracts.$inferSelect;

/**
 * A 44-ФЗ contract's card beyond the register's: the план-график position of its ИКЗ (looked up when the card is read,
 * so a plan imported after the contract links as well), ЕИС's stages, and the acceptances, payments and cancellation
 * of the contractProcedure and contractCancel documents stored for its registry number (the newest version of each).
 */
export async function execution44(ctx: Ctx, c: ContractRow): Promise<Contract44Execution> {
  const x = tenderPlanPositions;
  // the position's ИКЗ has 000 in digits 27–29 where its purchase's (and so the contract's) has 001, 002…: they meet on
  // digits 1–26 (year, ИКУ, position number — ikzPositionKey, Порядок 55н п. 5)
  const key = ikzPositionKey(c.ikz);
  const [position] = key
    ? await ctx.deps.db
        .select({ id: x.id, planNumber: tenderPlans.planNumber, positionNumber: x.positionNumber, subject: x.subject, total: x.total })
        .from(x)
        .innerJoin(tenderPlans, eq(tenderPlans.id, x.planId))
        .where(and(eq(x.companyId, ctx.companyId), sql`left(${x.ikz}, 26) = ${key}`))
        .orderBy(desc(tenderPlans.version), desc(x.id))
        .limit(1)
    : [];
  const d = contractDocuments44;
  const docs = c.registryNumber
    ? await ctx.deps.db
        .select({ kind: d.kind, eisId: d.eisId, version: d.version, payload: d.payload })
        .from(d)
        .where(and(eq(d.companyId, ctx.companyId), eq(d.registryNumber, c.registryNumber)))
        .orderBy(asc(d.publishedAt), asc(d.id))
    : [];
  // a newer version of an execution replaces the older one
  const procedures = new Map<string, ContractProcedure44>();
  for (const doc of docs) {
    if (doc.kind !== 'procedure') continue;
    const p = doc.payload as ContractProcedure44;
    const seen = procedures.get(doc.eisId);
    if (!seen || seen.version <= p.version) procedures.set(doc.eisId, p);
  }
  const executions = [...procedures.values()].flatMap((p) => p.executions);
  const cancel = docs.filter((doc) => doc.kind === 'cancel').map((doc) => doc.payload as ContractCancel44)[0] ?? null;
  return {
    position: position
      ? {
          id: position.id,
          plan_number: position.planNumber,
          position_number: position.positionNumber,
          subject: position.subject,
          total: position.total,
        }
      : null,
    eis_stage: c.eisStage,
    stages: c.eisStages.map((s) => ({ key: s.key, start_date: s.startDate, end_date: s.endDate, price: s.price })),
    acceptances: once(
      executions.flatMap((e) =>
        e.acceptance
          ? [
              {
                stage_key: e.stageKey,
                name: e.acceptance.name,
                number: e.acceptance.number,
                date: e.acceptance.date,
                accept_date: e.acceptance.acceptDate,
                sum: e.acceptance.sum,
              },
            ]
          : [],
      ),
    ),
    payments: once(
      executions.flatMap((e) =>
        e.payment
          ? [{ stage_key: e.stageKey, name: e.payment.name, number: e.payment.number, date: e.payment.date, sum: e.payment.sum }]
          : [],
      ),
    ),
    cancel: cancel ? { date: cancel.cancelDate, reason: cancel.reason } : null,
  };
}
