import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@proc/contract/routes';
import type {
  ApprovalResponse,
  ApprovalStateResponse,
  ProcurementResponse,
  RuleVersionResponse,
  TaskCounts,
  TasksPage,
} from '@proc/contract';
import { startTestServer, nextEvent, type TestServer } from '../../../test/harness';
import { PDF, as, upload, world, type World } from '../../../test/factories';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { IndependentPki } from '../../../test/pki/independent-pki';
import { addDays } from '../../platform/clock';
import { runReminders, syncDeadlineTasks } from './reminders';
import { RESTART_JOB } from './run';

/**
 * Approval routes end to end on the real server: a route of three steps (a parallel pair, a role, a signature) over a
 * purchase and its documentation, the guard of publishing, the frozen version, a return and a restart, the inbox and
 * the reminders read from a real SMTP server (test/smtp-sink.ts).
 */

let t: TestServer;
let w: World;
let smtp: SmtpSink;
let pki: IndependentPki;
let ruleId: number;
const users: Record<'a' | 'b' | 'signer' | 'c', { id: number; token: string; email: string; title: string }> = {} as never;
let administrator: string;
let admin: string;

const AHEAD = 'проверка согласования';

beforeAll(async () => {
  smtp = await startSmtpSink();
  pki = await IndependentPki.create({
    customer: {
      who: {
        innLe: '0105123458',
        ogrn: '1020100001239',
        inn: '010512345678',
        surname: 'Подписантов',
        givenName: 'Павел',
        organization: 'АО «Демо-Заказчик»',
      },
    },
  });
  t = await startTestServer({ SMTP_URL: smtp.url, SIGNATURE_TRUST_DIR: pki.trustDir, SIGNATURE_CRL_DIR: pki.crlDir });
  w = await world(t);
  admin = await t.login('admin');
  administrator = await t.login('administrator');
  const titles = { a: 'Андреев Андрей', b: 'Борисова Белла', signer: 'Подписантов Павел', c: 'Сергеев Семён' };
  for (const key of ['a', 'b', 'signer', 'c'] as const) {
    const login = `appr-${key}`;
    const email = `${login}@example.com`;
    const r = await t.api<{ id: number }>('POST', '/api/users', {
      token: admin,
      body: { title: titles[key], login, email, role: 'client', company_id: w.demoId, password: 'demo12345' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    users[key] = { id: r.body.id, token: await t.login(login), email, title: titles[key] };
  }
  const right = await t.api('PUT', `/api/signatures/rights/${users.signer.id}`, { token: administrator, headers: as(w.demoId), body: {} });
  expect(right.status).toBe(204);
  const rule = await t.api<{ id: number }>('POST', '/api/procurement_rules', {
    token: w.client,
    body: { title: 'Положение для согласований' },
  });
  const v = await t.api<RuleVersionResponse>('POST', `/api/procurement_rules/${rule.body.id}/versions`, {
    token: w.client,
    body: { number: '1', in_force_from: '2024-01-01' },
  });
  expect((await t.api('POST', `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}/approve`, { token: w.client })).status).toBe(
    200,
  );
  ruleId = rule.body.id;
}, 240_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await pki?.close();
});

const card = (over: Record<string, unknown> = {}) => ({
  title: 'Поставка офисной бумаги',
  method: 'auction_e',
  subject: 'goods',
  nmcd: '1500000.50',
  okpd2: [{ code: '17.12.14.129', name: 'Бумага печатная прочая' }],
  rule_id: ruleId,
  published_on: '2026-12-01',
  application_deadline: '2026-12-16',
  review_on: '2026-12-17',
  summing_up_on: '2026-12-18',
  ...over,
});
async function purchase(over: Record<string, unknown> = {}) {
  const r = await t.api<ProcurementResponse>('POST', '/api/procurements', { token: w.client, body: card(over) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const f = await upload(t, 'POST', `/api/procurements/${r.body.id}/files`, w.client, 'Документация.pdf', PDF);
  expect(f.status).toBe(200);
  return r.body;
}
type Err = { message: string; code: string; fields?: Record<string, string[]> };
const move = (id: number, to: string) =>
  t.api<ProcurementResponse & Err>('POST', `/api/procurements/${id}/transition`, {
    token: w.client,
    body: { to, comment: 'причина', override_reason: AHEAD },
  });
const send = (id: number) =>
  t.api<ApprovalResponse & Err>('POST', '/api/approvals', { token: w.client, body: { kind: 'purchase', document_id: id } });
const decide = (a: ApprovalResponse, slotId: number, action: string, token: string, body: Record<string, unknown> = {}, headers = {}) =>
  t.api<ApprovalResponse & Err>('POST', `/api/approvals/${a.id}/slots/${slotId}/${action}`, { token, body, headers });
const slotOf = (a: ApprovalResponse, userId: number) => a.slots.find((s) => s.assignee_user_id === userId && s.status === 'active')!;
const inbox = (token: string, q = '') => t.api<TasksPage>('GET', `/api/tasks${q}`, { token });

describe('a company without routes', () => {
  it('publishes as before, no approval asked', async () => {
    const p = await purchase();
    expect((await move(p.id, 'docs_ready')).status).toBe(200);
    expect((await move(p.id, 'published')).status).toBe(200);
    const state = await t.api<ApprovalStateResponse>('GET', `/api/approvals/state?kind=purchase&document_id=${p.id}`, { token: w.client });
    expect(state.body).toMatchObject({ required: false, route: null, approval: null });
    // the law's term of the published purchase is its author's task, with the date the card set
    await syncDeadlineTasks(t.server.deps);
    const deadlines = await inbox(w.client, '?kind=deadline');
    expect(deadlines.body.items).toContainEqual(
      expect.objectContaining({
        title: `Окончание подачи заявок: № ${p.number} «Поставка офисной бумаги»`,
        due_on: '2026-12-16',
        link: `/documents/${p.id}`,
      }),
    );
  });
});

describe('approval routes', () => {
  it('refuses a participant who does not work with the company, in Russian', async () => {
    const other = await t.api<{ id: number }[]>('GET', '/api/approval_routes/participants', { token: w.otherClient });
    const r = await t.api<Err>('POST', '/api/approval_routes', {
      token: w.client,
      body: {
        kind: 'purchase',
        title: 'Чужой',
        is_default: true,
        steps: [{ participants: [{ user_id: other.body[0].id }], term_days: 1 }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/не работает с этой организацией/);
    const empty = await t.api<Err>('POST', '/api/approval_routes', {
      token: w.client,
      body: { kind: 'purchase', title: 'Пустой', steps: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/без этапов/);
  });

  it('three steps: a parallel pair, a role, a signature; publishing waits for it, names the step, then goes', async () => {
    const route = await t.api<{ id: number; steps: { participants: { title: string }[] }[] }>('POST', '/api/approval_routes', {
      token: w.client,
      body: {
        kind: 'purchase',
        title: 'Закупки: юрист и бухгалтер, специалист, руководитель с подписью',
        is_default: true,
        steps: [
          { participants: [{ user_id: users.a.id }, { user_id: users.b.id }], term_days: 2 },
          { participants: [{ role: 'specialist' }], term_days: 1 },
          { participants: [{ user_id: users.signer.id }], term_days: 1, with_signature: true },
        ],
      },
    });
    expect(route.status, JSON.stringify(route.body)).toBe(200);
    expect(route.body.steps[0].participants.map((p) => p.title)).toEqual([users.a.title, users.b.title]);
    expect(route.body.steps[1].participants[0].title).toBe('Роль: Специалист');

    const p = await purchase();
    expect((await move(p.id, 'docs_ready')).status).toBe(200);
    const unsent = await move(p.id, 'published');
    expect(unsent.status).toBe(409);
    expect(unsent.body.message).toBe('Закупку нельзя опубликовать: документ не согласован — отправьте его на согласование');

    // the approvers hear of it at once: a socket notice and the count
    const sa = await t.socket('auth', users.a.token);
    const counted = nextEvent(sa, 'tasksChanged', (c) => c.open === 1);
    const notice = nextEvent(sa, 'taskReminder');
    const sent = await send(p.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'pending', waiting_for: `этап 1 из 3 — ${users.a.title}, ${users.b.title}` });
    expect((await counted).open).toBe(1);
    expect(await notice).toMatchObject({
      reminder: 'new',
      link: `/documents/${p.id}`,
      title: `Согласовать: Закупка № ${p.number} «Поставка офисной бумаги»`,
    });
    expect((await send(p.id)).status).toBe(409);

    const waiting = await move(p.id, 'published');
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(
      `Закупку нельзя опубликовать: документ на согласовании, ждёт этап 1 из 3 — ${users.a.title}, ${users.b.title}`,
    );
    // frozen while on approval: neither the card nor its documentation changes
    const edit = await t.api<Err>('PUT', `/api/procurements/${p.id}`, { token: w.client, body: card({ title: 'Другая бумага' }) });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/^Документ на согласовании \(ждёт этап 1 из 3/);
    expect((await upload(t, 'POST', `/api/procurements/${p.id}/files`, w.client, 'Ещё.pdf', PDF)).status).toBe(409);

    // the inbox and the mail «Новая задача» with a link to the purchase
    const a = await inbox(users.a.token);
    expect(a.body.items).toMatchObject([
      {
        kind: 'approval',
        title: `Согласовать: Закупка № ${p.number} «Поставка офисной бумаги»`,
        link: `/documents/${p.id}`,
        overdue: false,
      },
    ]);
    const mail = await smtp.waitFor((m) => m.to.includes(users.a.email) && m.subject.startsWith('Новая задача'));
    expect(mail.text).toContain(`Согласовать: Закупка № ${p.number}`);
    expect(mail.text).toContain(`${t.config.CLIENT_URL}/documents/${p.id}`);
    expect(mail.html).toContain(`<a href="${t.config.CLIENT_URL}/documents/${p.id}">`);

    // someone else's slot is not theirs; another company does not see the run at all
    expect((await decide(sent.body, slotOf(sent.body, users.a.id).id, 'approve', users.b.token)).status).toBe(403);
    expect((await t.call(routes.approvals.getById, { params: { id: sent.body.id }, token: w.otherClient })).status).toBe(404);

    // a agrees, b returns with a comment: the author gets it back and may change the documentation
    const one = await decide(sent.body, slotOf(sent.body, users.a.id).id, 'approve', users.a.token, { comment: 'Юрист: согласен' });
    expect(one.status).toBe(200);
    expect(one.body.waiting_for).toBe(`этап 1 из 3 — ${users.b.title}`);
    const noComment = await decide(sent.body, slotOf(sent.body, users.b.id).id, 'return', users.b.token, { comment: ' ' });
    expect(noComment.status).toBe(400);
    const back = await decide(sent.body, slotOf(sent.body, users.b.id).id, 'return', users.b.token, { comment: 'Уточните срок поставки' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'returned', status_title: 'Возвращено на доработку' });
    expect(back.body.events.map((e) => e.action)).toEqual(['sent', 'approved', 'returned']);
    const author = await inbox(w.client, '?kind=approval');
    expect(author.body.items[0]).toMatchObject({ title: `Возвращено на доработку: Закупка № ${p.number} «Поставка офисной бумаги»` });
    expect(author.body.items[0].subtitle).toBe(`${users.b.title}: Уточните срок поставки`);
    expect((await upload(t, 'POST', `/api/procurements/${p.id}/files`, w.client, 'Проект договора.pdf', PDF)).status).toBe(200);
    expect((await move(p.id, 'published')).body.message).toMatch(/возвращён на доработку/);

    // again, through all three steps
    let run = (await send(p.id)).body;
    expect((await inbox(w.client, '?kind=approval')).body.items).toEqual([]);
    run = (await decide(run, slotOf(run, users.a.id).id, 'approve', users.a.token)).body;
    run = (await decide(run, slotOf(run, users.b.id).id, 'approve', users.b.token)).body;
    expect(run.waiting_for).toBe('этап 2 из 3 — роль «Специалист»');
    const specialistTasks = await inbox(w.specialist, '?kind=approval');
    expect(specialistTasks.body.items[0].title).toMatch(/^Согласовать: /);
    const roleSlot = run.slots.find((s) => s.assignee_role === 'specialist')!;
    run = (await decide(run, roleSlot.id, 'approve', w.specialist, {}, as(w.demoId))).body;
    expect(run.waiting_for).toBe(`этап 3 из 3 — ${users.signer.title}`);
    // the signer's step wants a КЭП of the approval sheet
    const signerSlot = slotOf(run, users.signer.id);
    const unsigned = await decide(run, signerSlot.id, 'approve', users.signer.token);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe('Этот этап согласуется с подписью: подпишите лист согласования');
    const sheet = Buffer.from(run.sheet_base64, 'base64');
    expect(sheet.toString('utf8')).toContain(`Закупка № ${p.number}`);
    const wrong = await decide(run, signerSlot.id, 'approve', users.signer.token, {
      signature: (await pki.sign('customer', Buffer.from('другой текст'))).toString('base64'),
    });
    expect(wrong.status).toBe(400);
    const signed = await decide(run, signerSlot.id, 'approve', users.signer.token, {
      signature: (await pki.sign('customer', sheet)).toString('base64'),
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({ status: 'approved', waiting_for: null, outdated: false });
    expect(signed.body.events.map((e) => e.action)).toEqual(['sent', 'approved', 'approved', 'approved', 'signed', 'completed']);
    expect(signed.body.slots.find((s) => s.id === signerSlot.id)!.signature_id).toEqual(expect.any(Number));
    // every step in the purchase's trail
    const trail = await t.api<{ action: string }[]>('GET', `/api/audit/procurement/${p.id}`, {
      token: w.specialist,
      headers: as(w.demoId),
    });
    expect(trail.body.map((e) => e.action)).toEqual(
      expect.arrayContaining(['approval_send', 'approval_return', 'approval_approve', 'signature_add', 'approval_complete']),
    );
    expect((await inbox(users.signer.token, '?kind=approval')).body.items).toEqual([]);

    const published = await move(p.id, 'published');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.status).toBe('published');
  });

  it('a route by amount over a threshold; a change after approval starts it again', async () => {
    const big = await t.call(routes.approvals.postRoutes, {
      token: w.client,
      body: {
        kind: 'purchase',
        title: 'Крупные закупки',
        min_amount: '5 000 000',
        steps: [{ participants: [{ user_id: users.c.id }], term_days: 3 }],
      },
    });
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    const small = await purchase({ nmcd: '5000000.00' });
    const state = await t.call(routes.approvals.getState, {
      query: { kind: 'purchase', document_id: small.id },
      token: w.client,
    });
    expect(state.body.route?.title).toBe('Закупки: юрист и бухгалтер, специалист, руководитель с подписью');
    const p = await purchase({ nmcd: '5000000.01' });
    let run = (await send(p.id)).body;
    expect(run.route_title).toBe('Крупные закупки');
    run = (await decide(run, slotOf(run, users.c.id).id, 'approve', users.c.token)).body;
    expect(run.status).toBe('approved');
    expect((await move(p.id, 'docs_ready')).status).toBe(200);
    const edit = await t.api('PUT', `/api/procurements/${p.id}`, {
      token: w.client,
      body: card({ nmcd: '5000000.01', title: 'Бумага и картон' }),
    });
    expect(edit.status).toBe(200);
    // the change voids the approval at once; the route starts again over the committed version (a job)
    const voided = await t.call(routes.approvals.getById, { params: { id: run.id }, token: w.client });
    expect(voided.body).toMatchObject({ status: 'restarted', status_title: 'Изменено после согласования', outdated: true });
    expect(voided.body.events.map((e) => e.action)).toEqual(['sent', 'approved', 'completed', 'restarted']);
    await t.server.deps.jobs.idle(RESTART_JOB, 30_000);
    const after = await t.api<ApprovalStateResponse>('GET', `/api/approvals/state?kind=purchase&document_id=${p.id}`, { token: w.client });
    expect(after.body.approval).toMatchObject({
      status: 'pending',
      outdated: false,
      waiting_for: `этап 1 из 1 — ${users.c.title}`,
      document_title: `Закупка № ${p.number} «Бумага и картон»`,
    });
    expect(after.body.approval!.id).not.toBe(run.id);
    expect(after.body.approval!.events[0]).toMatchObject({
      action: 'sent',
      comment: 'Документ изменён после согласования: маршрут начат заново',
    });
    const refused = await move(p.id, 'published');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Закупку нельзя опубликовать: документ на согласовании, ждёт этап 1 из 1 — ${users.c.title}`);
    // the participant hears of it as of any new task
    const mail = await smtp.waitFor((m) => m.to.includes(users.c.email) && m.text.includes(`«Бумага и картон»`));
    expect(mail.subject).toMatch(/^Новая задача/);
    expect((await send(p.id)).status).toBe(409);
  });

  it('delegates a step to another user, who then decides it', async () => {
    const p = await purchase({ nmcd: '6000000.00' });
    const run = (await send(p.id)).body;
    const bad = await decide(run, slotOf(run, users.c.id).id, 'delegate', users.c.token, { user_id: users.c.id });
    expect(bad.status).toBe(400);
    const moved = await decide(run, slotOf(run, users.c.id).id, 'delegate', users.c.token, { user_id: users.a.id, comment: 'в отпуске' });
    expect(moved.status).toBe(200);
    expect(moved.body.waiting_for).toBe(`этап 1 из 1 — ${users.a.title}`);
    expect(moved.body.events.at(-1)).toMatchObject({ action: 'delegated', comment: `Кому: ${users.a.title}. в отпуске` });
    const done = await decide(moved.body, slotOf(moved.body, users.a.id).id, 'approve', users.a.token);
    expect(done.body.status).toBe('approved');
  });
});

describe('a version of the Положение', () => {
  it('is approved (утверждена) only after its route, and a change during it is refused', async () => {
    const route = await t.call(routes.approvals.postRoutes, {
      token: w.client,
      body: {
        kind: 'rule_version',
        title: 'Положение: юрист',
        is_default: true,
        steps: [{ participants: [{ user_id: users.a.id }], term_days: 5 }],
      },
    });
    expect(route.status).toBe(200);
    const rule = await t.api<{ id: number }>('POST', '/api/procurement_rules', {
      token: w.client,
      body: { title: 'Положение на согласовании' },
    });
    const body = { number: '2', in_force_from: '2025-01-01' };
    const v = await t.api<RuleVersionResponse>('POST', `/api/procurement_rules/${rule.body.id}/versions`, { token: w.client, body });
    const approveVersion = () =>
      t.api<Err>('POST', `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}/approve`, { token: w.client });
    const refused = await approveVersion();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Редакцию нельзя утвердить: документ не согласован — отправьте его на согласование');
    const run = await t.api<ApprovalResponse>('POST', '/api/approvals', {
      token: w.client,
      body: { kind: 'rule_version', document_id: v.body.id },
    });
    expect(run.body.document_title).toBe('Редакция 2 положения «Положение на согласовании»');
    const edit = await t.api<Err>('PUT', `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}`, {
      token: w.client,
      body: { ...body, notes: 'правка' },
    });
    expect(edit.status).toBe(409);
    expect((await approveVersion()).body.message).toBe(
      `Редакцию нельзя утвердить: документ на согласовании, ждёт этап 1 из 1 — ${users.a.title}`,
    );
    await decide(run.body, slotOf(run.body, users.a.id).id, 'approve', users.a.token);
    expect((await approveVersion()).status).toBe(200);
  });
});

describe('«Мои задачи»', () => {
  it('pages by keyset with filters, and counts for the top bar', async () => {
    const all = await inbox(users.c.token, '?limit=100');
    const counts = await t.api<TaskCounts>('GET', '/api/tasks/count', { token: users.c.token });
    expect(counts.body.open).toBe(all.body.items.length);
    const first = await inbox(users.c.token, '?limit=1');
    expect(first.body.items).toHaveLength(1);
    if (all.body.items.length > 1) {
      expect(first.body.next).not.toBeNull();
      const second = await inbox(users.c.token, `?limit=1&after=${first.body.next}`);
      expect(second.body.items[0].id).toBe(all.body.items[1].id);
    }
    expect((await inbox(users.c.token, '?after=nonsense')).status).toBe(400);
    expect((await inbox(users.c.token, `?company_id=${w.otherId}`)).body.items).toEqual([]);
  });
});

describe('reminders', () => {
  it('«завтра срок» and «просрочено» once per task and day, by SMTP, with the digest', async () => {
    const p = await purchase({ nmcd: '7000000.00' });
    const run = (await send(p.id)).body;
    const slot = slotOf(run, users.c.id);
    expect(slot.due_on).toEqual(expect.any(String));
    const due = slot.due_on!;
    const eve = addDays(due, -1);
    const count = (subject: RegExp) => smtp.mails.filter((m) => m.to.includes(users.c.email) && subject.test(m.subject)).length;

    const first = await runReminders(t.server.deps, eve);
    expect(first.reminders).toBeGreaterThan(0);
    const tomorrow = await smtp.waitFor((m) => m.to.includes(users.c.email) && /^Завтра срок/.test(m.subject));
    expect(tomorrow.text).toContain(`Закупка № ${p.number}`);
    expect(tomorrow.text).toContain(`срок ${due.split('-').reverse().join('.')}`);
    await smtp.waitFor((m) => m.to.includes(users.c.email) && m.subject.startsWith('Ваши задачи на'));
    const again = await runReminders(t.server.deps, eve);
    expect(again).toMatchObject({ digests: 0 });
    expect(count(/^Завтра срок/)).toBe(1);
    expect(count(/^Ваши задачи на/)).toBe(1);

    const late = addDays(due, 1);
    await runReminders(t.server.deps, late);
    const overdue = await smtp.waitFor(
      (m) => m.to.includes(users.c.email) && /Просрочено/.test(m.text) && m.text.includes(`№ ${p.number}`),
    );
    expect(overdue.html).toContain('Просрочено');
    await runReminders(t.server.deps, late);
    expect(
      smtp.mails.filter(
        (m) => m.to.includes(users.c.email) && /Просрочено: Согласовать: Закупка № /.test(m.text) && m.text.includes(`№ ${p.number}`),
      ),
    ).toHaveLength(1);
  });

  it('sends nothing a user turned off in the profile', async () => {
    const off = { email_new: false, email_due: false, email_overdue: false, email_digest: false, socket: false };
    expect((await t.call(routes.approvals.putProfileNotifications, { token: users.b.token, body: off })).status).toBe(200);
    expect((await t.call(routes.approvals.getProfileNotifications, { token: users.b.token })).body).toEqual(off);
    expect((await t.api('PUT', '/api/profile/notifications', { token: users.b.token, body: { email_new: 'yes' } })).status).toBe(400);
    const before = smtp.mails.filter((m) => m.to.includes(users.b.email)).length;
    const p = await purchase();
    const run = (await send(p.id)).body;
    await runReminders(t.server.deps, addDays(slotOf(run, users.b.id).due_on!, 5));
    // the a-side's new-task mail proves mails went out meanwhile
    await smtp.waitFor((m) => m.to.includes(users.a.email) && m.text.includes(`№ ${p.number}`));
    expect(smtp.mails.filter((m) => m.to.includes(users.b.email)).length).toBe(before);
  });
});

describe('registration', () => {
  it('the applicant gets the decision by mail, the operators a task until it is decided', async () => {
    const email = 'applicant44@example.com';
    const s = await t.socket('unauth');
    const response = nextEvent(s, 'emailServiceResponse');
    s.emit('emailServiceRequest', { key: 1, email });
    expect((await response).result).toBe('success');
    const codeMail = await smtp.waitFor((m) => m.to.includes(email));
    const code = /код подтверждения: (\d{6})/.exec(codeMail.text)![1];
    const reg = await t.api<{ id: number }>('POST', '/api/auth/registrations', {
      body: {
        company: { inn: '7707083893', title: 'ООО «Заявитель»' },
        user: { title: 'Заявитель Тестовый', login: 'applicant44', email, password: 'applicant-12345' },
        email_code: code,
      },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const tasks = await inbox(w.operator, '?kind=registration');
    expect(tasks.body.items).toMatchObject([{ title: 'Заявка на регистрацию: ООО «Заявитель»', link: '/registrations' }]);
    expect((await t.api('POST', `/api/registrations/${reg.body.id}/approve`, { token: w.operator })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Регистрация одобрена');
    expect(mail.text).toContain('Заявка на регистрацию организации «ООО «Заявитель»» одобрена');
    expect(mail.text).toContain(`${t.config.CLIENT_URL}/login`);
    expect((await inbox(w.operator, '?kind=registration')).body.items).toEqual([]);
  });
});
