import { z } from 'zod';
import {
  ApprovalKind,
  ApprovalResponse,
  ApprovalRouteRequest,
  ApprovalRouteResponse,
  ApprovalStateResponse,
  ApproveRequest,
  DelegateRequest,
  NotificationPrefs,
  ReturnRequest,
  SendForApprovalRequest,
  TaskCounts,
  TasksPage,
  TasksQuery,
} from '../approvals';
import { Id, IdParams } from '../common';
import { defineRoutes } from '../http';

export const SlotParams = z.object({ id: Id, slotId: Id });
export const ApprovalParticipant = z.object({ id: z.number(), title: z.string(), role: z.string() });

/** The HTTP routes of approvals, tasks and reminder settings (paths under /api). */
export const approvalsRoutes = defineRoutes({
  getRoutes: {
    method: 'GET',
    path: '/approval_routes',
    query: z.object({ kind: ApprovalKind.optional() }),
    response: { 200: z.array(ApprovalRouteResponse) },
  },
  getRoutesParticipants: { method: 'GET', path: '/approval_routes/participants', response: { 200: z.array(ApprovalParticipant) } },
  postRoutes: { method: 'POST', path: '/approval_routes', body: ApprovalRouteRequest, response: { 200: ApprovalRouteResponse } },
  putRoutesById: {
    method: 'PUT',
    path: '/approval_routes/:id',
    params: IdParams,
    body: ApprovalRouteRequest,
    response: { 200: ApprovalRouteResponse },
  },
  deleteRoutesById: { method: 'DELETE', path: '/approval_routes/:id', params: IdParams },
  getState: {
    method: 'GET',
    path: '/approvals/state',
    query: z.object({ kind: ApprovalKind, document_id: Id }),
    response: { 200: ApprovalStateResponse },
  },
  post: { method: 'POST', path: '/approvals', body: SendForApprovalRequest, response: { 200: ApprovalResponse } },
  getById: { method: 'GET', path: '/approvals/:id', params: IdParams, response: { 200: ApprovalResponse } },
  postSlotsApprove: {
    method: 'POST',
    path: '/approvals/:id/slots/:slotId/approve',
    params: SlotParams,
    body: ApproveRequest,
    response: { 200: ApprovalResponse },
  },
  postSlotsReturn: {
    method: 'POST',
    path: '/approvals/:id/slots/:slotId/return',
    params: SlotParams,
    body: ReturnRequest,
    response: { 200: ApprovalResponse },
  },
  postSlotsDelegate: {
    method: 'POST',
    path: '/approvals/:id/slots/:slotId/delegate',
    params: SlotParams,
    body: DelegateRequest,
    response: { 200: ApprovalResponse },
  },
  getTasks: { method: 'GET', path: '/tasks', query: TasksQuery, response: { 200: TasksPage } },
  getTasksCount: { method: 'GET', path: '/tasks/count', response: { 200: TaskCounts } },
  getProfileNotifications: { method: 'GET', path: '/profile/notifications', response: { 200: NotificationPrefs } },
  putProfileNotifications: {
    method: 'PUT',
    path: '/profile/notifications',
    body: NotificationPrefs,
    response: { 200: NotificationPrefs },
  },
});
