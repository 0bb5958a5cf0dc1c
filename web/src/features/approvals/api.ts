import type { ApprovalKind } from '@proc/contract';
import type { BodyIn } from '@proc/contract/http';
import { routes } from '@proc/contract/routes';
import { call } from '../../lib/api';

export interface TaskFilters {
  kind?: string;
  company_id?: number;
  overdue?: 'true';
}

/** The body of a route of approval as the server takes it. */
export type ApprovalRouteBody = BodyIn<typeof routes.approvals.postRoutes>;

export const approvalsApi = {
  routes: () => call(routes.approvals.getRoutes, { name: 'Маршруты согласования' }),
  participants: () => call(routes.approvals.getRoutesParticipants, { name: 'Участники согласования' }),
  /** Quiet: the form puts the server's field errors beside the fields. */
  saveRoute: (id: number | null, body: ApprovalRouteBody, idempotencyKey?: string) =>
    id
      ? call(routes.approvals.putRoutesById, { params: { id }, name: 'Сохранение маршрута', body, quiet: true })
      : call(routes.approvals.postRoutes, { name: 'Создание маршрута', body, quiet: true, idempotencyKey }),
  deleteRoute: (id: number) => call(routes.approvals.deleteRoutesById, { params: { id }, name: 'Удаление маршрута' }),
  state: (kind: ApprovalKind, documentId: number) =>
    call(routes.approvals.getState, { name: 'Согласование', query: { kind, document_id: documentId } }),
  send: (kind: ApprovalKind, documentId: number, idempotencyKey: string) =>
    call(routes.approvals.post, { name: 'Отправка на согласование', body: { kind, document_id: documentId }, idempotencyKey }),
  approve: (id: number, slotId: number, body: { comment?: string; signature?: string }) =>
    call(routes.approvals.postSlotsApprove, { params: { id, slotId }, name: 'Согласование', body }),
  giveBack: (id: number, slotId: number, comment: string) =>
    call(routes.approvals.postSlotsReturn, { params: { id, slotId }, name: 'Возврат на доработку', body: { comment }, quiet: true }),
  delegate: (id: number, slotId: number, userId: number, comment?: string) =>
    call(routes.approvals.postSlotsDelegate, {
      params: { id, slotId },
      name: 'Передача этапа',
      body: { user_id: userId, comment },
      quiet: true,
    }),
  tasks: (f: TaskFilters, after?: string) => call(routes.approvals.getTasks, { name: 'Мои задачи', query: { ...f, after, limit: 50 } }),
  counts: () => call(routes.approvals.getTasksCount, { name: 'Число задач' }),
  prefs: () => call(routes.approvals.getProfileNotifications, { name: 'Напоминания' }),
  savePrefs: (body: BodyIn<typeof routes.approvals.putProfileNotifications>) =>
    call(routes.approvals.putProfileNotifications, { name: 'Сохранение напоминаний', body }),
};
