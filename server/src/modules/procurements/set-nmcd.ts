import { ProcurementRequest, type ProcurementFactsRequest, type ProcurementResponse } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { getProcurement } from './procurement-card';
import { updateProcurement } from './save-procurement';

/**
 * Changes some of the purchase's facts (the documentation form's НМЦД, dates, place, ОКПД2…) through the card's own
 * save: the same checks (editable status, rights, ИКЗ), deadlines and rule violations recomputed, the revision counted
 * and the change in the procurement's trail. One write path for every screen that shows a fact.
 */
export async function setProcurementFacts(ctx: Ctx, id: number, facts: ProcurementFactsRequest): Promise<ProcurementResponse> {
  const card = await getProcurement(ctx, id);
  const given = Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined));
  const input = ProcurementRequest.parse({
    ...card,
    rule_id: card.rule?.id ?? null,
    okpd2: card.okpd2.map((o) => ({ code: o.code, name: o.name })),
    ...given,
  });
  return updateProcurement(ctx, id, input);
}

/** Makes `nmcd` the procurement's НМЦД (the НМЦК calculator's «Применить»). */
export const setProcurementNmcd = (ctx: Ctx, id: number, nmcd: string): Promise<ProcurementResponse> =>
  setProcurementFacts(ctx, id, { nmcd });
