import type { CompanyResponse, Paged, UserResponse } from '@proc/contract';
import { api } from '../../lib/api';

/** Filters of the users list as the URL carries them. */
export const USER_FILTERS = ['q', 'role'] as const;

export const usersApi = {
  list: (query: Record<string, unknown>) => api.get<Paged<UserResponse>>('/users', { name: 'Пользователи', query }),
  /** Quiet: the form puts the server's field errors beside the fields. */
  create: (body: Record<string, unknown>, idempotencyKey: string) =>
    api.post<UserResponse>('/users', { name: 'Создание пользователя', body, quiet: true, idempotencyKey }),
  update: (id: number, body: Record<string, unknown>) =>
    api.patch<UserResponse>(`/users/${id}`, { name: 'Сохранение пользователя', body, quiet: true }),
  setBlocked: (u: UserResponse) =>
    api.patch<UserResponse>(`/users/${u.id}`, { name: u.blocked ? 'Разблокировка' : 'Блокировка', body: { blocked: !u.blocked } }),
  grant: (id: number, companyIds: number[]) =>
    api.put(`/users/${id}/grants`, { name: 'Доступ к заказчикам', body: { company_ids: companyIds } }),
  resetPassword: (id: number, password: string) => api.post(`/users/${id}/password`, { name: 'Сброс пароля', body: { password } }),
  companies: () => api.get<CompanyResponse[]>('/companies', { name: 'Организации' }),
};
