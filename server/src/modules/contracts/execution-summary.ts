import { and, count, eq, isNull } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { ExecutionSummaryResponse } from '@proc/contract';
import { acceptanceDocuments, acceptanceLines } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { loadContract } from './contract-access';
import { contractDeadlines, contractTotals, documentInForce, reportedOn, share } from './execution-totals';
import { moscowToday } from '../../platform/clock';

export async function executionSummary(ctx: Ctx, contractId: number): Promise<ExecutionSummaryResponse> {
  const c = await loadContract(ctx, contractId);
  const db = ctx.deps.db;
  const totals = (await contractTotals(db, ctx.companyId, [c.id])).get(c.id)!;
  const [[docs], [unmapped]] = await Promise.all([
    db
      .select({ n: count() })
      .from(acceptanceDocuments)
      .where(and(eq(acceptanceDocuments.companyId, ctx.companyId), eq(acceptanceDocuments.contractId, c.id), documentInForce)),
    db
      .select({ n: count() })
      .from(acceptanceLines)
      .innerJoin(acceptanceDocuments, eq(acceptanceDocuments.id, acceptanceLines.documentId))
      .where(
        and(
          eq(acceptanceLines.companyId, ctx.companyId),
          eq(acceptanceDocuments.contractId, c.id),
          isNull(acceptanceLines.positionId),
          documentInForce,
        ),
      ),
  ]);
  const reported = (await reportedOn(db, ctx.companyId, [c.id])).get(c.id);
  return {
    contract_id: c.id,
    registry_number: c.registryNumber,
    price: c.price,
    delivered_amount: new Decimal(totals.delivered).toFixed(2),
    delivered_share: share(totals.delivered, c.price),
    paid_amount: new Decimal(totals.paid).toFixed(2),
    paid_share: share(totals.paid, c.price),
    remaining_to_pay: c.price === null ? null : new Decimal(c.price).minus(totals.paid).toFixed(2),
    documents: docs.n,
    unmapped_lines: unmapped.n,
    payments: totals.paymentDates.length,
    // done travels too: the card marks a past deadline «Выполнено» or «Просрочено», never a bare «до …»
    deadlines: contractDeadlines(c, totals.paymentDates, reported, moscowToday()),
  };
}
