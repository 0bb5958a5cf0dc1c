import type { LoginRequest, LoginResponse, PartyLookupResponse, RegistrationRequest, RegistrationResponse } from '@proc/contract';
import { api } from '../../lib/api';

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('/auth/login', { name: 'Вход в систему', body, quiet: true }),
  party: (inn: string) => api.get<PartyLookupResponse>('/auth/party', { name: 'Поиск организации по ИНН', query: { inn }, quiet: true }),
  register: (body: RegistrationRequest) => api.post<RegistrationResponse & { ticket: string }>('/auth/registrations', { name: 'Регистрация', body, quiet: true }),
  status: (ticket: string) => api.get<RegistrationResponse>('/auth/registrations/status', { name: 'Статус регистрации', query: { ticket } }),
};

export const TICKET_KEY = 'registrationTicket';
