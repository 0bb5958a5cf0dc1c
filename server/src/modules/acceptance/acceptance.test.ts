import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  EVENTS,
  type AcceptancePanelResponse,
  type ContractAcceptanceResponse,
  type DashboardResponse,
  type ExecutionSummaryResponse,
} from '@proc/contract';
import { startTestServer, nextEvent, type TestServer } from '../../../test/harness';
import { download, upload, world, type World } from '../../../test/factories';
import { createTestPki, STANDARD_CERTS, type TestPki } from '../../../test/pki/test-pki';
import { fixturePath } from '../../formats/fixtures-path';
import { readDocxText } from '../../formats/docx';
import { contractPositions, contracts, paymentOrders } from '../../db/schema';
import { setClock } from '../../platform/clock';
import { documentTerms, paidOn } from './terms';
import { routes } from '@proc/contract/routes';
import iconv from 'iconv-lite';
import { buyerTitleSchemaErrors } from '../../../test/buyer-title-schema';

/**
 * Acceptance of a delivery end to end on the real server: a document received or under review is not delivered; a
 * commission of five (two of the company's users signing with КЭП, three outsiders with scanned paper signatures)
 * accepts in part when one member refuses part of a line; the act names the line and the reason; only the accepted
 * part counts; the payment term runs 7 working days from acceptance and a payment closes it.
 */

const UPD = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5dd1fc80000000049454e44ae426082',
  'hex',
);

let pki: TestPki;
let t: TestServer;
let w: World;
let sock: Socket;
let second: string;
let secondId: number;
let clientId: number;

async function addContract(registryNumber: string, law: '223' | '44' = '44') {
  const db = t.server.deps.db;
  const [c] = await db
    .insert(contracts)
    .values({
      companyId: w.demoId,
      registryNumber,
      law,
      number: `Д-${registryNumber.slice(-3)}`,
      contractDate: '2023-01-20',
      subject: 'Поставка товаров',
      supplierName: 'ООО «Поставщик»',
      supplierInn: '9103624367',
      price: '100000.00',
    })
    .returning();
  await db.insert(contractPositions).values([
    { contractId: c.id, ordinal: 1, name: 'СведТов-НаимТов', okeiCode: '113', unitPrice: '200.00', quantity: '16' },
    { contractId: c.id, ordinal: 2, name: 'Product2 2.0 мм', okeiCode: '778', unitPrice: '516.67', quantity: '120' },
  ]);
  return c.id;
}

async function uploadUpd(contractId: number): Promise<number> {
  const done = nextEvent(sock, EVENTS.notificationMapInvoiceItemsResponse, (p) => p.contract_id === contractId, 60_000);
  const r = await upload(t, 'POST', `/api/contracts/${contractId}/upd?confirm=true`, w.client, 'upd.xml', UPD);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(await done).toMatchObject({ result: 'success' });
  return r.body.id as number;
}

const summary = async (id: number) =>
  (await t.api<ExecutionSummaryResponse>('GET', `/api/contracts/${id}/execution-summary`, { token: w.client })).body;
const panel = async (id: number, token = w.client) =>
  (await t.api<AcceptancePanelResponse>('GET', `/api/acceptance/${id}`, { token })).body;
const b64 = (b: Buffer) => b.toString('base64');

beforeAll(async () => {
  pki = await createTestPki({ valid: STANDARD_CERTS.valid, valid512: STANDARD_CERTS.valid512 });
  t = await startTestServer({ SIGNATURE_TRUST_DIR: pki.trustDir, SIGNATURE_CRL_DIR: pki.crlDir });
  w = await world(t);
  sock = await t.socket('auth', w.client);
  const admin = await t.login('admin');
  const u = await t.api<{ id: number }>('POST', '/api/users', {
    token: admin,
    body: { title: 'Петрова Анна Сергеевна', login: 'member2', role: 'client', company_id: w.demoId, password: 'demo12345' },
  });
  expect(u.status).toBe(200);
  secondId = u.body.id;
  second = await t.login('member2');
  clientId = (await t.api<{ id: number }>('GET', '/api/profile', { token: w.client })).body.id;
}, 240_000);
afterAll(async () => {
  setClock(null);
  await t?.close();
  await pki?.close();
});

describe('acceptance of a supplier document', () => {
  it('counts a document received or under review as received, not delivered', async () => {
    const c = await addContract('03010000000123000001');
    const doc = await uploadUpd(c);
    expect((await panel(doc)).state).toBe('received');
    expect((await summary(c)).delivered_amount).toBe('0.00');
    const review = await t.api<AcceptancePanelResponse>('POST', `/api/acceptance/${doc}/review`, {
      token: w.client,
      body: {
        kind: 'expert',
        expert_name: 'ООО «Экспертиза»',
        conclusion: { file_name: 'заключение.pdf', content_base64: b64(Buffer.from('%PDF-1.4 x')) },
      },
    });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({
      state: 'review',
      review: { kind: 'expert', expert_name: 'ООО «Экспертиза»', conclusion_file_name: 'заключение.pdf' },
    });
    expect((await summary(c)).delivered_amount).toBe('0.00');
    // an expert organisation must be named
    const bad = await t.api<{ fields: Record<string, string[]> }>('POST', `/api/acceptance/${doc}/review`, {
      token: w.client,
      body: { kind: 'expert' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.expert_name).toEqual(['Укажите экспертную организацию']);
    // the 44-ФЗ acceptance term: 20 working days from receipt (ч. 13 ст. 94), on the card
    expect((await summary(c)).deadlines.some((d) => d.kind === 'acceptance_term' && !d.done)).toBe(true);

    // accepted in full without a commission: now it is delivered, on the card and the dashboard alike
    const before = (await t.api<DashboardResponse>('GET', '/api/dashboard', { token: w.client })).body;
    const ok = await t.api<AcceptancePanelResponse>('POST', `/api/acceptance/${doc}/decision`, { token: w.client, body: {} });
    expect(ok.body.state).toBe('accepted');
    expect((await summary(c)).delivered_amount).toBe('71526.80');
    const after = (await t.api<DashboardResponse>('GET', '/api/dashboard', { token: w.client })).body;
    expect(Number(after.delivered_total) - Number(before.delivered_total)).toBeCloseTo(71526.8, 2);
    // a decided document is not decided again
    expect((await t.api('POST', `/api/acceptance/${doc}/decision`, { token: w.client, body: {} })).status).toBe(409);
    // another company sees none of it: the document, its act and the contract's commission are «not found»
    for (const [method, url] of [
      ['GET', `/api/acceptance/${doc}`],
      ['POST', `/api/acceptance/${doc}/decision`],
      ['GET', `/api/acceptance/${doc}/act`],
      ['GET', `/api/contracts/${c}/acceptance-settings`],
    ] as const)
      expect((await t.api(method, url, { token: w.otherClient, ...(method === 'POST' ? { body: {} } : {}) })).status, url).toBe(404);
    // the trail names the decision in words
    const trail = await t.api<{ action: string; after: Record<string, unknown> }[]>('GET', `/api/audit/contract/${c}`, {
      token: w.specialist,
      headers: { 'x-company-id': String(w.demoId) },
    });
    expect(trail.body.find((a) => a.action === 'acceptance_decision')?.after).toMatchObject({ document_id: doc, acceptance: 'accepted' });
  });

  it('a commission of five with one member refusing part of a line accepts in part; the act names the line and reason', async () => {
    const c = await addContract('03010000000123000002');
    // ч. 6 ст. 94: at least five members where a commission is formed
    const four = await t.api<{ message: string; fields: Record<string, string[]> }>('PUT', `/api/contracts/${c}/acceptance-commission`, {
      token: w.client,
      body: { members: [{ user_id: clientId, is_chair: true }, { full_name: 'Б' }, { full_name: 'В' }, { full_name: 'Г' }] },
    });
    expect(four.status).toBe(400);
    expect(four.body.fields.members).toContain('В приёмочной комиссии не менее 5 членов (ч. 6 ст. 94 44-ФЗ)');
    const set = await t.api<ContractAcceptanceResponse>('PUT', `/api/contracts/${c}/acceptance-commission`, {
      token: w.client,
      body: {
        members: [
          { user_id: clientId, full_name: 'Иванов Иван Петрович', position: 'Заместитель директора', is_chair: true },
          { user_id: secondId, position: 'Главный бухгалтер' },
          { full_name: 'Сидоров Олег Ильич', position: 'Эксперт' },
          { full_name: 'Кузнецов Пётр Андреевич', position: 'Кладовщик' },
          { full_name: 'Фёдорова Ольга Ивановна', position: 'Юрист' },
        ],
      },
    });
    expect(set.status).toBe(200);
    const members = set.body.members;
    expect(members).toHaveLength(5);
    const doc = await uploadUpd(c);
    const lines = (await panel(doc)).lines;
    expect(lines.map((l) => l.quantity)).toEqual(['16', '114.1']);

    // not every member has decided: the customer cannot approve (ч. 7 ст. 94)
    const early = await t.api<{ message: string }>('POST', `/api/acceptance/${doc}/decision`, { token: w.client, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Решения ещё не приняли: Иванов Иван Петрович, Петрова Анна Сергеевна, Сидоров/);

    const vote = async (token: string, memberId: number, body: Record<string, unknown>, cert?: string) => {
      const text = await t.api<{ content_base64: string }>('POST', `/api/acceptance/${doc}/votes/text`, {
        token,
        body: { member_id: memberId, ...body },
      });
      if (text.status !== 200) return text as unknown as { status: number; body: AcceptancePanelResponse & { message: string } };
      const signature = cert ? b64(await pki.sign(cert, Buffer.from(text.body.content_base64, 'base64'))) : undefined;
      return t.api<AcceptancePanelResponse & { message: string }>('POST', `/api/acceptance/${doc}/votes`, {
        token,
        body: { member_id: memberId, ...body, ...(signature ? { signature } : {}) },
      });
    };
    // a user's member signs their own decision, and only that text: another user cannot, a signature of another text fails
    expect((await vote(second, members[0].id, {}, 'valid512')).status).toBe(403);
    const forged = await t.api<{ message: string }>('POST', `/api/acceptance/${doc}/votes`, {
      token: w.client,
      body: { member_id: members[0].id, signature: b64(await pki.sign('valid', Buffer.from('другой текст'))) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^Подпись не принята/);

    const event = nextEvent(sock, EVENTS.acceptanceDecisionResponse, (p) => p.document_id === doc && p.member_id === members[0].id);
    expect((await vote(w.client, members[0].id, {}, 'valid')).status).toBe(200);
    expect(await event).toMatchObject({ contract_id: c, state: 'review' });
    expect((await vote(second, members[1].id, {}, 'valid512')).status).toBe(200);
    // an outsider's paper signature: a scanned image, recorded by a user of the company
    const noScan = await vote(w.client, members[2].id, {});
    expect(noScan.status).toBe(400);
    const scan = { file_name: 'подпись.png', content_base64: b64(PNG) };
    expect((await vote(w.client, members[2].id, { scan })).status).toBe(200);
    // a refusal without a reason is refused: the refusal is motivated
    const unmotivated = await vote(w.client, members[3].id, { scan, lines: [{ line_id: lines[1].line_id, accepted_quantity: '100' }] });
    expect(unmotivated.status).toBe(400);
    expect(unmotivated.body.message).toBe('Проверьте решение по строкам');
    const refusing = await vote(w.client, members[3].id, {
      scan,
      lines: [{ line_id: lines[1].line_id, accepted_quantity: '100', reason: 'Недостача 14,1 м: по факту 100 м' }],
    });
    expect(refusing.status).toBe(200);
    expect((await vote(w.client, members[3].id, { scan })).status).toBe(409);
    const last = await vote(w.client, members[4].id, { scan });
    expect(last.body.commission.complete).toBe(true);
    expect((await summary(c)).delivered_amount).toBe('0.00');

    const decided = await t.api<AcceptancePanelResponse>('POST', `/api/acceptance/${doc}/decision`, { token: w.client, body: {} });
    expect(decided.status).toBe(200);
    expect(decided.body.state).toBe('partial');
    expect(decided.body.lines.map((l) => [l.accepted_quantity, l.refusal_reason])).toEqual([
      ['16', null],
      ['100', 'Недостача 14,1 м: по факту 100 м'],
    ]);
    expect(decided.body.commission.members.map((m) => m.vote?.signed_by)).toEqual(['kep', 'kep', 'scan', 'scan', 'scan']);
    // the accepted part only: 784.80 + 70742.00 × 100 / 114.1 = 784.80 + 62000.00
    expect((await summary(c)).delivered_amount).toBe('62784.80');

    const act = await download(t, `/api/acceptance/${doc}/act`, w.client);
    expect(act.status).toBe(200);
    const text = await readDocxText(act.data);
    expect(text).toContain('Принят частично');
    expect(text).toContain('Product2 > 2.0 мм');
    expect(text).toContain('Недостача 14,1 м: по факту 100 м');
    expect(text).toContain('Иванов Иван Петрович (председатель)');
    expect(text).toContain('Собственноручная подпись (скан приложен)');
  });

  it('the buyer’s title of a partial acceptance: the motivated refusal, valid against the ФНС XSD, signed, with its .sig', async () => {
    const c = await addContract('03010000000123000005');
    const doc = await uploadUpd(c);
    const lines = (await panel(doc)).lines;
    const decided = await t.call(routes.acceptance.postDecision, {
      params: { id: doc },
      token: w.client,
      body: { lines: [{ line_id: lines[1].line_id, accepted_quantity: '100', reason: 'Недостача 14,1 м: по факту 100 м' }] },
    });
    expect(decided.body.state).toBe('partial');

    // the buyer's title of the partial acceptance: the motivated refusal names the line and its reason
    const form = () => t.call(routes.acceptance.postBuyerTitle, { params: { id: doc }, token: w.client });
    const noSellerSig = await form();
    expect(noSellerSig.status).toBe(409);
    expect(noSellerSig.body.message).toMatch(/^К УПД № 123 не приложена подпись продавца/);
    const sellerSig = await t.call(routes.signatures.postContractsUpdSignature, {
      params: { id: c },
      token: w.client,
      body: { document_id: doc, signature: b64(await pki.sign('valid512', UPD)) },
    });
    expect(sellerSig.status).toBe(200);
    const formed = await form();
    expect(formed.status).toBe(200);
    expect(formed.body.file_name).toMatch(/^ON_NSCHFDOPPOK_2BM-9681265956-968101000-\S+_2BM-9677800047-\S+_\d{8}_[0-9a-f-]{36}\.xml$/);
    const bytes = Buffer.from(formed.body.content_base64, 'base64');
    expect(await buyerTitleSchemaErrors(bytes)).toEqual([]);
    const xml = iconv.decode(bytes, 'win1251');
    expect(xml).toContain('КодИтога="2"');
    expect(xml).toContain('Значен="Product2 &gt; 2.0 мм: принято 100 из 114.1; Недостача 14,1 м: по факту 100 м"');
    expect(xml).toMatch(/<Подписант СпосПодтПолном="1">\s*<ФИО Фамилия="[^"]+" Имя="[^"]+"/);
    // signed by someone with «право подписи» only, and only these bytes
    const sign = (signature: string) =>
      t.call(routes.acceptance.postBuyerTitleSignature, { params: { id: doc }, token: w.client, body: { signature } });
    expect((await sign(b64(await pki.sign('valid', bytes)))).status).toBe(403);
    const admin = await t.login('admin');
    expect(
      (await t.api('PUT', `/api/signatures/rights/${clientId}`, { token: admin, headers: { 'x-company-id': String(w.demoId) }, body: {} }))
        .status,
    ).toBe(204);
    const other = await sign(b64(await pki.sign('valid', Buffer.from('другой файл'))));
    expect(other.status).toBe(400);
    const signed = await sign(b64(await pki.sign('valid', bytes)));
    expect(signed.status).toBe(200);
    expect(signed.body.buyer_title).toMatchObject({ file_name: formed.body.file_name, signed: true });
    expect((await form()).status).toBe(409);
    // downloaded as the operators take it: the file and its detached .sig, which verifies against the file
    const file = await download(t, `/api/acceptance/${doc}/buyer-title`, w.client);
    expect(Buffer.compare(file.data, bytes)).toBe(0);
    const sig = await download(t, `/api/acceptance/${doc}/buyer-title/sig`, w.client);
    expect(sig.status).toBe(200);
    const check = await t.call(routes.signatures.postCheck, {
      token: w.client,
      body: { signature: b64(sig.data), content: b64(file.data) },
    });
    expect(check.body).toMatchObject({ valid: true });
    // another company sees none of it
    expect((await t.api('GET', `/api/acceptance/${doc}/buyer-title`, { token: w.otherClient })).status).toBe(404);
  }, 240_000);

  it('refuses the buyer’s title before the decision', async () => {
    const c = await addContract('03010000000123000004');
    const doc = await uploadUpd(c);
    const r = await t.call(routes.acceptance.postBuyerTitle, { params: { id: doc }, token: w.client });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Титул покупателя формируется после решения о приёмке: УПД № 123 — получен');
  });
});

describe('the payment term', () => {
  it('is 7 working days from acceptance across the May holidays (ч. 13.1 ст. 34 44-ФЗ)', () => {
    const d = { id: 1, state: 'accepted', receivedOn: '2025-04-21', acceptedOn: '2025-04-30', delivered: '100' };
    const terms = documentTerms(d, { law: '44', sme: false, acceptanceDays: null, paymentDays: null, paidOn: null, today: '2025-05-16' });
    // 1–4 May and 8–11 May 2025 are days off: the 7th working day after 30 April is 15 May
    expect(terms.find((x) => x.kind === 'payment')).toMatchObject({ due_on: '2025-05-15', overdue: true, rule: 'ч. 13.1 ст. 34 44-ФЗ' });
    // a payment on the due day settles it in time
    const paid = paidOn([d], {
      payments: [{ source: '1c', id: 1, name: '', number: '1', date: '2025-05-15', amount: '100', purpose: null, knownToEis: false }],
    });
    expect(paid.get(1)).toBe('2025-05-15');
    const closed = documentTerms(d, {
      law: '44',
      sme: false,
      acceptanceDays: null,
      paymentDays: null,
      paidOn: paid.get(1)!,
      today: '2025-05-16',
    });
    expect(closed.find((x) => x.kind === 'payment')).toMatchObject({ done_on: '2025-05-15', overdue: false });
  });

  it('runs from the date of acceptance on the card and the dashboard; a 1C payment order settling the document closes it', async () => {
    setClock('2025-04-30T09:00:00+03:00');
    const c = await addContract('03010000000123000003');
    const doc = await uploadUpd(c);
    await t.api('POST', `/api/acceptance/${doc}/decision`, { token: w.client, body: {} });
    setClock('2025-05-06T09:00:00+03:00');
    const term = (await summary(c)).deadlines.find((d) => d.kind === 'payment_term')!;
    expect(term).toMatchObject({ basis_date: '2025-04-30', due_on: '2025-05-15', done: false, overdue: false });
    const dash = (await t.api<DashboardResponse>('GET', '/api/dashboard', { token: w.client })).body;
    expect(dash.deadlines.some((d) => d.contract_id === c && d.kind === 'payment_term' && d.due_on === '2025-05-15')).toBe(true);
    await t.server.deps.db.insert(paymentOrders).values({
      companyId: w.demoId,
      contractId: c,
      linkedBy: 'user',
      kind: 'Платежное поручение',
      number: '501',
      docDate: '2025-05-07',
      amount: '71526.80',
    });
    expect((await summary(c)).deadlines.find((d) => d.kind === 'payment_term')).toMatchObject({ done: true, overdue: false });
    const after = (await t.api<DashboardResponse>('GET', '/api/dashboard', { token: w.client })).body;
    expect(after.deadlines.some((d) => d.contract_id === c && d.kind === 'payment_term')).toBe(false);
    setClock(null);
  });
});
