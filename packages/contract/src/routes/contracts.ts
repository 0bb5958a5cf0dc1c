import { z } from 'zod';
import { Id, IdParams, PageQuery, paged } from '../common';
import {
  AcceptanceDocumentResponse,
  AcceptanceLine,
  ContractReportRequest,
  ContractReportsPage,
  ContractReportsQuery,
  DashboardResponse,
  ExecutionSummaryResponse,
  LineMappingRequest,
  MonthlyReportRequest,
  PaymentImportResponse,
  PaymentLinkRequest,
  PaymentOrderResponse,
  PaymentsQuery,
  ReportQueuedResponse,
  ReportResponse,
  UpdUploadQuery,
  UpdUploadResponse,
  WithdrawRequest,
} from '../execution';
import { defineRoutes } from '../http';

/** The HTTP routes of contracts (paths under /api). */
export const contractsRoutes = defineRoutes({
  postUpd: {
    upload: true,
    method: 'POST',
    path: '/contracts/:id/upd',
    params: IdParams,
    query: UpdUploadQuery,
    response: { 200: UpdUploadResponse },
  },
  postAcceptanceWithdraw: {
    method: 'POST',
    path: '/acceptance/:id/withdraw',
    params: IdParams,
    body: WithdrawRequest,
    response: { 200: AcceptanceDocumentResponse },
  },
  getAcceptance: {
    method: 'GET',
    path: '/contracts/:id/acceptance',
    params: IdParams,
    response: { 200: z.array(AcceptanceDocumentResponse) },
  },
  putAcceptanceLinesMapping: {
    method: 'PUT',
    path: '/acceptance/lines/:lineId/mapping',
    params: z.object({ lineId: Id }),
    body: LineMappingRequest,
    response: { 200: AcceptanceLine },
  },
  postPaymentsImport: {
    upload: true,
    method: 'POST',
    path: '/payments/import',
    query: UpdUploadQuery,
    response: { 200: PaymentImportResponse },
  },
  getPayments: { method: 'GET', path: '/payments', query: PaymentsQuery, response: { 200: paged(PaymentOrderResponse) } },
  putPaymentsContract: {
    method: 'PUT',
    path: '/payments/:id/contract',
    params: IdParams,
    body: PaymentLinkRequest,
    response: { 200: PaymentOrderResponse },
  },
  getExecutionSummary: {
    method: 'GET',
    path: '/contracts/:id/execution-summary',
    params: IdParams,
    response: { 200: ExecutionSummaryResponse },
  },
  postReports: {
    method: 'POST',
    path: '/contracts/:id/reports',
    params: IdParams,
    body: ContractReportRequest,
    response: { 200: ReportQueuedResponse },
  },
  getReportsOfContract: {
    method: 'GET',
    path: '/contracts/:id/reports',
    params: IdParams,
    query: ContractReportsQuery,
    response: { 200: ContractReportsPage },
  },
  postReportsMonthly: { method: 'POST', path: '/reports/monthly', body: MonthlyReportRequest, response: { 200: ReportQueuedResponse } },
  getReports: { method: 'GET', path: '/reports', query: PageQuery, response: { 200: paged(ReportResponse) } },
  getReportsDownload: { method: 'GET', path: '/reports/:code/download', params: z.object({ code: z.string().uuid() }) },
  getDashboard: { method: 'GET', path: '/dashboard', response: { 200: DashboardResponse } },
});
