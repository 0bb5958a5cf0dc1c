/**
 * «Мои задачи» and the daily reminders at scale, on PostgreSQL (a fresh database on TEST_DATABASE_URL, by default the
 * local server): the inbox of one user with INBOX_TASKS tasks across COMPANIES companies (first page, filtered by kind,
 * by company, only overdue, a page deep in the keyset), p95 over REQUESTS calls each (goal ≤ 50 ms); then the day's
 * reminder run for USERS users with TASKS tasks in all («завтра срок», «просрочено», the digest; mails into the outbox
 * folder), its time (goal ≤ 60 s), and a second run the same day that must send nothing again.
 *
 *   npx tsx bench/approvals-inbox.ts      # INBOX_TASKS=10000 COMPANIES=50 USERS=10000 TASKS=100000 REQUESTS=200
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../server/test/harness';
import { addDays, moscowToday } from '../server/src/platform/clock';
import { runReminders } from '../server/src/modules/approvals';
import { failIf } from './lib/errors';

const INBOX_TASKS = Number(process.env.INBOX_TASKS ?? 10_000);
const COMPANIES = Number(process.env.COMPANIES ?? 50);
const USERS = Number(process.env.USERS ?? 10_000);
const TASKS = Number(process.env.TASKS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)];

async function main() {
  const t = await startTestServer({ LOG_LEVEL: 'silent' });
  let errors = 0;
  try {
    const sql = t.server.deps.database.sql;
    const today = moscowToday();
    // the companies, and one specialist granted all of them
    const { rows: cos } = await sql.query<{ id: number }>(
      `INSERT INTO companies (title, inn) SELECT 'ООО «Заказчик ' || g || '»', lpad((7000000000 + g)::text, 10, '0') FROM generate_series(1, $1) g RETURNING id`,
      [COMPANIES],
    );
    const { rows: own } = await sql.query<{ company_id: number; password_hash: string }>(
      `SELECT company_id, password_hash FROM users WHERE login = 'specialist'`,
    );
    const { rows: inboxUser } = await sql.query<{ id: number }>(
      `INSERT INTO users (company_id, login, title, email, role, password_hash) VALUES ($1, 'bench-inbox', 'Специалист Нагрузочный', 'bench-inbox@example.com', 'specialist', $2) RETURNING id`,
      [own[0].company_id, own[0].password_hash],
    );
    const userId = inboxUser[0].id;
    await sql.query(`INSERT INTO company_grants (user_id, company_id) SELECT $1, unnest($2::int[])`, [userId, cos.map((c) => c.id)]);
    const ids = `{${cos.map((c) => c.id).join(',')}}`;
    // the user's tasks: due from 30 days ago to 60 ahead, a tenth without a date, a tenth done
    await sql.query(
      `INSERT INTO tasks (user_id, company_id, kind, source_key, title, link, due_on, done_at)
       SELECT $1, ($2::int[])[1 + g % array_length($2::int[], 1)], (ARRAY['approval','deadline','registration'])[1 + g % 3],
              'bench:' || g, 'Согласовать: Закупка № 2026-' || g, '/documents/' || g,
              CASE WHEN g % 10 = 0 THEN NULL ELSE $3::date + (g % 90 - 30) END, CASE WHEN g % 10 = 1 THEN now() END
       FROM generate_series(1, $4) g`,
      [userId, ids, today, INBOX_TASKS],
    );
    // everyone else's: USERS users of the first company, TASKS tasks between them
    await sql.query(
      `INSERT INTO users (company_id, login, title, email, role, password_hash)
       SELECT $1, 'bench-u' || g, 'Пользователь ' || g, 'bench-u' || g || '@example.com', 'client', $2 FROM generate_series(1, $3) g`,
      [cos[0].id, own[0].password_hash, USERS],
    );
    await sql.query(
      `INSERT INTO tasks (user_id, company_id, kind, source_key, title, link, due_on)
       SELECT u.id, $1, 'approval', 'bench-r:' || g, 'Согласовать: Договор № ' || g, '/contracts/register/' || g, $2::date + ((g / $4) % 20 - 10)
       FROM generate_series(1, $3) g JOIN users u ON u.login = 'bench-u' || (1 + g % $4)`,
      [cos[0].id, today, TASKS, USERS],
    );
    await sql.query('ANALYZE tasks');
    const token = await t.login('bench-inbox');

    // the inbox
    const first = await t.api<{ items: unknown[]; next: string | null }>('GET', '/api/tasks?limit=50', { token });
    let deep = first.body.next;
    for (let i = 0; i < 40 && deep; i++)
      deep = (await t.api<{ next: string | null }>('GET', `/api/tasks?limit=50&after=${deep}`, { token })).body.next;
    const cases: [string, string][] = [
      ['first page', '/api/tasks?limit=50'],
      ['by kind', '/api/tasks?limit=50&kind=deadline'],
      ['by company', `/api/tasks?limit=50&company_id=${cos[COMPANIES - 1].id}`],
      ['only overdue', '/api/tasks?limit=50&overdue=true'],
      ['a page deep in', `/api/tasks?limit=50${deep ? `&after=${deep}` : ''}`],
      ['the count', '/api/tasks/count'],
    ];
    console.log(`inbox: ${INBOX_TASKS} tasks of one user across ${COMPANIES} companies, ${TASKS} other tasks; ${REQUESTS} calls each`);
    for (const [name, url] of cases) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const r = await t.api('GET', url, { token });
        times.push(performance.now() - t0);
        if (r.status !== 200) errors++;
      }
      console.log(
        `  ${name.padEnd(16)} p50 ${times.sort((a, b) => a - b)[Math.floor(times.length / 2)].toFixed(1)} ms   p95 ${p95(times).toFixed(1)} ms`,
      );
    }

    // the day's reminders
    const t0 = performance.now();
    const run = await runReminders(t.server.deps, today);
    const took = (performance.now() - t0) / 1000;
    console.log(
      `reminders: ${USERS} users, ${TASKS} tasks: ${run.reminders} reminders, ${run.mails} mails, ${run.digests} digests in ${took.toFixed(1)} s (goal ≤ 60 s)`,
    );
    if (!run.reminders || !run.mails || !run.digests) errors++;
    const again = await runReminders(t.server.deps, today);
    console.log(`  the same day again: ${again.reminders} reminders, ${again.mails} mails, ${again.digests} digests (expected 0)`);
    if (again.reminders || again.mails || again.digests) errors++;
    const outbox = path.join(t.config.DATA_DIR, 'outbox');
    console.log(`  outbox: ${fs.readdirSync(outbox).filter((f) => f.endsWith('.txt')).length} mails; tomorrow is ${addDays(today, 1)}`);
  } finally {
    await t.close();
  }
  failIf(errors, 'failed requests or runs');
}

await main();
