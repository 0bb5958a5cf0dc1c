import type { IdentityRequestItem, IdentityRequestResponse, RegistrationItem, RegistrationResponse } from '@proc/contract';
import { api } from '../../lib/api';

export const DECISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const registrationsApi = {
  list: (status: DecisionStatus) => api.get<RegistrationItem[]>('/registrations', { name: 'Заявки на регистрацию', query: { status } }),
  approve: (id: number) => api.post<RegistrationResponse>(`/registrations/${id}/approve`, { name: 'Подтверждение регистрации' }),
  reject: (id: number, reason: string) =>
    api.post<RegistrationResponse>(`/registrations/${id}/reject`, { name: 'Отклонение регистрации', body: { reason } }),
  identityRequests: (status: DecisionStatus) =>
    api.get<IdentityRequestItem[]>('/company_identity_requests', { name: 'Заявки на смену реквизитов', query: { status } }),
  approveIdentity: (v: { id: number; reason?: string }) =>
    api.post<IdentityRequestResponse>(`/company_identity_requests/${v.id}/approve`, {
      name: 'Подтверждение смены реквизитов',
      body: v.reason ? { reason: v.reason } : undefined,
    }),
  rejectIdentity: (id: number, reason: string) =>
    api.post<IdentityRequestResponse>(`/company_identity_requests/${id}/reject`, {
      name: 'Отклонение смены реквизитов',
      body: { reason },
    }),
};
