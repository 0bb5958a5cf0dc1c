import { z } from 'zod';
import { Id } from '../common';
import { DocumentKind } from '../rules';
import { DocumentItem, DocumentValuesRequest, DocumentValuesResponse, DocumentsResponse } from '../procurements';
import {
  BuiltinTemplateParams,
  CustomTemplate,
  TemplateCatalogueResponse,
  TemplateIdParams,
  TemplateSlotQuery,
  TemplateSlotsResponse,
  TemplateUploadQuery,
} from '../document-templates';
import { IdParams } from '../common';
import { defineRoutes } from '../http';

export const TemplateParams = z.object({ id: Id, template: DocumentKind });

/** Which documents of a procurement to list: codes joined by commas. */
export const DocumentsQuery = z.object({
  templates: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(DocumentKind))
    .optional()
    .describe('Коды документов через запятую; по умолчанию — те, что требует положение'),
});

/** The HTTP routes of documentation (paths under /api). */
export const documentationRoutes = defineRoutes({
  getProcurementsDocuments: {
    method: 'GET',
    path: '/procurements/:id/documents',
    params: IdParams,
    query: DocumentsQuery,
    response: { 200: DocumentsResponse },
  },
  getProcurementsDocumentsValues: {
    method: 'GET',
    path: '/procurements/:id/documents/:template/values',
    params: TemplateParams,
    response: { 200: DocumentValuesResponse },
  },
  putProcurementsDocumentsValues: {
    method: 'PUT',
    path: '/procurements/:id/documents/:template/values',
    params: TemplateParams,
    body: DocumentValuesRequest,
    response: { 200: DocumentItem },
  },
  getProcurementsDocumentsPreview: { method: 'GET', path: '/procurements/:id/documents/:template/preview', params: TemplateParams },
  getTemplatesCatalogue: { method: 'GET', path: '/document-templates/catalogue', response: { 200: TemplateCatalogueResponse } },
  getTemplates: { method: 'GET', path: '/document-templates', query: TemplateSlotQuery, response: { 200: TemplateSlotsResponse } },
  postTemplates: {
    upload: true,
    method: 'POST',
    path: '/document-templates',
    query: TemplateUploadQuery,
    response: { 200: CustomTemplate },
  },
  getTemplatesBuiltin: { method: 'GET', path: '/document-templates/builtin/:law/:kind/:subject', params: BuiltinTemplateParams },
  getTemplatesDownload: { method: 'GET', path: '/document-templates/:id/download', params: TemplateIdParams },
  deleteTemplatesById: {
    method: 'DELETE',
    path: '/document-templates/:id',
    params: TemplateIdParams,
    response: { 200: z.object({ ok: z.literal(true) }) },
  },
});
