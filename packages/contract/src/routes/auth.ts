import { z } from 'zod';
import {
  LoginRequest,
  LoginResponse,
  PartyLookupResponse,
  RegistrationItem,
  RegistrationRequest,
  RegistrationResponse,
  RegistrationsQuery,
  RejectRegistrationRequest,
} from '../auth';
import { SessionResponse } from '../users';
import { IdParams, inn as innSchema } from '../common';
import { defineRoutes } from '../http';

/** The HTTP routes of auth (paths under /api). */
export const authRoutes = defineRoutes({
  postLogin: { method: 'POST', path: '/auth/login', body: LoginRequest, response: { 200: LoginResponse } },
  postLogout: { method: 'POST', path: '/auth/logout' },
  getSessions: { method: 'GET', path: '/auth/sessions', response: { 200: z.array(SessionResponse) } },
  deleteSessions: { method: 'DELETE', path: '/auth/sessions', response: { 200: z.object({ ended: z.number().int() }) } },
  deleteSessionsById: { method: 'DELETE', path: '/auth/sessions/:id', params: IdParams },
  getMe: { method: 'GET', path: '/auth/me', response: { 200: LoginResponse.omit({ token: true }) } },
  getParty: { method: 'GET', path: '/auth/party', query: z.object({ inn: innSchema }), response: { 200: PartyLookupResponse } },
  getRegistrationsToken: { method: 'GET', path: '/auth/registrations/token', response: { 200: z.object({ token: z.string() }) } },
  postRegistrations: {
    method: 'POST',
    path: '/auth/registrations',
    body: RegistrationRequest,
    response: { 200: RegistrationResponse.extend({ ticket: z.string() }) },
  },
  getRegistrationsStatus: {
    method: 'GET',
    path: '/auth/registrations/status',
    query: z.object({ ticket: z.string().min(10).max(100) }),
    response: { 200: RegistrationResponse },
  },
  getRegistrations: { method: 'GET', path: '/registrations', query: RegistrationsQuery, response: { 200: z.array(RegistrationItem) } },
  postRegistrationsApprove: {
    method: 'POST',
    path: '/registrations/:id/approve',
    params: IdParams,
    response: { 200: RegistrationResponse },
  },
  postRegistrationsReject: {
    method: 'POST',
    path: '/registrations/:id/reject',
    params: IdParams,
    body: RejectRegistrationRequest,
    response: { 200: RegistrationResponse },
  },
});
