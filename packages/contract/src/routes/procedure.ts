import {
  ApplicationFileRequest,
  ApplicationRequest,
  ProcedureCommissionRequest,
  ProcedureCriteriaRequest,
  ProcedureResponse,
  ProtocolParams,
  ProtocolRequest,
  QuorumRequest,
  QuorumResponse,
  ReviewRequest,
  ScoresRequest,
} from '../procedure';
import { z } from 'zod';
import { Id, IdParams } from '../common';
import { defineRoutes } from '../http';

const ApplicationParams = z.object({ id: Id, applicationId: Id });

/** The purchase's procedure: commission, applications, review, scoring, protocols (paths under /api). */
export const procedureRoutes = defineRoutes({
  getById: { method: 'GET', path: '/procurements/:id/procedure', params: IdParams, response: { 200: ProcedureResponse } },
  putCommission: {
    method: 'PUT',
    path: '/procurements/:id/procedure/commission',
    params: IdParams,
    body: ProcedureCommissionRequest,
    response: { 200: ProcedureResponse },
  },
  putCriteria: {
    method: 'PUT',
    path: '/procurements/:id/procedure/criteria',
    params: IdParams,
    body: ProcedureCriteriaRequest,
    response: { 200: ProcedureResponse },
  },
  postApplications: {
    method: 'POST',
    path: '/procurements/:id/procedure/applications',
    params: IdParams,
    body: ApplicationRequest,
    response: { 200: ProcedureResponse },
  },
  putApplicationsFile: {
    method: 'PUT',
    path: '/procurements/:id/procedure/applications/:applicationId/file',
    params: ApplicationParams,
    body: ApplicationFileRequest,
    response: { 200: ProcedureResponse },
  },
  getApplicationsFile: {
    method: 'GET',
    path: '/procurements/:id/procedure/applications/:applicationId/file',
    params: ApplicationParams,
  },
  deleteApplications: {
    method: 'DELETE',
    path: '/procurements/:id/procedure/applications/:applicationId',
    params: ApplicationParams,
    response: { 200: ProcedureResponse },
  },
  postReview: {
    method: 'POST',
    path: '/procurements/:id/procedure/review',
    params: IdParams,
    body: ReviewRequest,
    response: { 200: ProcedureResponse },
  },
  putScores: {
    method: 'PUT',
    path: '/procurements/:id/procedure/scores',
    params: IdParams,
    body: ScoresRequest,
    response: { 200: ProcedureResponse },
  },
  postProtocols: {
    method: 'POST',
    path: '/procurements/:id/procedure/protocols/:kind',
    params: ProtocolParams,
    body: ProtocolRequest,
    response: { 200: ProcedureResponse },
  },
  getProtocols: { method: 'GET', path: '/procurements/:id/procedure/protocols/:kind', params: ProtocolParams },
  getQuorum: { method: 'GET', path: '/procedure/quorum', response: { 200: QuorumResponse } },
  putQuorum: { method: 'PUT', path: '/procedure/quorum', body: QuorumRequest, response: { 200: QuorumResponse } },
});
