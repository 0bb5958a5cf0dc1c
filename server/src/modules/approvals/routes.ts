import { z } from 'zod';
import {
  ApprovalKind,
  ApprovalResponse,
  ApprovalRouteRequest,
  ApprovalRouteResponse,
  ApprovalStateResponse,
  ApproveRequest,
  DelegateRequest,
  Id,
  IdParams,
  NotificationPrefs,
  ReturnRequest,
  SendForApprovalRequest,
  TaskCounts,
  TasksPage,
  TasksQuery,
} from '@proc/contract';
import type { App } from '../../platform/module';
import type { Deps } from '../../platform/context';
import { companyCtx } from '../../platform/tenancy';
import { requireUser } from '../../platform/auth';
import { deleteRoute, listRoutes, saveRoute } from './route-config';
import { approvalState, approvalView, decide, sendForApproval } from './run';
import { usersActingFor } from './participants';
import { listTasks, taskCounts } from './tasks';
import { getPrefs, setPrefs } from './reminders';

const tags = ['approvals'];
const COMPANY = 'Организация — из заголовка X-Company-Id (выбранный заказчик), иначе своя.';
const SlotParams = z.object({ id: Id, slotId: Id });

export function approvalRoutes(app: App, deps: Deps): void {
  app.get(
    '/approval_routes',
    {
      schema: {
        tags,
        summary: 'Маршруты согласования организации',
        description: COMPANY,
        querystring: z.object({ kind: ApprovalKind.optional() }),
        response: { 200: z.array(ApprovalRouteResponse) },
      },
    },
    async (req) => listRoutes(await companyCtx(deps, req), req.query.kind),
  );
  app.get(
    '/approval_routes/participants',
    {
      schema: {
        tags,
        summary: 'Кого можно назначить участником этапа (пользователи, работающие с организацией)',
        response: { 200: z.array(z.object({ id: z.number(), title: z.string(), role: z.string() })) },
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return (await usersActingFor(ctx.deps.db, ctx.companyId)).map((u) => ({ id: u.id, title: u.title, role: u.role }));
    },
  );
  app.post(
    '/approval_routes',
    {
      schema: {
        tags,
        summary: 'Создать маршрут согласования',
        description: `${COMPANY} Этап — участники (пользователь или роль; несколько — параллельное согласование, нужны все), срок в рабочих днях, «с подписью». Условия выбора: закон, способ, сумма выше порога, предмет; маршрут по умолчанию — когда не подошёл ни один.`,
        body: ApprovalRouteRequest,
        response: { 200: ApprovalRouteResponse },
      },
    },
    async (req) => saveRoute(await companyCtx(deps, req), null, req.body),
  );
  app.put(
    '/approval_routes/:id',
    {
      schema: {
        tags,
        summary: 'Изменить маршрут согласования',
        params: IdParams,
        body: ApprovalRouteRequest,
        response: { 200: ApprovalRouteResponse },
      },
    },
    async (req) => saveRoute(await companyCtx(deps, req), req.params.id, req.body),
  );
  app.delete(
    '/approval_routes/:id',
    { schema: { tags, summary: 'Удалить маршрут согласования', params: IdParams } },
    async (req, reply) => {
      await deleteRoute(await companyCtx(deps, req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/approvals/state',
    {
      schema: {
        tags,
        summary: 'Согласование документа: нужен ли маршрут, какой подойдёт, последнее согласование',
        querystring: z.object({ kind: ApprovalKind, document_id: Id }),
        response: { 200: ApprovalStateResponse },
      },
    },
    async (req) => approvalState(await companyCtx(deps, req), req.query.kind, req.query.document_id),
  );
  app.post(
    '/approvals',
    {
      schema: {
        tags,
        summary: 'Отправить документ на согласование',
        description:
          'Фиксирует текущую версию документа (её контрольную сумму): пока идёт согласование, документ не меняется; изменение после согласования требует пройти маршрут заново. 409 — уже на согласовании или эта версия уже согласована.',
        body: SendForApprovalRequest,
        response: { 200: ApprovalResponse },
      },
    },
    async (req) => sendForApproval(await companyCtx(deps, req), req.body.kind, req.body.document_id),
  );
  app.get(
    '/approvals/:id',
    { schema: { tags, summary: 'Согласование: этапы, решения, история', params: IdParams, response: { 200: ApprovalResponse } } },
    async (req) => approvalView(await companyCtx(deps, req), req.params.id),
  );
  app.post(
    '/approvals/:id/slots/:slotId/approve',
    {
      schema: {
        tags,
        summary: 'Согласовать (на этапе «с подписью» — с КЭП листа согласования, sheet_base64)',
        params: SlotParams,
        body: ApproveRequest,
        response: { 200: ApprovalResponse },
      },
    },
    async (req) =>
      decide(await companyCtx(deps, req), req.params.id, req.params.slotId, {
        action: 'approve',
        comment: req.body.comment ?? null,
        signature: req.body.signature,
      }),
  );
  app.post(
    '/approvals/:id/slots/:slotId/return',
    {
      schema: {
        tags,
        summary: 'Вернуть на доработку с комментарием',
        params: SlotParams,
        body: ReturnRequest,
        response: { 200: ApprovalResponse },
      },
    },
    async (req) => decide(await companyCtx(deps, req), req.params.id, req.params.slotId, { action: 'return', comment: req.body.comment }),
  );
  app.post(
    '/approvals/:id/slots/:slotId/delegate',
    {
      schema: {
        tags,
        summary: 'Передать этап другому пользователю',
        params: SlotParams,
        body: DelegateRequest,
        response: { 200: ApprovalResponse },
      },
    },
    async (req) =>
      decide(await companyCtx(deps, req), req.params.id, req.params.slotId, {
        action: 'delegate',
        userId: req.body.user_id,
        comment: req.body.comment ?? null,
      }),
  );

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary: 'Мои задачи',
        description:
          'Всё, что ждёт пользователя, во всех организациях, с которыми он работает: по сроку, без срока — в конце. Страницы — по позиции after (next предыдущей страницы).',
        querystring: TasksQuery,
        response: { 200: TasksPage },
      },
    },
    async (req) => listTasks({ deps, user: requireUser(req) }, req.query),
  );
  app.get(
    '/tasks/count',
    { schema: { tags, summary: 'Число открытых и просроченных задач (для верхней панели)', response: { 200: TaskCounts } } },
    async (req) => taskCounts(deps.db, requireUser(req)),
  );
  app.get(
    '/profile/notifications',
    { schema: { tags, summary: 'Какие напоминания получать', response: { 200: NotificationPrefs } } },
    async (req) => getPrefs(deps, requireUser(req).id),
  );
  app.put(
    '/profile/notifications',
    { schema: { tags, summary: 'Изменить, какие напоминания получать', body: NotificationPrefs, response: { 200: NotificationPrefs } } },
    async (req) => setPrefs(deps, requireUser(req).id, req.body),
  );
}
