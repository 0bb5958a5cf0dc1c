import type { QueryIn } from '@proc/contract/http';
import { routes } from '@proc/contract/routes';
import { type DocumentKind, type ProcurementFactsInput, type ProcurementInput, type ProcurementStatus } from '@proc/contract';
import { api, call, href } from '../../lib/api';
import { socketRequest } from '../../lib/socket';

/** Filters of the register as the URL carries them (spec: route parameters are passed to the view). */
export const REGISTER_FILTERS = [
  'status',
  'method',
  'subject',
  'published_from',
  'published_to',
  'deadline_from',
  'deadline_to',
  'created_from',
  'created_to',
  'nmcd_min',
  'nmcd_max',
  'okpd2',
  'q',
  'has_violations',
  'sme_only',
  'law',
] as const;

export const procurementsApi = {
  register: (query: QueryIn<typeof routes.procurements.get>) => call(routes.procurements.get, { name: 'Реестр закупок', query }),
  exportRegister: (query: QueryIn<typeof routes.procurements.getExportXlsx>) =>
    api.download(href(routes.procurements.getExportXlsx, { query }), 'Выгрузка реестра закупок'),
  get: (id: number) => call(routes.procurements.getById, { params: { id }, name: 'Карточка закупки', notFoundPage: true }),
  /** The company's procurement rules for the card's select (the server caps a page at 100). */
  rulesForSelect: () => call(routes.rules.getProcurementRules, { name: 'Положения о закупке', query: { limit: 100 } }),
  create: (body: ProcurementInput, idempotencyKey?: string) =>
    call(routes.procurements.post, { name: 'Создание закупки', body, quiet: true, idempotencyKey }),
  update: (id: number, body: ProcurementInput) =>
    call(routes.procurements.putById, { params: { id }, name: 'Сохранение закупки', body, quiet: true }),
  /** The purchase's facts its documents print, through the card's own save (quiet: the form shows the field errors). */
  saveFacts: (id: number, body: ProcurementFactsInput) =>
    call(routes.procurements.putFacts, { params: { id }, name: 'Сохранение сведений закупки', body, quiet: true }),
  /** Quiet: a move against a term comes back as CONFIRM_REQUIRED and the card asks for the reason itself. */
  transition: (id: number, to: ProcurementStatus, comment?: string, overrideReason?: string) =>
    call(routes.procurements.postTransition, {
      params: { id },
      name: 'Смена статуса закупки',
      body: { to, comment: comment || undefined, override_reason: overrideReason || undefined },
      quiet: true,
    }),
  history: (id: number) => call(routes.procurements.getHistory, { params: { id }, name: 'История статусов' }),
  files: (id: number) => call(routes.procurements.getFiles, { params: { id }, name: 'Файлы закупки', notFoundPage: true }),
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(routes.procurements.postFiles, { params: { id }, name: 'Загрузка файла', body });
  },
  replace: (id: number, fileId: number, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(routes.procurements.putFilesByFileId, { params: { id, fileId }, name: 'Замена файла', body });
  },
  removeFile: (id: number, fileId: number) =>
    call(routes.procurements.deleteFilesByFileId, { params: { id, fileId }, name: 'Удаление файла' }),
  download: (id: number, fileId: number, version?: number) =>
    api.download(href(routes.procurements.getFilesDownload, { params: { id, fileId }, query: { version } }), 'Скачивание файла'),
  saveValues: (id: number, template: DocumentKind, values: Record<string, unknown>) =>
    call(routes.documentation.putProcurementsDocumentsValues, {
      params: { id, template },
      name: 'Сохранение полей документа',
      body: { values },
    }),
  /** documentUserfields triad; the Received event is ignored, as the spec says. */
  userfields: (id: number, companyId: number | null) =>
    socketRequest(
      'auth',
      'documentUserfields',
      { procurement_id: id, company_id: companyId ?? undefined },
      { name: 'Поля документов закупки' },
    ),
  /** readyDocument triad: the Response comes from a job, so the wait is long. */
  readyDocument: (id: number, companyId: number | null, values: Record<string, Record<string, unknown>>, templates?: DocumentKind[]) =>
    socketRequest(
      'auth',
      'readyDocument',
      { procurement_id: id, company_id: companyId ?? undefined, values, templates },
      { name: 'Формирование документации', timeoutMs: 60_000 },
    ),
};

export const STATUS_COLORS: Record<ProcurementStatus, string> = {
  draft: 'default',
  docs_ready: 'blue',
  published: 'cyan',
  accepting: 'geekblue',
  summing_up: 'purple',
  contract_signed: 'green',
  cancelled: 'red',
  failed: 'volcano',
};
