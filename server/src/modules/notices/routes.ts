import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { route } from '../../platform/route';
import { listNotices44 } from './notices44';
import { applyEisReconciliation, eisReconciliation } from './reconcile';

const tags = ['eis'];

export function noticeRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.eis.getNotices44,
    { schema: { tags, summary: 'Закупки 44-ФЗ из ЕИС: извещения и итоговые протоколы, связь с планом-графиком по ИКЗ' } },
    async (req) => listNotices44(await companyCtx(deps, req), req.query),
  );
  route(
    app,
    routes.eis.getProcurementsEis,
    {
      schema: {
        tags,
        summary: 'Сведения ЕИС о закупке рядом со значениями карточки: извещение, итоговый протокол, контракт, расхождения и статус',
      },
    },
    async (req) => eisReconciliation(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.eis.postProcurementsEisApply,
    { schema: { tags, summary: 'Применить сведения ЕИС к карточке одним подтверждением: расходящиеся значения и статус' } },
    async (req) => applyEisReconciliation(await companyCtx(deps, req), req.params.id, req.body),
  );
}
