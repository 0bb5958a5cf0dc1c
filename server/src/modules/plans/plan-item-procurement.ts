import { and, eq } from 'drizzle-orm';
import { ProcurementRequest } from '@proc/contract';
import { planItems } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createProcurement } from '../procurements';
import { loadPlan } from './list-plans';

/** A draft procurement from a plan item, through the procurements module's own create (numbering, checks, rule). */
export async function procurementFromPlanItem(ctx: Ctx, number: string, itemId: number, opts: { another?: boolean } = {}) {
  const plan = await loadPlan(ctx, number);
  const [it] = await ctx.deps.db
    .select()
    .from(planItems)
    .where(and(eq(planItems.id, itemId), eq(planItems.planId, plan.id), eq(planItems.companyId, ctx.companyId)));
  if (!it) throw new AppError('NOT_FOUND');
  const code = it.okpd2Code ?? '';
  const subject = /^(4[1-3])\./.test(code) ? 'works' : /^([0-3]\d)\./.test(code) && !/^33\./.test(code) ? 'goods' : 'services';
  const method =
    it.method && /^[a-z0-9_]+$/.test(it.method)
      ? it.electronic && !it.method.endsWith('_e') && it.method !== 'single'
        ? `${it.method}_e`
        : it.method
      : 'competition';
  return createProcurement(
    ctx,
    ProcurementRequest.parse({
      title: it.subject || `Позиция ${it.ordinal} плана ${plan.registrationNumber}`,
      plan_item_id: it.id,
      plan_item_number: `${plan.registrationNumber}-${it.ordinal}`,
      method,
      subject,
      subject_description: it.subject,
      nmcd: it.nmcd ?? '0',
      currency: it.currency,
      okpd2: /^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$/.test(code) ? [{ code }] : [],
      sme_only: it.smeOnly,
    }),
    { anotherForPlanItem: opts.another },
  );
}
