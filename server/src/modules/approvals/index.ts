import { z } from 'zod';
import { APPROVAL_KINDS, type ApprovalKind } from '@proc/contract';
import type { Deps } from '../../platform/context';
import type { Module } from '../../platform/module';
import { approvalRoutes } from './routes';
import { setApprovalGate } from '../../platform/approval-gate';
import { onRegistrationEvent } from '../../platform/registration-events';
import {
  REMINDERS_CRON,
  REMINDERS_JOB,
  REMINDER_MAIL_JOB,
  REMINDER_MAIL_RETRIES,
  resendReminderMail,
  type ReminderMailPayload,
  closeRegistrationTasks,
  mailRegistrationDecision,
  openRegistrationTasks,
  runReminders,
} from './reminders';
import { RESTART_JOB, approvalDocumentChanging, assertApproved, restartApproval, type RestartPayload } from './run';

export { assertApproved, approvalDocumentChanging, approvalSheet } from './run';
export { routesExist } from './route-config';
export {
  runReminders,
  syncDeadlineTasks,
  openRegistrationTasks,
  closeRegistrationTasks,
  mailRegistrationDecision,
  REMINDERS_JOB,
  REMINDER_MAIL_JOB,
} from './reminders';
export { listTasks, taskCounts } from './tasks';

const gate = (jobs?: Deps['jobs']) =>
  setApprovalGate({
    assertApproved: (tx, companyId, kind, id, action) => assertApproved(tx, companyId, kind as ApprovalKind, id, action),
    documentChanging: (tx, actor, kind, id) => approvalDocumentChanging(tx, actor, kind as ApprovalKind, id, jobs),
  });
gate();
onRegistrationEvent(async (deps, e) => {
  if (e.type === 'created') return openRegistrationTasks(deps, e.id, e.companyTitle);
  await closeRegistrationTasks(deps, e.id);
  await mailRegistrationDecision(deps, e);
});

/** Согласование документов по маршрутам, «Мои задачи» и напоминания. */
export const approvalsModule: Module = {
  name: 'approvals',
  routes: approvalRoutes,
  jobs: (deps) => {
    // a change after approval restarts the route through the job system (the new version exists once it commits)
    gate(deps.jobs);
    deps.jobs.define<RestartPayload>({
      name: RESTART_JOB,
      schema: z
        .object({
          company_id: z.number().int(),
          kind: z.enum(APPROVAL_KINDS),
          document_id: z.number().int(),
          voided_id: z.number().int(),
          user_id: z.number().int().nullable(),
        })
        .strict(),
      handler: async (p) => restartApproval(deps, p),
    });
    deps.jobs.define<ReminderMailPayload>({
      name: REMINDER_MAIL_JOB,
      schema: z.object({ user_id: z.number().int(), day: z.string(), task_ids: z.array(z.number().int()), error: z.string() }).strict(),
      options: { ...REMINDER_MAIL_RETRIES },
      handler: async (p, job) => resendReminderMail(deps, p, job),
    });
    deps.jobs.define({
      name: REMINDERS_JOB,
      schema: z.object({}).passthrough(),
      cron: { expression: REMINDERS_CRON, tz: 'Europe/Moscow' },
      handler: async () => {
        await runReminders(deps);
      },
    });
  },
};
