import type {
  ExecutionPrepareResponse,
  ExecutionSignedResponse,
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
    api.post<ExecutionSignedResponse>(`/contracts/${contractId}/execution/signature`, {
      name: 'Отправка подписанных сведений в ЕИС',
      body: { record_id: recordId, signature },
    }),
  /** Quiet: the form puts the server's field errors beside the fields. */
  grantRight: (userId: number, body: { person_inn: string | null; mchd_number: string | null }) =>
    api.put(`/signatures/rights/${userId}`, { name: 'Право подписи', body, quiet: true }),
  revokeRight: (userId: number) => api.delete(`/signatures/rights/${userId}`, { name: 'Право подписи' }),
  /** The exact bytes the server keeps of a procurement file's version: what the signature is made of. */
  procurementFileBytes: (procurementId: number, fileId: number, version: number) =>
    api.bytes(`/procurements/${procurementId}/files/${fileId}/download?version=${version}`, 'Скачивание документа для подписи'),
  signProcurementFile: (procurementId: number, fileId: number, signature: string, version: number) =>
    api.post<SignatureResponse & { version: number }>(`/procurements/${procurementId}/files/${fileId}/signature`, {
      name: 'Подпись документа закупки',
      body: { signature, version },
    }),
  /** The approval document of a rule version, as the download gives it. */
  approvalDocument: (ruleId: number, versionId: number) =>
    api.bytes(`/procurement_rules/${ruleId}/versions/${versionId}/approval_document`, 'Документ об утверждении'),
  signRuleVersion: (ruleId: number, versionId: number, signature: string) =>
    api.post<SignatureResponse>(`/procurement_rules/${ruleId}/versions/${versionId}/signature`, {
      name: 'Подпись положения',
      body: { signature },
    }),
  checkUpdSignature: (contractId: number, documentId: number, signature: string) =>
    api.post<SignatureCheckResponse>(`/contracts/${contractId}/upd/signature`, {
      name: 'Проверка подписи УПД',
      body: { document_id: documentId, signature },
    }),
};
