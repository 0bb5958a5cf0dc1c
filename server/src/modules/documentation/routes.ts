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

const tags = ['documentation'];

export function documentationRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.documentation.getProcurementsDocuments,
    {
      schema: {
        tags,
        summary: 'Документы закупки с полями для заполнения',
        description:
          'То же, что documentUserfieldsResponse: документы, которые требует редакция положения, с полями (значения: сохранённые пользователем, иначе заполненные из закупки, организации и справочников) и последним сформированным файлом.',
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

  route(
    app,
    routes.documentation.getTemplatesCatalogue,
    {
      schema: {
        tags: ttags,
        summary: 'Каталог тегов, которые может использовать шаблон документа',
      },
    },
    async (req) => {
      await companyCtx(deps, req);
      return tagCatalogue();
    },
  );

  route(
    app,
    routes.documentation.getTemplates,
    {
      schema: {
        tags: ttags,
        summary: 'Шаблоны документов по видам и предметам закупки: свои и встроенные',
        description: '223-ФЗ — у редакции положения о закупке (rule_version_id), 44-ФЗ — у организации.',
      },
    },
    async (req) => listTemplateSlots(await companyCtx(deps, req), req.query.law, req.query.rule_version_id),
  );

  route(
    app,
    routes.documentation.postTemplates,
    {
      schema: {
        tags: ttags,
        summary: 'Загрузить свой шаблон DOCX (multipart/form-data, поле file); заменяет прежний',
        description: 'Шаблон проверяется: неизвестный тег, незакрытый или чужой цикл — отказ 400 с местом ошибки.',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return uploadTemplate(ctx, req.query, await readUpload(req, deps.config.UPLOAD_MAX_BYTES));
    },
  );

  route(
    app,
    routes.documentation.getTemplatesBuiltin,
    { schema: { tags: ttags, summary: 'Скачать встроенный шаблон — основу для своего' } },
    async (req, reply) => {
      await companyCtx(deps, req);
      return sendFile(reply, await builtinTemplate(req.params.law, req.params.kind, req.params.subject));
    },
  );

  route(app, routes.documentation.getTemplatesDownload, { schema: { tags: ttags, summary: 'Скачать свой шаблон' } }, async (req, reply) =>
    sendFile(reply, await downloadTemplate(await companyCtx(deps, req), req.params.id)),
  );

  route(
    app,
    routes.documentation.deleteTemplatesById,
    {
      schema: {
        tags: ttags,
        summary: 'Удалить свой шаблон: документы снова строятся по встроенному',
      },
    },
    async (req) => {
      await deleteTemplate(await companyCtx(deps, req), req.params.id);
      return { ok: true as const };
    },
  );

  route(
    app,
    routes.documentation.getProcurementsDocumentsPreview,
    {
      schema: {
        tags,
        summary: 'Предпросмотр документа по действующему шаблону с данными закупки (не сохраняется)',
        description: 'Незаполненное отмечено «[не заполнено: …]».',
      },
    },
    async (req, reply) => sendFile(reply, await previewDocument(await companyCtx(deps, req), req.params.id, req.params.template)),
  );
}
