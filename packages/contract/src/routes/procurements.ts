import { z } from 'zod';
import {
  ProcurementFactsRequest,
  ProcurementFileResponse,
  ProcurementRequest,
  ProcurementResponse,
  RegisterExportQuery,
  RegisterPage,
  RegisterQuery,
  StatusHistoryItem,
  TransitionRequest,
} from '../procurements';
import { Id, IdParams } from '../common';
import { ProcurementLineRequest, ProcurementLinesResponse } from '../lines';
import { DocumentKind } from '../rules';
import { defineRoutes } from '../http';

export const FileParams = z.object({ id: Id, fileId: Id });
export const LineParams = z.object({ id: Id, lineId: Id });

/** The HTTP routes of procurements (paths under /api). */
export const procurementsRoutes = defineRoutes({
  getProcurementsLines: {
    method: 'GET',
    path: '/procurements/:id/lines',
    params: IdParams,
    response: { 200: ProcurementLinesResponse },
  },
  postProcurementsLines: {
    method: 'POST',
    path: '/procurements/:id/lines',
    params: IdParams,
    body: ProcurementLineRequest,
    response: { 200: ProcurementLinesResponse },
  },
  putProcurementsLinesByLineId: {
    method: 'PUT',
    path: '/procurements/:id/lines/:lineId',
    params: LineParams,
    body: ProcurementLineRequest,
    response: { 200: ProcurementLinesResponse },
  },
  deleteProcurementsLinesByLineId: {
    method: 'DELETE',
    path: '/procurements/:id/lines/:lineId',
    params: LineParams,
    response: { 200: ProcurementLinesResponse },
  },
  get: { method: 'GET', path: '/procurements', query: RegisterQuery, response: { 200: RegisterPage } },
  getExportXlsx: { method: 'GET', path: '/procurements/export.xlsx', query: RegisterExportQuery },
  post: {
    method: 'POST',
    path: '/procurements',
    query: z.object({ another_for_plan_item: z.enum(['true', 'false']).optional() }),
    body: ProcurementRequest,
    response: { 200: ProcurementResponse },
  },
  getById: { method: 'GET', path: '/procurements/:id', params: IdParams, response: { 200: ProcurementResponse } },
  putById: { method: 'PUT', path: '/procurements/:id', params: IdParams, body: ProcurementRequest, response: { 200: ProcurementResponse } },
  putFacts: {
    method: 'PUT',
    path: '/procurements/:id/facts',
    params: IdParams,
    body: ProcurementFactsRequest,
    response: { 200: ProcurementResponse },
  },
  postTransition: {
    method: 'POST',
    path: '/procurements/:id/transition',
    params: IdParams,
    body: TransitionRequest,
    response: { 200: ProcurementResponse },
  },
  getHistory: { method: 'GET', path: '/procurements/:id/history', params: IdParams, response: { 200: z.array(StatusHistoryItem) } },
  getFiles: { method: 'GET', path: '/procurements/:id/files', params: IdParams, response: { 200: z.array(ProcurementFileResponse) } },
  postFiles: {
    upload: true,
    method: 'POST',
    path: '/procurements/:id/files',
    params: IdParams,
    query: z.object({ template: DocumentKind.optional() }),
    response: { 200: ProcurementFileResponse },
  },
  getFilesByFileId: {
    method: 'GET',
    path: '/procurements/:id/files/:fileId',
    params: FileParams,
    response: { 200: ProcurementFileResponse },
  },
  putFilesByFileId: {
    upload: true,
    method: 'PUT',
    path: '/procurements/:id/files/:fileId',
    params: FileParams,
    response: { 200: ProcurementFileResponse },
  },
  getFilesDownload: {
    method: 'GET',
    path: '/procurements/:id/files/:fileId/download',
    params: FileParams,
    query: z.object({ version: Id.optional() }),
  },
  deleteFilesByFileId: { method: 'DELETE', path: '/procurements/:id/files/:fileId', params: FileParams },
});
