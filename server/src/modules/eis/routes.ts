import { eisImportRequests, JobAccepted } from '@proc/contract';
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
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['eis'];

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
  route(
    app,
    routes.eis.getNotices44,
    {
      schema: {
        tags,
        summary: 'Закупки 44-ФЗ из ЕИС: извещения и итоговые протоколы, связь с планом-графиком по ИКЗ',
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Применить сведения ЕИС к карточке одним подтверждением: расходящиеся значения и статус',
      },
    },
    async (req) => applyEisReconciliation(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(app, routes.eis.getTenderPlans, { schema: { tags, summary: 'Планы-графики 44-ФЗ' } }, async (req) =>
    listTenderPlans(await companyCtx(deps, req), req.query),
  );
  route(
    app,
    routes.eis.getTenderPlansPositions,
    {
      schema: {
        tags,
        summary: 'Позиции плана-графика 44-ФЗ',
      },
    },
    async (req) => listTenderPlanPositions(await companyCtx(deps, req), req.params.number, req.query),
  );
  route(
    app,
    routes.eis.postTenderPlansPositionsProcurement,
    {
      schema: {
        tags,
        summary: 'Создать закупку 44-ФЗ (черновик) по позиции плана-графика',
      },
    },
    async (req) => procurementFromTenderPosition(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.eis.getImportsStatus,
    {
      schema: {
        tags,
        summary: 'Загрузка из ЕИС: идущая или последняя, и ежедневная синхронизация',
      },
    },
    async (req) => importStatus(await companyCtx(deps, req), req.query.kind),
  );
  route(app, routes.eis.postImportsCancel, { schema: { tags, summary: 'Остановить идущую загрузку из ЕИС' } }, async (req) =>
    cancelImport(await companyCtx(deps, req), req.params.key),
  );
  route(app, routes.eis.getPlans, { schema: { tags, summary: 'Планы закупки' } }, async (req) =>
    listPlans(await companyCtx(deps, req), req.query),
  );
  route(
    app,
    routes.eis.getPlansItems,
    {
      schema: {
        tags,
        summary: 'Позиции плана закупки',
      },
    },
    async (req) => listPlanItems(await companyCtx(deps, req), req.params.number, req.query),
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
  route(
    app,
    routes.eis.postUpload,
    {
      schema: {
        tags,
        summary: 'Загрузить файл ЕИС (договоры, сведения об исполнении, план закупки)',
        description: 'multipart/form-data, поле file: XML ЕИС или ZIP-архив из них; размер не больше UPLOAD_MAX_BYTES (413).',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return importEisUpload(ctx, await readEisUpload(req, deps.config.UPLOAD_MAX_BYTES), {
        confirmCustomer: req.query.confirm_customer === 'true',
      });
    },
  );
  route(app, routes.eis.getContracts, { schema: { tags, summary: 'Реестр договоров' } }, async (req) =>
    listContracts(await companyCtx(deps, req), req.query),
  );
  route(
    app,
    routes.eis.getContractsWaitingExecutions,
    {
      schema: {
        tags,
        summary: 'Сведения об исполнении 44-ФЗ из ЕИС, ожидающие свой контракт',
      },
    },
    async (req) => listWaitingExecutions44(await companyCtx(deps, req), req.query),
  );
  route(app, routes.eis.getContractsById, { schema: { tags, summary: 'Договор с позициями' } }, async (req) =>
    getContract(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.eis.postContractsExecutionSend,
    {
      schema: {
        tags,
        summary: 'Направить сведения об исполнении в ЕИС',
      },
    },
    async (req, reply) => reply.status(202).send(await requestExecutionSend(await companyCtx(deps, req), req.params.id)),
  );
  route(
    app,
    routes.eis.getContractsExecution,
    {
      schema: {
        tags,
        summary: 'Сведения об исполнении и попытки отправки',
      },
    },
    async (req) => listExecution(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.eis.postContractsExecutionWithdraw,
    {
      schema: {
        tags,
        summary: 'Отозвать сведения об исполнении, ещё не принятые ЕИС (с причиной)',
      },
    },
    async (req) => withdrawExecution(await companyCtx(deps, req), req.params.id, req.params.recordId, req.body.reason),
  );
  route(app, routes.eis.getOpendataOcdsJson, { schema: { tags, summary: 'Открытые данные: пакет релизов OCDS 1.1' } }, async (req) =>
    ocdsPackage(await companyCtx(deps, req)),
  );
  // the company's ЕИС settings live on its profile screen, but are the ЕИС exchange's own
  route(app, routes.eis.getCompaniesEisSettings, { schema: { tags: ['profile'] } }, async (req) =>
    getEisSettings(await companyCtx(deps, req, req.params.id)),
  );
  route(
    app,
    routes.eis.putCompaniesEisSettings,
    {
      schema: {
        tags: ['profile'],
        description:
          'Другие ИНН, КПП или ОГРН — смена реквизитов организации: у клиента она ждёт оператора (202, identity_request), остальное сохранено сразу (как у карточки организации).',
      },
    },
    async (req, reply) => {
      const { settings, pending } = await saveEisSettings(await companyCtx(deps, req, req.params.id), req.body);
      return reply.status(pending ? 202 : 200).send(settings);
    },
  );
  route(
    app,
    routes.eis.postCompaniesEisSettingsCheck,
    {
      config: { changes: false },
      schema: {
        tags: ['profile'],
        summary: 'Проверить подключение к ЕИС (один запрос к СОИ)',
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req, req.params.id);
      await takeWorkLimit(ctx, 'check');
      return checkEisConnection(ctx);
    },
  );
}
