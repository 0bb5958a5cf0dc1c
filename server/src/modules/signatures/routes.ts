import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { checkSignature, listRights, listSignatures, removeRight, setRight, signingStatus } from './service';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['signatures'];

export function signatureRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.signatures.getStatus,
    {
      schema: {
        tags,
        summary: 'Право подписи текущего пользователя и проверка подписей на сервере',
      },
    },
    async (req) => signingStatus(await companyCtx(deps, req)),
  );
  route(
    app,
    routes.signatures.postCheck,
    {
      schema: {
        tags,
        summary: 'Проверить подпись (тестовая подпись страницы «Проверка подписи»)',
      },
    },
    async (req) => checkSignature(await companyCtx(deps, req), req.body.signature, req.body.content),
  );
  route(app, routes.signatures.get, { schema: { tags, summary: 'Подписи документа' } }, async (req) =>
    listSignatures(await companyCtx(deps, req), req.query.kind, req.query.id),
  );
  route(app, routes.signatures.getRights, { schema: { tags, summary: 'Кто может подписывать за организацию' } }, async (req) =>
    listRights(await companyCtx(deps, req)),
  );
  route(
    app,
    routes.signatures.putRightsByUserId,
    { schema: { tags, summary: 'Дать право подписи (или изменить доверенность)' } },
    async (req, reply) => {
      await setRight(await companyCtx(deps, req), req.params.userId, req.body);
      return reply.status(204).send();
    },
  );
  route(app, routes.signatures.deleteRightsByUserId, { schema: { tags, summary: 'Забрать право подписи' } }, async (req, reply) => {
    await removeRight(await companyCtx(deps, req), req.params.userId);
    return reply.status(204).send();
  });
}
