import { routes } from '@proc/contract/routes';
import type { ProcurementLineRequest } from '@proc/contract';
import { call } from '../../lib/api';

export const linesApi = {
  list: (id: number) => call(routes.procurements.getProcurementsLines, { params: { id }, name: 'Объект закупки' }),
  add: (id: number, body: ProcurementLineRequest) =>
    call(routes.procurements.postProcurementsLines, { params: { id }, name: 'Добавление строки', body, quiet: true }),
  update: (id: number, lineId: number, body: ProcurementLineRequest) =>
    call(routes.procurements.putProcurementsLinesByLineId, { params: { id, lineId }, name: 'Изменение строки', body, quiet: true }),
  remove: (id: number, lineId: number) =>
    call(routes.procurements.deleteProcurementsLinesByLineId, { params: { id, lineId }, name: 'Удаление строки' }),
  ktru: (q: string, okpd2?: string) =>
    call(routes.catalogs.getClassifiersKtru, { name: 'Каталог КТРУ', query: { q: q || undefined, okpd2, limit: 20 } }),
};
