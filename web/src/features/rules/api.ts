import { routes } from '@proc/contract/routes';
import type { DocumentRuleRequest, ProcurementRuleRequest, RuleVersionRequest } from '@proc/contract';
import { api, call, href } from '../../lib/api';

export type RulesArchived = 'false' | 'true' | 'all';
export interface RulesQuery {
  page: number;
  q?: string;
  archived: RulesArchived;
}

/** The version body as the server takes it on create; PUT ignores based_on_version_id. */
export type VersionBody = Omit<RuleVersionRequest, 'number' | 'in_force_from'> & { number: string; in_force_from: string };

export const rulesApi = {
  list: (q: RulesQuery) => call(routes.rules.getProcurementRules, { name: 'Положения о закупке', query: { ...q, limit: 10 } }),
  /** Every rule of the company for the copy source list (the server caps a page at 100). */
  all: () => call(routes.rules.getProcurementRules, { name: 'Положения о закупке', query: { page: 1, limit: 100, archived: 'all' } }),
  templates: () => call(routes.rules.getProcurementRulesTemplates, { name: 'Типовые положения' }),
  get: (id: number) => call(routes.rules.getProcurementRulesById, { params: { id }, name: 'Положение о закупке', notFoundPage: true }),
  create: (body: ProcurementRuleRequest) => call(routes.rules.postProcurementRules, { name: 'Создание положения', body, quiet: true }),
  update: (id: number, body: ProcurementRuleRequest) =>
    call(routes.rules.putProcurementRulesById, { params: { id }, name: 'Сохранение положения', body, quiet: true }),
  archive: (id: number) => call(routes.rules.postProcurementRulesArchive, { params: { id }, name: 'Перенос положения в архив' }),
  restore: (id: number) => call(routes.rules.postProcurementRulesRestore, { params: { id }, name: 'Возврат положения из архива' }),

  versions: (ruleId: number) =>
    call(routes.rules.getProcurementRulesVersions, { params: { id: ruleId }, name: 'Редакции положения', notFoundPage: true }),
  version: (ruleId: number, versionId: number) =>
    call(routes.rules.getProcurementRulesVersionsByVersionId, {
      params: { id: ruleId, versionId },
      name: 'Редакция положения',
      notFoundPage: true,
    }),
  createVersion: (ruleId: number, body: VersionBody) =>
    call(routes.rules.postProcurementRulesVersions, { params: { id: ruleId }, name: 'Создание редакции', body, quiet: true }),
  updateVersion: (ruleId: number, versionId: number, body: VersionBody) =>
    call(routes.rules.putProcurementRulesVersionsByVersionId, {
      params: { id: ruleId, versionId },
      name: 'Сохранение редакции',
      body,
      quiet: true,
    }),
  deleteVersion: (ruleId: number, versionId: number) =>
    call(routes.rules.deleteProcurementRulesVersionsByVersionId, { params: { id: ruleId, versionId }, name: 'Удаление редакции' }),
  approve: (ruleId: number, versionId: number, approved_on?: string) =>
    call(routes.rules.postProcurementRulesVersionsApprove, {
      params: { id: ruleId, versionId },
      name: 'Утверждение редакции',
      body: { approved_on },
    }),
  publish: (ruleId: number, versionId: number) =>
    call(routes.rules.postProcurementRulesVersionsPublish, { params: { id: ruleId, versionId }, name: 'Публикация редакции' }),
  uploadApproval: (ruleId: number, versionId: number, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(routes.rules.postProcurementRulesVersionsApprovalDocument, {
      params: { id: ruleId, versionId },
      name: 'Загрузка документа об утверждении',
      body,
    });
  },
  downloadApproval: (ruleId: number, versionId: number) =>
    api.download(
      href(routes.rules.getProcurementRulesVersionsApprovalDocument, { params: { id: ruleId, versionId } }),
      'Документ об утверждении',
    ),

  documentRules: (ruleId: number, versionId: number) =>
    call(routes.rules.getProcurementRulesVersionsDocumentRules, {
      params: { id: ruleId, versionId },
      name: 'Правила документов',
      notFoundPage: true,
    }),
  createDocumentRule: (ruleId: number, versionId: number, body: DocumentRuleRequest) =>
    call(routes.rules.postProcurementRulesVersionsDocumentRules, {
      params: { id: ruleId, versionId },
      name: 'Создание правила документа',
      body,
      quiet: true,
    }),
  updateDocumentRule: (ruleId: number, versionId: number, id: number, body: DocumentRuleRequest) =>
    call(routes.rules.putProcurementRulesVersionsDocumentRulesByDocRuleId, {
      params: { id: ruleId, versionId, docRuleId: id },
      name: 'Сохранение правила документа',
      body,
      quiet: true,
    }),
  deleteDocumentRule: (ruleId: number, versionId: number, id: number) =>
    call(routes.rules.deleteProcurementRulesVersionsDocumentRulesByDocRuleId, {
      params: { id: ruleId, versionId, docRuleId: id },
      name: 'Удаление правила документа',
    }),
};

/** Templates the customer owns: per document kind × subject kind, at a version of the Положение (223) or the company (44). */
export const templatesApi = {
  catalogue: () => call(routes.documentation.getTemplatesCatalogue, { name: 'Каталог тегов шаблонов' }),
  slots: (law: '223' | '44', ruleVersionId?: number) =>
    call(routes.documentation.getTemplates, { name: 'Шаблоны документов', query: { law, rule_version_id: ruleVersionId } }),
  upload: (q: { law: '223' | '44'; rule_version_id?: number; document_kind: string; subject: string }, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(routes.documentation.postTemplates, { name: 'Загрузка шаблона', body, query: q, quiet: true });
  },
  remove: (id: number) => call(routes.documentation.deleteTemplatesById, { params: { id }, name: 'Удаление шаблона' }),
  download: (id: number) => api.download(href(routes.documentation.getTemplatesDownload, { params: { id } }), 'Шаблон'),
  downloadBuiltin: (law: string, kind: string, subject: string) =>
    api.download(href(routes.documentation.getTemplatesBuiltin, { params: { law, kind, subject } }), 'Встроенный шаблон'),
};
