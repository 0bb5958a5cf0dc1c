import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentOrderResponse, PaymentsQuery, Paged } from '@proc/contract';
import { contracts, paymentOrders } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { loadContract } from './contract-access';

const SORT = { date: paymentOrders.docDate, amount: paymentOrders.amount, number: paymentOrders.number };

export async function listPayments(ctx: Ctx, q: z.infer<typeof PaymentsQuery>): Promise<Paged<PaymentOrderResponse>> {
  const where: SQL[] = [eq(paymentOrders.companyId, ctx.companyId)];
  if (q.unmatched === 'true') where.push(isNull(paymentOrders.contractId));
  if (q.contract_id) where.push(eq(paymentOrders.contractId, q.contract_id));
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, [{ n }]] = await Promise.all([
    ctx.deps.db
      .select({ p: paymentOrders, regnumber: contracts.registryNumber, cnumber: contracts.number })
      .from(paymentOrders)
      .leftJoin(contracts, and(eq(contracts.id, paymentOrders.contractId), eq(contracts.companyId, ctx.companyId)))
      .where(and(...where))
      .orderBy(dir(SORT[q.sort]), dir(paymentOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.deps.db.select({ n: count() }).from(paymentOrders).where(and(...where)),
  ]);
  return { items: rows.map((r) => toResponse(r.p, r.regnumber, r.cnumber)), total: n, page: q.page, limit: q.limit };
}

export async function linkPayment(ctx: Ctx, paymentId: number, contractId: number | null): Promise<PaymentOrderResponse> {
  const [p] = await ctx.deps.db.select().from(paymentOrders).where(and(eq(paymentOrders.id, paymentId), eq(paymentOrders.companyId, ctx.companyId))).limit(1);
  if (!p) throw new AppError('NOT_FOUND', 'Платёжное поручение не найдено');
  const contract = contractId === null ? null : await loadContract(ctx, contractId);
  const row = await ctx.deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(paymentOrders)
      .set({ contractId, linkedBy: contractId === null ? null : 'user' })
      .where(eq(paymentOrders.id, p.id))
      .returning();
    // each contract's history shows the payment leaving or joining it
    const payment = { payment_id: p.id, number: p.number, date: p.docDate, amount: p.amount };
    if (p.contractId !== null && p.contractId !== contractId) {
      await audit(tx, ctx, { entity: 'contract', entityId: p.contractId, action: 'payment_unlink', before: { ...payment, linked_by: p.linkedBy }, after: contractId === null ? null : { moved_to_contract_id: contractId } });
    }
    if (contractId !== null && p.contractId !== contractId) {
      await audit(tx, ctx, { entity: 'contract', entityId: contractId, action: 'payment_link', before: p.contractId === null ? null : { moved_from_contract_id: p.contractId }, after: { ...payment, linked_by: 'user' } });
    }
    return r;
  });
  return toResponse(row, contract?.registryNumber ?? null, contract?.number ?? null);
}

function toResponse(p: typeof paymentOrders.$inferSelect, regnumber: string | null, cnumber: string | null): PaymentOrderResponse {
  return {
    id: p.id,
    kind: p.kind,
    number: p.number,
    date: p.docDate,
    amount: p.amount,
    payer: { name: p.payerName, inn: p.payerInn, account: p.payerAccount || null },
    payee: { name: p.payeeName, inn: p.payeeInn, kpp: p.payeeKpp, account: p.payeeAccount },
    purpose: p.purpose,
    contract_id: p.contractId,
    contract_regnumber: regnumber,
    contract_number: cnumber,
    linked_by: p.linkedBy,
  };
}
