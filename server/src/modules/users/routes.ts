import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireStaff, requireUser } from '../../platform/auth';
import * as svc from './service';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['users'];

export function userRoutes(app: App, deps: Deps): void {
  route(app, routes.users.get, { schema: { tags } }, async (req) => svc.listUsers(deps, requireStaff(req), req.query));
  route(app, routes.users.post, { schema: { tags } }, async (req) => {
    const actor = requireStaff(req);
    // a repeat with the form's Idempotency-Key (a double click on «Сохранить») gets the first user back (installIdempotency)
    return { id: await svc.createUser(deps, actor, req.body) };
  });
  route(app, routes.users.patchById, { schema: { tags } }, async (req, reply) => {
    await svc.updateUser(deps, requireStaff(req), req.params.id, req.body);
    return reply.status(204).send();
  });
  route(app, routes.users.putGrants, { schema: { tags } }, async (req, reply) => {
    await svc.setGrants(deps, requireStaff(req), req.params.id, req.body.company_ids);
    return reply.status(204).send();
  });
  route(app, routes.users.postPassword, { schema: { tags } }, async (req, reply) => {
    await svc.resetPassword(deps, requireStaff(req), req.params.id, req.body.password);
    return reply.status(204).send();
  });

  route(app, routes.users.getProfile, { schema: { tags: ['profile'] } }, async (req) => svc.getProfile(deps, requireUser(req)));
  route(app, routes.users.putProfile, { config: { changes: false }, schema: { tags: ['profile'] } }, async (req) => {
    const user = requireUser(req);
    await svc.updateProfile(deps, user, req.body);
    return svc.getProfile(deps, user);
  });
  route(app, routes.users.postProfilePassword, { config: { changes: false }, schema: { tags: ['profile'] } }, async (req, reply) => {
    await svc.changeOwnPassword(deps, requireUser(req), req.body.current_password, req.body.new_password);
    return reply.status(204).send();
  });
}
