import { z } from 'zod';
import {
  ChangePasswordRequest,
  CreateUserRequest,
  GrantsRequest,
  ProfileRequest,
  ProfileResponse,
  ResetPasswordRequest,
  UpdateUserRequest,
  UserResponse,
  UsersQuery,
} from '../users';
import { IdParams, paged } from '../common';
import { defineRoutes } from '../http';

/** The HTTP routes of users (paths under /api). */
export const usersRoutes = defineRoutes({
  get: { method: 'GET', path: '/users', query: UsersQuery, response: { 200: paged(UserResponse) } },
  post: { method: 'POST', path: '/users', body: CreateUserRequest, response: { 200: z.object({ id: z.number() }) } },
  patchById: { method: 'PATCH', path: '/users/:id', params: IdParams, body: UpdateUserRequest },
  putGrants: { method: 'PUT', path: '/users/:id/grants', params: IdParams, body: GrantsRequest },
  postPassword: { method: 'POST', path: '/users/:id/password', params: IdParams, body: ResetPasswordRequest },
  getProfile: { method: 'GET', path: '/profile', response: { 200: ProfileResponse } },
  putProfile: { method: 'PUT', path: '/profile', body: ProfileRequest, response: { 200: ProfileResponse } },
  postProfilePassword: { method: 'POST', path: '/profile/password', body: ChangePasswordRequest },
});
