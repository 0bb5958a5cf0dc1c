import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireUser } from '../../platform/auth';
import { companyCtx } from '../../platform/tenancy';
import * as plans from './plans';
import { tariffStatus } from './limits';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['tariffs'];
const ADMIN = 'Только главный администратор (admin); остальные получают 403.';

export function tariffRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.tariffs.getCurrent,
    {
      schema: {
        tags,
        summary: 'Тариф выбранной организации',
        description:
          'Для любого пользователя; организация — из X-Company-Id (иначе своя). notice — текст предупреждения, когда срок истёк или лимит достигнут.',
      },
    },
    async (req) => tariffStatus(await companyCtx(deps, req)),
  );
  route(
    app,
    routes.tariffs.get,
    {
      schema: { tags, summary: 'Тарифы: список', description: ADMIN },
    },
    async (req) => plans.listTariffs(deps, requireUser(req), req.query),
  );
  route(
    app,
    routes.tariffs.getOptions,
    {
      schema: {
        tags,
        summary: 'Тарифы: пункты списка выбора (value — id)',
        description: ADMIN,
      },
    },
    async (req) => plans.tariffOptions(deps, requireUser(req), req.query),
  );
  route(app, routes.tariffs.getById, { schema: { tags, summary: 'Тариф', description: ADMIN } }, async (req) =>
    plans.getTariff(deps, requireUser(req), req.params.id),
  );
  route(app, routes.tariffs.post, { schema: { tags, summary: 'Тариф: создать', description: ADMIN } }, async (req) =>
    plans.createTariff(deps, requireUser(req), req.body),
  );
  route(
    app,
    routes.tariffs.putById,
    {
      schema: {
        tags,
        summary: 'Тариф: изменить',
        description: ADMIN,
      },
    },
    async (req) => plans.updateTariff(deps, requireUser(req), req.params.id, req.body),
  );
  route(
    app,
    routes.tariffs.postArchive,
    {
      schema: {
        tags,
        summary: 'Тариф: в архив / из архива',
        description: ADMIN,
      },
    },
    async (req) => plans.archiveTariff(deps, requireUser(req), req.params.id, req.body.archived),
  );
  route(
    app,
    routes.tariffs.deleteById,
    {
      schema: {
        tags,
        summary: 'Тариф: удалить',
        description: `Назначавшийся организациям тариф не удаляется (409 IN_USE) — перенесите его в архив. ${ADMIN}`,
      },
    },
    async (req, reply) => {
      await plans.deleteTariff(deps, requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
