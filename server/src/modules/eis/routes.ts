import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { takeWorkLimit } from '../../platform/work-limits';
import {
  requestContractsImport,
  requestNotices44Import,
  requestNoticesImport,
  requestPlansImport,
  requestTenderPlansImport,
} from './import-eis';
import { importEisUpload, readEisUpload } from './upload-eis';
import { ocdsPackage } from './opendata';
import { cancelImport, importStatus } from './import-status';
import { checkEisConnection, getEisSettings, saveEisSettings } from './eis-settings';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['eis'];

export function eisRoutes(app: App, deps: Deps): void {
  /** An import is expensive work: counted per user and company before it is queued (platform/work-limits.ts). */
  const limitedCtx = async (req: Parameters<typeof companyCtx>[1]) => {
    const ctx = await companyCtx(deps, req);
    await takeWorkLimit(ctx, 'import');
    return ctx;
  };
  route(
    app,
    routes.eis.postContractsImport,
    { schema: { tags, summary: 'Загрузить договоры из ЕИС (за период или по реестровому номеру)' } },
    async (req, reply) => reply.status(202).send(await requestContractsImport(await limitedCtx(req), req.body)),
  );
  route(
    app,
    routes.eis.postPlansImport,
    { schema: { tags, summary: 'Загрузить планы закупки из ЕИС (за период публикации)' } },
    async (req, reply) => reply.status(202).send(await requestPlansImport(await limitedCtx(req), req.body)),
  );
  route(
    app,
    routes.eis.postNoticesImport,
    { schema: { tags, summary: 'Загрузить извещения о закупках из ЕИС (за период размещения)' } },
    async (req, reply) => reply.status(202).send(await requestNoticesImport(await limitedCtx(req), req.body)),
  );
  route(
    app,
    routes.eis.postTenderPlansImport,
    { schema: { tags, summary: 'Загрузить планы-графики 44-ФЗ из ЕИС (за период размещения)' } },
    async (req, reply) => reply.status(202).send(await requestTenderPlansImport(await limitedCtx(req), req.body)),
  );
  route(
    app,
    routes.eis.postNotices44Import,
    { schema: { tags, summary: 'Загрузить извещения и итоговые протоколы 44-ФЗ из ЕИС (за период размещения)' } },
    async (req, reply) => reply.status(202).send(await requestNotices44Import(await limitedCtx(req), req.body)),
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
