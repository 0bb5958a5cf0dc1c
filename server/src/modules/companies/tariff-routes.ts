import { z } from 'zod';
import { CompanyTariffRequest, CompanyTariffResponse, Id, IdParams } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { assignments } from '../tariffs';

const tags = ['tariffs'];
const ADMIN = 'Только главный администратор (admin); остальные получают 403.';
const AssignmentParams = z.object({ id: Id, assignmentId: Id });

/** A company's tariff periods: the tariffs module keeps them, the company's URL holds them. */
export function companyTariffRoutes(app: App, deps: Deps): void {
  app.get(
    '/companies/:id/tariffs',
    {
      schema: {
        tags,
        summary: 'Тарифы организации (периоды)',
        description: ADMIN,
        params: IdParams,
        response: { 200: z.array(CompanyTariffResponse) },
      },
    },
    async (req) => assignments.listCompanyTariffs(await companyCtx(deps, req, req.params.id)),
  );
  app.post(
    '/companies/:id/tariffs',
    {
      schema: {
        tags,
        summary: 'Назначить тариф организации',
        description: `Периоды одной организации не пересекаются (409). ${ADMIN}`,
        params: IdParams,
        body: CompanyTariffRequest,
        response: { 200: CompanyTariffResponse },
      },
    },
    async (req) => assignments.assignTariff(await companyCtx(deps, req, req.params.id), req.body),
  );
  app.put(
    '/companies/:id/tariffs/:assignmentId',
    {
      schema: {
        tags,
        summary: 'Изменить период тарифа организации',
        description: ADMIN,
        params: AssignmentParams,
        body: CompanyTariffRequest,
        response: { 200: CompanyTariffResponse },
      },
    },
    async (req) => assignments.updateAssignment(await companyCtx(deps, req, req.params.id), req.params.assignmentId, req.body),
  );
  app.delete(
    '/companies/:id/tariffs/:assignmentId',
    { schema: { tags, summary: 'Снять тариф с организации', description: ADMIN, params: AssignmentParams } },
    async (req, reply) => {
      await assignments.removeAssignment(await companyCtx(deps, req, req.params.id), req.params.assignmentId);
      return reply.status(204).send();
    },
  );
}
