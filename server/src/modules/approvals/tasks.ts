import { and, eq, isNull, sql } from 'drizzle-orm';
import { EVENTS, TASK_KIND_TITLES, type TaskCounts, type TaskResponse, type TasksPage } from '@proc/contract';
import type { Db, Tx } from '../../db/client';
import { tasks } from '../../db/schema';
import type { AuthUser, Ctx, Deps } from '../../platform/context';
import { moscowToday, now } from '../../platform/clock';
import { AppError } from '../../platform/errors';

export interface NewTask {
  userId: number;
  companyId: number | null;
  kind: 'approval' | 'deadline' | 'registration';
  sourceKey: string;
  title: string;
  subtitle?: string | null;
  link: string;
  dueOn: string | null;
}

/**
 * What a transaction did to tasks, told to the users once it has committed: the count in their top bar, and a
 * reminder «новая задача» for each task opened (sent once, see reminders.ts).
 */
export class TaskChanges {
  readonly users = new Set<number>();
  readonly opened: number[] = [];
}

/** Opens (or reopens) a task; one per user and thing. */
export async function openTask(tx: Tx, changes: TaskChanges, t: NewTask): Promise<void> {
  const [row] = await tx
    .insert(tasks)
    .values({ ...t, subtitle: t.subtitle ?? null, createdAt: now() })
    .onConflictDoUpdate({
      target: [tasks.userId, tasks.sourceKey],
      set: { title: t.title, subtitle: t.subtitle ?? null, link: t.link, dueOn: t.dueOn, companyId: t.companyId, doneAt: null },
    })
    .returning({ id: tasks.id });
  changes.users.add(t.userId);
  changes.opened.push(row.id);
}

/** Closes every open task of a thing (all candidates of a role step at once). */
export async function closeTasks(tx: Tx, changes: TaskChanges, sourceKey: string): Promise<void> {
  const rows = await tx
    .update(tasks)
    .set({ doneAt: now() })
    .where(and(eq(tasks.sourceKey, sourceKey), isNull(tasks.doneAt)))
    .returning({ userId: tasks.userId });
  for (const r of rows) changes.users.add(r.userId);
}

/**
 * The companies a user may act for, as the inbox filters them (tenancy.ts decides the same per request): null for an
 * admin (every company), else the own company and the granted ones.
 */
async function allowedCompanies(db: Db, user: Pick<AuthUser, 'id' | 'role' | 'companyId'>): Promise<number[] | null> {
  if (user.role === 'admin') return null;
  if (user.role === 'client') return [user.companyId];
  const r = (await db.execute(sql`SELECT company_id FROM company_grants WHERE user_id = ${user.id}`)) as unknown as {
    rows: { company_id: number }[];
  };
  return [user.companyId, ...r.rows.map((x) => x.company_id)];
}

const scope = (allowed: number[] | null) =>
  allowed ? sql` AND (t.company_id IS NULL OR t.company_id = ANY(${`{${allowed.join(',')}}`}::int[]))` : sql``;

export async function taskCounts(db: Db, user: Pick<AuthUser, 'id' | 'role' | 'companyId'>): Promise<TaskCounts> {
  const allowed = await allowedCompanies(db, user);
  const r = (await db.execute(
    sql`SELECT count(*)::int AS open, (count(*) FILTER (WHERE t.sort_on < ${moscowToday()}::date))::int AS overdue
        FROM tasks t WHERE t.user_id = ${user.id} AND t.done_at IS NULL${scope(allowed)}`,
  )) as unknown as { rows: TaskCounts[] };
  return r.rows[0];
}

export interface TaskFilter {
  kind?: 'approval' | 'deadline' | 'registration';
  company_id?: number;
  overdue?: 'true' | 'false';
  after?: string;
  limit: number;
}

/** «Мои задачи»: the user's open tasks by due date (undated last), a page by keyset after the previous page's last. */
export async function listTasks(ctx: Pick<Ctx, 'deps' | 'user'>, q: TaskFilter): Promise<TasksPage> {
  const db = ctx.deps.db;
  const today = moscowToday();
  const allowed = await allowedCompanies(db, ctx.user);
  const where = [sql`t.user_id = ${ctx.user.id} AND t.done_at IS NULL`, scope(allowed)];
  if (q.kind) where.push(sql` AND t.kind = ${q.kind}`);
  if (q.company_id) where.push(sql` AND t.company_id = ${q.company_id}`);
  if (q.overdue === 'true') where.push(sql` AND t.sort_on < ${today}::date`);
  if (q.after) {
    const [day, id] = q.after.split('_');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) throw new AppError('VALIDATION', 'Неверная позиция страницы');
    where.push(sql` AND (t.sort_on, t.id) > (${day}::date, ${Number(id)})`);
  }
  const r = (await db.execute(
    sql`SELECT t.id, t.kind, t.company_id, c.title AS company_title, t.title, t.subtitle, t.link, t.due_on::text AS due_on,
               t.sort_on::text AS sort_on, t.created_at
        FROM tasks t LEFT JOIN companies c ON c.id = t.company_id
        WHERE ${sql.join(where, sql``)}
        ORDER BY t.sort_on, t.id LIMIT ${q.limit + 1}`,
  )) as unknown as {
    rows: {
      id: string | number;
      kind: TaskResponse['kind'];
      company_id: number | null;
      company_title: string | null;
      title: string;
      subtitle: string | null;
      link: string;
      due_on: string | null;
      sort_on: string;
      created_at: Date | string;
    }[];
  };
  const rows = r.rows.slice(0, q.limit);
  const last = rows[rows.length - 1];
  return {
    items: rows.map((t) => ({
      id: Number(t.id),
      kind: t.kind,
      kind_title: TASK_KIND_TITLES[t.kind],
      company_id: t.company_id,
      company_title: t.company_title,
      title: t.title,
      subtitle: t.subtitle,
      link: t.link,
      due_on: t.due_on,
      overdue: !!t.due_on && t.due_on < today,
      created_at: new Date(t.created_at).toISOString(),
    })),
    next: r.rows.length > q.limit && last ? `${last.sort_on}_${last.id}` : null,
  };
}

/** After commit: each user whose tasks changed gets the new counts; the new tasks are announced (reminders.ts). */
export async function publishTaskChanges(deps: Deps, changes: TaskChanges): Promise<void> {
  if (changes.opened.length) {
    const { remindNewTasks } = await import('./reminders');
    // a mail server that fails leaves the notice unsent and unclaimed: the daily run does not repeat «новая задача»,
    // but the task itself stays in the inbox and its due reminders follow
    await remindNewTasks(deps, changes.opened).catch(() => undefined);
  }
  if (!changes.users.size) return;
  const r = (await deps.db.execute(
    sql`SELECT u.id, u.role, u.company_id FROM users u WHERE u.id = ANY(${`{${[...changes.users].join(',')}}`}::int[])`,
  )) as unknown as { rows: { id: number; role: AuthUser['role']; company_id: number }[] };
  for (const u of r.rows) {
    const counts = await taskCounts(deps.db, { id: u.id, role: u.role, companyId: u.company_id });
    deps.realtime.toUser(u.id, EVENTS.tasksChanged, { ...counts });
  }
}
