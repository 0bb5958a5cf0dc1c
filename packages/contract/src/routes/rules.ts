import { z } from 'zod';
import {
  ApproveVersionRequest,
  DocumentRuleRequest,
  DocumentRuleResponse,
  InForceQuery,
  ProcurementRuleRequest,
  ProcurementRuleResponse,
  ProcurementRulesQuery,
  RuleVersionRequest,
  RuleVersionResponse,
} from '../rules';
import { Id, IdParams, paged } from '../common';
import { defineRoutes } from '../http';

export const VersionParams = z.object({ id: Id, versionId: Id });

export const DocRuleParams = z.object({ id: Id, versionId: Id, docRuleId: Id });

/** The HTTP routes of rules (paths under /api). */
export const rulesRoutes = defineRoutes({
  getProcurementRules: {
    method: 'GET',
    path: '/procurement_rules',
    query: ProcurementRulesQuery,
    response: { 200: paged(ProcurementRuleResponse) },
  },
  getProcurementRulesTemplates: {
    method: 'GET',
    path: '/procurement_rules/templates',
    response: { 200: z.array(ProcurementRuleResponse) },
  },
  postProcurementRules: {
    method: 'POST',
    path: '/procurement_rules',
    body: ProcurementRuleRequest,
    response: { 200: ProcurementRuleResponse },
  },
  getProcurementRulesById: { method: 'GET', path: '/procurement_rules/:id', params: IdParams, response: { 200: ProcurementRuleResponse } },
  putProcurementRulesById: {
    method: 'PUT',
    path: '/procurement_rules/:id',
    params: IdParams,
    body: ProcurementRuleRequest,
    response: { 200: ProcurementRuleResponse },
  },
  postProcurementRulesArchive: {
    method: 'POST',
    path: '/procurement_rules/:id/archive',
    params: IdParams,
    response: { 200: ProcurementRuleResponse },
  },
  postProcurementRulesRestore: {
    method: 'POST',
    path: '/procurement_rules/:id/restore',
    params: IdParams,
    response: { 200: ProcurementRuleResponse },
  },
  getProcurementRulesVersions: {
    method: 'GET',
    path: '/procurement_rules/:id/versions',
    params: IdParams,
    response: { 200: z.array(RuleVersionResponse) },
  },
  getProcurementRulesInForce: {
    method: 'GET',
    path: '/procurement_rules/:id/in_force',
    params: IdParams,
    query: InForceQuery,
    response: { 200: RuleVersionResponse.nullable() },
  },
  postProcurementRulesVersions: {
    method: 'POST',
    path: '/procurement_rules/:id/versions',
    params: IdParams,
    body: RuleVersionRequest,
    response: { 200: RuleVersionResponse },
  },
  getProcurementRulesVersionsByVersionId: {
    method: 'GET',
    path: '/procurement_rules/:id/versions/:versionId',
    params: VersionParams,
    response: { 200: RuleVersionResponse },
  },
  putProcurementRulesVersionsByVersionId: {
    method: 'PUT',
    path: '/procurement_rules/:id/versions/:versionId',
    params: VersionParams,
    body: RuleVersionRequest.omit({ based_on_version_id: true }),
    response: { 200: RuleVersionResponse },
  },
  deleteProcurementRulesVersionsByVersionId: {
    method: 'DELETE',
    path: '/procurement_rules/:id/versions/:versionId',
    params: VersionParams,
  },
  postProcurementRulesVersionsApprove: {
    method: 'POST',
    path: '/procurement_rules/:id/versions/:versionId/approve',
    params: VersionParams,
    body: ApproveVersionRequest.nullish(),
    response: { 200: RuleVersionResponse },
  },
  postProcurementRulesVersionsPublish: {
    method: 'POST',
    path: '/procurement_rules/:id/versions/:versionId/publish',
    params: VersionParams,
    response: { 200: RuleVersionResponse },
  },
  postProcurementRulesVersionsApprovalDocument: {
    upload: true,
    method: 'POST',
    path: '/procurement_rules/:id/versions/:versionId/approval_document',
    params: VersionParams,
    response: { 200: RuleVersionResponse },
  },
  getProcurementRulesVersionsApprovalDocument: {
    method: 'GET',
    path: '/procurement_rules/:id/versions/:versionId/approval_document',
    params: VersionParams,
  },
  getProcurementRulesVersionsDocumentRules: {
    method: 'GET',
    path: '/procurement_rules/:id/versions/:versionId/document_rules',
    params: VersionParams,
    response: { 200: z.array(DocumentRuleResponse) },
  },
  postProcurementRulesVersionsDocumentRules: {
    method: 'POST',
    path: '/procurement_rules/:id/versions/:versionId/document_rules',
    params: VersionParams,
    body: DocumentRuleRequest,
    response: { 200: DocumentRuleResponse },
  },
  putProcurementRulesVersionsDocumentRulesByDocRuleId: {
    method: 'PUT',
    path: '/procurement_rules/:id/versions/:versionId/document_rules/:docRuleId',
    params: DocRuleParams,
    body: DocumentRuleRequest,
    response: { 200: DocumentRuleResponse },
  },
  deleteProcurementRulesVersionsDocumentRulesByDocRuleId: {
    method: 'DELETE',
    path: '/procurement_rules/:id/versions/:versionId/document_rules/:docRuleId',
    params: DocRuleParams,
  },
});
