import type { NmckContractPosition, NmckRequest, NmckResponse, NmckSourceRequest } from '@proc/contract';
import { api } from '../../lib/api';

const base = (id: number) => `/procurements/${id}/nmck`;

export const nmckApi = {
  get: (id: number) => api.get<NmckResponse>(base(id), { name: 'Обоснование НМЦК' }),
  save: (id: number, body: NmckRequest) => api.put<NmckResponse>(base(id), { name: 'Сохранение расчёта НМЦК', body, quiet: true }),
  addSource: (id: number, body: NmckSourceRequest) =>
    api.post<NmckResponse>(`${base(id)}/sources`, { name: 'Добавление цены', body, quiet: true }),
  updateSource: (id: number, sourceId: number, body: NmckSourceRequest) =>
    api.put<NmckResponse>(`${base(id)}/sources/${sourceId}`, { name: 'Изменение цены', body, quiet: true }),
  removeSource: (id: number, sourceId: number) => api.delete<NmckResponse>(`${base(id)}/sources/${sourceId}`, { name: 'Удаление цены' }),
  apply: (id: number) => api.post<NmckResponse>(`${base(id)}/apply`, { name: 'Применение НМЦК' }),
  contractPositions: (id: number, q: string) =>
    api.get<{ items: NmckContractPosition[] }>(`${base(id)}/contract-positions`, { name: 'Позиции контрактов', query: { q } }),
  docx: (id: number) => api.download(`${base(id)}/justification.docx`, 'Обоснование НМЦК (Word)'),
  xlsx: (id: number) => api.download(`${base(id)}/justification.xlsx`, 'Обоснование НМЦК (Excel)'),
};
