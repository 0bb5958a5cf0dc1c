import type {
  AcceptanceDocumentResponse,
  AcceptanceLine,
  ContractCardResponse,
  ContractListItem,
  DashboardResponse,
  ExecutionRecordResponse,
  ExecutionSendResponse,
  ExecutionSummaryResponse,
  Paged,
  PaymentImportResponse,
  PaymentOrderResponse,
  ReportQueuedResponse,
  ReportResponse,
  ContractReportsPage,
  ContractReportsQuery,
  UpdUploadResponse,
  WaitingExecution44,
} from '@proc/contract';
import { api } from '../../lib/api';
import { MESSAGES } from '@proc/contract/messages';

export type Deadline = ExecutionSummaryResponse['deadlines'][number];

/** Filters of the contracts register as the URL carries them. */
export const CONTRACT_FILTERS = ['q', 'law', 'status', 'supplier_inn', 'date_from', 'date_to'] as const;

const form = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

export const contractsApi = {
  list: (query: Record<string, unknown>) => api.get<Paged<ContractListItem>>('/contracts', { name: 'Реестр договоров', query }),
  waitingExecutions: (query: Record<string, unknown>) =>
    api.get<Paged<WaitingExecution44>>('/contracts/waiting-executions', { name: 'Сведения об исполнении, ожидающие контракт', query }),
  /** `notFoundPage`: the card route shows a missing contract as its page; elsewhere a 404 is a notice. */
  get: (id: number, notFoundPage = true) => api.get<ContractCardResponse>(`/contracts/${id}`, { name: 'Карточка договора', notFoundPage }),
  summary: (id: number, notFoundPage = false) =>
    api.get<ExecutionSummaryResponse>(`/contracts/${id}/execution-summary`, { name: 'Исполнение договора', notFoundPage }),
  acceptance: (id: number) => api.get<AcceptanceDocumentResponse[]>(`/contracts/${id}/acceptance`, { name: 'Документы приёмки' }),
  /** `confirm`: the user read what does not fit the contract and uploads anyway; `replace`: it replaces the same УПД. */
  uploadUpd: (id: number, file: File, o: { confirm?: boolean; replace?: boolean; idempotencyKey?: string } = {}) =>
    api.post<UpdUploadResponse>(`/contracts/${id}/upd`, {
      name: 'Загрузка УПД',
      errorHeader: MESSAGES.updErrorHeader(file.name),
      body: form(file),
      quiet: true,
      idempotencyKey: o.idempotencyKey,
      query: { confirm: o.confirm ? 'true' : undefined, replace: o.replace ? 'true' : undefined },
    }),
  withdrawUpd: (documentId: number, reason: string) =>
    api.post<AcceptanceDocumentResponse>(`/acceptance/${documentId}/withdraw`, { name: 'Отзыв УПД', body: { reason } }),
  withdrawExecution: (contractId: number, recordId: number, reason: string) =>
    api.post<ExecutionRecordResponse>(`/contracts/${contractId}/execution/${recordId}/withdraw`, {
      name: 'Отзыв сведений об исполнении',
      body: { reason },
    }),
  mapLine: (lineId: number, positionId: number | null) =>
    api.put<AcceptanceLine>(`/acceptance/lines/${lineId}/mapping`, { name: 'Сопоставление строки УПД', body: { position_id: positionId } }),
  payments: (query: Record<string, unknown>) => api.get<Paged<PaymentOrderResponse>>('/payments', { name: 'Платёжные поручения', query }),
  importPayments: (file: File, confirm = false, idempotencyKey?: string) =>
    api.post<PaymentImportResponse>('/payments/import', {
      name: 'Загрузка выписки 1С',
      errorHeader: MESSAGES.paymentErrorHeader(file.name),
      body: form(file),
      quiet: true,
      idempotencyKey,
      query: confirm ? { confirm: 'true' } : undefined,
    }),
  /** Quiet: a payee who is not the contract's supplier comes back as CONFIRM_REQUIRED and the table asks; `reason` — why a link is withdrawn. */
  linkPayment: (id: number, contractId: number | null, o: { reason?: string; confirm?: boolean } = {}) =>
    api.put<PaymentOrderResponse>(`/payments/${id}/contract`, {
      name: 'Привязка платёжного поручения',
      body: { contract_id: contractId, reason: o.reason, ...(o.confirm ? { confirm: true } : {}) },
      quiet: true,
    }),
  buildReport: (id: number, format: 'xlsx' | 'pdf') =>
    api.post<ReportQueuedResponse>(`/contracts/${id}/reports`, { name: 'Формирование отчёта', body: { format } }),
  buildMonthly: (year: number, month: number) =>
    api.post<ReportQueuedResponse>('/reports/monthly', { name: 'Месячный отчёт', body: { year, month } }),
  reports: (query: Record<string, unknown>) => api.get<Paged<ReportResponse>>('/reports', { name: 'Отчёты', query }),
  contractReports: (id: number, query: ContractReportsQuery) =>
    api.get<ContractReportsPage>(`/contracts/${id}/reports`, { name: 'Отчёты по договору', query }),
  downloadReport: (code: string) => api.download(`/reports/${code}/download`, 'Скачивание отчёта'),
  execution: (id: number) => api.get<ExecutionRecordResponse[]>(`/contracts/${id}/execution`, { name: 'Сведения об исполнении' }),
  sendExecution: (id: number) => api.post<ExecutionSendResponse>(`/contracts/${id}/execution/send`, { name: 'Отправка сведений в ЕИС' }),
  dashboard: () => api.get<DashboardResponse>('/dashboard', { name: 'Сводка' }),
};
