import { routes } from '@proc/contract/routes';
import { call } from '../../lib/api';

export const DECISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const registrationsApi = {
  list: (status: DecisionStatus) => call(routes.auth.getRegistrations, { name: 'Заявки на регистрацию', query: { status } }),
  approve: (id: number) => call(routes.auth.postRegistrationsApprove, { params: { id }, name: 'Подтверждение регистрации' }),
  reject: (id: number, reason: string) =>
    call(routes.auth.postRegistrationsReject, { params: { id }, name: 'Отклонение регистрации', body: { reason } }),
  identityRequests: (status: DecisionStatus) =>
    call(routes.companies.getCompanyIdentityRequests, { name: 'Заявки на смену реквизитов', query: { status } }),
  approveIdentity: (v: { id: number; reason?: string }) =>
    call(routes.companies.postCompanyIdentityRequestsApprove, {
      params: { id: v.id },
      name: 'Подтверждение смены реквизитов',
      body: v.reason ? { reason: v.reason } : undefined,
    }),
  rejectIdentity: (id: number, reason: string) =>
    call(routes.companies.postCompanyIdentityRequestsReject, { params: { id }, name: 'Отклонение смены реквизитов', body: { reason } }),
};
