import { and, asc, eq } from 'drizzle-orm';
import type { EisPerformanceStage } from '../../formats';
import type { Tx } from '../../db/client';
import { acceptanceDocuments } from '../../db/schema';
import { registerExecutionSource } from '../eis';
import { contractTotals, documentInForce } from './execution-totals';

/**
 * The ЕИС execution package's stage from what is in force: the processed УПД that are not withdrawn (code 19 —
 * счёт-фактура, which a УПД with function СЧФДОП is) and the payments linked to the contract, from contractTotals —
 * the same source as the card and the reports, so a withdrawn document or link leaves the package too.
 */
export async function executionStages(db: Tx, companyId: number, contractId: number): Promise<EisPerformanceStage[]> {
  const totals = (await contractTotals(db, companyId, [contractId])).get(contractId)!;
  const docs = await db
    .select({ number: acceptanceDocuments.number, date: acceptanceDocuments.docDate })
    .from(acceptanceDocuments)
    .where(
      and(
        eq(acceptanceDocuments.companyId, companyId),
        eq(acceptanceDocuments.contractId, contractId),
        eq(acceptanceDocuments.status, 'processed'),
        documentInForce,
      ),
    )
    .orderBy(asc(acceptanceDocuments.docDate), asc(acceptanceDocuments.id));
  if (!docs.length && !totals.payments.length) return [];
  return [
    {
      ordinal: 1,
      payments: totals.payments.map((p, i) => ({
        ordinal: i + 1,
        date: p.date,
        amount: p.amount,
        currency: null,
        rubAmount: null,
        prepaid: null,
      })),
      documents: docs.map((d, i) => ({
        ordinal: i + 1,
        date: d.date,
        code: '19',
        name: 'универсальный передаточный документ',
        number: d.number,
        contractPosition: null,
        okei: null,
        quantity: null,
        prepayment: null,
      })),
    },
  ];
}

registerExecutionSource(executionStages);
