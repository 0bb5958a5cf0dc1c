import type { BodyIn, QueryIn } from '@proc/contract/http';
import { routes } from '@proc/contract/routes';
import type { UserResponse } from '@proc/contract';
import { call } from '../../lib/api';

/** Filters of the users list as the URL carries them. */
export const USER_FILTERS = ['q', 'role'] as const;

export const usersApi = {
  list: (query: QueryIn<typeof routes.users.get>) => call(routes.users.get, { name: 'Пользователи', query }),
  /** Quiet: the form puts the server's field errors beside the fields. */
  create: (body: BodyIn<typeof routes.users.post>, idempotencyKey: string) =>
    call(routes.users.post, { name: 'Создание пользователя', body, quiet: true, idempotencyKey }),
  update: (id: number, body: BodyIn<typeof routes.users.patchById>) =>
    call(routes.users.patchById, { params: { id }, name: 'Сохранение пользователя', body, quiet: true }),
  setBlocked: (u: UserResponse) =>
    call(routes.users.patchById, { params: { id: u.id }, name: u.blocked ? 'Разблокировка' : 'Блокировка', body: { blocked: !u.blocked } }),
  grant: (id: number, companyIds: number[]) =>
    call(routes.users.putGrants, { params: { id }, name: 'Доступ к заказчикам', body: { company_ids: companyIds } }),
  resetPassword: (id: number, password: string) =>
    call(routes.users.postPassword, { params: { id }, name: 'Сброс пароля', body: { password } }),
  companies: () => call(routes.companies.get, { name: 'Организации' }),
};
