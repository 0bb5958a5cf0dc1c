import type { LoginRequest, LoginResponse, PartyLookupResponse, RegistrationRequest, RegistrationResponse } from '@proc/contract';
import { api } from '../../lib/api';

let registrationToken: Promise<string> | null = null;

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('/auth/login', { name: 'Вход в систему', body, quiet: true, ownErrors: true }),
  /** The lookup answers a registration form in progress: the form's token, fetched once per page. */
  party: async (inn: string) => {
    registrationToken ??= api
      .get<{ token: string }>('/auth/registrations/token', { name: 'Поиск организации по ИНН', quiet: true })
      .then((r) => r.token);
    const token = await registrationToken.catch((err: unknown) => {
      registrationToken = null;
      throw err;
    });
    return api.get<PartyLookupResponse>('/auth/party', {
      name: 'Поиск организации по ИНН',
      query: { inn },
      quiet: true,
      headers: { 'X-Registration-Token': token },
    });
  },
  register: (body: RegistrationRequest) =>
    api.post<RegistrationResponse & { ticket: string }>('/auth/registrations', { name: 'Регистрация', body, quiet: true }),
  status: (ticket: string) =>
    api.get<RegistrationResponse>('/auth/registrations/status', { name: 'Статус регистрации', query: { ticket } }),
};

export const TICKET_KEY = 'registrationTicket';
