import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@proc/contract/routes';
import type { ApprovalKind, ApprovalResponse } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  acceptUpd,
  buildCompany,
  buildContract,
  buildProcurement,
  buildUpd,
  buildUser,
  world,
  type BuiltUser,
  type World,
} from '../../../test/factories';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { contracts, paymentOrders } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { setClock } from '../../platform/clock';
import { RESTART_JOB } from './run';
import { REMINDER_MAIL_JOB, resendReminderMail, runReminders, syncDeadlineTasks } from './reminders';

/**
 * The other kinds of document the issue names (contract, acceptance, payment): each action that sends one out refuses
 * without its approval, naming whose step it waits for; a change after approval restarts the route. The law's terms of
 * a contract in execution as tasks, and a reminder mail a real SMTP server refuses, retried by the job system.
 */

let t: TestServer;
let w: World;
let smtp: SmtpSink;
let approver: BuiltUser;
const APPROVER = 'Юристов Юрий';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: smtp.url });
  w = await world(t);
  approver = await buildUser(t, { company_id: w.demoId, title: APPROVER, email: 'approver-kinds@example.com' });
}, 240_000);
afterAll(async () => {
  setClock(null);
  await t?.close();
  await smtp?.close();
});

type Err = { message: string };
async function routeFor(kind: ApprovalKind) {
  const r = await t.call(routes.approvals.postRoutes, {
    token: w.client,
    body: { kind, title: `Маршрут: ${kind}`, is_default: true, steps: [{ participants: [{ user_id: approver.id }], term_days: 2 }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
async function approve(kind: ApprovalKind, id: number): Promise<ApprovalResponse> {
  const sent = await t.call(routes.approvals.post, { token: w.client, body: { kind, document_id: id } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const slot = sent.body.slots.find((s) => s.status === 'active')!;
  const done = await t.call(routes.approvals.postSlotsApprove, {
    params: { id: sent.body.id, slotId: slot.id },
    token: approver.token,
    body: {},
  });
  expect(done.body.status).toBe('approved');
  return done.body;
}
const waiting = `ждёт этап 1 из 1 — ${APPROVER}`;

describe('the other kinds of document', () => {
  it('a contract: its information goes to ЕИС only as approved', async () => {
    await routeFor('contract');
    const c = await buildContract(t, { companyId: w.demoId });
    await t.server.deps.db.insert(paymentOrders).values({
      companyId: w.demoId,
      contractId: c.id,
      linkedBy: 'user',
      kind: 'Платежное поручение',
      number: '701',
      docDate: '2025-03-01',
      amount: '1000.00',
      payeeInn: '9103624367',
    });
    const refused = await t.call(routes.signatures.postContractsExecutionPrepare, { params: { id: c.id }, token: w.client });
    expect([refused.status, (refused.body as unknown as Err).message]).toEqual([
      409,
      'Сведения о договоре нельзя подписать и направить в ЕИС: документ не согласован — отправьте его на согласование',
    ]);
    const sent = await t.call(routes.approvals.post, { token: w.client, body: { kind: 'contract', document_id: c.id } });
    expect(sent.body.document_title).toMatch(/^Договор № /);
    const pending = await t.call(routes.eis.postContractsExecutionSend, { params: { id: c.id }, token: w.client });
    expect((pending.body as unknown as Err).message).toBe(
      `Сведения о договоре нельзя подписать и направить в ЕИС: документ на согласовании, ${waiting}`,
    );
    const slot = sent.body.slots[0];
    expect(
      (await t.call(routes.approvals.postSlotsApprove, { params: { id: sent.body.id, slotId: slot.id }, token: approver.token, body: {} }))
        .body.status,
    ).toBe('approved');
    const prepared = await t.call(routes.signatures.postContractsExecutionPrepare, { params: { id: c.id }, token: w.client });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
    // the approval is in the contract's own history
    const trail = await t.server.deps.database.sql.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'contract' AND entity_id = $1 AND action LIKE 'approval_%' ORDER BY id`,
      [String(c.id)],
    );
    expect(trail.rows.map((r) => r.action)).toEqual(['approval_send', 'approval_approve', 'approval_complete']);
    // a new price is another contract: what was approved no longer goes
    await t.server.deps.db.update(contracts).set({ price: '120000.00' }).where(eq(contracts.id, c.id));
    const changed = await t.call(routes.eis.postContractsExecutionSend, { params: { id: c.id }, token: w.client });
    expect((changed.body as unknown as Err).message).toBe(
      'Сведения о договоре нельзя подписать и направить в ЕИС: документ изменён после согласования — отправьте его на согласование заново',
    );
  });

  it('an acceptance: signed only as approved; a new matching of its lines restarts the route', async () => {
    await routeFor('acceptance');
    const c = await buildContract(t, { companyId: w.demoId });
    const upd = await buildUpd(t, { contract: c });
    const refused = await t.call(routes.acceptance.postDecision, { params: { id: upd.id }, token: w.client, body: {} as never });
    expect([refused.status, (refused.body as unknown as Err).message]).toEqual([
      409,
      'Документ о приёмке нельзя подписать: документ не согласован — отправьте его на согласование',
    ]);
    const first = await approve('acceptance', upd.id);
    const lines = await t.call(routes.contracts.getAcceptance, { params: { id: c.id }, token: w.client });
    const line = lines.body.find((d) => d.id === upd.id)!.lines[0];
    const card = await t.call(routes.eis.getContractsById, { params: { id: c.id }, token: w.client });
    const remap = await t.call(routes.contracts.putAcceptanceLinesMapping, {
      params: { lineId: line.id },
      token: w.client,
      body: { position_id: line.position_id === null ? card.body.positions[0].id : null },
    });
    expect(remap.status, JSON.stringify(remap.body)).toBe(200);
    await t.server.deps.jobs.idle(RESTART_JOB, 30_000);
    const state = await t.call(routes.approvals.getState, { query: { kind: 'acceptance', document_id: upd.id }, token: w.client });
    expect(state.body.approval).toMatchObject({ status: 'pending', waiting_for: `этап 1 из 1 — ${APPROVER}` });
    expect(state.body.approval!.id).not.toBe(first.id);
    await smtp.waitFor((m) => m.to.includes('approver-kinds@example.com') && m.text.includes(`Документ о приёмке № ${upd.number}`));
    const frozen = await t.call(routes.acceptance.postDecision, { params: { id: upd.id }, token: w.client, body: {} as never });
    expect((frozen.body as unknown as Err).message).toBe(`Документ о приёмке нельзя подписать: документ на согласовании, ${waiting}`);
    const slot = state.body.approval!.slots.find((s) => s.status === 'active')!;
    await t.call(routes.approvals.postSlotsApprove, {
      params: { id: state.body.approval!.id, slotId: slot.id },
      token: approver.token,
      body: {},
    });
    const signed = await t.call(routes.acceptance.postDecision, { params: { id: upd.id }, token: w.client, body: {} as never });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });

  it('a payment: registered for a contract only as approved', async () => {
    await routeFor('payment');
    const c = await buildContract(t, { companyId: w.demoId });
    const [p] = await t.server.deps.db
      .insert(paymentOrders)
      .values({
        companyId: w.demoId,
        kind: 'Платежное поручение',
        number: '702',
        docDate: '2025-03-02',
        amount: '500.00',
        payeeInn: '9103624367',
      })
      .returning();
    const link = () => t.call(routes.contracts.putPaymentsContract, { params: { id: p.id }, token: w.client, body: { contract_id: c.id } });
    const refused = await link();
    expect([refused.status, (refused.body as unknown as Err).message]).toEqual([
      409,
      'Платёжное поручение нельзя провести по договору: документ не согласован — отправьте его на согласование',
    ]);
    await approve('payment', p.id);
    const linked = await link();
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  });
});

describe('the law’s terms of a contract in execution', () => {
  it('the payment term of an accepted delivery is its holder’s task, reminded the day before', async () => {
    // a company of its own: no routes, the author accepts at once
    const company = await buildCompany(t, { law: '44' });
    const author = await buildUser(t, { company_id: company.id, email: 'author-terms@example.com', title: 'Автор Закупок' });
    const proc = await buildProcurement(t, {}, { by: author });
    const c = await buildContract(t, { companyId: company.id });
    await t.server.deps.db.update(contracts).set({ procurementId: proc.id, law: '44' }).where(eq(contracts.id, c.id));
    setClock('2025-04-30T09:00:00+03:00');
    const upd = await buildUpd(t, { contract: c, by: author });
    await acceptUpd(t, author.token, upd.id);
    await syncDeadlineTasks(t.server.deps);
    const inbox = await t.call(routes.approvals.getTasks, { query: { kind: 'deadline' }, token: author.token });
    // ч. 13.1 ст. 34 44-ФЗ: seven working days from the document about acceptance (1–4 and 8–11 May 2025 are days off)
    const term = inbox.body.items.find((x) => x.title.startsWith('Оплата принятого'));
    expect(term, JSON.stringify(inbox.body.items)).toMatchObject({ due_on: '2025-05-15', link: `/contracts/register/${c.id}` });
    setClock('2025-05-14T09:00:00+03:00');
    await runReminders(t.server.deps);
    const mail = await smtp.waitFor((m) => m.to.includes('author-terms@example.com') && m.subject.startsWith('Завтра срок'));
    expect(mail.text).toContain('срок 15.05.2025');
    setClock(null);
  });
});

describe('a reminder mail the server refuses', () => {
  it('is sent again by the job system; the last refusal is in the journal, with the domain only', async () => {
    const user = await buildUser(t, { company_id: w.demoId, email: 'refused-mail@example.org', title: 'Отказов Олег' });
    const today = '2025-06-10';
    setClock(`${today}T09:00:00+03:00`);
    await t.server.deps.database.sql.query(
      `INSERT INTO tasks (user_id, company_id, kind, source_key, title, link, due_on) VALUES ($1, $2, 'deadline', $3, 'Проверить договор', '/tasks', '2025-06-11')`,
      [user.id, w.demoId, `test-refused:${user.id}`],
    );
    smtp.refused.add('refused-mail@example.org');
    await runReminders(t.server.deps, today);
    const queued = await t.server.deps.database.sql.query<{ id: string; data: { task_ids: number[]; error: string } }>(
      `SELECT id, data FROM pgboss.job WHERE name = $1 AND data->>'user_id' = $2`,
      [REMINDER_MAIL_JOB, String(user.id)],
    );
    expect(queued.rows).toHaveLength(1);
    expect(queued.rows[0].data.error).toBe('SMTP 451');
    // the server accepts again: the job's next try (a minute on; moved to now here) delivers it
    smtp.refused.delete('refused-mail@example.org');
    await t.server.deps.database.sql.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [queued.rows[0].id]);
    t.server.deps.jobs.wake(REMINDER_MAIL_JOB);
    const mail = await smtp.waitFor((m) => m.to.includes('refused-mail@example.org') && m.subject.startsWith('Завтра срок'));
    expect(mail.text).toContain('Проверить договор');
    await t.server.deps.jobs.idle(REMINDER_MAIL_JOB, 30_000);

    // refused to its last try: recorded for the operator, the day's claim given back for the next run
    await t.server.deps.database.sql.query(
      `INSERT INTO tasks (user_id, company_id, kind, source_key, title, link, due_on) VALUES ($1, $2, 'deadline', $3, 'Подписать акт', '/tasks', '2025-06-01')`,
      [user.id, w.demoId, `test-refused-2:${user.id}`],
    );
    smtp.refused.add('refused-mail@example.org');
    await runReminders(t.server.deps, today);
    const again = await t.server.deps.database.sql.query<{ id: string; data: { task_ids: number[] } }>(
      `SELECT id, data FROM pgboss.job WHERE name = $1 AND data->>'user_id' = $2 AND state = 'created'`,
      [REMINDER_MAIL_JOB, String(user.id)],
    );
    expect(again.rows).toHaveLength(1);
    await t.server.deps.jobs.boss.cancel(REMINDER_MAIL_JOB, again.rows[0].id);
    await expect(
      resendReminderMail(
        t.server.deps,
        { user_id: user.id, day: today, task_ids: again.rows[0].data.task_ids, error: 'SMTP 451' },
        { retryCount: 4 },
      ),
    ).rejects.toThrow('Напоминание не отправлено: SMTP 451');
    const journal = await t.call(routes.audit.get, {
      query: { entity: 'user', entity_id: String(user.id) },
      token: await t.login('admin'),
    });
    const entry = journal.body.items.find((i) => i.action === 'mail_failed');
    expect(entry?.after).toMatchObject({ domain: 'example.org', error: 'SMTP 451', attempts: 6, tasks: 1 });
    expect(JSON.stringify(entry)).not.toContain('refused-mail@');
    const claims = await t.server.deps.database.sql.query(
      `SELECT 1 FROM reminders_sent WHERE user_id = $1 AND day = $2 AND kind = 'overdue'`,
      [user.id, today],
    );
    expect(claims.rows).toHaveLength(0);
    smtp.refused.delete('refused-mail@example.org');
    setClock(null);
  });
});
