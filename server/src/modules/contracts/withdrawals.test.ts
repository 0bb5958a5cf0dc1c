import { routes } from '@proc/contract/routes';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { EVENTS } from '@proc/contract';
import { startTestServer, nextEvent, type TestServer } from '../../../test/harness';
import { acceptUpd, as, upload, world, type World } from '../../../test/factories';
import { fixturePath } from '../../formats/fixtures-path';
import { acceptanceDocuments, contractPositions, contracts, paymentOrders, planItems, plans } from '../../db/schema';
import { collectExecution } from './execution';

/** nothing counted twice, nothing made twice, wrong documents withdrawn with a reason. */
const UPD = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
const SUPPLIER_INN = '9103624367';

let t: TestServer;
let w: World;
let sock: Socket;

async function addContract(registryNumber: string, status = 'registered') {
  const db = t.server.deps.db;
  const [c] = await db
    .insert(contracts)
    .values({
      companyId: w.demoId,
      registryNumber,
      number: `Д-${registryNumber.slice(-3)}`,
      contractDate: '2023-01-20',
      subject: 'Поставка',
      supplierName: 'ООО «Поставщик»',
      supplierInn: SUPPLIER_INN,
      price: '100000.00',
      status,
    })
    .returning();
  await db.insert(contractPositions).values([
    { contractId: c.id, ordinal: 1, name: 'СведТов-НаимТов', okeiCode: '113', unitPrice: '200.00', quantity: '100' },
    { contractId: c.id, ordinal: 2, name: 'Product2 2.0 мм', okeiCode: '778', unitPrice: '516.67', quantity: '200' },
  ]);
  return c;
}

async function uploadUpd(contractId: number, query = 'confirm=true', headers: Record<string, string> = {}) {
  // this contract's event: a job of an earlier upload may still be answering
  const done = nextEvent(sock, EVENTS.notificationMapInvoiceItemsResponse, (p) => p.contract_id === contractId, 60_000);
  const r = await upload(t, 'POST', `/api/contracts/${contractId}/upd?${query}`, w.client, 'upd.xml', UPD, headers);
  if (r.status === 200) {
    expect(await done).toMatchObject({ key: r.body.key, result: 'success' });
    // the customer accepts it: only an accepted delivery counts in the figures these tests follow
    await acceptUpd(t, w.client, r.body.id as number);
  } else done.catch(() => undefined);
  return r;
}

const summary = async (id: number) => (await t.call(routes.contracts.getExecutionSummary, { params: { id }, token: w.client })).body;
const dashboard = async () => (await t.call(routes.contracts.getDashboard, { token: w.client })).body;

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
  sock = await t.socket('auth', w.client);
}, 120_000);
afterAll(async () => t?.close());

describe('the same УПД twice', () => {
  it('refuses the repeat with a 409 naming the earlier upload; the figures count it once; replace=true replaces it', async () => {
    const c = await addContract('31234567890123456789001');
    expect((await uploadUpd(c.id)).status).toBe(200);
    const once = await summary(c.id);
    expect(once.delivered_amount).toBe('71526.80');
    const dashOnce = await dashboard();

    const again = await uploadUpd(c.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(String(again.body.message)).toMatch(
      /^УПД № 123 от 01\.02\.2023 \(продавец ИНН 9103624367\) уже загружен \d\d\.\d\d\.\d{4} \d\d:\d\d из файла «upd\.xml»: повторно он не учитывается\. Заменить загруженный документ новым\?$/,
    );
    expect(await summary(c.id)).toEqual(once);
    expect((await dashboard()).delivered_total).toBe(dashOnce.delivered_total);

    // two uploads at the same moment: the unique rule lets one through, the other is the same 409
    const c2 = await addContract('31234567890123456789002');
    const both = await Promise.all([
      upload(t, 'POST', `/api/contracts/${c2.id}/upd?confirm=true`, w.client, 'a.xml', UPD),
      upload(t, 'POST', `/api/contracts/${c2.id}/upd?confirm=true`, w.client, 'b.xml', UPD),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    // confirmed replacement: the earlier one is withdrawn with the reason, the new one counts, once
    const replaced = await uploadUpd(c.id, 'confirm=true&replace=true');
    expect(replaced.status).toBe(200);
    const docs = (await t.call(routes.contracts.getAcceptance, { params: { id: c.id }, token: w.client })).body;
    expect(docs.map((d) => d.withdrawn?.reason ?? null).sort()).toEqual(['Заменён повторной загрузкой (файл upd.xml)', null].sort());
    expect((await summary(c.id)).delivered_amount).toBe('71526.80');
  });

  it('answers a repeat with the same Idempotency-Key with the first upload, not a 409 or a second document', async () => {
    const c = await addContract('31234567890123456789003');
    const key = { 'idempotency-key': 'upd-form-0001-aaaa' };
    const first = await uploadUpd(c.id, 'confirm=true', key);
    const repeat = await upload(t, 'POST', `/api/contracts/${c.id}/upd?confirm=true`, w.client, 'upd.xml', UPD, key);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await t.server.deps.db.$count(acceptanceDocuments)).toBeGreaterThan(0);
    expect((await summary(c.id)).documents).toBe(1);
  });
});

describe('withdrawal', () => {
  it('withdraws a wrong УПД and a payment link with a reason: card, dashboard and ЕИС package recomputed, the reason in the trail', async () => {
    const c = await addContract('31234567890123456789010');
    expect((await uploadUpd(c.id)).status).toBe(200);
    const [p] = await t.server.deps.db
      .insert(paymentOrders)
      .values({
        companyId: w.demoId,
        contractId: c.id,
        linkedBy: 'user',
        kind: 'Платежное поручение',
        number: '501',
        docDate: '2023-03-01',
        amount: '30000.00',
        payeeInn: SUPPLIER_INN,
        purpose: `Оплата по договору ${c.registryNumber}`,
      })
      .returning();
    const before = await summary(c.id);
    expect([before.delivered_amount, before.paid_amount]).toEqual(['71526.80', '30000.00']);
    const dashBefore = await dashboard();
    const pkg = await collectExecution(t.server.deps.db, w.demoId, c.id);
    expect(pkg.stages[0].documents.map((d) => d.number)).toEqual(['123']);
    expect(pkg.stages[0].payments.map((x) => x.amount)).toEqual(['30000.00']);

    const [doc] = (await t.call(routes.contracts.getAcceptance, { params: { id: c.id }, token: w.client })).body;
    expect(
      (await t.call(routes.contracts.postAcceptanceWithdraw, { params: { id: doc.id }, token: w.client, body: { reason: '' } })).status,
    ).toBe(400);
    // another company cannot withdraw it
    expect(
      (await t.call(routes.contracts.postAcceptanceWithdraw, { params: { id: doc.id }, token: w.otherClient, body: { reason: 'чужой' } }))
        .status,
    ).toBe(404);
    const wd = await t.call(routes.contracts.postAcceptanceWithdraw, {
      params: { id: doc.id },
      token: w.client,
      body: { reason: 'Ошибочный документ поставщика' },
    });
    expect(wd.status, JSON.stringify(wd.body)).toBe(200);
    expect(wd.body.withdrawn?.reason).toBe('Ошибочный документ поставщика');
    const again = await t.call(routes.contracts.postAcceptanceWithdraw, {
      params: { id: doc.id },
      token: w.client,
      body: { reason: 'ещё раз' },
    });
    expect([again.status, again.body.message]).toEqual([409, 'УПД № 123 уже отозван: Ошибочный документ поставщика']);

    const after = await summary(c.id);
    expect([after.delivered_amount, after.delivered_share, after.documents]).toEqual(['0.00', '0.00', 0]);
    expect(Number((await dashboard()).delivered_total)).toBeCloseTo(Number(dashBefore.delivered_total) - 71526.8, 2);

    // the payment link: a reason is required to withdraw it
    const noReason = await t.call(routes.contracts.putPaymentsContract, {
      params: { id: p.id },
      token: w.client,
      body: { contract_id: null },
    });
    expect([noReason.status, noReason.body.message]).toEqual([
      400,
      'Укажите причину, по которой платёжное поручение отвязывается от договора',
    ]);
    const unlinked = await t.call(routes.contracts.putPaymentsContract, {
      params: { id: p.id },
      token: w.client,
      body: { contract_id: null, reason: 'Оплата по другому договору' },
    });
    expect(unlinked.status).toBe(200);
    expect((await summary(c.id)).paid_amount).toBe('0.00');

    // the ЕИС package has nothing left to send, and says so
    const send = await t.call(routes.eis.postContractsExecutionSend, { params: { id: c.id }, token: w.client });
    expect([send.status, send.body.message]).toEqual([
      409,
      `По договору № ${c.number} нет ни принятых документов (УПД), ни оплат: направлять в ЕИС нечего`,
    ]);

    const trail = await t.server.deps.database.sql.query<{ action: string; after: Record<string, unknown> }>(
      `SELECT action, after FROM audit_log WHERE entity = 'contract' AND entity_id = $1 AND action IN ('upd_withdraw', 'payment_unlink') ORDER BY id`,
      [c.id],
    );
    expect(trail.rows.map((r) => [r.action, r.after.reason])).toEqual([
      ['upd_withdraw', 'Ошибочный документ поставщика'],
      ['payment_unlink', 'Оплата по другому договору'],
    ]);
  });

  it('withdraws an execution record not accepted by ЕИС, never a registered one', async () => {
    const c = await addContract('31234567890123456789011');
    await t.server.deps.db.insert(paymentOrders).values({
      companyId: w.demoId,
      contractId: c.id,
      linkedBy: 'user',
      kind: 'Платежное поручение',
      number: '502',
      docDate: '2023-03-01',
      amount: '1000.00',
      payeeInn: SUPPLIER_INN,
    });
    const prepared = await t.call(routes.signatures.postContractsExecutionPrepare, { params: { id: c.id }, token: w.client });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
    const wd = await t.call(routes.eis.postContractsExecutionWithdraw, {
      params: { id: c.id, recordId: prepared.body.id },
      token: w.client,
      body: { reason: 'Сумма оплаты неверна' },
    });
    expect(wd.status, JSON.stringify(wd.body)).toBe(200);
    expect(wd.body).toMatchObject({ status: 'withdrawn', withdrawn_reason: 'Сумма оплаты неверна' });
    await t.server.deps.database.sql.query(`UPDATE execution_records SET status = 'registered' WHERE id = $1`, [prepared.body.id]);
    const refused = await t.call(routes.eis.postContractsExecutionWithdraw, {
      params: { id: c.id, recordId: prepared.body.id },
      token: w.client,
      body: { reason: 'поздно' },
    });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'Сведения уже зарегистрированы в ЕИС: отозвать их нельзя, изменения вносятся новой версией в ЕИС',
    ]);
  });
});

describe('«Направить в ЕИС» only for a contract that allows it', () => {
  it('refuses a contract «Недействителен» with the reason', async () => {
    const c = await addContract('31234567890123456789020', 'invalid');
    await t.server.deps.db.insert(paymentOrders).values({
      companyId: w.demoId,
      contractId: c.id,
      linkedBy: 'user',
      kind: 'Платежное поручение',
      number: '503',
      docDate: '2023-03-01',
      amount: '1000.00',
      payeeInn: SUPPLIER_INN,
    });
    const r = await t.call(routes.eis.postContractsExecutionSend, { params: { id: c.id }, token: w.client });
    expect([r.status, r.body.message]).toEqual([
      409,
      `Договор № ${c.number} в статусе «Недействителен»: сведения об исполнении по нему в ЕИС не направляются`,
    ]);
  });
});

describe('one procurement per plan item', () => {
  it('a double click makes one procurement; a repeat is refused naming it; another only when asked; the list shows it', async () => {
    const db = t.server.deps.db;
    const [plan] = await db.insert(plans).values({ companyId: w.demoId, registrationNumber: '2260000000001', year: 2026 }).returning();
    const [item] = await db
      .insert(planItems)
      .values({
        planId: plan.id,
        companyId: w.demoId,
        ordinal: 1,
        subject: 'Поставка бумаги',
        okpd2Code: '17.12.14.110',
        nmcd: '150000.00',
        method: 'quotation_e',
      })
      .returning();
    const url = `/api/eis/plans/${plan.registrationNumber}/items/${item.id}/procurement`;
    const key = { 'idempotency-key': 'plan-item-form-0001' };
    // a double click: the same key twice at once
    const [a, b] = await Promise.all([
      t.api<{ id: number; number: string }>('POST', url, { token: w.client, headers: key }),
      t.api<{ id: number; number: string }>('POST', url, { token: w.client, headers: key }),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(b.body.id).toBe(a.body.id);
    // a click without a key (or a later one): refused, naming the procurement
    const c = await t.api<{ code: string; message: string; fields: Record<string, string[]> }>('POST', url, { token: w.client });
    expect(c.status).toBe(409);
    expect(c.body.code).toBe('CONFIRM_REQUIRED');
    expect(c.body.message).toBe(
      `По этой позиции плана уже создана закупка № ${a.body.number} («Черновик»). Создать ещё одну закупку по той же позиции?`,
    );
    // two at once without keys: the unique rule lets one through
    const [x, y] = await Promise.all([t.api('POST', `${url}?another=false`, { token: w.client }), t.api('POST', url, { token: w.client })]);
    expect([x.status, y.status]).toEqual([409, 409]);
    const another = await t.api<{ id: number }>('POST', `${url}?another=true`, { token: w.client });
    expect(another.status).toBe(200);
    const list = await t.call(routes.eis.getPlansItems, { params: { number: plan.registrationNumber }, token: w.client });
    expect(list.body.items[0].procurements.map((p) => [p.id, p.status])).toEqual([
      [a.body.id, 'draft'],
      [another.body.id, 'draft'],
    ]);
    const n = await t.server.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM procurements WHERE plan_item_id = $1', [
      item.id,
    ]);
    expect(n.rows[0].n).toBe(2);
  });
});

describe('users: a double «Сохранить»', () => {
  it('one user for two clicks; a duplicate login is a 409 in words, never a 500', async () => {
    const admin = await t.login('admin');
    const body = { company_id: w.demoId, login: `dbl${Date.now()}`, title: 'Иванова И. И.', role: 'client', password: 'Secret-pass-123' };
    const key = { 'idempotency-key': 'user-form-0001-abcd' };
    const [a, b] = await Promise.all([
      t.api<{ id: number }>('POST', '/api/users', { token: admin, body, headers: { ...key, ...as(w.demoId) } }),
      t.api<{ id: number }>('POST', '/api/users', { token: admin, body, headers: { ...key, ...as(w.demoId) } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.id).toBe(a.body.id);
    const body2 = { ...body, login: `${body.login}x` };
    const [c, d] = await Promise.all([
      t.api<{ message: string }>('POST', '/api/users', { token: admin, body: body2 }),
      t.api<{ message: string }>('POST', '/api/users', { token: admin, body: body2 }),
    ]);
    expect([c.status, d.status].sort()).toEqual([200, 409]);
    expect([c, d].find((r) => r.status === 409)!.body.message).toBe('Пользователь с таким логином уже существует');
    const n = await t.server.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE login IN ($1, $2)', [
      body.login,
      body2.login,
    ]);
    expect(n.rows[0].n).toBe(2);
  });
});
