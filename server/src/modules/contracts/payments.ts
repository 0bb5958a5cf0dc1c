import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import { approvalGate } from '../../platform/approval-gate';
import type { z } from 'zod';
import type { PaymentOrderResponse, PaymentsQuery, Paged } from '@proc/contract';
import { companies, contracts, paymentOrders } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { loadContract } from './contract-access';
import { paymentLinkFindings } from './check-statement';

const SORT = { date: paymentOrders.docDate, amount: paymentOrders.amount, number: paymentOrders.number };

export async function listPayments(ctx: Ctx, q: z.infer<typeof PaymentsQuery>): Promise<Paged<PaymentOrderResponse>> {
  const where: SQL[] = [eq(paymentOrders.companyId, ctx.companyId)];
  if (q.unmatched === 'true') where.push(isNull(paymentOrders.contractId));
  if (q.contract_id) where.push(eq(paymentOrders.contractId, q.contract_id));
  if (q.date_from) where.push(gte(paymentOrders.docDate, q.date_from));
  if (q.date_to) where.push(lte(paymentOrders.docDate, q.date_to));
  if (q.q) {
    // the words a specialist looks a payment up by: its number, either party's ИНН or name, the purpose
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        eq(paymentOrders.number, q.q),
        ilike(paymentOrders.payerInn, like),
        ilike(paymentOrders.payeeInn, like),
        ilike(paymentOrders.payerName, like),
        ilike(paymentOrders.payeeName, like),
        ilike(paymentOrders.purpose, like),
      )!,
    );
  }
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
    ctx.deps.db
      .select({ n: count() })
      .from(paymentOrders)
      .where(and(...where)),
  ]);
  return { items: rows.map((r) => toResponse(r.p, r.regnumber, r.cnumber)), total: n, page: q.page, limit: q.limit };
}

export async function linkPayment(
  ctx: Ctx,
  paymentId: number,
  contractId: number | null,
  opts: { confirmed?: boolean; reason?: string } = {},
): Promise<PaymentOrderResponse> {
  const [p] = await ctx.deps.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, paymentId), eq(paymentOrders.companyId, ctx.companyId)))
    .limit(1);
  if (!p) throw new AppError('NOT_FOUND', 'Платёжное поручение не найдено');
  const contract = contractId === null ? null : await loadContract(ctx, contractId);
  // withdrawing a link takes it out of the contract's paid figure and ЕИС package: the trail keeps why
  if (contractId === null && p.contractId !== null && !opts.reason?.trim()) {
    throw new AppError('VALIDATION', 'Укажите причину, по которой платёжное поручение отвязывается от договора', {
      reason: ['Укажите причину'],
    });
  }
  // a payment to another seller, or by another payer, is asked about first (as an УПД of another seller is)
  let warnings: string[] = [];
  if (contract && p.contractId !== contractId) {
    const [company] = await ctx.deps.db.select({ inn: companies.inn }).from(companies).where(eq(companies.id, ctx.companyId));
    warnings = paymentLinkFindings(p, contract, company?.inn ?? null);
    if (warnings.length && !opts.confirmed) {
      throw new AppError(
        'CONFIRM_REQUIRED',
        `Платёжное поручение № ${p.number} не сходится с договором: ${warnings.join('; ')}. Привязать всё равно?`,
        { warnings },
      );
    }
  }
  const row = await ctx.deps.db.transaction(async (tx) => {
    // registering a payment for a contract releases it into the contract's paid figure and its ЕИС package: only as
    // approved (when the company routes payments); taking it out is not a release
    if (contractId !== null && p.contractId !== contractId)
      await approvalGate.assertApproved(tx, ctx.companyId, 'payment', p.id, 'Платёжное поручение нельзя провести по договору');
    const [r] = await tx
      .update(paymentOrders)
      .set({ contractId, linkedBy: contractId === null ? null : 'user' })
      .where(eq(paymentOrders.id, p.id))
      .returning();
    // each contract's history shows the payment leaving or joining it
    const payment = { payment_id: p.id, number: p.number, date: p.docDate, amount: p.amount };
    if (p.contractId !== null && p.contractId !== contractId) {
      await audit(tx, ctx, {
        entity: 'contract',
        entityId: p.contractId,
        action: 'payment_unlink',
        before: { ...payment, linked_by: p.linkedBy },
        after:
          contractId === null
            ? { withdrawn: true, reason: opts.reason!.trim() }
            : { moved_to_contract_id: contractId, ...(opts.reason?.trim() ? { reason: opts.reason.trim() } : {}) },
      });
    }
    if (contractId !== null && p.contractId !== contractId) {
      await audit(tx, ctx, {
        entity: 'contract',
        entityId: contractId,
        action: 'payment_link',
        before: p.contractId === null ? null : { moved_from_contract_id: p.contractId },
        after: { ...payment, linked_by: 'user', ...(warnings.length ? { confirmed_warnings: warnings } : {}) },
      });
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
