import { z } from 'zod';
import {
  UsersQuery,
  UserResponse,
  CreateUserRequest,
  UpdateUserRequest,
  GrantsRequest,
  ResetPasswordRequest,
  ProfileRequest,
  ProfileResponse,
  ChangePasswordRequest,
  IdParams,
  paged,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { requireStaff, requireUser } from '../../platform/auth';
import * as svc from './service';

const tags = ['users'];

export function userRoutes(app: App, deps: Deps): void {
  app.get('/users', { schema: { tags, querystring: UsersQuery, response: { 200: paged(UserResponse) } } }, async (req) =>
    svc.listUsers(deps, requireStaff(req), req.query),
  );
  app.post('/users', { schema: { tags, body: CreateUserRequest, response: { 200: z.object({ id: z.number() }) } } }, async (req) => {
    const actor = requireStaff(req);
    // a repeat with the form's Idempotency-Key (a double click on «Сохранить») gets the first user back (installIdempotency)
    return { id: await svc.createUser(deps, actor, req.body) };
  });
  app.patch('/users/:id', { schema: { tags, params: IdParams, body: UpdateUserRequest } }, async (req, reply) => {
    await svc.updateUser(deps, requireStaff(req), req.params.id, req.body);
    return reply.status(204).send();
  });
  app.put('/users/:id/grants', { schema: { tags, params: IdParams, body: GrantsRequest } }, async (req, reply) => {
    await svc.setGrants(deps, requireStaff(req), req.params.id, req.body.company_ids);
    return reply.status(204).send();
  });
  app.post('/users/:id/password', { schema: { tags, params: IdParams, body: ResetPasswordRequest } }, async (req, reply) => {
    await svc.resetPassword(deps, requireStaff(req), req.params.id, req.body.password);
    return reply.status(204).send();
  });

  app.get('/profile', { schema: { tags: ['profile'], response: { 200: ProfileResponse } } }, async (req) =>
    svc.getProfile(deps, requireUser(req)),
  );
  app.put(
    '/profile',
    { config: { changes: false }, schema: { tags: ['profile'], body: ProfileRequest, response: { 200: ProfileResponse } } },
    async (req) => {
      const user = requireUser(req);
      await svc.updateProfile(deps, user, req.body);
      return svc.getProfile(deps, user);
    },
  );
  app.post(
    '/profile/password',
    { config: { changes: false }, schema: { tags: ['profile'], body: ChangePasswordRequest } },
    async (req, reply) => {
      await svc.changeOwnPassword(deps, requireUser(req), req.body.current_password, req.body.new_password);
      return reply.status(204).send();
    },
  );
}
