import { routes } from '@proc/contract/routes';
import type { NmckRequest, NmckSourceRequest } from '@proc/contract';
import { api, call, href } from '../../lib/api';

export const nmckApi = {
  get: (id: number) => call(routes.nmck.getProcurementsNmck, { params: { id }, name: 'Обоснование НМЦК' }),
  save: (id: number, body: NmckRequest) =>
    call(routes.nmck.putProcurementsNmck, { params: { id }, name: 'Сохранение расчёта НМЦК', body, quiet: true }),
  addSource: (id: number, body: NmckSourceRequest) =>
    call(routes.nmck.postProcurementsNmckSources, { params: { id }, name: 'Добавление цены', body, quiet: true }),
  updateSource: (id: number, sourceId: number, body: NmckSourceRequest) =>
    call(routes.nmck.putProcurementsNmckSourcesBySourceId, { params: { id, sourceId }, name: 'Изменение цены', body, quiet: true }),
  removeSource: (id: number, sourceId: number) =>
    call(routes.nmck.deleteProcurementsNmckSourcesBySourceId, { params: { id, sourceId }, name: 'Удаление цены' }),
  apply: (id: number) => call(routes.nmck.postProcurementsNmckApply, { params: { id }, name: 'Применение НМЦК' }),
  contractPositions: (id: number, q: string) =>
    call(routes.nmck.getProcurementsNmckContractPositions, { params: { id }, name: 'Позиции контрактов', query: { q } }),
  docx: (id: number) => api.download(href(routes.nmck.getProcurementsNmckJustificationDocx, { params: { id } }), 'Обоснование НМЦК (Word)'),
  xlsx: (id: number) =>
    api.download(href(routes.nmck.getProcurementsNmckJustificationXlsx, { params: { id } }), 'Обоснование НМЦК (Excel)'),
};
