import { route } from '../../platform/route';
import { routes } from '@proc/contract/routes';
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

export function approvalRoutes(app: App, deps: Deps): void {
  route(
    app,
    routes.approvals.getRoutes,
    {
      schema: {
        tags,
        summary: 'Маршруты согласования организации',
        description: COMPANY,
      },
    },
    async (req) => listRoutes(await companyCtx(deps, req), req.query.kind),
  );
  route(
    app,
    routes.approvals.getRoutesParticipants,
    {
      schema: {
        tags,
        summary: 'Кого можно назначить участником этапа (пользователи, работающие с организацией)',
      },
    },
    async (req) => {
      const ctx = await companyCtx(deps, req);
      return (await usersActingFor(ctx.deps.db, ctx.companyId)).map((u) => ({ id: u.id, title: u.title, role: u.role }));
    },
  );
  route(
    app,
    routes.approvals.postRoutes,
    {
      schema: {
        tags,
        summary: 'Создать маршрут согласования',
        description: `${COMPANY} Этап — участники (пользователь или роль; несколько — параллельное согласование, нужны все), срок в рабочих днях, «с подписью». Условия выбора: закон, способ, сумма выше порога, предмет; маршрут по умолчанию — когда не подошёл ни один.`,
      },
    },
    async (req) => saveRoute(await companyCtx(deps, req), null, req.body),
  );
  route(
    app,
    routes.approvals.putRoutesById,
    {
      schema: {
        tags,
        summary: 'Изменить маршрут согласования',
      },
    },
    async (req) => saveRoute(await companyCtx(deps, req), req.params.id, req.body),
  );
  route(app, routes.approvals.deleteRoutesById, { schema: { tags, summary: 'Удалить маршрут согласования' } }, async (req, reply) => {
    await deleteRoute(await companyCtx(deps, req), req.params.id);
    return reply.status(204).send();
  });

  route(
    app,
    routes.approvals.getState,
    {
      schema: {
        tags,
        summary: 'Согласование документа: нужен ли маршрут, какой подойдёт, последнее согласование',
      },
    },
    async (req) => approvalState(await companyCtx(deps, req), req.query.kind, req.query.document_id),
  );
  route(
    app,
    routes.approvals.post,
    {
      schema: {
        tags,
        summary: 'Отправить документ на согласование',
        description:
          'Фиксирует текущую версию документа (её контрольную сумму): пока идёт согласование, документ не меняется; изменение после согласования требует пройти маршрут заново. 409 — уже на согласовании или эта версия уже согласована.',
      },
    },
    async (req) => sendForApproval(await companyCtx(deps, req), req.body.kind, req.body.document_id),
  );
  route(app, routes.approvals.getById, { schema: { tags, summary: 'Согласование: этапы, решения, история' } }, async (req) =>
    approvalView(await companyCtx(deps, req), req.params.id),
  );
  route(
    app,
    routes.approvals.postSlotsApprove,
    {
      schema: {
        tags,
        summary: 'Согласовать (на этапе «с подписью» — с КЭП листа согласования, sheet_base64)',
      },
    },
    async (req) =>
      decide(await companyCtx(deps, req), req.params.id, req.params.slotId, {
        action: 'approve',
        comment: req.body.comment ?? null,
        signature: req.body.signature,
      }),
  );
  route(
    app,
    routes.approvals.postSlotsReturn,
    {
      schema: {
        tags,
        summary: 'Вернуть на доработку с комментарием',
      },
    },
    async (req) => decide(await companyCtx(deps, req), req.params.id, req.params.slotId, { action: 'return', comment: req.body.comment }),
  );
  route(
    app,
    routes.approvals.postSlotsDelegate,
    {
      schema: {
        tags,
        summary: 'Передать этап другому пользователю',
      },
    },
    async (req) =>
      decide(await companyCtx(deps, req), req.params.id, req.params.slotId, {
        action: 'delegate',
        userId: req.body.user_id,
        comment: req.body.comment ?? null,
      }),
  );

  route(
    app,
    routes.approvals.getTasks,
    {
      schema: {
        tags,
        summary: 'Мои задачи',
        description:
          'Всё, что ждёт пользователя, во всех организациях, с которыми он работает: по сроку, без срока — в конце. Страницы — по позиции after (next предыдущей страницы).',
      },
    },
    async (req) => listTasks({ deps, user: requireUser(req) }, req.query),
  );
  route(
    app,
    routes.approvals.getTasksCount,
    { schema: { tags, summary: 'Число открытых и просроченных задач (для верхней панели)' } },
    async (req) => taskCounts(deps.db, requireUser(req)),
  );
  route(app, routes.approvals.getProfileNotifications, { schema: { tags, summary: 'Какие напоминания получать' } }, async (req) =>
    getPrefs(deps, requireUser(req).id),
  );
  route(app, routes.approvals.putProfileNotifications, { schema: { tags, summary: 'Изменить, какие напоминания получать' } }, async (req) =>
    setPrefs(deps, requireUser(req).id, req.body),
  );
}
