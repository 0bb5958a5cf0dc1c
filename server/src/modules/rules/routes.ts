import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { readUpload, sendFile } from '../../platform/document-files';
import { moscowToday } from '../../platform/clock';
import * as rules from './manage-rules';
import * as versions from './manage-versions';
import * as docs from './manage-document-rules';
import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';

const tags = ['procurement_rules'];
const COMPANY = 'Организация — из заголовка X-Company-Id (выбранный заказчик), иначе своя.';

export function ruleRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.rules.getProcurementRules,
    {
      schema: {
        tags,
        summary: 'Положения о закупке организации',
        description: COMPANY,
      },
    },
    async (req) => rules.listRules(await companyCtx(deps, req), req.query),
  );

  route(
    app,
    routes.rules.getProcurementRulesTemplates,
    {
      schema: { tags, summary: 'Типовые положения (шаблоны) для копирования' },
    },
    async (req) => rules.listTemplates(await companyCtx(deps, req)),
  );

  route(
    app,
    routes.rules.postProcurementRules,
    {
      schema: {
        tags,
        summary: 'Создать положение',
        description: COMPANY,
      },
    },
    async (req) => rules.createRule(await companyCtx(deps, req), req.body),
  );

  route(
    app,
    routes.rules.getProcurementRulesById,
    {
      schema: { tags, summary: 'Положение (своё или шаблон)' },
    },
    async (req) => rules.getRule(await companyCtx(deps, req), req.params.id),
  );

  route(
    app,
    routes.rules.putProcurementRulesById,
    {
      schema: {
        tags,
        summary: 'Изменить положение',
      },
    },
    async (req) => rules.updateRule(await companyCtx(deps, req), req.params.id, req.body),
  );

  route(
    app,
    routes.rules.postProcurementRulesArchive,
    {
      schema: { tags, summary: 'Перенести положение в архив' },
    },
    async (req) => rules.setRuleArchived(await companyCtx(deps, req), req.params.id, true),
  );

  route(
    app,
    routes.rules.postProcurementRulesRestore,
    {
      schema: { tags, summary: 'Вернуть положение из архива' },
    },
    async (req) => rules.setRuleArchived(await companyCtx(deps, req), req.params.id, false),
  );

  // ---- versions ----
  route(
    app,
    routes.rules.getProcurementRulesVersions,
    {
      schema: { tags, summary: 'Редакции положения' },
    },
    async (req) => versions.listVersions(await companyCtx(deps, req), req.params.id),
  );

  route(
    app,
    routes.rules.getProcurementRulesInForce,
    {
      schema: {
        tags,
        summary: 'Редакция, действующая на дату',
        description: 'Последняя утверждённая или опубликованная редакция с датой вступления в силу не позже даты; null — нет такой.',
      },
    },
    async (req) => versions.versionInForceResponse(await companyCtx(deps, req), req.params.id, req.query.date ?? moscowToday()),
  );

  route(
    app,
    routes.rules.postProcurementRulesVersions,
    {
      schema: {
        tags,
        summary: 'Создать редакцию (черновик)',
      },
    },
    async (req) => versions.createVersion(await companyCtx(deps, req), req.params.id, req.body),
  );

  route(
    app,
    routes.rules.getProcurementRulesVersionsByVersionId,
    {
      schema: { tags, summary: 'Редакция' },
    },
    async (req) => versions.getVersion(await companyCtx(deps, req), req.params.id, req.params.versionId),
  );

  route(
    app,
    routes.rules.putProcurementRulesVersionsByVersionId,
    {
      schema: {
        tags,
        summary: 'Изменить редакцию (только черновик)',
      },
    },
    async (req) => versions.updateVersion(await companyCtx(deps, req), req.params.id, req.params.versionId, req.body),
  );

  route(
    app,
    routes.rules.deleteProcurementRulesVersionsByVersionId,
    {
      schema: { tags, summary: 'Удалить редакцию (только черновик)' },
    },
    async (req, reply) => {
      await versions.deleteVersion(await companyCtx(deps, req), req.params.id, req.params.versionId);
      return reply.status(204).send();
    },
  );

  route(
    app,
    routes.rules.postProcurementRulesVersionsApprove,
    {
      schema: {
        tags,
        summary: 'Утвердить редакцию (черновик → утверждена)',
        description: 'Отказ 409, если другая утверждённая редакция вступает в силу в тот же день.',
      },
    },
    async (req) => versions.approveVersion(await companyCtx(deps, req), req.params.id, req.params.versionId, req.body?.approved_on),
  );

  route(
    app,
    routes.rules.postProcurementRulesVersionsPublish,
    {
      schema: {
        tags,
        summary: 'Опубликовать редакцию (утверждена → опубликована)',
      },
    },
    async (req) => versions.publishVersion(await companyCtx(deps, req), req.params.id, req.params.versionId),
  );

  route(
    app,
    routes.rules.postProcurementRulesVersionsApprovalDocument,
    {
      schema: {
        tags,
        summary: 'Загрузить документ об утверждении (multipart/form-data, поле file; только черновик)',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return versions.attachApprovalDocument(ctx, req.params.id, req.params.versionId, await readUpload(req, deps.config.UPLOAD_MAX_BYTES));
    },
  );

  route(
    app,
    routes.rules.getProcurementRulesVersionsApprovalDocument,
    {
      schema: { tags, summary: 'Скачать документ об утверждении' },
    },
    async (req, reply) =>
      sendFile(reply, await versions.approvalDocument(await companyCtx(deps, req), req.params.id, req.params.versionId)),
  );

  // ---- document rules ----
  route(
    app,
    routes.rules.getProcurementRulesVersionsDocumentRules,
    {
      schema: { tags, summary: 'Правила документов редакции' },
    },
    async (req) => docs.listDocumentRules(await companyCtx(deps, req), req.params.id, req.params.versionId),
  );

  route(
    app,
    routes.rules.postProcurementRulesVersionsDocumentRules,
    {
      schema: {
        tags,
        summary: 'Добавить правило документа (сотрудники сервиса; только черновик)',
      },
    },
    async (req) => docs.createDocumentRule(await companyCtx(deps, req), req.params.id, req.params.versionId, req.body),
  );

  route(
    app,
    routes.rules.putProcurementRulesVersionsDocumentRulesByDocRuleId,
    {
      schema: {
        tags,
        summary: 'Изменить правило документа (сотрудники сервиса; только черновик)',
      },
    },
    async (req) =>
      docs.updateDocumentRule(await companyCtx(deps, req), req.params.id, req.params.versionId, req.params.docRuleId, req.body),
  );

  route(
    app,
    routes.rules.deleteProcurementRulesVersionsDocumentRulesByDocRuleId,
    {
      schema: { tags, summary: 'Удалить правило документа (сотрудники сервиса; только черновик)' },
    },
    async (req, reply) => {
      await docs.deleteDocumentRule(await companyCtx(deps, req), req.params.id, req.params.versionId, req.params.docRuleId);
      return reply.status(204).send();
    },
  );
}
