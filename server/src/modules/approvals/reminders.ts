import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { EVENTS, REGISTRATION_DECIDERS, type NotificationPrefs } from '@proc/contract';
import { notificationPrefs } from '../../db/schema';
import type { Deps } from '../../platform/context';
import type { Mail } from '../../platform/mail';
import { addDays, moscowToday, now } from '../../platform/clock';
import { reportingDueDate, reportingTermsOf } from '../deadlines';
import { openContractTerms } from '../contracts';
import type { Tx } from '../../db/client';
import { absolute, composeMail, type MailLine } from './mails';
import { audit } from '../../platform/audit';
import { TaskChanges, closeTasks, openTask, publishTaskChanges } from './tasks';

export const REMINDERS_JOB = 'tasks.reminders';
/** Every morning at 08:00 Moscow time: the day's reminders and digests. */
export const REMINDERS_CRON = '0 8 * * *';

const DEFAULT_PREFS: NotificationPrefs = { email_new: true, email_due: true, email_overdue: true, email_digest: true, socket: true };

export async function getPrefs(deps: Deps, userId: number): Promise<NotificationPrefs> {
  const [p] = await deps.db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  return p
    ? { email_new: p.emailNew, email_due: p.emailDue, email_overdue: p.emailOverdue, email_digest: p.emailDigest, socket: p.socket }
    : DEFAULT_PREFS;
}

export async function setPrefs(deps: Deps, userId: number, p: NotificationPrefs): Promise<NotificationPrefs> {
  const v = {
    emailNew: p.email_new,
    emailDue: p.email_due,
    emailOverdue: p.email_overdue,
    emailDigest: p.email_digest,
    socket: p.socket,
    updatedAt: now(),
  };
  await deps.db
    .insert(notificationPrefs)
    .values({ userId, ...v })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: v });
  return p;
}

type Claimed = {
  kind: 'new' | 'due_tomorrow' | 'overdue';
  task_id: number;
  user_id: number;
  email: string | null;
  user_title: string;
  title: string;
  link: string;
  due_on: string | null;
  company_title: string | null;
  email_new: boolean;
  email_due: boolean;
  email_overdue: boolean;
  socket: boolean;
};

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Runs `fn` over the items, `width` at a time: a mail server is not asked for ten thousand connections at once. */
async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const KIND_TEXT = { new: 'Новая задача', due_tomorrow: 'Завтра срок', overdue: 'Просрочено' } as const;
const dateRu = (d: string) => d.split('-').reverse().join('.');

/**
 * Sends what was claimed: a socket notice per task and one mail per user, each line linking to its task's page. A mail
 * that fails gives its claims back, so the next run sends it again (still once a day).
 */
async function deliver(deps: Deps, claimed: Claimed[], day: string): Promise<{ mails: number }> {
  const byUser = new Map<number, Claimed[]>();
  for (const c of claimed) {
    const list = byUser.get(c.user_id) ?? [];
    list.push(c);
    byUser.set(c.user_id, list);
  }
  let mails = 0;
  await pool([...byUser.values()], 8, async (list) => {
    const u = list[0];
    if (u.socket)
      for (const c of list)
        deps.realtime.toUser(c.user_id, EVENTS.taskReminder, {
          reminder: c.kind,
          title: c.title,
          link: c.link,
          due_on: c.due_on,
          task_id: c.task_id,
        });
    const wanted = list.filter((c) => (c.kind === 'new' ? c.email_new : c.kind === 'due_tomorrow' ? c.email_due : c.email_overdue));
    if (!u.email || !wanted.length) return;
    try {
      await deps.mailer.send(reminderMail(deps, u.email, u.user_title, wanted));
      mails++;
    } catch (e) {
      // the claims stay: the job system sends the mail again (with its retries and their backoff), once
      const payload: ReminderMailPayload = { user_id: u.user_id, day, task_ids: wanted.map((c) => c.task_id), error: mailError(e) };
      await deps.jobs.send(REMINDER_MAIL_JOB, payload, { ...REMINDER_MAIL_RETRIES, startAfter: REMINDER_MAIL_RETRIES.retryDelay });
    }
  });
  return { mails };
}

function reminderMail(deps: Deps, email: string, userTitle: string, wanted: Claimed[]): Mail {
  const kinds = [...new Set(wanted.map((c) => c.kind))];
  const subject =
    kinds.length === 1
      ? `${KIND_TEXT[kinds[0]]}: ${wanted.length === 1 ? wanted[0].title : `${wanted.length} задач`}`
      : `Напоминание о задачах: ${wanted.length}`;
  const lines: MailLine[] = wanted.map((c) => ({
    text: `${KIND_TEXT[c.kind]}: ${c.title}`,
    note: [c.company_title, c.due_on ? `срок ${dateRu(c.due_on)}` : null].filter(Boolean).join(', ') || undefined,
    link: absolute(deps.config.CLIENT_URL, c.link),
  }));
  return composeMail(email, subject, {
    greeting: `Здравствуйте, ${userTitle}!`,
    intro: 'Задачи, которые ждут вас:',
    lines,
    outro: `Все задачи — в разделе «Мои задачи»: ${absolute(deps.config.CLIENT_URL, '/tasks')}. Что присылать, выбирается в профиле.`,
  });
}

/**
 * Why a mail server refused, without what the mail or the server's answer says of the recipient (docs/security.md:
 * nothing of a person is logged): the SMTP reply code, or the connection's error code.
 */
function mailError(e: unknown): string {
  const x = e as { responseCode?: number; code?: string };
  if (typeof x?.responseCode === 'number') return `SMTP ${x.responseCode}`;
  if (typeof x?.code === 'string' && /^[A-Z_]+$/.test(x.code)) return x.code;
  return 'ошибка отправки';
}

export const REMINDER_MAIL_JOB = 'tasks.reminder-mail';
/** A mail server down for a while: four more tries over about a quarter of an hour (pg-boss: 60 s, doubling). */
export const REMINDER_MAIL_RETRIES = { retryLimit: 4, retryDelay: 60, retryBackoff: true } as const;
export interface ReminderMailPayload {
  user_id: number;
  day: string;
  task_ids: number[];
  /** the first attempt's failure, for the record */
  error: string;
}

/**
 * A reminder mail the mail server refused, sent again from the job system: the tasks still open and claimed for that
 * day, as one mail. A refusal throws (the job is retried, pg-boss records the failure); the last refusal is written
 * to the journal of the user (entity «user», action «mail_failed»), where the company's staff and the administrators
 * see it, with the recipient's mail domain only, and gives the claims back for the next run.
 */
export async function resendReminderMail(deps: Deps, p: ReminderMailPayload, job: { retryCount: number }): Promise<void> {
  const claimed = rowsOf<Claimed>(
    await deps.db.execute(sql`
      WITH c AS (
        SELECT r.kind, r.subject_id, r.user_id FROM reminders_sent r
        WHERE r.day = ${p.day}::date AND r.user_id = ${p.user_id} AND r.kind IN ('new', 'due_tomorrow', 'overdue')
          AND r.subject_id = ANY(${`{${p.task_ids.join(',')}}`}::bigint[]))
      SELECT ${CLAIMED_COLUMNS} FROM c ${CLAIMED_JOINS} WHERE t.done_at IS NULL ORDER BY t.sort_on, t.id`),
  );
  if (!claimed.length || !claimed[0].email) return;
  const u = claimed[0];
  try {
    await deps.mailer.send(reminderMail(deps, u.email!, u.user_title, claimed));
  } catch (e) {
    const error = mailError(e);
    if (job.retryCount >= REMINDER_MAIL_RETRIES.retryLimit) {
      await deps.db.transaction(async (tx) => {
        const [owner] = rowsOf<{ company_id: number }>(await tx.execute(sql`SELECT company_id FROM users WHERE id = ${p.user_id}`));
        await audit(
          tx,
          { user: null, companyId: owner?.company_id ?? null },
          {
            entity: 'user',
            entityId: p.user_id,
            action: 'mail_failed',
            after: {
              mail: 'Напоминание о задачах',
              domain: u.email!.split('@').pop() ?? null,
              tasks: claimed.length,
              attempts: job.retryCount + 2,
              error,
              first_error: p.error,
            },
          },
        );
        await tx.execute(
          sql`DELETE FROM reminders_sent WHERE day = ${p.day}::date AND user_id = ${p.user_id} AND kind IN ('new', 'due_tomorrow', 'overdue')
              AND subject_id = ANY(${`{${p.task_ids.join(',')}}`}::bigint[])`,
        );
      });
    }
    throw new Error(`Напоминание не отправлено: ${error}`);
  }
}

const CLAIMED_COLUMNS = sql`c.kind, c.subject_id::int AS task_id, c.user_id, u.email, u.title AS user_title, t.title, t.link,
  t.due_on::text AS due_on, co.title AS company_title,
  COALESCE(p.email_new, true) AS email_new, COALESCE(p.email_due, true) AS email_due,
  COALESCE(p.email_overdue, true) AS email_overdue, COALESCE(p.socket, true) AS socket`;
const CLAIMED_JOINS = sql`JOIN tasks t ON t.id = c.subject_id JOIN users u ON u.id = c.user_id
  LEFT JOIN companies co ON co.id = t.company_id LEFT JOIN notification_prefs p ON p.user_id = c.user_id`;

/** «Новая задача», once per task: the claim is the key (kind, task, day) of reminders_sent. */
export async function remindNewTasks(deps: Deps, taskIds: number[]): Promise<void> {
  const day = moscowToday();
  const claimed = rowsOf<Claimed>(
    await deps.db.execute(sql`
      WITH c AS (
        INSERT INTO reminders_sent (kind, subject_id, day, user_id)
        SELECT 'new', t.id, ${day}::date, t.user_id FROM tasks t
        WHERE t.id = ANY(${`{${taskIds.join(',')}}`}::bigint[]) AND t.done_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM reminders_sent r WHERE r.kind = 'new' AND r.subject_id = t.id)
        ON CONFLICT DO NOTHING RETURNING kind, subject_id, user_id)
      SELECT ${CLAIMED_COLUMNS} FROM c ${CLAIMED_JOINS}`),
  );
  await deliver(deps, claimed, day);
}

/**
 * The law's terms as tasks of the one who holds the document: the end of applications of a published purchase (its
 * author), and the contract's information to the register (ч. 2 ст. 4.1 223-ФЗ: three working days; ч. 3 ст. 103
 * 44-ФЗ: five) from the terms of the deadline engine, for a contract concluded and not yet in the register.
 */
export async function syncDeadlineTasks(deps: Deps): Promise<void> {
  const changes = new TaskChanges();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO tasks (user_id, company_id, kind, source_key, title, link, due_on)
      SELECT p.created_by, p.company_id, 'deadline', 'procurement-applications:' || p.id,
             'Окончание подачи заявок: № ' || p.number || ' «' || p.title || '»', '/documents/' || p.id, p.application_deadline
      FROM procurements p
      WHERE p.status IN ('published', 'accepting') AND p.application_deadline IS NOT NULL AND p.created_by IS NOT NULL
      ON CONFLICT (user_id, source_key) DO UPDATE SET due_on = EXCLUDED.due_on, title = EXCLUDED.title WHERE tasks.done_at IS NULL`);
    await tx.execute(sql`
      UPDATE tasks t SET done_at = ${now()} WHERE t.done_at IS NULL AND t.kind = 'deadline' AND t.source_key LIKE 'procurement-applications:%'
        AND NOT EXISTS (SELECT 1 FROM procurements p WHERE 'procurement-applications:' || p.id = t.source_key AND p.status IN ('published', 'accepting'))`);
    const contracts = rowsOf<{
      id: number;
      company_id: number;
      law: '223' | '44';
      contract_date: string;
      number: string | null;
      subject: string;
      author: number;
    }>(
      await tx.execute(sql`
        SELECT c.id, c.company_id, c.law, c.contract_date::text AS contract_date, c.number, c.subject, p.created_by AS author
        FROM contracts c JOIN procurements p ON p.id = c.procurement_id AND p.company_id = c.company_id
        WHERE c.contract_date IS NOT NULL AND c.registry_number IS NULL AND c.published_at IS NULL AND p.created_by IS NOT NULL`),
    );
    for (const c of contracts) {
      const term = reportingTermsOf(c.law).contract;
      await openTask(tx, changes, {
        userId: c.author,
        companyId: c.company_id,
        kind: 'deadline',
        sourceKey: `contract-register:${c.id}`,
        title: `${term.label}: договор ${c.number ? `№ ${c.number} ` : ''}«${c.subject}»`,
        link: `/contracts/register/${c.id}`,
        dueOn: reportingDueDate(c.contract_date, term),
      });
    }
    await tx.execute(sql`
      UPDATE tasks t SET done_at = ${now()} WHERE t.done_at IS NULL AND t.kind = 'deadline' AND t.source_key LIKE 'contract-register:%'
        AND NOT EXISTS (SELECT 1 FROM contracts c WHERE 'contract-register:' || c.id = t.source_key
                        AND c.registry_number IS NULL AND c.published_at IS NULL)`);
    await syncContractTerms(tx, changes);
  });
  // a deadline appears in the inbox and in the counts; its reminders are the due ones below, not «новая задача»
  changes.opened.length = 0;
  await publishTaskChanges(deps, changes);
}

/**
 * The terms of a contract in execution as its holder's tasks, from the contracts module's own reckoning (the one the
 * dashboard shows): the information on payments to the register (ч. 3 ст. 103 44-ФЗ: five working days; ч. 2
 * ст. 4.1 223-ФЗ: ten days), and the acceptance and payment terms of each supplier's document (ч. 13.1 ст. 34 44-ФЗ:
 * payment within seven working days of the document about acceptance). A term done or gone closes its task.
 */
async function syncContractTerms(tx: Tx, changes: TaskChanges): Promise<void> {
  const held = rowsOf<{ id: number; company_id: number; number: string | null; subject: string; author: number }>(
    await tx.execute(sql`
      SELECT c.id, c.company_id, c.number, c.subject, p.created_by AS author
      FROM contracts c JOIN procurements p ON p.id = c.procurement_id AND p.company_id = c.company_id
      WHERE p.created_by IS NOT NULL AND c.status NOT IN ('completed', 'terminated', 'invalid')
      ORDER BY c.company_id, c.id`),
  );
  const open: string[] = [];
  const byCompany = new Map<number, typeof held>();
  for (const c of held) byCompany.set(c.company_id, [...(byCompany.get(c.company_id) ?? []), c]);
  const today = moscowToday();
  for (const [companyId, list] of byCompany) {
    const terms = await openContractTerms(
      tx,
      companyId,
      list.map((c) => c.id),
      today,
    );
    for (const c of list)
      for (const d of terms.get(c.id) ?? []) {
        // one task per term: its kind, its basis and the document it is of (in the label)
        const sourceKey = `contract-term:${c.id}:${d.kind}:${d.basis_date}:${crypto.createHash('sha1').update(d.label).digest('hex').slice(0, 10)}`;
        open.push(sourceKey);
        await openTask(tx, changes, {
          userId: c.author,
          companyId,
          kind: 'deadline',
          sourceKey,
          title: `${d.label}: договор ${c.number ? `№ ${c.number} ` : ''}«${c.subject}»`,
          link: `/contracts/register/${c.id}`,
          dueOn: d.due_on,
        });
      }
  }
  const closed = rowsOf<{ user_id: number }>(
    await tx.execute(sql`
      UPDATE tasks t SET done_at = ${now()} WHERE t.done_at IS NULL AND t.kind = 'deadline' AND t.source_key LIKE 'contract-term:%'
        AND NOT (t.source_key = ANY(${`{${open.map((k) => `"${k}"`).join(',')}}`}::text[]))
      RETURNING t.user_id`),
  );
  for (const r of closed) changes.users.add(r.user_id);
}

export interface ReminderRun {
  reminders: number;
  mails: number;
  digests: number;
}

/**
 * The day's run: «завтра срок» for a task due tomorrow and «просрочено» for one past its date, each once per task and
 * day (the primary key of reminders_sent claims it: a second run the same day, or a second node, finds it taken), then
 * one digest per user with open tasks.
 */
export async function runReminders(deps: Deps, day: string = moscowToday()): Promise<ReminderRun> {
  await syncDeadlineTasks(deps);
  const tomorrow = addDays(day, 1);
  const claimed = rowsOf<Claimed>(
    await deps.db.execute(sql`
      WITH c AS (
        INSERT INTO reminders_sent (kind, subject_id, day, user_id)
        SELECT CASE WHEN t.due_on = ${tomorrow}::date THEN 'due_tomorrow' ELSE 'overdue' END, t.id, ${day}::date, t.user_id
        FROM tasks t WHERE t.done_at IS NULL AND (t.due_on = ${tomorrow}::date OR t.due_on < ${day}::date)
        ON CONFLICT DO NOTHING RETURNING kind, subject_id, user_id)
      SELECT ${CLAIMED_COLUMNS} FROM c ${CLAIMED_JOINS}`),
  );
  const { mails } = await deliver(deps, claimed, day);
  const digests = await sendDigests(deps, day);
  return { reminders: claimed.length, mails, digests };
}

/** One mail a day per user with open tasks who wants it: the counts and the nearest twenty, with links. */
async function sendDigests(deps: Deps, day: string): Promise<number> {
  const users = rowsOf<{ user_id: number; email: string; title: string; open: number; overdue: number }>(
    await deps.db.execute(sql`
      WITH c AS (
        INSERT INTO reminders_sent (kind, subject_id, day, user_id)
        SELECT 'digest', s.user_id, ${day}::date, s.user_id
        FROM (SELECT DISTINCT t.user_id FROM tasks t WHERE t.done_at IS NULL) s
        JOIN users u ON u.id = s.user_id AND NOT u.blocked AND u.email IS NOT NULL
        LEFT JOIN notification_prefs p ON p.user_id = s.user_id
        WHERE COALESCE(p.email_digest, true)
        ON CONFLICT DO NOTHING RETURNING subject_id)
      SELECT u.id AS user_id, u.email, u.title,
        (SELECT count(*)::int FROM tasks t WHERE t.user_id = u.id AND t.done_at IS NULL) AS open,
        (SELECT count(*)::int FROM tasks t WHERE t.user_id = u.id AND t.done_at IS NULL AND t.sort_on < ${day}::date) AS overdue
      FROM c JOIN users u ON u.id = c.subject_id`),
  );
  // the nearest twenty of every user in one statement: ten thousand digests are not ten thousand queries
  const nearest = new Map<number, { title: string; link: string; due_on: string | null }[]>();
  if (users.length)
    for (const r of rowsOf<{ user_id: number; title: string; link: string; due_on: string | null }>(
      await deps.db.execute(sql`
        SELECT user_id, title, link, due_on FROM (
          SELECT t.user_id, t.title, t.link, t.due_on::text AS due_on,
                 row_number() OVER (PARTITION BY t.user_id ORDER BY t.sort_on, t.id) AS n
          FROM tasks t WHERE t.done_at IS NULL AND t.user_id = ANY(${`{${users.map((u) => u.user_id).join(',')}}`}::int[])) x
        WHERE n <= 20 ORDER BY user_id, n`),
    )) {
      const list = nearest.get(r.user_id) ?? [];
      list.push(r);
      nearest.set(r.user_id, list);
    }
  let sent = 0;
  await pool(users, 8, async (u) => {
    const top = nearest.get(u.user_id) ?? [];
    const mail: Mail = composeMail(u.email, `Ваши задачи на ${dateRu(day)}: ${u.open}${u.overdue ? `, просрочено ${u.overdue}` : ''}`, {
      greeting: `Здравствуйте, ${u.title}!`,
      intro: `Открытых задач: ${u.open}${u.overdue ? `, из них просрочено: ${u.overdue}` : ''}. Ближайшие:`,
      lines: top.map((t) => ({
        text: t.title,
        note: t.due_on ? `${t.due_on < day ? 'просрочено, ' : ''}срок ${dateRu(t.due_on)}` : undefined,
        link: absolute(deps.config.CLIENT_URL, t.link),
      })),
      outro: `Все задачи: ${absolute(deps.config.CLIENT_URL, '/tasks')}`,
    });
    try {
      await deps.mailer.send(mail);
      sent++;
    } catch {
      await deps.db.execute(sql`DELETE FROM reminders_sent WHERE kind = 'digest' AND subject_id = ${u.user_id} AND day = ${day}::date`);
    }
  });
  return sent;
}

/** A registration waits for the operators: a task for each who decides them (no company yet). */
export async function openRegistrationTasks(deps: Deps, registrationId: number, companyTitle: string): Promise<void> {
  const changes = new TaskChanges();
  await deps.db.transaction(async (tx) => {
    const deciders = rowsOf<{ id: number }>(
      await tx.execute(
        sql`SELECT id FROM users WHERE NOT blocked AND role = ANY(${`{${REGISTRATION_DECIDERS.join(',')}}`}::text[]) ORDER BY id LIMIT 1000`,
      ),
    );
    for (const d of deciders)
      await openTask(tx, changes, {
        userId: d.id,
        companyId: null,
        kind: 'registration',
        sourceKey: `registration:${registrationId}`,
        title: `Заявка на регистрацию: ${companyTitle}`,
        link: '/registrations',
        dueOn: null,
      });
  });
  // the operators learn of it by the count; «новая задача» mails are for approvals and deadlines
  changes.opened.length = 0;
  await publishTaskChanges(deps, changes);
}

export async function closeRegistrationTasks(deps: Deps, registrationId: number): Promise<void> {
  const changes = new TaskChanges();
  await deps.db.transaction((tx) => closeTasks(tx, changes, `registration:${registrationId}`));
  await publishTaskChanges(deps, changes);
}

/** The applicant hears of the decision (the login screen promises «мы сообщим об этом на e-mail»). */
export async function mailRegistrationDecision(
  deps: Deps,
  r: { email: string; userTitle: string; login: string; companyTitle: string; approved: boolean; reason: string | null },
): Promise<void> {
  const login = absolute(deps.config.CLIENT_URL, '/login');
  await deps.mailer.send(
    r.approved
      ? composeMail(r.email, 'Регистрация одобрена', {
          greeting: `Здравствуйте, ${r.userTitle}!`,
          intro: `Заявка на регистрацию организации «${r.companyTitle}» одобрена. Войдите с логином ${r.login} и паролем, указанным при регистрации:`,
          lines: [{ text: 'Вход в систему', link: login }],
        })
      : composeMail(r.email, 'Регистрация отклонена', {
          greeting: `Здравствуйте, ${r.userTitle}!`,
          intro: `Заявка на регистрацию организации «${r.companyTitle}» отклонена.`,
          lines: [
            { text: `Причина: ${r.reason ?? '—'}` },
            { text: 'Подать заявку заново', link: absolute(deps.config.CLIENT_URL, '/registration') },
          ],
        }),
  );
}
