import { and, count, eq, isNull } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { ExecutionSummaryResponse } from '@proc/contract';
import { acceptanceDocuments, acceptanceLines, procurements } from '../../db/schema';
import { acceptanceDeadlineItems } from '../acceptance';
import type { Ctx } from '../../platform/context';
import { loadContract } from './contract-access';
import { contractDeadlines, reportedOn } from './execution-totals';
import { contractFigures, documentInForce, figureShares } from '../figures';
import { moscowToday } from '../../platform/clock';

export async function executionSummary(ctx: Ctx, contractId: number): Promise<ExecutionSummaryResponse> {
  const c = await loadContract(ctx, contractId);
  const db = ctx.deps.db;
  const all = await contractFigures(db, ctx.companyId, [c.id]);
  const figures = all.get(c.id)!;
  const today = moscowToday();
  const [[unmapped], reported, [proc]] = await Promise.all([
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
    reportedOn(db, ctx.companyId, [c.id]).then((m) => m.get(c.id)),
    c.procurementId ? db.select({ sme: procurements.smeOnly }).from(procurements).where(eq(procurements.id, c.procurementId)) : [],
  ]);
  const terms = await acceptanceDeadlineItems(db, ctx.companyId, [{ id: c.id, law: c.law, sme: !!proc?.sme }], today, all);
  return {
    contract_id: c.id,
    registry_number: c.registryNumber,
    price: c.price,
    ...figureShares(figures, c.price),
    remaining_to_pay: c.price === null ? null : new Decimal(c.price).minus(figures.paid).toFixed(2),
    // every delivery document and payment counted, each once (УПД and ЕИС's documents of acceptance; 1C and ЕИС)
    documents: figures.documents.length,
    unmapped_lines: unmapped.n,
    payments: figures.payments.length,
    // done travels too: the card marks a past deadline «Выполнено» or «Просрочено», never a bare «до …»
    // with the terms of acceptance and payment of each supplier's document
    deadlines: [...contractDeadlines(c, figures.paymentDates, reported, today), ...(terms.get(c.id) ?? [])],
  };
}
