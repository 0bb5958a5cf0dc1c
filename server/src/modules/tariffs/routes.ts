import { z } from 'zod';
import {
  CatalogArchiveRequest,
  CurrentTariffResponse,
  IdParams,
  TariffRequest,
  TariffResponse,
  TariffsQuery,
  catalogOptions,
  paged,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireUser } from '../../platform/auth';
import { companyCtx } from '../../platform/tenancy';
import * as plans from './plans';
import { tariffStatus } from './limits';

const tags = ['tariffs'];
const ADMIN = 'Только главный администратор (admin); остальные получают 403.';
const OptionsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export function tariffRoutes(app: App, deps: Deps): void {
  app.get(
    '/tariffs/current',
    {
      schema: {
        tags,
        summary: 'Тариф выбранной организации',
        description:
          'Для любого пользователя; организация — из X-Company-Id (иначе своя). notice — текст предупреждения, когда срок истёк или лимит достигнут.',
        response: { 200: CurrentTariffResponse },
      },
    },
    async (req) => tariffStatus(await companyCtx(deps, req)),
  );
  app.get(
    '/tariffs',
    {
      schema: { tags, summary: 'Тарифы: список', description: ADMIN, querystring: TariffsQuery, response: { 200: paged(TariffResponse) } },
    },
    async (req) => plans.listTariffs(deps, requireUser(req), req.query),
  );
  app.get(
    '/tariffs/options',
    {
      schema: {
        tags,
        summary: 'Тарифы: пункты списка выбора (value — id)',
        description: ADMIN,
        querystring: OptionsQuery,
        response: { 200: catalogOptions(TariffResponse) },
      },
    },
    async (req) => plans.tariffOptions(deps, requireUser(req), req.query),
  );
  app.get(
    '/tariffs/:id',
    { schema: { tags, summary: 'Тариф', description: ADMIN, params: IdParams, response: { 200: TariffResponse } } },
    async (req) => plans.getTariff(deps, requireUser(req), req.params.id),
  );
  app.post(
    '/tariffs',
    { schema: { tags, summary: 'Тариф: создать', description: ADMIN, body: TariffRequest, response: { 200: TariffResponse } } },
    async (req) => plans.createTariff(deps, requireUser(req), req.body),
  );
  app.put(
    '/tariffs/:id',
    {
      schema: {
        tags,
        summary: 'Тариф: изменить',
        description: ADMIN,
        params: IdParams,
        body: TariffRequest,
        response: { 200: TariffResponse },
      },
    },
    async (req) => plans.updateTariff(deps, requireUser(req), req.params.id, req.body),
  );
  app.post(
    '/tariffs/:id/archive',
    {
      schema: {
        tags,
        summary: 'Тариф: в архив / из архива',
        description: ADMIN,
        params: IdParams,
        body: CatalogArchiveRequest,
        response: { 200: TariffResponse },
      },
    },
    async (req) => plans.archiveTariff(deps, requireUser(req), req.params.id, req.body.archived),
  );
  app.delete(
    '/tariffs/:id',
    {
      schema: {
        tags,
        summary: 'Тариф: удалить',
        description: `Назначавшийся организациям тариф не удаляется (409 IN_USE) — перенесите его в архив. ${ADMIN}`,
        params: IdParams,
      },
    },
    async (req, reply) => {
      await plans.deleteTariff(deps, requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
