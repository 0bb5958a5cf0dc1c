import { z } from 'zod';
import { BodyId, requiredString, optionalString } from './common';
import { ROLES } from './roles';
import { moneyAmount } from './money';

/** The documents a company routes for approval (согласование) before they go out. */
export const APPROVAL_KINDS = ['purchase', 'contract', 'plan_change', 'rule_version', 'acceptance', 'payment'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_KIND_TITLES: Record<ApprovalKind, string> = {
  purchase: 'Закупка и документация',
  contract: 'Проект договора',
  plan_change: 'Изменение плана (план-графика)',
  rule_version: 'Редакция положения о закупке',
  acceptance: 'Приёмка',
  payment: 'Разрешение на оплату',
};
export const ApprovalKind = z.enum(APPROVAL_KINDS, { message: 'Неизвестный вид документа' });

const Participant = z.union([
  z.object({ user_id: BodyId }).strict(),
  z.object({ role: z.enum(ROLES, { message: 'Неизвестная роль' }) }).strict(),
]);
export const RouteStepInput = z.object({
  participants: z.array(Participant).min(1, 'Укажите хотя бы одного участника этапа').max(10, 'Не более 10 участников этапа'),
  term_days: z
    .number({ message: 'Срок этапа — целое число рабочих дней' })
    .int('Срок этапа — целое число рабочих дней')
    .min(1, 'Срок этапа — не меньше одного рабочего дня')
    .max(60, 'Срок этапа — не больше 60 рабочих дней'),
  with_signature: z.boolean().default(false),
});
export type RouteStepInput = z.infer<typeof RouteStepInput>;

export const ApprovalRouteRequest = z.object({
  kind: ApprovalKind,
  title: requiredString(200),
  is_default: z.boolean().default(false),
  law: z.enum(['223', '44'], { message: 'Закон — 223 или 44' }).nullable().optional(),
  method: optionalString(100),
  min_amount: moneyAmount().nullable().optional(),
  subject: optionalString(50),
  steps: z.array(RouteStepInput).min(1, 'Маршрут без этапов: добавьте хотя бы один').max(20, 'Не более 20 этапов'),
});
export type ApprovalRouteRequest = z.infer<typeof ApprovalRouteRequest>;

export const ApprovalRouteResponse = z.object({
  id: z.number(),
  kind: ApprovalKind,
  title: z.string(),
  is_default: z.boolean(),
  law: z.string().nullable(),
  method: z.string().nullable(),
  min_amount: z.string().nullable(),
  subject: z.string().nullable(),
  steps: z.array(
    z.object({
      participants: z.array(z.object({ user_id: z.number().optional(), role: z.string().optional(), title: z.string() })),
      term_days: z.number(),
      with_signature: z.boolean(),
    }),
  ),
});
export type ApprovalRouteResponse = z.infer<typeof ApprovalRouteResponse>;

export const APPROVAL_STATUS_TITLES = {
  pending: 'На согласовании',
  approved: 'Согласовано',
  returned: 'Возвращено на доработку',
  restarted: 'Изменено после согласования',
} as const;
export const SLOT_STATUS_TITLES = {
  waiting: 'Ожидает предыдущего этапа',
  active: 'Ждёт решения',
  approved: 'Согласовано',
  returned: 'Возвращено',
  delegated: 'Передано',
  skipped: 'Не потребовалось',
} as const;

export const ApprovalSlotResponse = z.object({
  id: z.number(),
  step_no: z.number(),
  assignee: z.string(),
  assignee_user_id: z.number().nullable(),
  assignee_role: z.string().nullable(),
  with_signature: z.boolean(),
  status: z.string(),
  status_title: z.string(),
  due_on: z.string().nullable(),
  overdue: z.boolean(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  comment: z.string().nullable(),
  signature_id: z.number().nullable(),
  /** The current user may decide this slot now. */
  mine: z.boolean(),
});
export type ApprovalSlotResponse = z.infer<typeof ApprovalSlotResponse>;

export const ApprovalEventResponse = z.object({
  id: z.number(),
  action: z.string(),
  title: z.string(),
  user: z.string().nullable(),
  comment: z.string().nullable(),
  signature_id: z.number().nullable(),
  created_at: z.string(),
});

export const ApprovalResponse = z.object({
  id: z.number(),
  kind: ApprovalKind,
  document_id: z.number(),
  document_title: z.string(),
  route_title: z.string(),
  status: z.string(),
  status_title: z.string(),
  version_label: z.string(),
  /** The document changed since this version was sent: what was approved is no longer what it is. */
  outdated: z.boolean(),
  author: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  waiting_for: z.string().nullable(),
  slots: z.array(ApprovalSlotResponse),
  events: z.array(ApprovalEventResponse),
  /** The bytes a «с подписью» step signs (the approval sheet), base64. */
  sheet_base64: z.string(),
});
export type ApprovalResponse = z.infer<typeof ApprovalResponse>;

/** The document's approval state: whether the company routes this kind, the route that would apply, and the last run. */
export const ApprovalStateResponse = z.object({
  required: z.boolean(),
  route: z.object({ id: z.number(), title: z.string() }).nullable(),
  approval: ApprovalResponse.nullable(),
});
export type ApprovalStateResponse = z.infer<typeof ApprovalStateResponse>;

export const SendForApprovalRequest = z.object({ kind: ApprovalKind, document_id: BodyId });
export const ApproveRequest = z.object({
  comment: optionalString(2000),
  /** A «с подписью» step: the CMS of the approval sheet, base64. */
  signature: z.string().max(200_000, 'Подпись слишком велика').optional(),
});
export const ReturnRequest = z.object({ comment: requiredString(2000) });
export const DelegateRequest = z.object({ user_id: BodyId, comment: optionalString(2000) });

export const TASK_KINDS = ['approval', 'deadline', 'registration'] as const;
export const TASK_KIND_TITLES: Record<(typeof TASK_KINDS)[number], string> = {
  approval: 'Согласование',
  deadline: 'Срок',
  registration: 'Заявка на регистрацию',
};
export const TasksQuery = z.object({
  kind: z.enum(TASK_KINDS, { message: 'Неизвестный вид задачи' }).optional(),
  company_id: z.coerce.number().int().positive().optional(),
  overdue: z.enum(['true', 'false']).optional(),
  /** The keyset: the last row's `cursor` of the previous page. */
  after: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}_\d+$/, 'Неверная позиция страницы')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const TaskResponse = z.object({
  id: z.number(),
  kind: z.enum(TASK_KINDS),
  kind_title: z.string(),
  company_id: z.number().nullable(),
  company_title: z.string().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  link: z.string(),
  due_on: z.string().nullable(),
  overdue: z.boolean(),
  created_at: z.string(),
});
export type TaskResponse = z.infer<typeof TaskResponse>;
export const TasksPage = z.object({ items: z.array(TaskResponse), next: z.string().nullable() });
export type TasksPage = z.infer<typeof TasksPage>;
export const TaskCounts = z.object({ open: z.number(), overdue: z.number() });
export type TaskCounts = z.infer<typeof TaskCounts>;

export const NotificationPrefs = z.object({
  email_new: z.boolean(),
  email_due: z.boolean(),
  email_overdue: z.boolean(),
  email_digest: z.boolean(),
  socket: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof NotificationPrefs>;
