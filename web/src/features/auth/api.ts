import { routes } from '@proc/contract/routes';
import type { LoginRequest, RegistrationRequest } from '@proc/contract';
import { call } from '../../lib/api';

let registrationToken: Promise<string> | null = null;

export const authApi = {
  login: (body: LoginRequest) => call(routes.auth.postLogin, { name: 'Вход в систему', body, quiet: true, ownErrors: true }),
  /** The lookup answers a registration form in progress: the form's token, fetched once per page. */
  party: async (inn: string) => {
    registrationToken ??= call(routes.auth.getRegistrationsToken, { name: 'Поиск организации по ИНН', quiet: true }).then((r) => r.token);
    const token = await registrationToken.catch((err: unknown) => {
      registrationToken = null;
      throw err;
    });
    return call(routes.auth.getParty, {
      name: 'Поиск организации по ИНН',
      query: { inn },
      quiet: true,
      headers: { 'X-Registration-Token': token },
    });
  },
  register: (body: RegistrationRequest) => call(routes.auth.postRegistrations, { name: 'Регистрация', body, quiet: true }),
  status: (ticket: string) => call(routes.auth.getRegistrationsStatus, { name: 'Статус регистрации', query: { ticket } }),
};

export const TICKET_KEY = 'registrationTicket';
