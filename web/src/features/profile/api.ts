import type { BodyIn } from '@proc/contract/http';
import { routes } from '@proc/contract/routes';
import { call } from '../../lib/api';

/** A company's lists of records (bank accounts, contacts): their routes of the contract, the same shape for each. */
const RECORD_ROUTES = {
  banks: {
    post: routes.companies.postBankRequesits,
    put: routes.companies.putBankRequesitsBySubId,
    remove: routes.companies.deleteBankRequesitsBySubId,
  },
  contacts: {
    post: routes.companies.postContacts,
    put: routes.companies.putContactsBySubId,
    remove: routes.companies.deleteContactsBySubId,
  },
};
export type CompanyRecordKind = keyof typeof RECORD_ROUTES;
type RecordBody<K extends CompanyRecordKind> = BodyIn<(typeof RECORD_ROUTES)[K]['post']>;

/** A failed read of a company's part leaves the card without it (the card still shows the rest). */
const orNull = <T>(p: Promise<T>) => p.catch(() => null);

export const profileApi = {
  get: () => call(routes.users.getProfile, { name: 'Профиль' }),
  /** Quiet: the form puts the server's field errors beside the fields. */
  save: (body: BodyIn<typeof routes.users.putProfile>) => call(routes.users.putProfile, { name: 'Сохранение профиля', body, quiet: true }),
  changePassword: (body: BodyIn<typeof routes.users.postProfilePassword>) =>
    call(routes.users.postProfilePassword, { name: 'Смена пароля', body, quiet: true }),
  sessions: () => call(routes.auth.getSessions, { name: 'Сеансы' }),
  endSession: (id: number) => call(routes.auth.deleteSessionsById, { params: { id }, name: 'Завершение сеанса' }),
  endOtherSessions: () => call(routes.auth.deleteSessions, { name: 'Завершение других сеансов' }),

  companies: () => call(routes.companies.get, { name: 'Мои организации' }).catch(() => []),
  company: (id: number) => orNull(call(routes.companies.getById, { params: { id }, name: 'Организация' })),
  /** Quiet: the dialog puts the server's field errors beside the fields. */
  saveCompany: (id: number, body: BodyIn<typeof routes.companies.putById>, name: string) =>
    call(routes.companies.putById, { params: { id }, name, quiet: true, body }),
  permissions: (id: number) => orNull(call(routes.companies.getPermissions, { params: { id }, name: 'Права' })),
  banks: (companyId: number) =>
    orNull(call(routes.companies.getBankRequesits, { params: { id: companyId }, name: 'Банковские реквизиты' })),
  contacts: (companyId: number) =>
    orNull(call(routes.companies.getContacts, { params: { id: companyId }, name: 'Контакты', query: { page: 1, limit: 50 } })),
  /** A record of a company's list (a bank account, a contact) added or changed; quiet for the form's field errors. */
  saveRecord: <K extends CompanyRecordKind>(kind: K, companyId: number, id: number | null, body: RecordBody<K>, name: string) => {
    const r = RECORD_ROUTES[kind];
    return id
      ? call(r.put as typeof RECORD_ROUTES.contacts.put, { params: { id: companyId, subId: id }, name, body: body as never, quiet: true })
      : call(r.post as typeof RECORD_ROUTES.contacts.post, { params: { id: companyId }, name, body: body as never, quiet: true });
  },
  removeRecord: (kind: CompanyRecordKind, companyId: number, id: number, name: string) =>
    call(RECORD_ROUTES[kind].remove, { params: { id: companyId, subId: id }, name }),

  eisSettings: (companyId: number) => call(routes.eis.getCompaniesEisSettings, { params: { id: companyId }, name: 'Настройки ЕИС' }),
  saveEisSettings: (companyId: number, body: BodyIn<typeof routes.eis.putCompaniesEisSettings>) =>
    call(routes.eis.putCompaniesEisSettings, { params: { id: companyId }, name: 'Сохранение настроек ЕИС', body, quiet: true }),
  checkEis: (companyId: number) =>
    call(routes.eis.postCompaniesEisSettingsCheck, { params: { id: companyId }, name: 'Проверка подключения к ЕИС' }),
};
