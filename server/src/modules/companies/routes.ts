import { z } from 'zod';
import {
  CompanyRequest,
  CompanyResponse,
  CompanyBrief,
  ContactsQuery,
  ContactRequest,
  Contact,
  PermissionsResponse,
  CompanyUserResponse,
  BankRequisitesRequest,
  BankRequisitesResponse,
  IdParams,
  Id,
  paged,
  ApproveIdentityRequest,
  IdentityPendingResponse,
  IdentityRequestItem,
  IdentityRequestResponse,
  RejectRegistrationRequest,
  REGISTRATION_DECIDERS,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireRole, requireUser } from '../../platform/auth';
import { companyCtx } from '../../platform/tenancy';
import { listCompanyRules } from '../rules';
import * as svc from './service';
import { decideIdentityRequest, identityRequestResponse, latestIdentityRequest, listIdentityRequests } from './identity';

const IDENTITY_PENDING = 'Изменение ИНН, КПП или ОГРН ожидает подтверждения оператором: до его решения действуют прежние реквизиты';

const SubParams = z.object({ id: Id, subId: Id });
const tags = ['companies'];

export function companyRoutes(app: App, deps: Deps): void {
  app.get(
    '/companies',
    { schema: { tags, querystring: z.object({ q: z.string().optional() }), response: { 200: z.array(CompanyResponse) } } },
    async (req) => (await svc.myCompanies(deps, requireUser(req), req.query.q)).map(svc.companyResponse),
  );
  app.get('/companies/my', { schema: { tags, response: { 200: z.array(CompanyBrief) } } }, async (req) =>
    (await svc.myCompanies(deps, requireUser(req))).map((c) => ({ id: c.id, title: c.title })),
  );
  app.post('/companies', { schema: { tags, body: CompanyRequest, response: { 200: CompanyResponse } } }, async (req) =>
    svc.companyResponse(await svc.createCompany(deps, requireUser(req), req.body)),
  );
  app.get('/companies/:id', { schema: { tags, params: IdParams, response: { 200: CompanyResponse } } }, async (req) => {
    const ctx = await companyCtx(deps, req, req.params.id);
    return { ...svc.companyResponse(await svc.getCompany(ctx)), identity_request: await latestIdentityRequest(deps.db, ctx.companyId) };
  });
  app.put(
    '/companies/:id',
    {
      schema: {
        tags,
        params: IdParams,
        body: CompanyRequest,
        response: { 202: IdentityPendingResponse, 204: z.null().describe('Сохранено') },
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
  app.get(
    '/company_identity_requests',
    {
      schema: {
        tags,
        querystring: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
        response: { 200: z.array(IdentityRequestItem) },
      },
    },
    async (req) => {
      requireRole(req, REGISTRATION_DECIDERS);
      return listIdentityRequests(deps, req.query.status);
    },
  );
  app.post(
    '/company_identity_requests/:id/approve',
    {
      config: { changes: 'duty' },
      schema: {
        tags,
        description: 'Если запрошенный ИНН уже есть у другой организации (inn_holders в очереди), без причины — 400.',
        params: IdParams,
        body: ApproveIdentityRequest,
        response: { 200: IdentityRequestResponse },
      },
    },
    async (req) =>
      decideIdentityRequest(deps, requireRole(req, REGISTRATION_DECIDERS), req.params.id, { approve: true, reason: req.body?.reason }),
  );
  app.post(
    '/company_identity_requests/:id/reject',
    {
      config: { changes: 'duty' },
      schema: { tags, params: IdParams, body: RejectRegistrationRequest, response: { 200: IdentityRequestResponse } },
    },
    async (req) =>
      decideIdentityRequest(deps, requireRole(req, REGISTRATION_DECIDERS), req.params.id, { approve: false, reason: req.body.reason }),
  );
  app.delete('/companies/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await svc.deleteCompany(await companyCtx(deps, req, req.params.id));
    return reply.status(204).send();
  });
  app.get('/companies/:id/active_contact', { schema: { tags, params: IdParams, response: { 200: Contact.nullable() } } }, async (req) =>
    svc.activeContact(await companyCtx(deps, req, req.params.id)),
  );
  app.get(
    '/companies/:id/contacts',
    { schema: { tags, params: IdParams, querystring: ContactsQuery, response: { 200: paged(Contact) } } },
    async (req) => svc.listContacts(await companyCtx(deps, req, req.params.id), req.query),
  );
  app.post(
    '/companies/:id/contacts',
    { schema: { tags, params: IdParams, body: ContactRequest, response: { 200: Contact } } },
    async (req) => svc.saveContact(await companyCtx(deps, req, req.params.id), req.body),
  );
  app.put(
    '/companies/:id/contacts/:subId',
    { schema: { tags, params: SubParams, body: ContactRequest, response: { 200: Contact } } },
    async (req) => svc.saveContact(await companyCtx(deps, req, req.params.id), req.body, req.params.subId),
  );
  app.delete('/companies/:id/contacts/:subId', { schema: { tags, params: SubParams } }, async (req, reply) => {
    await svc.deleteContact(await companyCtx(deps, req, req.params.id), req.params.subId);
    return reply.status(204).send();
  });
  app.get('/companies/:id/permissions', { schema: { tags, params: IdParams, response: { 200: PermissionsResponse } } }, async (req) =>
    svc.permissionsFor(await companyCtx(deps, req, req.params.id)),
  );
  app.get('/companies/:id/users', { schema: { tags, params: IdParams, response: { 200: z.array(CompanyUserResponse) } } }, async (req) =>
    svc.companyUsers(await companyCtx(deps, req, req.params.id)),
  );
  // the spec's spelling of the path
  app.get(
    '/companies/:id/bank_requesits',
    { schema: { tags, params: IdParams, response: { 200: z.array(BankRequisitesResponse) } } },
    async (req) => svc.listBankRequisites(await companyCtx(deps, req, req.params.id)),
  );
  app.post(
    '/companies/:id/bank_requesits',
    { schema: { tags, params: IdParams, body: BankRequisitesRequest, response: { 200: BankRequisitesResponse } } },
    async (req) => svc.saveBankRequisites(await companyCtx(deps, req, req.params.id), req.body),
  );
  app.put(
    '/companies/:id/bank_requesits/:subId',
    { schema: { tags, params: SubParams, body: BankRequisitesRequest, response: { 200: BankRequisitesResponse } } },
    async (req) => svc.saveBankRequisites(await companyCtx(deps, req, req.params.id), req.body, req.params.subId),
  );
  app.delete('/companies/:id/bank_requesits/:subId', { schema: { tags, params: SubParams } }, async (req, reply) => {
    await svc.deleteBankRequisites(await companyCtx(deps, req, req.params.id), req.params.subId);
    return reply.status(204).send();
  });
  app.get('/companies/:id/customers', { schema: { tags, params: IdParams, response: { 200: z.array(CompanyResponse) } } }, async (req) =>
    svc.customers(await companyCtx(deps, req, req.params.id)),
  );
  app.get('/companies/:id/procurement_rules', { schema: { tags, params: IdParams } }, async (req) =>
    listCompanyRules(await companyCtx(deps, req, req.params.id)),
  );
}
