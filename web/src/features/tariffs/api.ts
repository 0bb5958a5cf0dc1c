import { routes } from '@proc/contract/routes';
import type { CompanyTariffRequest, TariffRequest } from '@proc/contract';
import { call } from '../../lib/api';

export const tariffsApi = {
  list: (query: Record<string, string | number | undefined>) => call(routes.tariffs.get, { name: 'Тарифы', query }),
  create: (body: TariffRequest) => call(routes.tariffs.post, { name: 'Создание тарифа', body, quiet: true }),
  update: (id: number, body: TariffRequest) =>
    call(routes.tariffs.putById, { params: { id }, name: 'Сохранение тарифа', body, quiet: true }),
  archive: (id: number, archived: boolean) =>
    call(routes.tariffs.postArchive, {
      params: { id },
      name: archived ? 'Перенос тарифа в архив' : 'Возврат тарифа из архива',
      body: { archived },
    }),
  remove: (id: number) => call(routes.tariffs.deleteById, { params: { id }, name: 'Удаление тарифа' }),
  companyTariffs: (companyId: number) =>
    call(routes.tariffs.getCompaniesTariffs, { params: { id: companyId }, name: 'Тарифы организации' }),
  assign: (companyId: number, body: CompanyTariffRequest) =>
    call(routes.tariffs.postCompaniesTariffs, { params: { id: companyId }, name: 'Назначение тарифа', body, quiet: true }),
  updateAssignment: (companyId: number, id: number, body: CompanyTariffRequest) =>
    call(routes.tariffs.putCompaniesTariffsByAssignmentId, {
      params: { id: companyId, assignmentId: id },
      name: 'Изменение периода тарифа',
      body,
      quiet: true,
    }),
  removeAssignment: (companyId: number, id: number) =>
    call(routes.tariffs.deleteCompaniesTariffsByAssignmentId, { params: { id: companyId, assignmentId: id }, name: 'Снятие тарифа' }),
  /** Quiet: the banner is a hint, a failure here must not raise an error notice on every page. */
  current: () => call(routes.tariffs.getCurrent, { name: 'Тариф организации', quiet: true }),
};
