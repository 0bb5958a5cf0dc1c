import type {
  CompanyTariffRequest,
  CompanyTariffResponse,
  CurrentTariffResponse,
  Paged,
  TariffRequest,
  TariffResponse,
} from '@proc/contract';
import { api } from '../../lib/api';

export const tariffsApi = {
  list: (query: Record<string, string | number | undefined>) => api.get<Paged<TariffResponse>>('/tariffs', { name: 'Тарифы', query }),
  create: (body: TariffRequest) => api.post<TariffResponse>('/tariffs', { name: 'Создание тарифа', body, quiet: true }),
  update: (id: number, body: TariffRequest) => api.put<TariffResponse>(`/tariffs/${id}`, { name: 'Сохранение тарифа', body, quiet: true }),
  archive: (id: number, archived: boolean) =>
    api.post<TariffResponse>(`/tariffs/${id}/archive`, {
      name: archived ? 'Перенос тарифа в архив' : 'Возврат тарифа из архива',
      body: { archived },
    }),
  remove: (id: number) => api.delete<void>(`/tariffs/${id}`, { name: 'Удаление тарифа' }),
  companyTariffs: (companyId: number) =>
    api.get<CompanyTariffResponse[]>(`/companies/${companyId}/tariffs`, { name: 'Тарифы организации' }),
  assign: (companyId: number, body: CompanyTariffRequest) =>
    api.post<CompanyTariffResponse>(`/companies/${companyId}/tariffs`, { name: 'Назначение тарифа', body, quiet: true }),
  updateAssignment: (companyId: number, id: number, body: CompanyTariffRequest) =>
    api.put<CompanyTariffResponse>(`/companies/${companyId}/tariffs/${id}`, { name: 'Изменение периода тарифа', body, quiet: true }),
  removeAssignment: (companyId: number, id: number) => api.delete<void>(`/companies/${companyId}/tariffs/${id}`, { name: 'Снятие тарифа' }),
  /** Quiet: the banner is a hint, a failure here must not raise an error notice on every page. */
  current: () => api.get<CurrentTariffResponse>('/tariffs/current', { name: 'Тариф организации', quiet: true }),
};
