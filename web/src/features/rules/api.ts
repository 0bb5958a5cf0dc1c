import type {
  CustomTemplate,
  TemplateCatalogueResponse,
  TemplateSlotsResponse,
  DocumentRuleRequest,
  DocumentRuleResponse,
  Paged,
  ProcurementRuleRequest,
  ProcurementRuleResponse,
  RuleVersionRequest,
  RuleVersionResponse,
} from '@proc/contract';
import { api } from '../../lib/api';

export type RulesArchived = 'false' | 'true' | 'all';
export interface RulesQuery {
  page: number;
  q?: string;
  archived: RulesArchived;
}

const base = '/procurement_rules';
const v = (ruleId: number, versionId: number) => `${base}/${ruleId}/versions/${versionId}`;
/** The version body as the server takes it on create; PUT ignores based_on_version_id. */
export type VersionBody = Omit<RuleVersionRequest, 'number' | 'in_force_from'> & { number: string; in_force_from: string };

export const rulesApi = {
  list: (q: RulesQuery) => api.get<Paged<ProcurementRuleResponse>>(base, { name: 'Положения о закупке', query: { ...q, limit: 10 } }),
  /** Every rule of the company for the copy source list (the server caps a page at 100). */
  all: () =>
    api.get<Paged<ProcurementRuleResponse>>(base, { name: 'Положения о закупке', query: { page: 1, limit: 100, archived: 'all' } }),
  templates: () => api.get<ProcurementRuleResponse[]>(`${base}/templates`, { name: 'Типовые положения' }),
  get: (id: number) => api.get<ProcurementRuleResponse>(`${base}/${id}`, { name: 'Положение о закупке', notFoundPage: true }),
  create: (body: ProcurementRuleRequest) => api.post<ProcurementRuleResponse>(base, { name: 'Создание положения', body, quiet: true }),
  update: (id: number, body: ProcurementRuleRequest) =>
    api.put<ProcurementRuleResponse>(`${base}/${id}`, { name: 'Сохранение положения', body, quiet: true }),
  archive: (id: number) => api.post<ProcurementRuleResponse>(`${base}/${id}/archive`, { name: 'Перенос положения в архив' }),
  restore: (id: number) => api.post<ProcurementRuleResponse>(`${base}/${id}/restore`, { name: 'Возврат положения из архива' }),

  versions: (ruleId: number) =>
    api.get<RuleVersionResponse[]>(`${base}/${ruleId}/versions`, { name: 'Редакции положения', notFoundPage: true }),
  version: (ruleId: number, versionId: number) =>
    api.get<RuleVersionResponse>(v(ruleId, versionId), { name: 'Редакция положения', notFoundPage: true }),
  createVersion: (ruleId: number, body: VersionBody) =>
    api.post<RuleVersionResponse>(`${base}/${ruleId}/versions`, { name: 'Создание редакции', body, quiet: true }),
  updateVersion: (ruleId: number, versionId: number, body: VersionBody) =>
    api.put<RuleVersionResponse>(v(ruleId, versionId), { name: 'Сохранение редакции', body, quiet: true }),
  deleteVersion: (ruleId: number, versionId: number) => api.delete<void>(v(ruleId, versionId), { name: 'Удаление редакции' }),
  approve: (ruleId: number, versionId: number, approved_on?: string) =>
    api.post<RuleVersionResponse>(`${v(ruleId, versionId)}/approve`, { name: 'Утверждение редакции', body: { approved_on } }),
  publish: (ruleId: number, versionId: number) =>
    api.post<RuleVersionResponse>(`${v(ruleId, versionId)}/publish`, { name: 'Публикация редакции', body: {} }),
  uploadApproval: (ruleId: number, versionId: number, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<RuleVersionResponse>(`${v(ruleId, versionId)}/approval_document`, { name: 'Загрузка документа об утверждении', body });
  },
  downloadApproval: (ruleId: number, versionId: number) =>
    api.download(`${v(ruleId, versionId)}/approval_document`, 'Документ об утверждении'),

  documentRules: (ruleId: number, versionId: number) =>
    api.get<DocumentRuleResponse[]>(`${v(ruleId, versionId)}/document_rules`, { name: 'Правила документов', notFoundPage: true }),
  createDocumentRule: (ruleId: number, versionId: number, body: DocumentRuleRequest) =>
    api.post<DocumentRuleResponse>(`${v(ruleId, versionId)}/document_rules`, { name: 'Создание правила документа', body, quiet: true }),
  updateDocumentRule: (ruleId: number, versionId: number, id: number, body: DocumentRuleRequest) =>
    api.put<DocumentRuleResponse>(`${v(ruleId, versionId)}/document_rules/${id}`, {
      name: 'Сохранение правила документа',
      body,
      quiet: true,
    }),
  deleteDocumentRule: (ruleId: number, versionId: number, id: number) =>
    api.delete<void>(`${v(ruleId, versionId)}/document_rules/${id}`, { name: 'Удаление правила документа' }),
};

/** Templates the customer owns: per document kind × subject kind, at a version of the Положение (223) or the company (44). */
export const templatesApi = {
  catalogue: () => api.get<TemplateCatalogueResponse>('/document-templates/catalogue', { name: 'Каталог тегов шаблонов' }),
  slots: (law: '223' | '44', ruleVersionId?: number) =>
    api.get<TemplateSlotsResponse>('/document-templates', { name: 'Шаблоны документов', query: { law, rule_version_id: ruleVersionId } }),
  upload: (q: { law: '223' | '44'; rule_version_id?: number; document_kind: string; subject: string }, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<CustomTemplate>('/document-templates', { name: 'Загрузка шаблона', body, query: q, quiet: true });
  },
  remove: (id: number) => api.delete<void>(`/document-templates/${id}`, { name: 'Удаление шаблона' }),
  download: (id: number) => api.download(`/document-templates/${id}/download`, 'Шаблон'),
  downloadBuiltin: (law: string, kind: string, subject: string) =>
    api.download(`/document-templates/builtin/${law}/${kind}/${subject}`, 'Встроенный шаблон'),
};
