import { REGISTRATION_DECIDERS } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireRole, requireUser } from '../../platform/auth';
import { partyLookup } from './party-lookup';
import { login, sessionPayload } from './login';
import { clientIp } from '../../platform/client-ip';
import { endOwnSession, listOwnSessions, revokeSession, revokeUserSessions } from './sessions';
import { register, registrationByTicket, listRegistrations, decideRegistration } from './registrations';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const DECIDERS = REGISTRATION_DECIDERS;

export function authRoutes(app: App, deps: Deps): void {
  route(app, routes.auth.postLogin, { config: { changes: false }, schema: { tags: ['auth'] } }, async (req) =>
    login(deps, req.body, { ip: clientIp(deps.config, req), userAgent: req.headers['user-agent'] }),
  );

  route(app, routes.auth.postLogout, { config: { changes: false }, schema: { tags: ['auth'] } }, async (req) => {
    const user = requireUser(req);
    await revokeSession(deps.db, user.sessionId);
    deps.realtime.dropSession(user.sessionId);
    return { ok: true };
  });

  route(app, routes.auth.getSessions, { schema: { tags: ['auth'], summary: 'Мои сеансы' } }, async (req) =>
    listOwnSessions(deps.db, requireUser(req), deps.config.SESSION_IDLE_HOURS),
  );
  route(
    app,
    routes.auth.deleteSessions,
    { config: { changes: false }, schema: { tags: ['auth'], summary: 'Завершить все свои сеансы, кроме этого' } },
    async (req) => {
      const user = requireUser(req);
      // a long list of forgotten sign-ins (a shared computer, a lost laptop) ends in one step, this one stays
      const ended = await revokeUserSessions(deps.db, user.id, user.sessionId);
      for (const id of ended) deps.realtime.dropSession(id);
      return { ended: ended.length };
    },
  );
  route(
    app,
    routes.auth.deleteSessionsById,
    { config: { changes: false }, schema: { tags: ['auth'], summary: 'Завершить свой сеанс' } },
    async (req, reply) => {
      const user = requireUser(req);
      await endOwnSession(deps.db, user, req.params.id);
      deps.realtime.dropSession(req.params.id);
      return reply.status(204).send();
    },
  );

  route(app, routes.auth.getMe, { schema: { tags: ['auth'] } }, async (req) => sessionPayload(deps, requireUser(req)));

  const party = partyLookup(deps);
  route(app, routes.auth.getParty, { schema: { tags: ['auth'] } }, async (req) => party.find(req, req.query.inn));
  route(
    app,
    routes.auth.getRegistrationsToken,
    {
      schema: {
        tags: ['auth'],
        summary: 'Токен формы регистрации (для поиска по ИНН)',
      },
    },
    async () => party.registrationToken(),
  );

  route(
    app,
    routes.auth.postRegistrations,
    {
      config: { changes: false },
      schema: { tags: ['auth'] },
    },
    async (req) => register(deps, req.body),
  );
  route(app, routes.auth.getRegistrationsStatus, { schema: { tags: ['auth'] } }, async (req) =>
    registrationByTicket(deps, req.query.ticket),
  );

  route(
    app,
    routes.auth.getRegistrations,
    {
      schema: {
        tags: ['registrations'],
      },
    },
    async (req) => {
      requireRole(req, DECIDERS);
      return listRegistrations(deps, req.query.status);
    },
  );
  route(app, routes.auth.postRegistrationsApprove, { config: { changes: 'duty' }, schema: { tags: ['registrations'] } }, async (req) =>
    decideRegistration(deps, requireRole(req, DECIDERS), req.params.id, { approve: true }),
  );
  route(
    app,
    routes.auth.postRegistrationsReject,
    {
      config: { changes: 'duty' },
      schema: { tags: ['registrations'] },
    },
    async (req) => decideRegistration(deps, requireRole(req, DECIDERS), req.params.id, { approve: false, reason: req.body.reason }),
  );
}
