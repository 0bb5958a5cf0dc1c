import { z } from 'zod';
import {
  LoginRequest,
  LoginResponse,
  RegistrationRequest,
  RegistrationItem,
  RegistrationResponse,
  RegistrationsQuery,
  RejectRegistrationRequest,
  PartyLookupResponse,
  IdParams,
  SessionResponse,
  REGISTRATION_DECIDERS,
  inn as innSchema,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireRole, requireUser } from '../../platform/auth';
import { partyLookup } from './party-lookup';
import { login, sessionPayload } from './login';
import { clientIp } from '../../platform/client-ip';
import { endOwnSession, listOwnSessions, revokeSession, revokeUserSessions } from './sessions';
import { register, registrationByTicket, listRegistrations, decideRegistration } from './registrations';

const DECIDERS = REGISTRATION_DECIDERS;

export function authRoutes(app: App, deps: Deps): void {
  app.post(
    '/auth/login',
    { config: { changes: false }, schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } } },
    async (req) => login(deps, req.body, { ip: clientIp(deps.config, req), userAgent: req.headers['user-agent'] }),
  );

  app.post('/auth/logout', { config: { changes: false }, schema: { tags: ['auth'] } }, async (req) => {
    const user = requireUser(req);
    await revokeSession(deps.db, user.sessionId);
    deps.realtime.dropSession(user.sessionId);
    return { ok: true };
  });

  app.get(
    '/auth/sessions',
    { schema: { tags: ['auth'], summary: 'Мои сеансы', response: { 200: z.array(SessionResponse) } } },
    async (req) => listOwnSessions(deps.db, requireUser(req), deps.config.SESSION_IDLE_HOURS),
  );
  app.delete(
    '/auth/sessions',
    {
      config: { changes: false },
      schema: {
        tags: ['auth'],
        summary: 'Завершить все свои сеансы, кроме этого',
        response: { 200: z.object({ ended: z.number().int() }) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      // a long list of forgotten sign-ins (a shared computer, a lost laptop) ends in one step, this one stays
      const ended = await revokeUserSessions(deps.db, user.id, user.sessionId);
      for (const id of ended) deps.realtime.dropSession(id);
      return { ended: ended.length };
    },
  );
  app.delete(
    '/auth/sessions/:id',
    { config: { changes: false }, schema: { tags: ['auth'], summary: 'Завершить свой сеанс', params: IdParams } },
    async (req, reply) => {
      const user = requireUser(req);
      await endOwnSession(deps.db, user, req.params.id);
      deps.realtime.dropSession(req.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/auth/me', { schema: { tags: ['auth'], response: { 200: LoginResponse.omit({ token: true }) } } }, async (req) =>
    sessionPayload(deps, requireUser(req)),
  );

  const party = partyLookup(deps);
  app.get(
    '/auth/party',
    { schema: { tags: ['auth'], querystring: z.object({ inn: innSchema }), response: { 200: PartyLookupResponse } } },
    async (req) => party.find(req, req.query.inn),
  );
  app.get(
    '/auth/registrations/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Токен формы регистрации (для поиска по ИНН)',
        response: { 200: z.object({ token: z.string() }) },
      },
    },
    async () => party.registrationToken(),
  );

  app.post(
    '/auth/registrations',
    {
      config: { changes: false },
      schema: { tags: ['auth'], body: RegistrationRequest, response: { 200: RegistrationResponse.extend({ ticket: z.string() }) } },
    },
    async (req) => register(deps, req.body),
  );
  app.get(
    '/auth/registrations/status',
    { schema: { tags: ['auth'], querystring: z.object({ ticket: z.string().min(10).max(100) }), response: { 200: RegistrationResponse } } },
    async (req) => registrationByTicket(deps, req.query.ticket),
  );

  app.get(
    '/registrations',
    {
      schema: {
        tags: ['registrations'],
        querystring: RegistrationsQuery,
        response: { 200: z.array(RegistrationItem) },
      },
    },
    async (req) => {
      requireRole(req, DECIDERS);
      return listRegistrations(deps, req.query.status);
    },
  );
  app.post(
    '/registrations/:id/approve',
    { config: { changes: 'duty' }, schema: { tags: ['registrations'], params: IdParams, response: { 200: RegistrationResponse } } },
    async (req) => decideRegistration(deps, requireRole(req, DECIDERS), req.params.id, { approve: true }),
  );
  app.post(
    '/registrations/:id/reject',
    {
      config: { changes: 'duty' },
      schema: { tags: ['registrations'], params: IdParams, body: RejectRegistrationRequest, response: { 200: RegistrationResponse } },
    },
    async (req) => decideRegistration(deps, requireRole(req, DECIDERS), req.params.id, { approve: false, reason: req.body.reason }),
  );
}
