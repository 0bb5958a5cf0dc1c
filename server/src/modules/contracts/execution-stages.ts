import type { EisPerformanceStage } from '../../formats';
import type { Tx } from '../../db/client';
import { registerExecutionSource } from './execution';
import { contractFigures, countsAsDelivered } from '../figures';

/**
 * The ЕИС execution package's stage from the one computation of the card and the reports (contractFigures): the
 * processed УПД in force and accepted (countsAsDelivered; code 19 — счёт-фактура, which a УПД with function СЧФДОП is) and the payments counted, less
 * what ЕИС already holds — its own documents of acceptance and payments, and ours that its execution names — so a
 * document is never registered twice, and a withdrawn document or link leaves the package too.
 */
export async function executionStages(db: Tx, companyId: number, contractId: number): Promise<EisPerformanceStage[]> {
  const figures = (await contractFigures(db, companyId, [contractId])).get(contractId)!;
  const docs = figures.documents.filter((d) => d.source === 'upd' && d.status === 'processed' && countsAsDelivered(d) && !d.knownToEis);
  const payments = figures.payments.filter((p) => !p.knownToEis);
  if (!docs.length && !payments.length) return [];
  return [
    {
      ordinal: 1,
      payments: payments.map((p, i) => ({
        ordinal: i + 1,
        date: p.date!,
        amount: p.amount,
        currency: null,
        rubAmount: null,
        prepaid: null,
      })),
      documents: docs.map((d, i) => ({
        ordinal: i + 1,
        date: d.date!,
        code: '19',
        name: 'универсальный передаточный документ',
        number: d.number!,
        contractPosition: null,
        okei: null,
        quantity: null,
        prepayment: null,
      })),
    },
  ];
}

registerExecutionSource(executionStages);
