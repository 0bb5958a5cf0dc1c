import { z } from 'zod';
import {
  Id,
  IdParams,
  PlanItemResponse,
  PlanItemsQuery,
  PlanResponse,
  PlansQuery,
  ProcurementResponse,
  paged,
  TenderPlanPositionsQuery,
  TenderPlanPositionsResponse,
  TenderPlanResponse,
  TenderPlansQuery,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { listTenderPlanPositions, listTenderPlans, procurementFromTenderPosition } from './tender-plans';
import { listPlanItems, listPlans } from './list-plans';
import { procurementFromPlanItem } from './plan-item-procurement';

const tags = ['eis'];
const PlanParams = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[\w-]{1,64}$/),
});
const PlanItemParams = PlanParams.extend({ itemId: Id });
const AnotherQuery = z.object({ another: z.enum(['true', 'false']).optional() });
const TenderPlanParams = z.object({
  number: z
    .string()
    .trim()
    .regex(/^\d{18}$/, 'Номер плана-графика: 18 цифр'),
});

export function planRoutes(app: App, deps: Deps): void {
  app.get(
    '/eis/tender-plans',
    { schema: { tags, summary: 'Планы-графики 44-ФЗ', querystring: TenderPlansQuery, response: { 200: z.array(TenderPlanResponse) } } },
    async (req) => listTenderPlans(await companyCtx(deps, req), req.query),
  );
  app.get(
    '/eis/tender-plans/:number/positions',
    {
      schema: {
        tags,
        summary: 'Позиции плана-графика 44-ФЗ',
        params: TenderPlanParams,
        querystring: TenderPlanPositionsQuery,
        response: { 200: TenderPlanPositionsResponse },
      },
    },
    async (req) => listTenderPlanPositions(await companyCtx(deps, req), req.params.number, req.query),
  );
  app.post(
    '/eis/tender-plans/positions/:id/procurement',
    {
      schema: {
        tags,
        summary: 'Создать закупку 44-ФЗ (черновик) по позиции плана-графика',
        params: IdParams,
        response: { 200: ProcurementResponse },
      },
    },
    async (req) => procurementFromTenderPosition(await companyCtx(deps, req), req.params.id),
  );
  app.get(
    '/eis/plans',
    { schema: { tags, summary: 'Планы закупки', querystring: PlansQuery, response: { 200: paged(PlanResponse) } } },
    async (req) => listPlans(await companyCtx(deps, req), req.query),
  );
  app.get(
    '/eis/plans/:number/items',
    {
      schema: {
        tags,
        summary: 'Позиции плана закупки',
        params: PlanParams,
        querystring: PlanItemsQuery,
        response: { 200: paged(PlanItemResponse) },
      },
    },
    async (req) => listPlanItems(await companyCtx(deps, req), req.params.number, req.query),
  );
  app.post(
    '/eis/plans/:number/items/:itemId/procurement',
    {
      schema: {
        tags,
        summary: 'Создать закупку (черновик) по позиции плана',
        description:
          'Одна закупка на позицию: если по позиции уже есть закупка (не отменённая и не несостоявшаяся) — 409 CONFIRM_REQUIRED с её номером; another=true создаёт ещё одну. Заголовок Idempotency-Key: повтор запроса с тем же ключом возвращает первую созданную закупку.',
        params: PlanItemParams,
        querystring: AnotherQuery,
        response: { 200: ProcurementResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return procurementFromPlanItem(ctx, req.params.number, req.params.itemId, { another: req.query.another === 'true' });
    },
  );
}
