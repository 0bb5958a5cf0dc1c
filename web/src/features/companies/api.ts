import { routes } from '@proc/contract/routes';
import { call } from '../../lib/api';

/** The spec: errors in the company calls are swallowed and yield nothing. */
const swallow = async <T>(p: Promise<T>): Promise<T | null> => {
  try {
    return await p;
  } catch (err) {
    console.error('[companies]', err);
    return null;
  }
};

export const companiesApi = {
  my: () => swallow(call(routes.companies.getMy, { name: 'Список заказчиков' })),
  list: (q?: string) => swallow(call(routes.companies.get, { name: 'Организации', query: { q } })),
  get: (id: number) => swallow(call(routes.companies.getById, { params: { id }, name: 'Организация' })),
  storage: (companyId: number) =>
    call(routes.storage.getCompaniesStorage, { params: { id: companyId }, name: 'Хранилище файлов', quiet: true }),
};
