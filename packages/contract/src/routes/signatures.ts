import { z } from 'zod';
import {
  ExecutionPrepareResponse,
  ExecutionSignedResponse,
  SignatureBody,
  SignatureCheckRequest,
  SignatureCheckResponse,
  SignatureResponse,
  SigningRightRequest,
  SigningRightResponse,
  SigningStatusResponse,
} from '../signatures';
import { Id, IdParams } from '../common';
import { defineRoutes } from '../http';

export const DOCUMENT_KINDS = ['execution_record', 'upd', 'documentation', 'rule_version'] as const;

export const SignaturesQuery = z.object({
  kind: z.enum(DOCUMENT_KINDS, { message: 'Неизвестный вид документа' }),
  id: z.coerce.number().int().positive(),
});

export const UserParams = z.object({ userId: Id });

export const ExecutionSignatureBody = SignatureBody.extend({ record_id: Id });

/** The HTTP routes of signatures (paths under /api). */
export const signaturesRoutes = defineRoutes({
  getStatus: { method: 'GET', path: '/signatures/status', response: { 200: SigningStatusResponse } },
  postCheck: { method: 'POST', path: '/signatures/check', body: SignatureCheckRequest, response: { 200: SignatureCheckResponse } },
  get: { method: 'GET', path: '/signatures', query: SignaturesQuery, response: { 200: z.array(SignatureResponse) } },
  getRights: { method: 'GET', path: '/signatures/rights', response: { 200: z.array(SigningRightResponse) } },
  putRightsByUserId: { method: 'PUT', path: '/signatures/rights/:userId', params: UserParams, body: SigningRightRequest },
  deleteRightsByUserId: { method: 'DELETE', path: '/signatures/rights/:userId', params: UserParams },
  postContractsUpdSignature: {
    method: 'POST',
    path: '/contracts/:id/upd/signature',
    params: IdParams,
    body: SignatureBody.extend({ document_id: Id }),
    response: { 200: SignatureCheckResponse },
  },
  postProcurementRulesVersionsSignature: {
    method: 'POST',
    path: '/procurement_rules/:id/versions/:versionId/signature',
    params: z.object({ id: Id, versionId: Id }),
    body: SignatureBody,
    response: { 201: SignatureResponse },
  },
  postProcurementsFilesSignature: {
    method: 'POST',
    path: '/procurements/:id/files/:fileId/signature',
    params: z.object({ id: Id, fileId: Id }),
    body: SignatureBody.extend({
      version: z
        .number({ message: 'Номер версии — целое число' })
        .int('Номер версии — целое число')
        .positive('Номер версии — целое число')
        .optional()
        .describe('Версия, которую подписали (из скачанного файла): другая текущая — 409'),
    }),
    response: { 201: SignatureResponse.extend({ version: z.number() }) },
  },
  postContractsExecutionPrepare: {
    method: 'POST',
    path: '/contracts/:id/execution/prepare',
    params: IdParams,
    response: { 201: ExecutionPrepareResponse },
  },
  postContractsExecutionSignature: {
    method: 'POST',
    path: '/contracts/:id/execution/signature',
    params: IdParams,
    body: ExecutionSignatureBody,
    response: { 202: ExecutionSignedResponse },
  },
});
