import { z } from 'zod';
import { Id, IdParams } from '../common';
import { NmckContractPositionsQuery, NmckContractPositionsResponse, NmckRequest, NmckResponse, NmckSourceRequest } from '../nmck';
import { defineRoutes } from '../http';

export const SourceParams = z.object({ id: Id, sourceId: Id });

/** The HTTP routes of nmck (paths under /api). */
export const nmckRoutes = defineRoutes({
  getProcurementsNmck: { method: 'GET', path: '/procurements/:id/nmck', params: IdParams, response: { 200: NmckResponse } },
  putProcurementsNmck: {
    method: 'PUT',
    path: '/procurements/:id/nmck',
    params: IdParams,
    body: NmckRequest,
    response: { 200: NmckResponse },
  },
  postProcurementsNmckSources: {
    method: 'POST',
    path: '/procurements/:id/nmck/sources',
    params: IdParams,
    body: NmckSourceRequest,
    response: { 200: NmckResponse },
  },
  putProcurementsNmckSourcesBySourceId: {
    method: 'PUT',
    path: '/procurements/:id/nmck/sources/:sourceId',
    params: SourceParams,
    body: NmckSourceRequest,
    response: { 200: NmckResponse },
  },
  deleteProcurementsNmckSourcesBySourceId: {
    method: 'DELETE',
    path: '/procurements/:id/nmck/sources/:sourceId',
    params: SourceParams,
    response: { 200: NmckResponse },
  },
  postProcurementsNmckApply: { method: 'POST', path: '/procurements/:id/nmck/apply', params: IdParams, response: { 200: NmckResponse } },
  getProcurementsNmckJustificationDocx: { method: 'GET', path: '/procurements/:id/nmck/justification.docx', params: IdParams },
  getProcurementsNmckJustificationXlsx: { method: 'GET', path: '/procurements/:id/nmck/justification.xlsx', params: IdParams },
  getProcurementsNmckContractPositions: {
    method: 'GET',
    path: '/procurements/:id/nmck/contract-positions',
    params: IdParams,
    query: NmckContractPositionsQuery,
    response: { 200: NmckContractPositionsResponse },
  },
});
