import type { QueryIn } from '@proc/contract/http';
import { routes } from '@proc/contract/routes';
import { api, call, href } from '../../lib/api';

export const signaturesApi = {
  status: () => call(routes.signatures.getStatus, { name: 'Право подписи' }),
  check: (content: string, signature: string) =>
    call(routes.signatures.postCheck, { name: 'Проверка подписи на сервере', body: { content, signature } }),
  list: (kind: QueryIn<typeof routes.signatures.get>['kind'], id: number) =>
    call(routes.signatures.get, { name: 'Подписи документа', query: { kind, id } }),
  rights: () => call(routes.signatures.getRights, { name: 'Право подписи' }),
  prepareExecution: (contractId: number) =>
    call(routes.signatures.postContractsExecutionPrepare, { params: { id: contractId }, name: 'Подготовка сведений к подписи' }),
  signExecution: (contractId: number, recordId: number, signature: string) =>
    call(routes.signatures.postContractsExecutionSignature, {
      params: { id: contractId },
      name: 'Отправка подписанных сведений в ЕИС',
      body: { record_id: recordId, signature },
    }),
  /** Quiet: the form puts the server's field errors beside the fields. */
  grantRight: (userId: number, body: { person_inn: string | null; mchd_number: string | null }) =>
    call(routes.signatures.putRightsByUserId, { params: { userId }, name: 'Право подписи', body, quiet: true }),
  revokeRight: (userId: number) => call(routes.signatures.deleteRightsByUserId, { params: { userId }, name: 'Право подписи' }),
  /** The exact bytes the server keeps of a procurement file's version: what the signature is made of. */
  procurementFileBytes: (procurementId: number, fileId: number, version: number) =>
    api.bytes(
      href(routes.procurements.getFilesDownload, { params: { id: procurementId, fileId }, query: { version } }),
      'Скачивание документа для подписи',
    ),
  signProcurementFile: (procurementId: number, fileId: number, signature: string, version: number) =>
    call(routes.signatures.postProcurementsFilesSignature, {
      params: { id: procurementId, fileId },
      name: 'Подпись документа закупки',
      body: { signature, version },
    }),
  /** The approval document of a rule version, as the download gives it. */
  approvalDocument: (ruleId: number, versionId: number) =>
    api.bytes(
      href(routes.rules.getProcurementRulesVersionsApprovalDocument, { params: { id: ruleId, versionId } }),
      'Документ об утверждении',
    ),
  signRuleVersion: (ruleId: number, versionId: number, signature: string) =>
    call(routes.signatures.postProcurementRulesVersionsSignature, {
      params: { id: ruleId, versionId },
      name: 'Подпись положения',
      body: { signature },
    }),
  checkUpdSignature: (contractId: number, documentId: number, signature: string) =>
    call(routes.signatures.postContractsUpdSignature, {
      params: { id: contractId },
      name: 'Проверка подписи УПД',
      body: { document_id: documentId, signature },
    }),
};
