import type { CompanyBrief, CompanyResponse, StorageUsageResponse } from '@proc/contract';
import { api } from '../../lib/api';

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
  my: () => swallow(api.get<CompanyBrief[]>('/companies/my', { name: 'Список заказчиков' })),
  list: (q?: string) => swallow(api.get<CompanyResponse[]>('/companies', { name: 'Организации', query: { q } })),
  get: (id: number) => swallow(api.get<CompanyResponse>(`/companies/${id}`, { name: 'Организация' })),
  storage: (companyId: number) =>
    api.get<StorageUsageResponse>(`/companies/${companyId}/storage`, { name: 'Хранилище файлов', quiet: true }),
};
