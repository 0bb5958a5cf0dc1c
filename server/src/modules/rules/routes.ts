import { z } from 'zod';
import {
  ApproveVersionRequest,
  DocumentRuleRequest,
  DocumentRuleResponse,
  Id,
  IdParams,
  InForceQuery,
  ProcurementRuleRequest,
  ProcurementRuleResponse,
  ProcurementRulesQuery,
  RuleVersionRequest,
  RuleVersionResponse,
  paged,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { readUpload, sendFile } from '../../platform/document-files';
import { moscowToday } from '../../platform/clock';
import * as rules from './manage-rules';
import * as versions from './manage-versions';
import * as docs from './manage-document-rules';

const tags = ['procurement_rules'];
const VersionParams = z.object({ id: Id, versionId: Id });
const DocRuleParams = z.object({ id: Id, versionId: Id, docRuleId: Id });
const COMPANY = 'Организация — из заголовка X-Company-Id (выбранный заказчик), иначе своя.';

export function ruleRoutes(app: App, deps: Deps): void {
  app.get(
    '/procurement_rules',
    {
      schema: {
        tags,
        summary: 'Положения о закупке организации',
        description: COMPANY,
        querystring: ProcurementRulesQuery,
        response: { 200: paged(ProcurementRuleResponse) },
      },
    },
    async (req) => rules.listRules(await companyCtx(deps, req), req.query),
  );

  app.get(
    '/procurement_rules/templates',
    {
      schema: { tags, summary: 'Типовые положения (шаблоны) для копирования', response: { 200: z.array(ProcurementRuleResponse) } },
    },
    async (req) => rules.listTemplates(await companyCtx(deps, req)),
  );

  app.post(
    '/procurement_rules',
    {
      schema: {
        tags,
        summary: 'Создать положение',
        description: COMPANY,
        body: ProcurementRuleRequest,
        response: { 200: ProcurementRuleResponse },
      },
    },
    async (req) => rules.createRule(await companyCtx(deps, req), req.body),
  );

  app.get(
    '/procurement_rules/:id',
    {
      schema: { tags, summary: 'Положение (своё или шаблон)', params: IdParams, response: { 200: ProcurementRuleResponse } },
    },
    async (req) => rules.getRule(await companyCtx(deps, req), req.params.id),
  );

  app.put(
    '/procurement_rules/:id',
    {
      schema: {
        tags,
        summary: 'Изменить положение',
        params: IdParams,
        body: ProcurementRuleRequest,
        response: { 200: ProcurementRuleResponse },
      },
    },
    async (req) => rules.updateRule(await companyCtx(deps, req), req.params.id, req.body),
  );

  app.post(
    '/procurement_rules/:id/archive',
    {
      schema: { tags, summary: 'Перенести положение в архив', params: IdParams, response: { 200: ProcurementRuleResponse } },
    },
    async (req) => rules.setRuleArchived(await companyCtx(deps, req), req.params.id, true),
  );

  app.post(
    '/procurement_rules/:id/restore',
    {
      schema: { tags, summary: 'Вернуть положение из архива', params: IdParams, response: { 200: ProcurementRuleResponse } },
    },
    async (req) => rules.setRuleArchived(await companyCtx(deps, req), req.params.id, false),
  );

  // ---- versions ----
  app.get(
    '/procurement_rules/:id/versions',
    {
      schema: { tags, summary: 'Редакции положения', params: IdParams, response: { 200: z.array(RuleVersionResponse) } },
    },
    async (req) => versions.listVersions(await companyCtx(deps, req), req.params.id),
  );

  app.get(
    '/procurement_rules/:id/in_force',
    {
      schema: {
        tags,
        summary: 'Редакция, действующая на дату',
        description: 'Последняя утверждённая или опубликованная редакция с датой вступления в силу не позже даты; null — нет такой.',
        params: IdParams,
        querystring: InForceQuery,
        response: { 200: RuleVersionResponse.nullable() },
      },
    },
    async (req) => versions.versionInForceResponse(await companyCtx(deps, req), req.params.id, req.query.date ?? moscowToday()),
  );

  app.post(
    '/procurement_rules/:id/versions',
    {
      schema: {
        tags,
        summary: 'Создать редакцию (черновик)',
        params: IdParams,
        body: RuleVersionRequest,
        response: { 200: RuleVersionResponse },
      },
    },
    async (req) => versions.createVersion(await companyCtx(deps, req), req.params.id, req.body),
  );

  app.get(
    '/procurement_rules/:id/versions/:versionId',
    {
      schema: { tags, summary: 'Редакция', params: VersionParams, response: { 200: RuleVersionResponse } },
    },
    async (req) => versions.getVersion(await companyCtx(deps, req), req.params.id, req.params.versionId),
  );

  app.put(
    '/procurement_rules/:id/versions/:versionId',
    {
      schema: {
        tags,
        summary: 'Изменить редакцию (только черновик)',
        params: VersionParams,
        body: RuleVersionRequest.omit({ based_on_version_id: true }),
        response: { 200: RuleVersionResponse },
      },
    },
    async (req) => versions.updateVersion(await companyCtx(deps, req), req.params.id, req.params.versionId, req.body),
  );

  app.delete(
    '/procurement_rules/:id/versions/:versionId',
    {
      schema: { tags, summary: 'Удалить редакцию (только черновик)', params: VersionParams },
    },
    async (req, reply) => {
      await versions.deleteVersion(await companyCtx(deps, req), req.params.id, req.params.versionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/procurement_rules/:id/versions/:versionId/approve',
    {
      schema: {
        tags,
        summary: 'Утвердить редакцию (черновик → утверждена)',
        description: 'Отказ 409, если другая утверждённая редакция вступает в силу в тот же день.',
        params: VersionParams,
        body: ApproveVersionRequest.nullish(),
        response: { 200: RuleVersionResponse },
      },
    },
    async (req) => versions.approveVersion(await companyCtx(deps, req), req.params.id, req.params.versionId, req.body?.approved_on),
  );

  app.post(
    '/procurement_rules/:id/versions/:versionId/publish',
    {
      schema: {
        tags,
        summary: 'Опубликовать редакцию (утверждена → опубликована)',
        params: VersionParams,
        response: { 200: RuleVersionResponse },
      },
    },
    async (req) => versions.publishVersion(await companyCtx(deps, req), req.params.id, req.params.versionId),
  );

  app.post(
    '/procurement_rules/:id/versions/:versionId/approval_document',
    {
      schema: {
        tags,
        summary: 'Загрузить документ об утверждении (multipart/form-data, поле file; только черновик)',
        consumes: ['multipart/form-data'],
        params: VersionParams,
        response: { 200: RuleVersionResponse },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return versions.attachApprovalDocument(ctx, req.params.id, req.params.versionId, await readUpload(req, deps.config.UPLOAD_MAX_BYTES));
    },
  );

  app.get(
    '/procurement_rules/:id/versions/:versionId/approval_document',
    {
      schema: { tags, summary: 'Скачать документ об утверждении', params: VersionParams },
    },
    async (req, reply) =>
      sendFile(reply, await versions.approvalDocument(await companyCtx(deps, req), req.params.id, req.params.versionId)),
  );

  // ---- document rules ----
  app.get(
    '/procurement_rules/:id/versions/:versionId/document_rules',
    {
      schema: { tags, summary: 'Правила документов редакции', params: VersionParams, response: { 200: z.array(DocumentRuleResponse) } },
    },
    async (req) => docs.listDocumentRules(await companyCtx(deps, req), req.params.id, req.params.versionId),
  );

  app.post(
    '/procurement_rules/:id/versions/:versionId/document_rules',
    {
      schema: {
        tags,
        summary: 'Добавить правило документа (сотрудники сервиса; только черновик)',
        params: VersionParams,
        body: DocumentRuleRequest,
        response: { 200: DocumentRuleResponse },
      },
    },
    async (req) => docs.createDocumentRule(await companyCtx(deps, req), req.params.id, req.params.versionId, req.body),
  );

  app.put(
    '/procurement_rules/:id/versions/:versionId/document_rules/:docRuleId',
    {
      schema: {
        tags,
        summary: 'Изменить правило документа (сотрудники сервиса; только черновик)',
        params: DocRuleParams,
        body: DocumentRuleRequest,
        response: { 200: DocumentRuleResponse },
      },
    },
    async (req) =>
      docs.updateDocumentRule(await companyCtx(deps, req), req.params.id, req.params.versionId, req.params.docRuleId, req.body),
  );

  app.delete(
    '/procurement_rules/:id/versions/:versionId/document_rules/:docRuleId',
    {
      schema: { tags, summary: 'Удалить правило документа (сотрудники сервиса; только черновик)', params: DocRuleParams },
    },
    async (req, reply) => {
      await docs.deleteDocumentRule(await companyCtx(deps, req), req.params.id, req.params.versionId, req.params.docRuleId);
      return reply.status(204).send();
    },
  );
}
