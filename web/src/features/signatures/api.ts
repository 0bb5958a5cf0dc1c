import type {
  ExecutionPrepareResponse,
  SignatureCheckResponse,
  SignatureResponse,
  SigningRightResponse,
  SigningStatusResponse,
} from '@proc/contract';
import { api } from '../../lib/api';

export const signaturesApi = {
  status: () => api.get<SigningStatusResponse>('/signatures/status', { name: 'Право подписи' }),
  check: (content: string, signature: string) =>
    api.post<SignatureCheckResponse>('/signatures/check', { name: 'Проверка подписи на сервере', body: { content, signature } }),
  list: (kind: string, id: number) => api.get<SignatureResponse[]>('/signatures', { name: 'Подписи документа', query: { kind, id } }),
  rights: () => api.get<SigningRightResponse[]>('/signatures/rights', { name: 'Право подписи' }),
  prepareExecution: (contractId: number) =>
    api.post<ExecutionPrepareResponse>(`/contracts/${contractId}/execution/prepare`, { name: 'Подготовка сведений к подписи' }),
  signExecution: (contractId: number, recordId: number, signature: string) =>
    api.post<{ key: string; id: number; signature: SignatureResponse }>(`/contracts/${contractId}/execution/signature`, {
      name: 'Отправка подписанных сведений в ЕИС',
      body: { record_id: recordId, signature },
    }),
};
