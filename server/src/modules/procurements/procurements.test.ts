import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROCUREMENT_STATUSES,
  PROCUREMENT_STATUS_TITLES,
  PROCUREMENT_TRANSITIONS,
  type Paged,
  type ProcurementResponse,
  type ProcurementStatus,
  type RegisterItem,
  type RuleVersionResponse,
} from '@proc/contract';
import { formatDate } from '@proc/contract/format';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addDays, moscowToday } from '../../platform/clock';
import { REFRESH_VIOLATIONS_JOB } from '../rules/manage-versions';
import { PDF, as, download, upload, world, xlsxRows, type World } from '../../../test/factories';

let t: TestServer;
let w: World;
/** A rule of the demo customer whose version in force needs no documents: transitions are free to test. */
let bareRuleId: number;
/** A rule with its own lead time for quotations: 7 working days instead of 5. */
let ownRuleId: number;

async function approvedRule(title: string, version: Record<string, unknown>) {
  const rule = await t.api<{ id: number }>('POST', '/api/procurement_rules', { token: w.client, body: { title } });
  const v = await t.api<RuleVersionResponse>('POST', `/api/procurement_rules/${rule.body.id}/versions`, { token: w.client, body: version });
  const ok = await t.api('POST', `/api/procurement_rules/${rule.body.id}/versions/${v.body.id}/approve`, { token: w.client });
  expect(ok.status).toBe(200);
  return rule.body.id;
}

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
  bareRuleId = await approvedRule('Положение без обязательных документов', { number: '1', in_force_from: '2024-01-01' });
  ownRuleId = await approvedRule('Положение со своими сроками', {
    number: '1',
    in_force_from: '2024-01-01',
    lead_time_overrides: [{ method: 'quotation', smeOnly: null, days: 7, unit: 'working', basis: 'Положение, п. 9.1' }],
  });
});
afterAll(async () => t?.close());

const card = (over: Record<string, unknown> = {}) => ({
  title: 'Поставка офисной бумаги',
  method: 'auction_e',
  subject: 'goods',
  nmcd: '1500000.50',
  okpd2: [{ code: '17.12.14.129', name: 'Бумага печатная прочая' }],
  rule_id: bareRuleId,
  published_on: '2026-12-01',
  application_deadline: '2026-12-16',
  review_on: '2026-12-17',
  summing_up_on: '2026-12-18',
  ...over,
});

async function create(over: Record<string, unknown> = {}, token = w.client, headers: Record<string, string> = {}) {
  const r = await t.api<ProcurementResponse>('POST', '/api/procurements', { token, headers, body: card(over) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const move = (id: number, to: ProcurementStatus, comment?: string, override_reason?: string) =>
  t.api<ProcurementResponse & { message: string; code: string; fields: Record<string, string[]> }>(
    'POST',
    `/api/procurements/${id}/transition`,
    { token: w.client, body: { to, comment, override_reason } },
  );
/** The lifecycle walks on today, before the card's dates: each term is overridden knowingly (the terms are tested below). */
const AHEAD = 'проверка жизненного цикла';

const PATH: Record<ProcurementStatus, ProcurementStatus[]> = {
  draft: [],
  docs_ready: ['docs_ready'],
  published: ['docs_ready', 'published'],
  accepting: ['docs_ready', 'published', 'accepting'],
  summing_up: ['docs_ready', 'published', 'accepting', 'summing_up'],
  contract_signed: ['docs_ready', 'published', 'accepting', 'summing_up', 'contract_signed'],
  cancelled: ['cancelled'],
  failed: ['docs_ready', 'published', 'accepting', 'failed'],
};

async function inStatus(status: ProcurementStatus) {
  const p = await create();
  for (const step of PATH[status]) expect((await move(p.id, step, 'причина', AHEAD)).status).toBe(200);
  return p.id;
}

describe('procurement card', () => {
  it('creates a draft with a yearly number, the rule in force and the computed deadline', async () => {
    const a = await create();
    const b = await create({ title: 'Поставка картриджей' });
    const year = moscowToday().slice(0, 4);
    expect(a.number).toMatch(new RegExp(`^${year}-\\d{4}$`));
    expect(Number(b.number.slice(5))).toBe(Number(a.number.slice(5)) + 1);
    expect(a).toMatchObject({
      status: 'draft',
      status_title: 'Черновик',
      editable: true,
      allowed_transitions: ['docs_ready', 'cancelled'],
      nmcd: '1500000.50',
      currency: 'RUB',
      okpd2: [{ code: '17.12.14.129', name: 'Бумага печатная прочая' }],
      rule: { id: bareRuleId, title: 'Положение без обязательных документов' },
      rule_version: { number: '1' },
      deadline: { earliest: '2026-12-16', rule: { method: 'auction', days: 15, unit: 'calendar' } },
      violations: [],
      has_violations: false,
      created_by: { title: 'Иванова Мария Петровна' },
    });
    // the trail records the creation with the number the same statement gave, and the first status in the history
    const trail = await t.api<{ action: string; user_title: string; after: Record<string, unknown> }[]>(
      'GET',
      `/api/audit/procurement/${a.id}`,
      { token: w.specialist, headers: as(w.demoId) },
    );
    expect(trail.body).toMatchObject([
      {
        action: 'create',
        user_title: 'Иванова Мария Петровна',
        after: { number: a.number, title: a.title, nmcd: '1500000.50', okpd2: ['17.12.14.129'], rule_id: bareRuleId },
      },
    ]);
    const history = await t.api<{ from_status: string | null; to_status: string }[]>('GET', `/api/procurements/${a.id}/history`, {
      token: w.client,
    });
    expect(history.body).toMatchObject([{ from_status: null, to_status: 'draft' }]);
    // another company counts from one
    const other = await t.api<ProcurementResponse>('POST', '/api/procurements', {
      token: w.otherClient,
      body: card({ rule_id: undefined }),
    });
    expect(other.body.number).toBe(`${year}-0001`);
  });

  it('without a chosen rule takes the newest rule with a version in force, not a newer one without', async () => {
    const token = w.otherClient;
    const rule = async (title: string) =>
      (await t.api<{ id: number }>('POST', '/api/procurement_rules', { token, body: { title } })).body.id;
    const inForce = await rule('Положение в силе');
    const v = await t.api<RuleVersionResponse>('POST', `/api/procurement_rules/${inForce}/versions`, {
      token,
      body: { number: '1', in_force_from: '2024-01-01' },
    });
    expect((await t.api('POST', `/api/procurement_rules/${inForce}/versions/${v.body.id}/approve`, { token })).status).toBe(200);
    const draftOnly = await rule('Положение в работе');
    await t.api('POST', `/api/procurement_rules/${draftOnly}/versions`, { token, body: { number: '1', in_force_from: '2024-01-01' } });
    await rule('Положение без редакций');
    const made = await t.api<ProcurementResponse>('POST', '/api/procurements', { token, body: card({ rule_id: undefined }) });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.rule).toEqual({ id: inForce, title: 'Положение в силе' });
  });

  it('numbers concurrent creations one after another, none twice and none skipped, as the audit trail records them', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => create({ title: `Параллельная закупка ${i + 1}` })));
    const numbers = made.map((m) => Number(m.number.slice(5))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    const trail = await t.server.deps.database.sql.query<{ entity_id: string; number: string }>(
      `SELECT entity_id::text, after->>'number' AS number FROM audit_log WHERE entity = 'procurement' AND action = 'create' AND entity_id::text IN (${made.map((m) => `'${m.id}'`).join(',')})`,
    );
    expect(Object.fromEntries(trail.rows.map((r) => [r.entity_id, r.number]))).toEqual(
      Object.fromEntries(made.map((m) => [m.id, m.number])),
    );
  });

  it('validates money, dates, codes and the method with Russian messages', async () => {
    const r = await t.api<{ fields: Record<string, string[]> }>('POST', '/api/procurements', {
      token: w.client,
      body: card({ nmcd: '12,345', published_on: '01.12.2026', okpd2: [{ code: 'abc' }], title: '' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.nmcd).toEqual(['Не более двух знаков после запятой']);
    expect(r.body.fields.published_on).toEqual(['Дата в формате ГГГГ-ММ-ДД']);
    expect(r.body.fields['okpd2.0.code']).toEqual(['Код ОКПД2 в формате 17.12.14.110']);
    expect(r.body.fields.title).toContain('Обязательное поле');
    const m = await t.api<{ message: string }>('POST', '/api/procurements', { token: w.client, body: card({ method: 'tender_x' }) });
    expect(m.status).toBe(400);
    expect(m.body.message).toBe('Неизвестный способ закупки «tender_x»');
    const foreignRule = await t.api('POST', '/api/procurements', { token: w.otherClient, body: card() });
    expect(foreignRule.status).toBe(400);
  });

  it('edits in draft and docs_ready only', async () => {
    const p = await create();
    const edited = await t.api<ProcurementResponse>('PUT', `/api/procurements/${p.id}`, {
      token: w.client,
      body: card({ title: 'Поставка бумаги для принтеров', nmcd: '990000', application_ensuring: { kind: 'percent', value: '2.5' } }),
    });
    expect(edited.body).toMatchObject({
      title: 'Поставка бумаги для принтеров',
      nmcd: '990000.00',
      application_ensuring: { kind: 'percent', value: '2.5' },
      number: p.number,
    });
    await move(p.id, 'docs_ready');
    expect((await t.api('PUT', `/api/procurements/${p.id}`, { token: w.client, body: card({ title: 'Ещё правка' }) })).status).toBe(200);
    await move(p.id, 'published');
    const refused = await t.api<{ message: string }>('PUT', `/api/procurements/${p.id}`, {
      token: w.client,
      body: card({ title: 'Поздно' }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Изменять карточку можно только в статусах «Черновик» и «Документация сформирована»');
  });
});

describe('status transitions', () => {
  it('allows exactly the lifecycle moves and refuses every other one', async () => {
    for (const from of PROCUREMENT_STATUSES) {
      const allowed = PROCUREMENT_TRANSITIONS[from];
      const stuck = await inStatus(from);
      for (const to of PROCUREMENT_STATUSES.filter((s) => !allowed.includes(s))) {
        const r = await move(stuck, to, 'причина');
        expect(r.status, `${from} → ${to}`).toBe(409);
        expect(r.body.message).toBe(
          `Переход из статуса «${PROCUREMENT_STATUS_TITLES[from]}» в статус «${PROCUREMENT_STATUS_TITLES[to]}» недопустим`,
        );
      }
      expect((await t.api<ProcurementResponse>('GET', `/api/procurements/${stuck}`, { token: w.client })).body.status).toBe(from);
      for (const to of allowed) {
        const id = await inStatus(from);
        const r = await move(id, to, 'причина', AHEAD);
        expect(r.status, `${from} → ${to}: ${r.body.message}`).toBe(200);
        expect(r.body).toMatchObject({
          status: to,
          status_title: PROCUREMENT_STATUS_TITLES[to],
          allowed_transitions: [...PROCUREMENT_TRANSITIONS[to]],
        });
      }
    }
  });

  it('records who moved the procurement, when and why', async () => {
    const id = await inStatus('accepting');
    await move(id, 'failed', 'Не подано ни одной заявки');
    const h = await t.api<
      { from_status: string | null; to_status: string; to_title: string; comment: string | null; user: { title: string } }[]
    >('GET', `/api/procurements/${id}/history`, { token: w.client });
    expect(h.body.map((x) => [x.from_status, x.to_status])).toEqual([
      [null, 'draft'],
      ['draft', 'docs_ready'],
      ['docs_ready', 'published'],
      ['published', 'accepting'],
      ['accepting', 'failed'],
    ]);
    expect(h.body.at(-1)).toMatchObject({
      to_title: 'Не состоялась',
      comment: 'Не подано ни одной заявки',
      user: { title: 'Иванова Мария Петровна' },
    });
  });

  it('needs a reason to cancel or to declare a procurement failed', async () => {
    const p = await create();
    const r = await t.api<{ fields: Record<string, string[]>; message: string }>('POST', `/api/procurements/${p.id}/transition`, {
      token: w.client,
      body: { to: 'cancelled' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Укажите причину отмены закупки');
    expect(r.body.fields.comment).toEqual(['Обязательное поле']);
  });

  it('needs the required documents before docs_ready', async () => {
    const p = await create({ rule_id: null });
    const r = await move(p.id, 'docs_ready');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'Не сформированы обязательные документы: «Извещение о проведении закупки», «Документация о закупке», «Проект договора», «Техническое задание», «Обоснование начальной (максимальной) цены договора»',
    );
  });

  it('publishes only with both dates and no deadline violations', async () => {
    const p = await create();
    await move(p.id, 'docs_ready');
    await t.api('PUT', `/api/procurements/${p.id}`, { token: w.client, body: card({ application_deadline: '2026-12-10' }) });
    const early = await move(p.id, 'published');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Закупку нельзя опубликовать: Срок подачи заявок должен быть не ранее 16.12.2026 (не менее 15 календарных дней с даты размещения извещения)',
    );
    await t.api('PUT', `/api/procurements/${p.id}`, {
      token: w.client,
      body: card({ published_on: null, application_deadline: null, review_on: null, summing_up_on: null }),
    });
    const undated = await t.api<{ fields: Record<string, string[]> }>('POST', `/api/procurements/${p.id}/transition`, {
      token: w.client,
      body: { to: 'published' },
    });
    expect(undated.status).toBe(400);
    expect(Object.keys(undated.body.fields).sort()).toEqual(['application_deadline', 'published_on']);
  });
});

describe("status changes against the dates and the law's terms", () => {
  /** Dates already behind us: publication, deadline, review and summing up all past. */
  const PAST = { published_on: '2026-10-01', application_deadline: '2026-10-16', review_on: '2026-10-19', summing_up_on: '2026-10-20' };
  const audited = async (id: number) =>
    (
      await t.api<{ action: string; after: Record<string, unknown> }[]>('GET', `/api/audit/procurement/${id}`, {
        token: w.specialist,
        headers: as(w.demoId),
      })
    ).body;

  it('asks before summing up ahead of the application deadline, then keeps the reason', async () => {
    const id = await inStatus('accepting'); // deadline 16.12.2026 is ahead of today
    const early = await move(id, 'summing_up');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CONFIRM_REQUIRED');
    expect(early.body.fields.warnings).toEqual([
      `Итоги подводятся не ранее окончания срока подачи заявок (16.12.2026), сегодня ${formatDate(moscowToday())}`,
    ]);
    expect((await t.api<ProcurementResponse>('GET', `/api/procurements/${id}`, { token: w.client })).body.status).toBe('accepting');
    const forced = await move(id, 'summing_up', undefined, 'Все участники отозвали заявки досрочно');
    expect(forced.status, forced.body.message).toBe(200);
    expect(forced.body.status).toBe('summing_up');
    const h = await t.api<{ to_status: string; comment: string | null }[]>('GET', `/api/procurements/${id}/history`, { token: w.client });
    expect(h.body.at(-1)).toMatchObject({ to_status: 'summing_up', comment: 'Вопреки сроку: Все участники отозвали заявки досрочно' });
    const trail = await audited(id);
    expect(trail.find((a) => a.action === 'status' && (a.after as { status: string }).status === 'summing_up')?.after).toMatchObject({
      override: { reason: 'Все участники отозвали заявки досрочно', rules: early.body.fields.warnings },
    });
  });

  it('refuses a contract a minute after the summing up: 10 days after the final protocol (223-ФЗ, ч. 15 ст. 3.2)', async () => {
    const today = moscowToday();
    const p = await create(PAST);
    for (const step of PATH.summing_up) expect((await move(p.id, step)).status).toBe(200);
    const r = await move(p.id, 'contract_signed');
    expect(r.status).toBe(409);
    const earliest = addDays(today, 11);
    expect(r.body.fields.warnings).toEqual([
      `Договор заключается не ранее чем через 10 дней с даты размещения итогового протокола (223-ФЗ, ч. 15 ст. 3.2): итоги — ${formatDate(today)}, договор — не ранее ${formatDate(earliest)}, сегодня ${formatDate(today)}`,
    ]);
    expect(r.body.message).toContain('Перевод в статус «Договор заключён» нарушает сроки');
    expect((await move(p.id, 'contract_signed', undefined, '   ')).status).toBe(409); // a blank reason is no reason
  });

  it('lets a single-supplier purchase and a move within the terms through without a question', async () => {
    const single = await create({ method: 'single', ...PAST });
    for (const step of PATH.contract_signed) expect((await move(single.id, step)).status).toBe(200);
  });
});

describe('deadlines through the API', () => {
  const quotation = (published_on: string, application_deadline: string, over: Record<string, unknown> = {}) =>
    create({ method: 'quotation_e', published_on, application_deadline, review_on: null, summing_up_on: null, ...over });

  it('counts working days across a weekend', async () => {
    const early = await quotation('2026-04-15', '2026-04-21');
    expect(early.deadline).toMatchObject({ earliest: '2026-04-22', rule: { method: 'quotation', days: 5, unit: 'working' } });
    expect(early.violations).toEqual([
      {
        code: 'application_deadline_too_early',
        field: 'applicationDeadline',
        message: 'Срок подачи заявок должен быть не ранее 22.04.2026 (не менее 5 рабочих дней с даты размещения извещения)',
      },
    ]);
    expect(early.has_violations).toBe(true);
    expect((await quotation('2026-04-15', '2026-04-22')).violations).toEqual([]);
  });

  it('skips a public holiday (12 June)', async () => {
    const p = await quotation('2026-06-08', '2026-06-15');
    expect(p.deadline.earliest).toBe('2026-06-16');
    expect(p.violations.map((v) => v.code)).toEqual(['application_deadline_too_early']);
  });

  it('counts a moved working day (Saturday 1 November 2025) and skips the moved day off', async () => {
    const p = await quotation('2025-10-29', '2025-11-05');
    expect(p.deadline.earliest).toBe('2025-11-06');
    expect(p.violations.map((v) => v.code)).toEqual(['application_deadline_too_early']);
  });

  it('uses the SME term and flags a deadline on a day off', async () => {
    expect((await quotation('2026-04-15', '2026-04-21', { sme_only: true, nmcd: '6000000' })).violations).toEqual([]);
    const weekend = await create({
      method: 'auction_e',
      published_on: '2026-04-03',
      application_deadline: '2026-04-18',
      review_on: null,
      summing_up_on: null,
    });
    expect(weekend.deadline.earliest).toBe('2026-04-18');
    expect(weekend.violations).toEqual([
      {
        code: 'application_deadline_non_working_day',
        field: 'applicationDeadline',
        message: 'Окончание срока подачи заявок приходится на нерабочий день 18.04.2026',
      },
    ]);
  });

  it('applies the lead times of the rule version in force and refreshes the register mark when a new version is approved', async () => {
    const p = await quotation('2026-04-15', '2026-04-22', { rule_id: ownRuleId });
    expect(p.deadline).toMatchObject({ earliest: '2026-04-24', rule: { days: 7, basis: 'Положение, п. 9.1' } });
    expect(p.has_violations).toBe(true);
    const ok = await quotation('2026-04-15', '2026-04-24', { rule_id: ownRuleId });
    expect(ok.has_violations).toBe(false);

    // a later version with a longer term, in force before the publication: the stored mark follows
    const v = await t.api<RuleVersionResponse>('POST', `/api/procurement_rules/${ownRuleId}/versions`, {
      token: w.client,
      body: {
        number: '2',
        in_force_from: '2026-01-01',
        lead_time_overrides: [{ method: 'quotation', smeOnly: null, days: 10, unit: 'working' }],
      },
    });
    await t.api('POST', `/api/procurement_rules/${ownRuleId}/versions/${v.body.id}/approve`, { token: w.client });
    await t.server.deps.jobs.idle(REFRESH_VIOLATIONS_JOB);
    const fresh = await t.api<ProcurementResponse>('GET', `/api/procurements/${ok.id}`, { token: w.client });
    expect(fresh.body).toMatchObject({ rule_version: { number: '2' }, deadline: { earliest: '2026-04-29' }, has_violations: true });
    const marked = await t.api<Paged<RegisterItem>>('GET', `/api/procurements?has_violations=true&limit=100`, { token: w.client });
    expect(marked.body.items.map((i) => i.id)).toContain(ok.id);
  });

  it('flags a single-supplier purchase above the limit of the rule', async () => {
    const tpl = await t.api<{ id: number; title: string }[]>('GET', '/api/procurement_rules/templates', { token: w.client });
    const demoRules = await t.api<Paged<{ id: number; copied_from_id: number | null }>>('GET', '/api/procurement_rules', {
      token: w.client,
    });
    const copied = demoRules.body.items.find((r) => r.copied_from_id === tpl.body[0].id)!;
    const p = await create({
      method: 'single',
      nmcd: '750000',
      rule_id: copied.id,
      published_on: '2026-04-15',
      application_deadline: '2026-04-15',
    });
    expect(p.violations).toEqual([
      {
        code: 'single_supplier_over_limit',
        field: 'nmcd',
        message: 'НМЦД превышает предельную сумму закупки у единственного поставщика по положению (600 000,00 ₽)',
      },
    ]);
    // the card read later takes the version with its row (governingVersionOf), not from the save
    const card = await t.api<ProcurementResponse>('GET', `/api/procurements/${p.id}`, { token: w.client });
    expect(card.body).toMatchObject({ violations: p.violations, rule_version: p.rule_version, deadline: p.deadline });
  });
});

describe('catalogue references', () => {
  it('accepts visible elements of the right catalogue, fills documents with their names and keeps used elements from deletion', async () => {
    const elements = async (type: number, token = w.specialist) =>
      (
        await t.api<Paged<{ id: number; name: string; code: string | null }>>('GET', `/api/catalogs/elements?type=${type}&limit=100`, {
          token,
          headers: as(w.demoId),
        })
      ).body.items;
    const market = (await elements(1)).find((e) => e.code === 'market')!;
    const own = (await elements(8, w.client)).find((e) => e.code === 'own')!;
    const grant = await t.api<{ id: number }>('POST', '/api/catalogs/elements', {
      token: w.specialist,
      headers: as(w.demoId),
      body: { type: 8, name: 'Грант Фонда содействия инновациям' },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const foreign = await t.api<{ id: number }>('POST', '/api/catalogs/elements', {
      token: await t.login('admin'),
      headers: as(w.otherId),
      body: { type: 8, name: 'Средства другого заказчика' },
    });
    expect(foreign.status).toBe(200);

    const p = await create({ nmcd_method_id: market.id, funding_source_ids: [own.id, grant.body.id] });
    expect(p).toMatchObject({ nmcd_method_id: market.id, funding_source_ids: [own.id, grant.body.id] });
    const docs = await t.api<{ documents: { template: string; fields: { name: string; value: unknown }[] }[] }>(
      'GET',
      `/api/procurements/${p.id}/documents?templates=notice`,
      { token: w.client },
    );
    const value = (name: string) => docs.body.documents[0].fields.find((f) => f.name === name)!.value;
    expect(value('nmcdMethod')).toBe('Метод сопоставимых рыночных цен (анализа рынка)');
    expect(value('fundingSource')).toBe('Собственные средства, Грант Фонда содействия инновациям');

    const wrongType = await t.api<{ fields: Record<string, string[]> }>('POST', '/api/procurements', {
      token: w.client,
      body: card({ requirement_ids: [own.id] }),
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fields.requirement_ids).toEqual([`Не найден элемент справочника (дополнительное требование): ${own.id}`]);
    const invisible = await t.api<{ fields: Record<string, string[]> }>('POST', '/api/procurements', {
      token: w.client,
      body: card({ funding_source_ids: [foreign.body.id] }),
    });
    expect(invisible.status).toBe(400);
    expect(Object.keys(invisible.body.fields)).toEqual(['funding_source_ids']);

    const del = await t.api<{ message: string }>('DELETE', `/api/catalogs/elements/${grant.body.id}`, {
      token: w.specialist,
      headers: as(w.demoId),
    });
    expect(del.status).toBe(409);
    expect(del.body.message).toContain('закупки: 1');
  });
});

describe('tenant isolation', () => {
  it('answers 404 to a client of another company and to staff without a grant, on every endpoint', async () => {
    const p = await create();
    const up = await upload(t, 'POST', `/api/procurements/${p.id}/files`, w.client, 'Смета.pdf', PDF);
    const fileId = up.body.id as number;
    const base = `/api/procurements/${p.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['PUT', base, card()],
      ['POST', `${base}/transition`, { to: 'cancelled', comment: 'чужая' }],
      ['GET', `${base}/history`],
      ['GET', `${base}/files`],
      ['GET', `${base}/files/${fileId}`],
      ['DELETE', `${base}/files/${fileId}`],
      ['GET', `${base}/documents`],
      ['GET', `${base}/documents/notice/values`],
      ['PUT', `${base}/documents/notice/values`, { values: { signerName: 'Чужой' } }],
    ];
    const intruders: [string, string, Record<string, string>][] = [
      ['client of another company', w.otherClient, {}],
      ['client of another company naming the company', w.otherClient, as(w.demoId)],
      ['staff without a grant', w.outsider, {}],
      ['staff without a grant naming the company', w.outsider, as(w.demoId)],
    ];
    for (const [who, token, headers] of intruders) {
      for (const [method, url, body] of calls)
        expect((await t.api(method, url, { token, headers, body })).status, `${who}: ${method} ${url}`).toBe(404);
      expect((await download(t, `${base}/files/${fileId}/download`, token, headers)).status, `${who}: download`).toBe(404);
      expect((await upload(t, 'POST', `${base}/files`, token, 'x.pdf', PDF, headers)).status, `${who}: upload`).toBe(404);
      expect((await upload(t, 'PUT', `${base}/files/${fileId}`, token, 'x.pdf', PDF, headers)).status, `${who}: replace`).toBe(404);
      // naming a company one may not act for is a 404; without a name the register is one's own, without this row
      const register = await t.api<Paged<RegisterItem>>('GET', `/api/procurements?q=${encodeURIComponent(p.number)}`, { token, headers });
      const xlsx = await download(t, '/api/procurements/export.xlsx', token, headers);
      if ('x-company-id' in headers) {
        expect(register.status, `${who}: register`).toBe(404);
        expect(xlsx.status, `${who}: export`).toBe(404);
      } else {
        expect(register.status, `${who}: register`).toBe(200);
        expect(register.body.items, `${who}: register`).toEqual([]);
        expect(xlsx.status, `${who}: export`).toBe(200);
        expect((await xlsxRows(xlsx.data)).flat(), `${who}: export`).not.toContain(p.number);
      }
    }
    // the staff member with a grant sees it, the card is untouched
    const granted = await t.api<ProcurementResponse>('GET', base, { token: w.specialist, headers: as(w.demoId) });
    expect(granted.body).toMatchObject({ id: p.id, status: 'draft', title: 'Поставка офисной бумаги' });
    expect((await t.api<unknown[]>('GET', `${base}/files`, { token: w.client })).body).toHaveLength(1);
  });
});
