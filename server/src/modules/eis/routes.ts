import { z } from 'zod';
import {
  Id,
  EisApplyRequest,
  EisReconciliation,
  ContractCardResponse,
  ContractListItem,
  WaitingExecution44,
  WaitingExecutions44Query,
  ContractsQuery,
  eisImportRequests,
  EisImportResponse,
  EisImportStatusQuery,
  EisImportStatusResponse,
  Notice44Response,
  Notices44Query,
  EisUploadQuery,
  EisUploadResponse,
  EisCheckResponse,
  EisSettingsRequest,
  EisSettingsResponse,
  ExecutionRecordResponse,
  ExecutionSendResponse,
  IdParams,
  JobAccepted,
  PlanItemResponse,
  PlanItemsQuery,
  PlanResponse,
  PlansQuery,
  ProcurementResponse,
  WithdrawRequest,
  paged,
  TenderPlanPositionsQuery,
  TenderPlanPositionsResponse,
  TenderPlanResponse,
  TenderPlansQuery,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { moscowToday } from '../../platform/clock';
import { takeWorkLimit } from '../../platform/work-limits';
import {
  requestContractsImport,
  requestNotices44Import,
  requestNoticesImport,
  requestPlansImport,
  requestTenderPlansImport,
} from './import-eis';
import { listNotices44 } from './notices44';
import { applyEisReconciliation, eisReconciliation } from './reconcile';
import { listTenderPlanPositions, listTenderPlans, procurementFromTenderPosition } from './tender-plans';
import { getContract, listContracts, listPlanItems, listPlans } from './list-eis';
import { listWaitingExecutions44 } from './waiting-executions';
import { importEisUpload, readEisUpload } from './upload-eis';
import { listExecution, requestExecutionSend, withdrawExecution } from './execution';
import { procurementFromPlanItem } from './plan-item-procurement';
import { ocdsPackage } from './opendata';
import { cancelImport, importStatus } from './import-status';
import { checkEisConnection, getEisSettings, saveEisSettings } from './eis-settings';

const tags = ['eis'];
const ImportParams = z.object({ key: z.string().uuid('Ключ загрузки — UUID') });
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

/** Import periods end no later than today by the server's clock (platform/clock.ts), not the process's real one. */
const requests = eisImportRequests(moscowToday);

export function eisRoutes(app: App, deps: Deps): void {
  /** An import is expensive work: counted per user and company before it is queued (platform/work-limits.ts). */
  const limitedCtx = async (req: Parameters<typeof companyCtx>[1]) => {
    const ctx = await companyCtx(deps, req);
    await takeWorkLimit(ctx, 'import');
    return ctx;
  };
  app.post(
    '/eis/contracts/import',
    {
      schema: {
        tags,
        summary: 'Загрузить договоры из ЕИС (за период или по реестровому номеру)',
        body: requests.contracts,
        response: { 202: JobAccepted },
      },
    },
    async (req, reply) => reply.status(202).send(await requestContractsImport(await limitedCtx(req), req.body)),
  );
  app.post(
    '/eis/plans/import',
    {
      schema: {
        tags,
        summary: 'Загрузить планы закупки из ЕИС (за период публикации)',
        body: requests.plans,
        response: { 202: JobAccepted },
      },
    },
    async (req, reply) => reply.status(202).send(await requestPlansImport(await limitedCtx(req), req.body)),
  );
  app.post(
    '/eis/notices/import',
    {
      schema: {
        tags,
        summary: 'Загрузить извещения о закупках из ЕИС (за период размещения)',
        body: requests.notices,
        response: { 202: JobAccepted },
      },
    },
    async (req, reply) => reply.status(202).send(await requestNoticesImport(await limitedCtx(req), req.body)),
  );
  app.post(
    '/eis/tender-plans/import',
    {
      schema: {
        tags,
        summary: 'Загрузить планы-графики 44-ФЗ из ЕИС (за период размещения)',
        body: requests.plans,
        response: { 202: JobAccepted },
      },
    },
    async (req, reply) => reply.status(202).send(await requestTenderPlansImport(await limitedCtx(req), req.body)),
  );
  app.post(
    '/eis/notices44/import',
    {
      schema: {
        tags,
        summary: 'Загрузить извещения и итоговые протоколы 44-ФЗ из ЕИС (за период размещения)',
        body: requests.notices44,
        response: { 202: JobAccepted },
      },
    },
    async (req, reply) => reply.status(202).send(await requestNotices44Import(await limitedCtx(req), req.body)),
  );
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
    '/eis/imports/status',
    {
      schema: {
        tags,
        summary: 'Загрузка из ЕИС: идущая или последняя, и ежедневная синхронизация',
        querystring: EisImportStatusQuery,
        response: { 200: EisImportStatusResponse },
      },
    },
    async (req) => importStatus(await companyCtx(deps, req), req.query.kind),
  );
  app.post(
    '/eis/imports/:key/cancel',
    { schema: { tags, summary: 'Остановить идущую загрузку из ЕИС', params: ImportParams, response: { 200: EisImportResponse } } },
    async (req) => cancelImport(await companyCtx(deps, req), req.params.key),
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
  app.post(
    '/eis/upload',
    {
      schema: {
        tags,
        summary: 'Загрузить файл ЕИС (договоры, сведения об исполнении, план закупки)',
        description: 'multipart/form-data, поле file: XML ЕИС или ZIP-архив из них; размер не больше UPLOAD_MAX_BYTES (413).',
        consumes: ['multipart/form-data'],
        querystring: EisUploadQuery,
        response: { 200: EisUploadResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return importEisUpload(ctx, await readEisUpload(req, deps.config.UPLOAD_MAX_BYTES), {
        confirmCustomer: req.query.confirm_customer === 'true',
      });
    },
  );
  app.get(
    '/contracts',
    { schema: { tags, summary: 'Реестр договоров', querystring: ContractsQuery, response: { 200: paged(ContractListItem) } } },
    async (req) => listContracts(await companyCtx(deps, req), req.query),
  );
  app.get(
    '/contracts/waiting-executions',
    {
      schema: {
        tags,
        summary: 'Сведения об исполнении 44-ФЗ из ЕИС, ожидающие свой контракт',
        querystring: WaitingExecutions44Query,
        response: { 200: paged(WaitingExecution44) },
      },
    },
    async (req) => listWaitingExecutions44(await companyCtx(deps, req), req.query),
  );
  app.get(
    '/contracts/:id',
    { schema: { tags, summary: 'Договор с позициями', params: IdParams, response: { 200: ContractCardResponse } } },
    async (req) => getContract(await companyCtx(deps, req), req.params.id),
  );
  app.post(
    '/contracts/:id/execution/send',
    {
      schema: {
        tags,
        summary: 'Направить сведения об исполнении в ЕИС',
        params: IdParams,
        response: { 202: ExecutionSendResponse },
      },
    },
    async (req, reply) => reply.status(202).send(await requestExecutionSend(await companyCtx(deps, req), req.params.id)),
  );
  app.get(
    '/contracts/:id/execution',
    {
      schema: {
        tags,
        summary: 'Сведения об исполнении и попытки отправки',
        params: IdParams,
        response: { 200: z.array(ExecutionRecordResponse) },
      },
    },
    async (req) => listExecution(await companyCtx(deps, req), req.params.id),
  );
  app.post(
    '/contracts/:id/execution/:recordId/withdraw',
    {
      schema: {
        tags,
        summary: 'Отозвать сведения об исполнении, ещё не принятые ЕИС (с причиной)',
        params: IdParams.extend({ recordId: Id }),
        body: WithdrawRequest,
        response: { 200: ExecutionRecordResponse },
      },
    },
    async (req) => withdrawExecution(await companyCtx(deps, req), req.params.id, req.params.recordId, req.body.reason),
  );
  app.get('/opendata/ocds.json', { schema: { tags, summary: 'Открытые данные: пакет релизов OCDS 1.1' } }, async (req) =>
    ocdsPackage(await companyCtx(deps, req)),
  );
  // the company's ЕИС settings live on its profile screen, but are the ЕИС exchange's own
  app.get(
    '/companies/:id/eis_settings',
    { schema: { tags: ['profile'], params: IdParams, response: { 200: EisSettingsResponse } } },
    async (req) => getEisSettings(await companyCtx(deps, req, req.params.id)),
  );
  app.put(
    '/companies/:id/eis_settings',
    {
      schema: {
        tags: ['profile'],
        description:
          'Другие ИНН, КПП или ОГРН — смена реквизитов организации: у клиента она ждёт оператора (202, identity_request), остальное сохранено сразу (как у карточки организации).',
        params: IdParams,
        body: EisSettingsRequest,
        response: { 200: EisSettingsResponse, 202: EisSettingsResponse },
      },
    },
    async (req, reply) => {
      const { settings, pending } = await saveEisSettings(await companyCtx(deps, req, req.params.id), req.body);
      return reply.status(pending ? 202 : 200).send(settings);
    },
  );
  app.post(
    '/companies/:id/eis_settings/check',
    {
      config: { changes: false },
      schema: {
        tags: ['profile'],
        summary: 'Проверить подключение к ЕИС (один запрос к СОИ)',
        params: IdParams,
        response: { 200: EisCheckResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req, req.params.id);
      await takeWorkLimit(ctx, 'check');
      return checkEisConnection(ctx);
    },
  );
}
