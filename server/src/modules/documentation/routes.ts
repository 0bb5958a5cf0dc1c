import { z } from 'zod';
import {
  BuiltinTemplateParams,
  CustomTemplate,
  DocumentKind,
  DocumentsResponse,
  IdParams,
  TemplateCatalogueResponse,
  TemplateIdParams,
  TemplateSlotQuery,
  TemplateSlotsResponse,
  TemplateUploadQuery,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { readUpload, sendFile } from '../../platform/document-files';
import { tagCatalogue } from '../../formats/docx/tag-catalogue';
import { getValues, listDocuments, putValues } from './list-documents';
import {
  builtinTemplate,
  deleteTemplate,
  downloadTemplate,
  listTemplateSlots,
  previewDocument,
  uploadTemplate,
} from './customer-templates';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';
import { TemplateParams } from '@proc/contract/routes/documentation';

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

  // ---- templates the customer owns ----
  const ttags = ['document-templates'];

  app.get(
    '/document-templates/catalogue',
    {
      schema: {
        tags: ttags,
        summary: 'Каталог тегов, которые может использовать шаблон документа',
        response: { 200: TemplateCatalogueResponse },
      },
    },
    async (req) => {
      await companyCtx(deps, req);
      return tagCatalogue();
    },
  );

  app.get(
    '/document-templates',
    {
      schema: {
        tags: ttags,
        summary: 'Шаблоны документов по видам и предметам закупки: свои и встроенные',
        description: '223-ФЗ — у редакции положения о закупке (rule_version_id), 44-ФЗ — у организации.',
        querystring: TemplateSlotQuery,
        response: { 200: TemplateSlotsResponse },
      },
    },
    async (req) => listTemplateSlots(await companyCtx(deps, req), req.query.law, req.query.rule_version_id),
  );

  app.post(
    '/document-templates',
    {
      schema: {
        tags: ttags,
        summary: 'Загрузить свой шаблон DOCX (multipart/form-data, поле file); заменяет прежний',
        description: 'Шаблон проверяется: неизвестный тег, незакрытый или чужой цикл — отказ 400 с местом ошибки.',
        consumes: ['multipart/form-data'],
        querystring: TemplateUploadQuery,
        response: { 200: CustomTemplate },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return uploadTemplate(ctx, req.query, await readUpload(req, deps.config.UPLOAD_MAX_BYTES));
    },
  );

  app.get(
    '/document-templates/builtin/:law/:kind/:subject',
    { schema: { tags: ttags, summary: 'Скачать встроенный шаблон — основу для своего', params: BuiltinTemplateParams } },
    async (req, reply) => {
      await companyCtx(deps, req);
      return sendFile(reply, await builtinTemplate(req.params.law, req.params.kind, req.params.subject));
    },
  );

  app.get(
    '/document-templates/:id/download',
    { schema: { tags: ttags, summary: 'Скачать свой шаблон', params: TemplateIdParams } },
    async (req, reply) => sendFile(reply, await downloadTemplate(await companyCtx(deps, req), req.params.id)),
  );

  app.delete(
    '/document-templates/:id',
    {
      schema: {
        tags: ttags,
        summary: 'Удалить свой шаблон: документы снова строятся по встроенному',
        params: TemplateIdParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => {
      await deleteTemplate(await companyCtx(deps, req), req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/procurements/:id/documents/:template/preview',
    {
      schema: {
        tags,
        summary: 'Предпросмотр документа по действующему шаблону с данными закупки (не сохраняется)',
        description: 'Незаполненное отмечено «[не заполнено: …]».',
        params: TemplateParams,
      },
    },
    async (req, reply) => sendFile(reply, await previewDocument(await companyCtx(deps, req), req.params.id, req.params.template)),
  );
}
