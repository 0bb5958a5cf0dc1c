import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { assignments } from '../tariffs';

const tags = ['tariffs'];
const ADMIN = 'Только главный администратор (admin); остальные получают 403.';

/** A company's tariff periods: the tariffs module keeps them, the company's URL holds them. */
export function companyTariffRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.tariffs.getCompaniesTariffs,
    {
      schema: {
        tags,
        summary: 'Тарифы организации (периоды)',
        description: ADMIN,
      },
    },
    async (req) => assignments.listCompanyTariffs(await companyCtx(deps, req, req.params.id)),
  );
  route(
    app,
    routes.tariffs.postCompaniesTariffs,
    {
      schema: {
        tags,
        summary: 'Назначить тариф организации',
        description: `Периоды одной организации не пересекаются (409). ${ADMIN}`,
      },
    },
    async (req) => assignments.assignTariff(await companyCtx(deps, req, req.params.id), req.body),
  );
  route(
    app,
    routes.tariffs.putCompaniesTariffsByAssignmentId,
    {
      schema: {
        tags,
        summary: 'Изменить период тарифа организации',
        description: ADMIN,
      },
    },
    async (req) => assignments.updateAssignment(await companyCtx(deps, req, req.params.id), req.params.assignmentId, req.body),
  );
  route(
    app,
    routes.tariffs.deleteCompaniesTariffsByAssignmentId,
    { schema: { tags, summary: 'Снять тариф с организации', description: ADMIN } },
    async (req, reply) => {
      await assignments.removeAssignment(await companyCtx(deps, req, req.params.id), req.params.assignmentId);
      return reply.status(204).send();
    },
  );
}
