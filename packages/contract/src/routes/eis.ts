import { z } from 'zod';
import { Notice44Response, Notices44Query } from '../notices44';
import { Id, IdParams, paged } from '../common';
import { EisApplyRequest, EisReconciliation } from '../eis-reconcile';
import { ProcurementResponse } from '../procurements';
import { TenderPlanPositionsQuery, TenderPlanPositionsResponse, TenderPlanResponse, TenderPlansQuery } from '../tender-plans';
import {
  ContractCardResponse,
  ContractListItem,
  ContractsQuery,
  EisContractsImportRequest,
  EisImportResponse,
  EisImportStatusQuery,
  EisNotices44ImportRequest,
  EisNoticesImportRequest,
  EisPlansImportRequest,
  EisImportStatusResponse,
  EisUploadQuery,
  EisUploadResponse,
  ExecutionRecordResponse,
  ExecutionSendResponse,
  JobAccepted,
  PlanItemResponse,
  PlanItemsQuery,
  PlanResponse,
  PlansQuery,
  WaitingExecution44,
  WaitingExecutions44Query,
} from '../eis';
import { WithdrawRequest } from '../execution';
import { EisCheckResponse, EisSettingsRequest, EisSettingsResponse } from '../users';
import { defineRoutes } from '../http';

export const ImportParams = z.object({ key: z.string().uuid('Ключ загрузки — UUID') });

export const PlanParams = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[\w-]{1,64}$/),
});

export const PlanItemParams = PlanParams.extend({ itemId: Id });

export const AnotherQuery = z.object({ another: z.enum(['true', 'false']).optional() });

export const TenderPlanParams = z.object({
  number: z
    .string()
    .trim()
    .regex(/^\d{18}$/, 'Номер плана-графика: 18 цифр'),
});

/** The HTTP routes of eis (paths under /api). */
export const eisRoutes = defineRoutes({
  getNotices44: { method: 'GET', path: '/eis/notices44', query: Notices44Query, response: { 200: paged(Notice44Response) } },
  getProcurementsEis: { method: 'GET', path: '/procurements/:id/eis', params: IdParams, response: { 200: EisReconciliation } },
  postProcurementsEisApply: {
    method: 'POST',
    path: '/procurements/:id/eis/apply',
    params: IdParams,
    body: EisApplyRequest,
    response: { 200: ProcurementResponse },
  },
  getTenderPlans: { method: 'GET', path: '/eis/tender-plans', query: TenderPlansQuery, response: { 200: z.array(TenderPlanResponse) } },
  getTenderPlansPositions: {
    method: 'GET',
    path: '/eis/tender-plans/:number/positions',
    params: TenderPlanParams,
    query: TenderPlanPositionsQuery,
    response: { 200: TenderPlanPositionsResponse },
  },
  postTenderPlansPositionsProcurement: {
    method: 'POST',
    path: '/eis/tender-plans/positions/:id/procurement',
    params: IdParams,
    response: { 200: ProcurementResponse },
  },
  postContractsImport: {
    method: 'POST',
    path: '/eis/contracts/import',
    body: EisContractsImportRequest,
    response: { 202: JobAccepted },
  },
  postPlansImport: { method: 'POST', path: '/eis/plans/import', body: EisPlansImportRequest, response: { 202: JobAccepted } },
  postNoticesImport: { method: 'POST', path: '/eis/notices/import', body: EisNoticesImportRequest, response: { 202: JobAccepted } },
  postTenderPlansImport: {
    method: 'POST',
    path: '/eis/tender-plans/import',
    body: EisPlansImportRequest,
    response: { 202: JobAccepted },
  },
  postNotices44Import: {
    method: 'POST',
    path: '/eis/notices44/import',
    body: EisNotices44ImportRequest,
    response: { 202: JobAccepted },
  },
  getImportsStatus: { method: 'GET', path: '/eis/imports/status', query: EisImportStatusQuery, response: { 200: EisImportStatusResponse } },
  postImportsCancel: { method: 'POST', path: '/eis/imports/:key/cancel', params: ImportParams, response: { 200: EisImportResponse } },
  getPlans: { method: 'GET', path: '/eis/plans', query: PlansQuery, response: { 200: paged(PlanResponse) } },
  getPlansItems: {
    method: 'GET',
    path: '/eis/plans/:number/items',
    params: PlanParams,
    query: PlanItemsQuery,
    response: { 200: paged(PlanItemResponse) },
  },
  postPlansItemsProcurement: {
    method: 'POST',
    path: '/eis/plans/:number/items/:itemId/procurement',
    params: PlanItemParams,
    query: AnotherQuery,
    response: { 200: ProcurementResponse },
  },
  postUpload: { upload: true, method: 'POST', path: '/eis/upload', query: EisUploadQuery, response: { 200: EisUploadResponse } },
  getContracts: { method: 'GET', path: '/contracts', query: ContractsQuery, response: { 200: paged(ContractListItem) } },
  getContractsWaitingExecutions: {
    method: 'GET',
    path: '/contracts/waiting-executions',
    query: WaitingExecutions44Query,
    response: { 200: paged(WaitingExecution44) },
  },
  getContractsById: { method: 'GET', path: '/contracts/:id', params: IdParams, response: { 200: ContractCardResponse } },
  postContractsExecutionSend: {
    method: 'POST',
    path: '/contracts/:id/execution/send',
    params: IdParams,
    response: { 202: ExecutionSendResponse },
  },
  getContractsExecution: {
    method: 'GET',
    path: '/contracts/:id/execution',
    params: IdParams,
    response: { 200: z.array(ExecutionRecordResponse) },
  },
  postContractsExecutionWithdraw: {
    method: 'POST',
    path: '/contracts/:id/execution/:recordId/withdraw',
    params: IdParams.extend({ recordId: Id }),
    body: WithdrawRequest,
    response: { 200: ExecutionRecordResponse },
  },
  getOpendataOcdsJson: { method: 'GET', path: '/opendata/ocds.json' },
  getCompaniesEisSettings: { method: 'GET', path: '/companies/:id/eis_settings', params: IdParams, response: { 200: EisSettingsResponse } },
  putCompaniesEisSettings: {
    method: 'PUT',
    path: '/companies/:id/eis_settings',
    params: IdParams,
    body: EisSettingsRequest,
    response: { 200: EisSettingsResponse, 202: EisSettingsResponse },
  },
  postCompaniesEisSettingsCheck: {
    method: 'POST',
    path: '/companies/:id/eis_settings/check',
    params: IdParams,
    response: { 200: EisCheckResponse },
  },
});
