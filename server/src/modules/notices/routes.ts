import { EisApplyRequest, EisReconciliation, Notice44Response, Notices44Query, IdParams, ProcurementResponse, paged } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { listNotices44 } from './notices44';
import { applyEisReconciliation, eisReconciliation } from './reconcile';

const tags = ['eis'];

export function noticeRoutes(app: App, deps: Deps): void {
  app.get(
    '/eis/notices44',
    {
      schema: {
        tags,
        summary: 'Закупки 44-ФЗ из ЕИС: извещения и итоговые протоколы, связь с планом-графиком по ИКЗ',
        querystring: Notices44Query,
        response: { 200: paged(Notice44Response) },
      },
    },
    async (req) => listNotices44(await companyCtx(deps, req), req.query),
  );
  app.get(
    '/procurements/:id/eis',
    {
      schema: {
        tags,
        summary: 'Сведения ЕИС о закупке рядом со значениями карточки: извещение, итоговый протокол, контракт, расхождения и статус',
        params: IdParams,
        response: { 200: EisReconciliation },
      },
    },
    async (req) => eisReconciliation(await companyCtx(deps, req), req.params.id),
  );
  app.post(
    '/procurements/:id/eis/apply',
    {
      schema: {
        tags,
        summary: 'Применить сведения ЕИС к карточке одним подтверждением: расходящиеся значения и статус',
        params: IdParams,
        body: EisApplyRequest,
        response: { 200: ProcurementResponse },
      },
    },
    async (req) => applyEisReconciliation(await companyCtx(deps, req), req.params.id, req.body),
  );
}
