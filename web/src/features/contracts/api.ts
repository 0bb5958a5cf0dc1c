import type { QueryIn } from '@proc/contract/http';
import { routes } from '@proc/contract/routes';
import type { ExecutionSummaryResponse } from '@proc/contract';
import { api, call, href } from '../../lib/api';
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
  list: (query: QueryIn<typeof routes.eis.getContracts>) => call(routes.eis.getContracts, { name: 'Реестр договоров', query }),
  waitingExecutions: (query: QueryIn<typeof routes.eis.getContractsWaitingExecutions>) =>
    call(routes.eis.getContractsWaitingExecutions, { name: 'Сведения об исполнении, ожидающие контракт', query }),
  /** `notFoundPage`: the card route shows a missing contract as its page; elsewhere a 404 is a notice. */
  get: (id: number, notFoundPage = true) => call(routes.eis.getContractsById, { params: { id }, name: 'Карточка договора', notFoundPage }),
  summary: (id: number, notFoundPage = false) =>
    call(routes.contracts.getExecutionSummary, { params: { id }, name: 'Исполнение договора', notFoundPage }),
  acceptance: (id: number) => call(routes.contracts.getAcceptance, { params: { id }, name: 'Документы приёмки' }),
  /** `confirm`: the user read what does not fit the contract and uploads anyway; `replace`: it replaces the same УПД. */
  uploadUpd: (id: number, file: File, o: { confirm?: boolean; replace?: boolean; idempotencyKey?: string } = {}) =>
    call(routes.contracts.postUpd, {
      params: { id },
      name: 'Загрузка УПД',
      errorHeader: MESSAGES.updErrorHeader(file.name),
      body: form(file),
      quiet: true,
      idempotencyKey: o.idempotencyKey,
      query: { confirm: o.confirm ? 'true' : undefined, replace: o.replace ? 'true' : undefined },
    }),
  withdrawUpd: (documentId: number, reason: string) =>
    call(routes.contracts.postAcceptanceWithdraw, { params: { id: documentId }, name: 'Отзыв УПД', body: { reason } }),
  withdrawExecution: (contractId: number, recordId: number, reason: string) =>
    call(routes.eis.postContractsExecutionWithdraw, {
      params: { id: contractId, recordId },
      name: 'Отзыв сведений об исполнении',
      body: { reason },
    }),
  mapLine: (lineId: number, positionId: number | null) =>
    call(routes.contracts.putAcceptanceLinesMapping, {
      params: { lineId },
      name: 'Сопоставление строки УПД',
      body: { position_id: positionId },
    }),
  payments: (query: QueryIn<typeof routes.contracts.getPayments>) =>
    call(routes.contracts.getPayments, { name: 'Платёжные поручения', query }),
  importPayments: (file: File, confirm = false, idempotencyKey?: string) =>
    call(routes.contracts.postPaymentsImport, {
      name: 'Загрузка выписки 1С',
      errorHeader: MESSAGES.paymentErrorHeader(file.name),
      body: form(file),
      quiet: true,
      idempotencyKey,
      query: confirm ? { confirm: 'true' } : undefined,
    }),
  /** Quiet: a payee who is not the contract's supplier comes back as CONFIRM_REQUIRED and the table asks; `reason` — why a link is withdrawn. */
  linkPayment: (id: number, contractId: number | null, o: { reason?: string; confirm?: boolean } = {}) =>
    call(routes.contracts.putPaymentsContract, {
      params: { id },
      name: 'Привязка платёжного поручения',
      body: { contract_id: contractId, reason: o.reason, ...(o.confirm ? { confirm: true } : {}) },
      quiet: true,
    }),
  buildReport: (id: number, format: 'xlsx' | 'pdf') =>
    call(routes.contracts.postReports, { params: { id }, name: 'Формирование отчёта', body: { format } }),
  buildMonthly: (year: number, month: number) =>
    call(routes.contracts.postReportsMonthly, { name: 'Месячный отчёт', body: { year, month } }),
  reports: (query: QueryIn<typeof routes.contracts.getReports>) => call(routes.contracts.getReports, { name: 'Отчёты', query }),
  contractReports: (id: number, query: QueryIn<typeof routes.contracts.getReportsOfContract>) =>
    call(routes.contracts.getReportsOfContract, { params: { id }, name: 'Отчёты по договору', query }),
  downloadReport: (code: string) => api.download(href(routes.contracts.getReportsDownload, { params: { code } }), 'Скачивание отчёта'),
  execution: (id: number) => call(routes.eis.getContractsExecution, { params: { id }, name: 'Сведения об исполнении' }),
  sendExecution: (id: number) => call(routes.eis.postContractsExecutionSend, { params: { id }, name: 'Отправка сведений в ЕИС' }),
  dashboard: () => call(routes.contracts.getDashboard, { name: 'Сводка' }),
};
