import { z } from 'zod';
import { LoginRequest, LoginResponse, RegistrationRequest, RegistrationResponse, RejectRegistrationRequest, PartyLookupResponse, IdParams, inn as innSchema } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireRole, requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { findPartyByInn } from '../../integrations/dadata';
import { login, sessionPayload } from './login';
import { revokeSession } from './sessions';
import { register, registrationByTicket, listRegistrations, decideRegistration } from './registrations';

const DECIDERS = ['operator', 'admin', 'administrator'] as const;

export function authRoutes(app: App, deps: Deps): void {
  app.post('/auth/login', { schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } } }, async (req) => login(deps, req.body));

  app.post('/auth/logout', { schema: { tags: ['auth'] } }, async (req) => {
    const user = requireUser(req);
    await revokeSession(deps.db, user.sessionId);
    deps.realtime.dropSession(user.sessionId);
    return { ok: true };
  });

  app.get('/auth/me', { schema: { tags: ['auth'], response: { 200: LoginResponse.omit({ token: true }) } } }, async (req) =>
    sessionPayload(deps, requireUser(req)),
  );

  app.get(
    '/auth/party',
    { schema: { tags: ['auth'], querystring: z.object({ inn: innSchema }), response: { 200: PartyLookupResponse } } },
    async (req) => {
      let party;
      try {
        party = await findPartyByInn({ url: deps.config.COMPANY_LOOKUP_URL, key: deps.config.COMPANY_LOOKUP_KEY }, req.query.inn);
      } catch (err) {
        req.log.warn({ err }, 'company lookup failed');
        throw new AppError('UPSTREAM', 'Сервис поиска организаций недоступен. Заполните данные вручную');
      }
      if (!party) throw new AppError('NOT_FOUND', 'Организация с таким ИНН не найдена. Заполните данные вручную');
      return party;
    },
  );

  app.post(
    '/auth/registrations',
    { schema: { tags: ['auth'], body: RegistrationRequest, response: { 200: RegistrationResponse.extend({ ticket: z.string() }) } } },
    async (req) => register(deps, req.body),
  );
  app.get(
    '/auth/registrations/status',
    { schema: { tags: ['auth'], querystring: z.object({ ticket: z.string().min(10).max(100) }), response: { 200: RegistrationResponse } } },
    async (req) => registrationByTicket(deps, req.query.ticket),
  );

  const PendingItem = RegistrationResponse.extend({ inn: z.string(), email: z.string(), user_title: z.string() });
  app.get(
    '/registrations',
    { schema: { tags: ['registrations'], querystring: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }), response: { 200: z.array(PendingItem) } } },
    async (req) => {
      requireRole(req, DECIDERS);
      return listRegistrations(deps, req.query.status);
    },
  );
  app.post('/registrations/:id/approve', { schema: { tags: ['registrations'], params: IdParams, response: { 200: RegistrationResponse } } }, async (req) =>
    decideRegistration(deps, requireRole(req, DECIDERS), req.params.id, { approve: true }),
  );
  app.post(
    '/registrations/:id/reject',
    { schema: { tags: ['registrations'], params: IdParams, body: RejectRegistrationRequest, response: { 200: RegistrationResponse } } },
    async (req) => decideRegistration(deps, requireRole(req, DECIDERS), req.params.id, { approve: false, reason: req.body.reason }),
  );
}
