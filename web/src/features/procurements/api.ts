import {
  type DocumentItem,
  type DocumentKind,
  type Paged,
  type ProcurementRuleResponse,
  type ProcurementFileResponse,
  type ProcurementFactsInput,
  type ProcurementInput,
  type ProcurementResponse,
  type ProcurementStatus,
  type RegisterPage,
  type StatusHistoryItem,
} from '@proc/contract';
import { api } from '../../lib/api';
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
  register: (query: Record<string, unknown>) => api.get<RegisterPage>('/procurements', { name: 'Реестр закупок', query }),
  exportRegister: (query: Record<string, string | undefined>) => {
    const qs = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1])).toString();
    return api.download(`/procurements/export.xlsx${qs ? `?${qs}` : ''}`, 'Выгрузка реестра закупок');
  },
  get: (id: number) => api.get<ProcurementResponse>(`/procurements/${id}`, { name: 'Карточка закупки', notFoundPage: true }),
  /** The company's procurement rules for the card's select (the server caps a page at 100). */
  rulesForSelect: () =>
    api.get<Paged<ProcurementRuleResponse>>('/procurement_rules', { name: 'Положения о закупке', query: { limit: 100 } }),
  create: (body: ProcurementInput, idempotencyKey?: string) =>
    api.post<ProcurementResponse>('/procurements', { name: 'Создание закупки', body, quiet: true, idempotencyKey }),
  update: (id: number, body: ProcurementInput) =>
    api.put<ProcurementResponse>(`/procurements/${id}`, { name: 'Сохранение закупки', body, quiet: true }),
  /** The purchase's facts its documents print, through the card's own save (quiet: the form shows the field errors). */
  saveFacts: (id: number, body: ProcurementFactsInput) =>
    api.put<ProcurementResponse>(`/procurements/${id}/facts`, { name: 'Сохранение сведений закупки', body, quiet: true }),
  /** Quiet: a move against a term comes back as CONFIRM_REQUIRED and the card asks for the reason itself. */
  transition: (id: number, to: ProcurementStatus, comment?: string, overrideReason?: string) =>
    api.post<ProcurementResponse>(`/procurements/${id}/transition`, {
      name: 'Смена статуса закупки',
      body: { to, comment: comment || undefined, override_reason: overrideReason || undefined },
      quiet: true,
    }),
  history: (id: number) => api.get<StatusHistoryItem[]>(`/procurements/${id}/history`, { name: 'История статусов' }),
  files: (id: number) => api.get<ProcurementFileResponse[]>(`/procurements/${id}/files`, { name: 'Файлы закупки', notFoundPage: true }),
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<ProcurementFileResponse>(`/procurements/${id}/files`, { name: 'Загрузка файла', body });
  },
  replace: (id: number, fileId: number, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.put<ProcurementFileResponse>(`/procurements/${id}/files/${fileId}`, { name: 'Замена файла', body });
  },
  removeFile: (id: number, fileId: number) => api.delete<void>(`/procurements/${id}/files/${fileId}`, { name: 'Удаление файла' }),
  download: (id: number, fileId: number, version?: number) =>
    api.download(`/procurements/${id}/files/${fileId}/download${version ? `?version=${version}` : ''}`, 'Скачивание файла'),
  saveValues: (id: number, template: DocumentKind, values: Record<string, unknown>) =>
    api.put<DocumentItem>(`/procurements/${id}/documents/${template}/values`, { name: 'Сохранение полей документа', body: { values } }),
  /** documentUserfields triad; the Received event is ignored, as the spec says. */
  userfields: (id: number, companyId: number | null) =>
    socketRequest<{ key: number; result: string; documents: DocumentItem[] }>(
      'auth',
      'documentUserfields',
      { procurement_id: id, company_id: companyId ?? undefined },
      { name: 'Поля документов закупки' },
    ),
  /** readyDocument triad: the Response comes from a job, so the wait is long. */
  readyDocument: (id: number, companyId: number | null, values: Record<string, Record<string, unknown>>, templates?: DocumentKind[]) =>
    socketRequest<{ key: number; result: string; files: { id: number; name: string }[]; violations?: string[] }>(
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
