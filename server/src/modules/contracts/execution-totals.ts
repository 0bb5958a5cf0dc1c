import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { acceptanceDocuments, acceptanceLines, executionRecords, paymentOrders } from '../../db/schema';
import type { Db } from '../../db/client';
import { CalendarNotLoadedError, contractReportingDeadlines, isOverdue } from '../deadlines';
import type { ContractRow } from './contract-access';
import { moscowDate } from '../../platform/clock';

export interface ContractTotals {
  delivered: string;
  paid: string;
  paymentDates: string[];
  /** Delivered per contract position (mapped lines of documents in force): quantity and amount with VAT */
  byPosition: Map<number, { quantity: string; amount: string }>;
  /** The payments in force (linked to the contract), oldest first */
  payments: { id: number; number: string; date: string; amount: string; purpose: string | null }[];
}

/**
 * What counts: an acceptance document that is not withdrawn. Every figure — the card, the dashboard, the XLSX/PDF
 * reports, the ЕИС execution package and the УПД checks — goes through contractTotals below, so a withdrawn document
 * or payment link leaves all of them at once.
 */
export const documentInForce = isNull(acceptanceDocuments.withdrawnAt);

/**
 * Delivered (mapped УПД lines of documents in force, with VAT) and paid (payment orders linked to the contract) of
 * several contracts in two grouped queries: the one source of the execution figures.
 */
export async function contractTotals(db: Db, companyId: number, contractIds: number[]): Promise<Map<number, ContractTotals>> {
  const out = new Map<number, ContractTotals>(
    contractIds.map((id) => [id, { delivered: '0', paid: '0', paymentDates: [], byPosition: new Map(), payments: [] }]),
  );
  if (!contractIds.length) return out;
  const delivered = await db
    .select({
      contractId: acceptanceDocuments.contractId,
      positionId: acceptanceLines.positionId,
      quantity: sql<string>`COALESCE(SUM(${acceptanceLines.quantity}), 0)::text`,
      sum: sql<string>`COALESCE(SUM(COALESCE(${acceptanceLines.amountWithVat}, ${acceptanceLines.amountWithoutVat})), 0)::text`,
    })
    .from(acceptanceLines)
    .innerJoin(acceptanceDocuments, eq(acceptanceDocuments.id, acceptanceLines.documentId))
    .where(
      and(
        eq(acceptanceLines.companyId, companyId),
        isNotNull(acceptanceLines.positionId),
        inArray(acceptanceDocuments.contractId, contractIds),
        documentInForce,
      ),
    )
    .groupBy(acceptanceDocuments.contractId, acceptanceLines.positionId);
  for (const d of delivered) {
    const t = out.get(d.contractId)!;
    t.delivered = new Decimal(t.delivered).plus(d.sum).toString();
    t.byPosition.set(d.positionId!, { quantity: d.quantity, amount: d.sum });
  }
  const paid = await db
    .select({
      id: paymentOrders.id,
      contractId: paymentOrders.contractId,
      number: paymentOrders.number,
      date: paymentOrders.docDate,
      amount: paymentOrders.amount,
      purpose: paymentOrders.purpose,
    })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.companyId, companyId), inArray(paymentOrders.contractId, contractIds)))
    .orderBy(asc(paymentOrders.docDate), asc(paymentOrders.id));
  for (const p of paid) {
    const t = out.get(p.contractId!)!;
    t.paid = new Decimal(t.paid).plus(p.amount).toString();
    t.paymentDates.push(p.date);
    t.payments.push({ id: p.id, number: p.number, date: p.date, amount: p.amount, purpose: p.purpose });
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
