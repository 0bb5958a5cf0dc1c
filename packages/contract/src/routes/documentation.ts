import { z } from 'zod';
import { Id } from '../common';
import { DocumentKind } from '../rules';
import { DocumentItem, DocumentValuesRequest, DocumentValuesResponse } from '../procurements';
import { defineRoutes } from '../http';

export const TemplateParams = z.object({ id: Id, template: DocumentKind });

/** The HTTP routes of documentation (paths under /api). */
export const documentationRoutes = defineRoutes({
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
});
