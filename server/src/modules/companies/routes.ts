import { REGISTRATION_DECIDERS } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireRole, requireUser } from '../../platform/auth';
import { companyCtx } from '../../platform/tenancy';
import { listCompanyRules } from '../rules';
import * as svc from './service';
import { decideIdentityRequest, identityRequestResponse, latestIdentityRequest, listIdentityRequests } from './identity';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const IDENTITY_PENDING = 'Изменение ИНН, КПП или ОГРН ожидает подтверждения оператором: до его решения действуют прежние реквизиты';
const tags = ['companies'];

export function companyRoutes(app: App, deps: Deps): void {
  route(app, routes.companies.get, { schema: { tags } }, async (req) =>
    (await svc.myCompanies(deps, requireUser(req), req.query.q)).map(svc.companyResponse),
  );
  route(app, routes.companies.getMy, { schema: { tags } }, async (req) =>
    (await svc.myCompanies(deps, requireUser(req))).map((c) => ({ id: c.id, title: c.title })),
  );
  route(app, routes.companies.post, { schema: { tags } }, async (req) =>
    svc.companyResponse(await svc.createCompany(deps, requireUser(req), req.body)),
  );
  route(app, routes.companies.getById, { schema: { tags } }, async (req) => {
    const ctx = await companyCtx(deps, req, req.params.id);
    return { ...svc.companyResponse(await svc.getCompany(ctx)), identity_request: await latestIdentityRequest(deps.db, ctx.companyId) };
  });
  route(
    app,
    routes.companies.putById,
    {
      schema: {
        tags,
      },
    },
    async (req, reply) => {
      const request = await svc.updateCompany(await companyCtx(deps, req, req.params.id), req.body);
      // the card is saved; its new identity waits for the operator
      if (request) return reply.status(202).send({ message: IDENTITY_PENDING, identity_request: identityRequestResponse(request) });
      return reply.status(204).send(null);
    },
  );
  // the operator's queue beside registrations: changes of ИНН, КПП, ОГРН asked by clients
  route(
    app,
    routes.companies.getCompanyIdentityRequests,
    {
      schema: {
        tags,
      },
    },
    async (req) => {
      requireRole(req, REGISTRATION_DECIDERS);
      return listIdentityRequests(deps, req.query.status);
    },
  );
  route(
    app,
    routes.companies.postCompanyIdentityRequestsApprove,
    {
      config: { changes: 'duty' },
      schema: {
        tags,
        description: 'Если запрошенный ИНН уже есть у другой организации (inn_holders в очереди), без причины — 400.',
      },
    },
    async (req) =>
      decideIdentityRequest(deps, requireRole(req, REGISTRATION_DECIDERS), req.params.id, { approve: true, reason: req.body?.reason }),
  );
  route(
    app,
    routes.companies.postCompanyIdentityRequestsReject,
    {
      config: { changes: 'duty' },
      schema: { tags },
    },
    async (req) =>
      decideIdentityRequest(deps, requireRole(req, REGISTRATION_DECIDERS), req.params.id, { approve: false, reason: req.body.reason }),
  );
  route(app, routes.companies.deleteById, { schema: { tags } }, async (req, reply) => {
    await svc.deleteCompany(await companyCtx(deps, req, req.params.id));
    return reply.status(204).send();
  });
  route(app, routes.companies.getActiveContact, { schema: { tags } }, async (req) =>
    svc.activeContact(await companyCtx(deps, req, req.params.id)),
  );
  route(app, routes.companies.getContacts, { schema: { tags } }, async (req) =>
    svc.listContacts(await companyCtx(deps, req, req.params.id), req.query),
  );
  route(app, routes.companies.postContacts, { schema: { tags } }, async (req) =>
    svc.saveContact(await companyCtx(deps, req, req.params.id), req.body),
  );
  route(app, routes.companies.putContactsBySubId, { schema: { tags } }, async (req) =>
    svc.saveContact(await companyCtx(deps, req, req.params.id), req.body, req.params.subId),
  );
  route(app, routes.companies.deleteContactsBySubId, { schema: { tags } }, async (req, reply) => {
    await svc.deleteContact(await companyCtx(deps, req, req.params.id), req.params.subId);
    return reply.status(204).send();
  });
  route(app, routes.companies.getPermissions, { schema: { tags } }, async (req) =>
    svc.permissionsFor(await companyCtx(deps, req, req.params.id)),
  );
  route(app, routes.companies.getUsers, { schema: { tags } }, async (req) => svc.companyUsers(await companyCtx(deps, req, req.params.id)));
  // the spec's spelling of the path
  route(app, routes.companies.getBankRequesits, { schema: { tags } }, async (req) =>
    svc.listBankRequisites(await companyCtx(deps, req, req.params.id)),
  );
  route(app, routes.companies.postBankRequesits, { schema: { tags } }, async (req) =>
    svc.saveBankRequisites(await companyCtx(deps, req, req.params.id), req.body),
  );
  route(app, routes.companies.putBankRequesitsBySubId, { schema: { tags } }, async (req) =>
    svc.saveBankRequisites(await companyCtx(deps, req, req.params.id), req.body, req.params.subId),
  );
  route(app, routes.companies.deleteBankRequesitsBySubId, { schema: { tags } }, async (req, reply) => {
    await svc.deleteBankRequisites(await companyCtx(deps, req, req.params.id), req.params.subId);
    return reply.status(204).send();
  });
  route(app, routes.companies.getCustomers, { schema: { tags } }, async (req) => svc.customers(await companyCtx(deps, req, req.params.id)));
  route(app, routes.companies.getProcurementRules, { schema: { tags } }, async (req) =>
    listCompanyRules(await companyCtx(deps, req, req.params.id)),
  );
}
