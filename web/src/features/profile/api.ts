import type {
  BankRequisitesResponse,
  CompanyResponse,
  Contact,
  EisCheckResponse,
  EisSettingsResponse,
  Paged,
  PermissionsResponse,
  ProfileResponse,
  SessionResponse,
} from '@proc/contract';
import { api } from '../../lib/api';

/** A failed read of a company's part leaves the card without it (the card still shows the rest). */
const orNull = <T>(p: Promise<T>) => p.catch(() => null);

export const profileApi = {
  get: () => api.get<ProfileResponse>('/profile', { name: 'Профиль' }),
  /** Quiet: the form puts the server's field errors beside the fields. */
  save: (body: Record<string, unknown>) => api.put<ProfileResponse>('/profile', { name: 'Сохранение профиля', body, quiet: true }),
  changePassword: (body: Record<string, unknown>) => api.post('/profile/password', { name: 'Смена пароля', body, quiet: true }),
  sessions: () => api.get<SessionResponse[]>('/auth/sessions', { name: 'Сеансы' }),
  endSession: (id: number) => api.delete(`/auth/sessions/${id}`, { name: 'Завершение сеанса' }),
  endOtherSessions: () => api.delete<{ ended: number }>('/auth/sessions', { name: 'Завершение других сеансов' }),

  companies: () => api.get<CompanyResponse[]>('/companies', { name: 'Мои организации' }).catch(() => []),
  company: (id: number) => orNull(api.get<CompanyResponse>(`/companies/${id}`, { name: 'Организация' })),
  /** Quiet: the dialog puts the server's field errors beside the fields. */
  saveCompany: (id: number, body: Record<string, unknown>, name: string) =>
    api.put<CompanyResponse>(`/companies/${id}`, { name, quiet: true, body }),
  permissions: (id: number) => orNull(api.get<PermissionsResponse>(`/companies/${id}/permissions`, { name: 'Права' })),
  banks: (companyId: number) =>
    orNull(api.get<BankRequisitesResponse[]>(`/companies/${companyId}/bank_requesits`, { name: 'Банковские реквизиты' })),
  contacts: (companyId: number) =>
    orNull(api.get<Paged<Contact>>(`/companies/${companyId}/contacts`, { name: 'Контакты', query: { page: 1, limit: 50 } })),
  /** A record of a company's list (a bank account, a contact) added or changed; quiet for the form's field errors. */
  saveRecord: (url: string, id: number | null, body: object, name: string) =>
    id ? api.put(`${url}/${id}`, { name, body, quiet: true }) : api.post(url, { name, body, quiet: true }),
  removeRecord: (url: string, id: number, name: string) => api.delete(`${url}/${id}`, { name }),

  eisSettings: (companyId: number) => api.get<EisSettingsResponse>(`/companies/${companyId}/eis_settings`, { name: 'Настройки ЕИС' }),
  saveEisSettings: (companyId: number, body: Record<string, unknown>) =>
    api.put<EisSettingsResponse>(`/companies/${companyId}/eis_settings`, { name: 'Сохранение настроек ЕИС', body, quiet: true }),
  checkEis: (companyId: number) =>
    api.post<EisCheckResponse>(`/companies/${companyId}/eis_settings/check`, { name: 'Проверка подключения к ЕИС' }),
};
