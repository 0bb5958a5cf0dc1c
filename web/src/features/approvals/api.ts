import type {
  ApprovalKind,
  ApprovalResponse,
  ApprovalRouteResponse,
  ApprovalStateResponse,
  NotificationPrefs,
  TaskCounts,
  TasksPage,
} from '@proc/contract';
import { api } from '../../lib/api';

export interface TaskFilters {
  kind?: string;
  company_id?: number;
  overdue?: 'true';
}

export const approvalsApi = {
  routes: () => api.get<ApprovalRouteResponse[]>('/approval_routes', { name: 'Маршруты согласования' }),
  participants: () =>
    api.get<{ id: number; title: string; role: string }[]>('/approval_routes/participants', { name: 'Участники согласования' }),
  /** Quiet: the form puts the server's field errors beside the fields. */
  saveRoute: (id: number | null, body: unknown, idempotencyKey?: string) =>
    id
      ? api.put<ApprovalRouteResponse>(`/approval_routes/${id}`, { name: 'Сохранение маршрута', body, quiet: true })
      : api.post<ApprovalRouteResponse>('/approval_routes', { name: 'Создание маршрута', body, quiet: true, idempotencyKey }),
  deleteRoute: (id: number) => api.delete(`/approval_routes/${id}`, { name: 'Удаление маршрута' }),
  state: (kind: ApprovalKind, documentId: number) =>
    api.get<ApprovalStateResponse>('/approvals/state', { name: 'Согласование', query: { kind, document_id: documentId } }),
  send: (kind: ApprovalKind, documentId: number, idempotencyKey: string) =>
    api.post<ApprovalResponse>('/approvals', { name: 'Отправка на согласование', body: { kind, document_id: documentId }, idempotencyKey }),
  approve: (id: number, slotId: number, body: { comment?: string; signature?: string }) =>
    api.post<ApprovalResponse>(`/approvals/${id}/slots/${slotId}/approve`, { name: 'Согласование', body }),
  giveBack: (id: number, slotId: number, comment: string) =>
    api.post<ApprovalResponse>(`/approvals/${id}/slots/${slotId}/return`, { name: 'Возврат на доработку', body: { comment }, quiet: true }),
  delegate: (id: number, slotId: number, userId: number, comment?: string) =>
    api.post<ApprovalResponse>(`/approvals/${id}/slots/${slotId}/delegate`, {
      name: 'Передача этапа',
      body: { user_id: userId, comment },
      quiet: true,
    }),
  tasks: (f: TaskFilters, after?: string) => api.get<TasksPage>('/tasks', { name: 'Мои задачи', query: { ...f, after, limit: 50 } }),
  counts: () => api.get<TaskCounts>('/tasks/count', { name: 'Число задач' }),
  prefs: () => api.get<NotificationPrefs>('/profile/notifications', { name: 'Напоминания' }),
  savePrefs: (body: NotificationPrefs) => api.put<NotificationPrefs>('/profile/notifications', { name: 'Сохранение напоминаний', body }),
};
