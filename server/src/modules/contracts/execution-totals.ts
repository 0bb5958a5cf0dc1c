import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { acceptanceDocuments, acceptanceLines, executionRecords, paymentOrders } from '../../db/schema';
import type { Db } from '../../db/client';
import { CalendarNotLoadedError, contractReportingDeadlines, isOverdue } from '../deadlines';
import type { ContractRow } from './contract-access';

export interface ContractTotals {
  delivered: string;
  paid: string;
  paymentDates: string[];
}

/** Delivered (mapped УПД lines, with VAT) and paid sums of several contracts in two grouped queries. */
export async function contractTotals(db: Db, companyId: number, contractIds: number[]): Promise<Map<number, ContractTotals>> {
  const out = new Map<number, ContractTotals>(contractIds.map((id) => [id, { delivered: '0', paid: '0', paymentDates: [] }]));
  if (!contractIds.length) return out;
  const delivered = await db
    .select({ contractId: acceptanceDocuments.contractId, sum: sql<string>`COALESCE(SUM(COALESCE(${acceptanceLines.amountWithVat}, ${acceptanceLines.amountWithoutVat})), 0)::text` })
    .from(acceptanceLines)
    .innerJoin(acceptanceDocuments, eq(acceptanceDocuments.id, acceptanceLines.documentId))
    .where(and(eq(acceptanceLines.companyId, companyId), isNotNull(acceptanceLines.positionId), inArray(acceptanceDocuments.contractId, contractIds)))
    .groupBy(acceptanceDocuments.contractId);
  for (const d of delivered) out.get(d.contractId)!.delivered = d.sum;
  const paid = await db
    .select({ contractId: paymentOrders.contractId, date: paymentOrders.docDate, amount: paymentOrders.amount })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.companyId, companyId), inArray(paymentOrders.contractId, contractIds)));
  for (const p of paid) {
    const t = out.get(p.contractId!)!;
    t.paid = new Decimal(t.paid).plus(p.amount).toString();
    t.paymentDates.push(p.date);
  }
  return out;
}

export const share = (part: string, whole: string | null) =>
  whole && !new Decimal(whole).isZero() ? new Decimal(part).div(whole).times(100).toFixed(2) : '0.00';

/** Latest date an execution record of each contract went to ЕИС; it covers payments made before it. */
export async function reportedOn(db: Db, companyId: number, contractIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!contractIds.length) return out;
  const rows = await db
    .select({ contractId: executionRecords.contractId, at: sql<string>`to_char(MAX(${executionRecords.createdAt}), 'YYYY-MM-DD')` })
    .from(executionRecords)
    .where(and(eq(executionRecords.companyId, companyId), inArray(executionRecords.contractId, contractIds), inArray(executionRecords.status, ['sent', 'registered'])))
    .groupBy(executionRecords.contractId);
  for (const r of rows) out.set(r.contractId, r.at);
  return out;
}

/** The contract's legal reporting deadlines with done/overdue marks. */
export function contractDeadlines(c: ContractRow, paymentDates: string[], reported: string | undefined, today: string) {
  const registeredOn = c.publishedAt ? c.publishedAt.toISOString().slice(0, 10) : c.registryNumber ? c.contractDate : null;
  let list: ReturnType<typeof contractReportingDeadlines>;
  try {
    list = contractReportingDeadlines({ signedOn: c.contractDate, payments: [...new Set(paymentDates)].sort() });
  } catch (e) {
    // a year without a loaded production calendar: no working-day arithmetic is possible, so no deadline shown
    if (e instanceof CalendarNotLoadedError) return [];
    throw e;
  }
  return list.map((d) => {
    const doneOn = d.kind === 'contract' ? registeredOn : reported && reported >= d.basisDate ? reported : null;
    return { kind: d.kind, label: d.label, basis_date: d.basisDate, due_on: d.dueOn, done: !!doneOn, overdue: isOverdue(d.dueOn, doneOn, today) };
  });
}

export const todayIso = () => new Date().toISOString().slice(0, 10);
