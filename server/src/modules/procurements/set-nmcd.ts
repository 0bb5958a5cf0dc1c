import { ProcurementRequest, type ProcurementResponse } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { getProcurement } from './procurement-card';
import { updateProcurement } from './save-procurement';

/**
 * Makes `nmcd` the procurement's НМЦД (the НМЦК calculator's result) through the card's own save: the same checks
 * (editable status, rights), deadlines and rule violations recomputed, and the change in the procurement's trail.
 */
export async function setProcurementNmcd(ctx: Ctx, id: number, nmcd: string): Promise<ProcurementResponse> {
  const card = await getProcurement(ctx, id);
  const input = ProcurementRequest.parse({
    ...card,
    rule_id: card.rule?.id ?? null,
    okpd2: card.okpd2.map((o) => ({ code: o.code, name: o.name })),
    nmcd,
  });
  return updateProcurement(ctx, id, input);
}
