import { z } from 'zod';
import { DocumentKind, DocumentsResponse, IdParams } from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { getValues, listDocuments, putValues } from './list-documents';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['documentation'];
const templatesQuery = z.object({
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

export function documentationRoutes(app: App, deps: Deps): void {
  app.get(
    '/procurements/:id/documents',
    {
      schema: {
        tags,
        summary: 'Документы закупки с полями для заполнения',
        description:
          'То же, что documentUserfieldsResponse: документы, которые требует редакция положения, с полями (значения: сохранённые пользователем, иначе заполненные из закупки, организации и справочников) и последним сформированным файлом.',
        params: IdParams,
        querystring: templatesQuery,
        response: { 200: DocumentsResponse },
      },
    },
    async (req) => ({
      procurement_id: req.params.id,
      documents: await listDocuments(await companyCtx(deps, req), req.params.id, req.query.templates),
    }),
  );

  route(
    app,
    routes.documentation.getProcurementsDocumentsValues,
    {
      schema: {
        tags,
        summary: 'Сохранённые пользователем значения полей документа',
      },
    },
    async (req) => getValues(await companyCtx(deps, req), req.params.id, req.params.template),
  );

  route(
    app,
    routes.documentation.putProcurementsDocumentsValues,
    {
      schema: {
        tags,
        summary: 'Сохранить значения полей документа (статусы draft и docs_ready)',
        description: 'Значения сливаются с сохранёнными; null удаляет значение.',
      },
    },
    async (req) => putValues(await companyCtx(deps, req), req.params.id, req.params.template, req.body.values),
  );
}
