import { and, eq, inArray, sql } from 'drizzle-orm';
import { executionRecords } from '../../db/schema';
import type { Db } from '../../db/client';
import { CalendarNotLoadedError, contractReportingDeadlines, isOverdue } from '../deadlines';
import type { ContractRow } from './contract-access';
import { moscowDate } from '../../platform/clock';

/** Latest date an execution record of each contract went to ЕИС; it covers payments made before it. */
export async function reportedOn(db: Db, companyId: number, contractIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!contractIds.length) return out;
  const rows = await db
    .select({
      contractId: executionRecords.contractId,
      at: sql<string>`to_char(MAX(${executionRecords.createdAt}) AT TIME ZONE 'Europe/Moscow', 'YYYY-MM-DD')`,
    })
    .from(executionRecords)
    .where(
      and(
        eq(executionRecords.companyId, companyId),
        inArray(executionRecords.contractId, contractIds),
        inArray(executionRecords.status, ['sent', 'registered']),
      ),
    )
    .groupBy(executionRecords.contractId);
  for (const r of rows) out.set(r.contractId, r.at);
  return out;
}

/**
 * The contract's legal reporting deadlines with done/overdue marks, under the law it was concluded under: the
 * contract's own `law` (set by the register it came from, RD223 or RGK), never its procurement's or its company's — a
 * budget institution holds contracts of both laws, and a contract need not have a procurement.
 */
export function contractDeadlines(c: ContractRow, paymentDates: string[], reported: string | undefined, today: string) {
  const registeredOn = c.publishedAt ? moscowDate(c.publishedAt) : c.registryNumber ? c.contractDate : null;
  let list: ReturnType<typeof contractReportingDeadlines>;
  try {
    list = contractReportingDeadlines({ law: c.law, signedOn: c.contractDate, payments: [...new Set(paymentDates)].sort() });
  } catch (e) {
    // a year without a loaded production calendar: no working-day arithmetic is possible, so no deadline shown
    if (e instanceof CalendarNotLoadedError) return [];
    throw e;
  }
  return list.map((d) => {
    const doneOn = d.kind === 'contract' ? registeredOn : reported && reported >= d.basisDate ? reported : null;
    return {
      kind: d.kind,
      label: d.label,
      basis_date: d.basisDate,
      due_on: d.dueOn,
      done: !!doneOn,
      overdue: isOverdue(d.dueOn, doneOn, today),
    };
  });
}
