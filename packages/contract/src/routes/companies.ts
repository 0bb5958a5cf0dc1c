import { z } from 'zod';
import {
  ApproveIdentityRequest,
  BankRequisitesRequest,
  BankRequisitesResponse,
  CompanyRequest,
  CompanyResponse,
  CompanyUserResponse,
  ContactRequest,
  ContactsQuery,
  IdentityPendingResponse,
  IdentityRequestItem,
  IdentityRequestResponse,
  PermissionsResponse,
} from '../companies';
import { CompanyBrief, Contact, RejectRegistrationRequest } from '../auth';
import { Id, IdParams, paged } from '../common';
import { defineRoutes } from '../http';

export const SubParams = z.object({ id: Id, subId: Id });

/** The HTTP routes of companies (paths under /api). */
export const companiesRoutes = defineRoutes({
  get: { method: 'GET', path: '/companies', query: z.object({ q: z.string().optional() }), response: { 200: z.array(CompanyResponse) } },
  getMy: { method: 'GET', path: '/companies/my', response: { 200: z.array(CompanyBrief) } },
  post: { method: 'POST', path: '/companies', body: CompanyRequest, response: { 200: CompanyResponse } },
  getById: { method: 'GET', path: '/companies/:id', params: IdParams, response: { 200: CompanyResponse } },
  putById: {
    method: 'PUT',
    path: '/companies/:id',
    params: IdParams,
    body: CompanyRequest,
    response: { 202: IdentityPendingResponse, 204: z.null().describe('Сохранено') },
  },
  getCompanyIdentityRequests: {
    method: 'GET',
    path: '/company_identity_requests',
    query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
    response: { 200: z.array(IdentityRequestItem) },
  },
  postCompanyIdentityRequestsApprove: {
    method: 'POST',
    path: '/company_identity_requests/:id/approve',
    params: IdParams,
    body: ApproveIdentityRequest,
    response: { 200: IdentityRequestResponse },
  },
  postCompanyIdentityRequestsReject: {
    method: 'POST',
    path: '/company_identity_requests/:id/reject',
    params: IdParams,
    body: RejectRegistrationRequest,
    response: { 200: IdentityRequestResponse },
  },
  deleteById: { method: 'DELETE', path: '/companies/:id', params: IdParams },
  getActiveContact: { method: 'GET', path: '/companies/:id/active_contact', params: IdParams, response: { 200: Contact.nullable() } },
  getContacts: {
    method: 'GET',
    path: '/companies/:id/contacts',
    params: IdParams,
    query: ContactsQuery,
    response: { 200: paged(Contact) },
  },
  postContacts: { method: 'POST', path: '/companies/:id/contacts', params: IdParams, body: ContactRequest, response: { 200: Contact } },
  putContactsBySubId: {
    method: 'PUT',
    path: '/companies/:id/contacts/:subId',
    params: SubParams,
    body: ContactRequest,
    response: { 200: Contact },
  },
  deleteContactsBySubId: { method: 'DELETE', path: '/companies/:id/contacts/:subId', params: SubParams },
  getPermissions: { method: 'GET', path: '/companies/:id/permissions', params: IdParams, response: { 200: PermissionsResponse } },
  getUsers: { method: 'GET', path: '/companies/:id/users', params: IdParams, response: { 200: z.array(CompanyUserResponse) } },
  getBankRequesits: {
    method: 'GET',
    path: '/companies/:id/bank_requesits',
    params: IdParams,
    response: { 200: z.array(BankRequisitesResponse) },
  },
  postBankRequesits: {
    method: 'POST',
    path: '/companies/:id/bank_requesits',
    params: IdParams,
    body: BankRequisitesRequest,
    response: { 200: BankRequisitesResponse },
  },
  putBankRequesitsBySubId: {
    method: 'PUT',
    path: '/companies/:id/bank_requesits/:subId',
    params: SubParams,
    body: BankRequisitesRequest,
    response: { 200: BankRequisitesResponse },
  },
  deleteBankRequesitsBySubId: { method: 'DELETE', path: '/companies/:id/bank_requesits/:subId', params: SubParams },
  getCustomers: { method: 'GET', path: '/companies/:id/customers', params: IdParams, response: { 200: z.array(CompanyResponse) } },
  getProcurementRules: { method: 'GET', path: '/companies/:id/procurement_rules', params: IdParams },
});
