import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { route } from '../../platform/route';
import { listTenderPlanPositions, listTenderPlans, procurementFromTenderPosition } from './tender-plans';
import { listPlanItems, listPlans } from './list-plans';
import { procurementFromPlanItem } from './plan-item-procurement';

const tags = ['eis'];

export function planRoutes(app: App, deps: Deps): void {
  route(app, routes.eis.getTenderPlans, { schema: { tags, summary: 'Планы-графики 44-ФЗ' } }, async (req) =>
    listTenderPlans(await companyCtx(deps, req), req.query),
  );
  route(app, routes.eis.getTenderPlansPositions, { schema: { tags, summary: 'Позиции плана-графика 44-ФЗ' } }, async (req) =>
    listTenderPlanPositions(await companyCtx(deps, req), req.params.number, req.query),
  );
  route(
    app,
    routes.eis.postTenderPlansPositionsProcurement,
    { schema: { tags, summary: 'Создать закупку 44-ФЗ (черновик) по позиции плана-графика' } },
    async (req) => procurementFromTenderPosition(await companyCtx(deps, req), req.params.id),
  );
  route(app, routes.eis.getPlans, { schema: { tags, summary: 'Планы закупки' } }, async (req) =>
    listPlans(await companyCtx(deps, req), req.query),
  );
  route(app, routes.eis.getPlansItems, { schema: { tags, summary: 'Позиции плана закупки' } }, async (req) =>
    listPlanItems(await companyCtx(deps, req), req.params.number, req.query),
  );
  route(
    app,
    routes.eis.postPlansItemsProcurement,
    {
      schema: {
        tags,
        summary: 'Создать закупку (черновик) по позиции плана',
        description:
          'Одна закупка на позицию: если по позиции уже есть закупка (не отменённая и не несостоявшаяся) — 409 CONFIRM_REQUIRED с её номером; another=true создаёт ещё одну. Заголовок Idempotency-Key: повтор запроса с тем же ключом возвращает первую созданную закупку.',
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return procurementFromPlanItem(ctx, req.params.number, req.params.itemId, { another: req.query.another === 'true' });
    },
  );
}
