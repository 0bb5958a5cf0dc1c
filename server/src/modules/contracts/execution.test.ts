import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  EVENTS,
  MESSAGES,
  formatMoney,
  type AcceptanceDocumentResponse,
  type ContractReportsPage,
  type ExecutionSummaryResponse,
  type PaymentOrderResponse,
  type Paged,
} from '@proc/contract';
import { startTestServer, nextEvent, type TestServer } from '../../../test/harness';
import { acceptUpd, as, buildContract, download, upload, world, type World } from '../../../test/factories';
import { fixturePath } from '../../formats/fixtures-path';
import { acceptanceDocuments, contractPositions, contracts, paymentOrders, reports } from '../../db/schema';

const UPD = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
const BANK = fs.readFileSync(fixturePath('bank1c', 'statement_cp1251.txt'));
const LIMIT = 256 * 1024;
const REG = '31234567890123456789012';
const SUPPLIER_INN = '9103624367';

let t: TestServer;
let w: World;
let sock: Socket;
let cA: number; // positions that match the fixture
let cB: number; // positions that match nothing
let cOther: number;

/** A contract of the register with positions of 10 units each, from the supplier of the УПД fixture. */
const addContract = async (companyId: number, registryNumber: string, positions: { name: string; okei: string; price: string }[]) =>
  (
    await buildContract(t, {
      companyId,
      registryNumber,
      supplier: { name: 'ООО «Поставщик»', inn: SUPPLIER_INN },
      positions: positions.map((p) => ({ name: p.name, okei: p.okei, unitPrice: p.price, quantity: '10' })),
    })
  ).id;

const docCount = async () => await t.server.deps.db.$count(acceptanceDocuments);
const blobCount = () => {
  const root = path.join(t.config.DATA_DIR, 'files');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
};

function statement(docs: { number: string; amount: string; payeeInn: string; purpose: string; payerInn?: string }[]) {
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    'Кодировка=Windows',
    'Отправитель=Бухгалтерия',
    'Получатель=',
    'ДатаНачала=01.03.2023',
    'ДатаКонца=31.03.2023',
    'РасчСчет=40702810938000000001',
  ];
  for (const d of docs)
    lines.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${d.number}`,
      'Дата=15.03.2025',
      `Сумма=${d.amount}`,
      'ПлательщикСчет=40702810938000000001',
      `ПлательщикИНН=${d.payerInn ?? '0105123458'}`,
      'Плательщик1=АО «Демо-Заказчик»',
      `ПолучательИНН=${d.payeeInn}`,
      'Получатель1=ООО «Поставщик»',
      'ПолучательСчет=40702810100000000002',
      `НазначениеПлатежа=${d.purpose}`,
      'КонецДокумента',
    );
  lines.push('КонецФайла');
  return iconv.encode(lines.join('\r\n'), 'win1251');
}

beforeAll(async () => {
  t = await startTestServer({ UPLOAD_MAX_BYTES: LIMIT });
  w = await world(t);
  cA = await addContract(w.demoId, REG, [
    { name: 'СведТов-НаимТов', okei: '113', price: '200.00' },
    { name: 'Product2 2.0 мм', okei: '778', price: '516.67' },
  ]);
  cB = await addContract(w.demoId, '39999999999999999999999', [{ name: 'Дизельное топливо ЕВРО-5', okei: '112', price: '62.10' }]);
  cOther = await addContract(w.otherId, '38888888888888888888888', []);
  sock = await t.socket('auth', w.client);
}, 120_000);
afterAll(async () => t?.close());

describe('УПД', () => {
  it('asks before attaching an УПД that does not fit the contract, saying what; stores nothing until confirmed', async () => {
    const before = [await docCount(), blobCount()];
    const r = await upload(t, 'POST', `/api/contracts/${cA}/upd`, w.client, 'upd_970_v5_02_seller.xml', UPD);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('CONFIRM_REQUIRED');
    // the fixture is dated 01.02.2023, the contract 20.01.2025; its buyer is not the demo customer
    const warnings = (r.body.fields as { warnings: string[] }).warnings;
    expect(warnings).toContain('УПД от 01.02.2023 составлен раньше заключения договора (20.01.2025)');
    expect(warnings.some((x) => x.startsWith('Покупатель в УПД — '))).toBe(true);
    expect(String(r.body.message)).toMatch(/^УПД № 123 не сходится с договором: .+\. Загрузить всё равно\?$/);
    expect([await docCount(), blobCount()]).toEqual(before);
    // another seller than the contract's supplier is named too
    const r2 = await upload(
      t,
      'POST',
      `/api/contracts/${cA}/upd`,
      w.client,
      'other-seller.xml',
      iconv.encode(iconv.decode(UPD, 'win1251').replace('ИННЮЛ="9103624367"', 'ИННЮЛ="7707083893"'), 'win1251'),
    );
    expect((r2.body.fields as { warnings: string[] }).warnings[0]).toBe(
      'Продавец в УПД — «СвЮЛУч-НаимОрг» (ИНН 7707083893), а поставщик по договору — «ООО «Поставщик»» (ИНН 9103624367)',
    );
  });

  it('processes the 5.02 fixture, maps its lines and pushes the event', async () => {
    const event = nextEvent(sock, EVENTS.notificationMapInvoiceItemsResponse);
    const r = await upload(t, 'POST', `/api/contracts/${cA}/upd?confirm=true`, w.client, 'upd_970_v5_02_seller.xml', UPD);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'processing', number: '123', date: '2023-02-01', upload_file_name: 'upd_970_v5_02_seller.xml' });
    const e = await event;
    expect(e).toMatchObject({
      key: r.body.key,
      result: 'success',
      upload_file_name: 'upd_970_v5_02_seller.xml',
      message: MESSAGES.updSuccess('upd_970_v5_02_seller.xml'),
      lines: 2,
      mapped: 2,
    });
    expect(e.error).toBeUndefined();
    const list = await t.api<AcceptanceDocumentResponse[]>('GET', `/api/contracts/${cA}/acceptance`, { token: w.client });
    expect(list.body).toHaveLength(1);
    const [doc] = list.body;
    // only what the customer accepts is delivered: the figures below count it once accepted
    expect(doc.acceptance).toBe('received');
    await acceptUpd(t, w.client, doc.id);
    expect(doc).toMatchObject({ status: 'processed', number: '123', format_version: '5.02', seller: { inn: SUPPLIER_INN } });
    expect(doc.warnings).toContain('УПД от 01.02.2023 составлен раньше заключения договора (20.01.2025)');
    expect(doc.lines.map((l) => [l.ordinal, l.quantity, l.price, l.amount_with_vat, l.mapped_by])).toEqual(
      [
        [1, '16', '200', '784.8', 'auto'],
        [2, '114.1', '516.67', '70742', 'auto'],
      ].map(([o, q, p, a, m]) => [
        o,
        expect.stringMatching(new RegExp(`^${String(q).replace('.', '\\.')}(\\.0*)?0*$`)),
        expect.stringMatching(new RegExp(`^${String(p).replace('.', '\\.')}(\\.?0*)$`)),
        expect.stringMatching(new RegExp(`^${String(a).replace('.', '\\.')}(\\.?0*)$`)),
        m,
      ]),
    );
    expect(doc.lines.every((l) => l.position_id !== null && (l.confidence ?? 0) >= 0.55)).toBe(true);
    // the contract has 10 of each position: the УПД delivers 16 and 114.1
    expect(doc.warnings).toContain('Позиция «СведТов-НаимТов»: с этим УПД принято 16, а по договору 10');
    expect(doc.warnings.some((x) => x.startsWith('Позиция «Product2 2.0 мм»: с этим УПД принято 114,1'))).toBe(true);
  });

  it('does not map a line onto a position in another unit (м3 is not a pack) and says so', async () => {
    const cUnits = await addContract(w.demoId, '37777777777777777777777', [
      { name: 'СведТов-НаимТов', okei: '778', price: '200.00' },
      { name: 'Product2 2.0 мм', okei: '778', price: '516.67' },
    ]);
    const event = nextEvent(sock, EVENTS.notificationMapInvoiceItemsResponse);
    expect((await upload(t, 'POST', `/api/contracts/${cUnits}/upd?confirm=true`, w.client, 'upd.xml', UPD)).status).toBe(200);
    expect(await event).toMatchObject({ result: 'success', mapped: 1, unmapped: 1 });
    const [doc] = (await t.api<AcceptanceDocumentResponse[]>('GET', `/api/contracts/${cUnits}/acceptance`, { token: w.client })).body;
    await acceptUpd(t, w.client, doc.id);
    expect(doc.lines.map((l) => l.position_id === null)).toEqual([true, false]);
    expect(doc.warnings.find((x) => x.startsWith('Строка 1 '))).toMatch(
      /^Строка 1 «СведТов-НаимТов» в единицах «.+», а позиция договора «СведТов-НаимТов» — в «ОКЕИ 778»: строка не сопоставлена, сопоставьте её вручную, если это та же позиция$/,
    );
  });

  it('keeps lines that match no position, unmapped; the user can map them', async () => {
    const event = nextEvent(sock, EVENTS.notificationMapInvoiceItemsResponse);
    const r = await upload(t, 'POST', `/api/contracts/${cB}/upd?confirm=true`, w.client, 'upd.xml', UPD);
    expect(r.status).toBe(200);
    expect(await event).toMatchObject({ result: 'success', mapped: 0, unmapped: 2 });
    const [doc] = (await t.api<AcceptanceDocumentResponse[]>('GET', `/api/contracts/${cB}/acceptance`, { token: w.client })).body;
    await acceptUpd(t, w.client, doc.id);
    expect(doc.lines).toHaveLength(2);
    expect(doc.lines.every((l) => l.position_id === null)).toBe(true);
    const posB = (await t.server.deps.db.select().from(contractPositions)).find((p) => p.contractId === cB)!;
    const posA = (await t.server.deps.db.select().from(contractPositions)).find((p) => p.contractId === cA)!;
    const ok = await t.api<Record<string, unknown>>('PUT', `/api/acceptance/lines/${doc.lines[0].id}/mapping`, {
      token: w.client,
      body: { position_id: posB.id },
    });
    expect(ok.body).toMatchObject({ position_id: posB.id, mapped_by: 'user', position_name: 'Дизельное топливо ЕВРО-5' });
    const wrong = await t.api('PUT', `/api/acceptance/lines/${doc.lines[0].id}/mapping`, {
      token: w.client,
      body: { position_id: posA.id },
    });
    expect(wrong.status).toBe(400);
    const cleared = await t.api<Record<string, unknown>>('PUT', `/api/acceptance/lines/${doc.lines[0].id}/mapping`, {
      token: w.client,
      body: { position_id: null },
    });
    expect(cleared.body).toMatchObject({ position_id: null, mapped_by: null });
  });

  it('refuses malformed, non-УПД, wrongly encoded, empty and oversized files with a clear 4xx and stores nothing', async () => {
    const before = [await docCount(), blobCount()];
    const cases: [string, Buffer, number, RegExp][] = [
      ['broken.xml', Buffer.from('<?xml version="1.0"?><Файл ИдФайл="x"><Документ'), 400, /не удалось обработать/i],
      ['notice.xml', Buffer.from('<?xml version="1.0" encoding="UTF-8"?><purchaseNotice/>'), 400, /не является УПД/],
      [
        'wrong-enc.xml',
        Buffer.concat([
          Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Файл ВерсФорм="5.02" ИдФайл="'),
          Buffer.from([0xcf, 0xf0, 0xe8]),
          Buffer.from('"/>'),
        ]),
        400,
        /.+/,
      ],
      ['empty.xml', Buffer.alloc(0), 400, /пуст/i],
      ['big.xml', Buffer.alloc(LIMIT + 10, 0x20), 413, /не более/],
    ];
    for (const [name, data, status, msg] of cases) {
      const r = await upload(t, 'POST', `/api/contracts/${cA}/upd`, w.client, name, data);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(status);
      expect(String(r.body.message), name).toMatch(msg);
    }
    expect([await docCount(), blobCount()]).toEqual(before);
  });
});

describe('payment orders', () => {
  it('asks before importing a statement of another organisation’s account, saying why; stores nothing until confirmed', async () => {
    const before = [await t.server.deps.db.$count(paymentOrders), blobCount()];
    // the fixture's payer and payee are both strangers (ИНН 123123123123), its account is not the demo customer's
    const r = await upload(t, 'POST', '/api/payments/import', w.client, 'statement_cp1251.txt', BANK);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('CONFIRM_REQUIRED');
    const warnings = (r.body.fields as { warnings: string[] }).warnings;
    expect(warnings[0]).toBe('Выписка по счёту 40702810200000000001, а в банковских реквизитах «АО «Демо-Заказчик»» такого счёта нет');
    expect(warnings[1]).toMatch(
      /^Банковский ордер № \S+ от \d\d\.\d\d\.\d{4} на .+: плательщик «Some random payer» \(ИНН 123123123123\), получатель «Some random payee» \(ИНН 123123123123\) — ни один из них не «АО «Демо-Заказчик»» \(ИНН 0105123458\)$/,
    );
    expect(warnings.at(-1)).toMatch(/^И ещё \d+ из \d+ документов выписки — не «АО «Демо-Заказчик»»$/);
    expect(r.body.message).toMatch(
      /^Выписка «statement_cp1251\.txt» не похожа на выписку «АО «Демо-Заказчик»»: .+\. Загрузить всё равно\?$/,
    );
    expect([await t.server.deps.db.$count(paymentOrders), blobCount()]).toEqual(before);
    // one of the company's payments from another account of its own: the account is named
    const otherAccount = iconv.encode(
      iconv
        .decode(statement([{ number: '99', amount: '10.00', payeeInn: SUPPLIER_INN, purpose: 'Оплата' }]), 'win1251')
        .replaceAll('40702810938000000001', '40702810000000000099'),
      'win1251',
    );
    const acc = await upload(t, 'POST', '/api/payments/import', w.client, 'другой счёт.txt', otherAccount);
    expect(acc.status).toBe(409);
    expect((acc.body.fields as { warnings: string[] }).warnings).toEqual([
      'Выписка по счёту 40702810000000000099, а в банковских реквизитах «АО «Демо-Заказчик»» такого счёта нет',
      'Платежное поручение № 99 от 15.03.2025 на 10,00\u00a0₽: счёт плательщика 40702810000000000099, счёт получателя 40702810100000000002 — ни один из них не счёт «АО «Демо-Заказчик»»',
    ]);
    expect([await t.server.deps.db.$count(paymentOrders), blobCount()]).toEqual(before);
  });

  it('imports the 1C fixture once confirmed: stored once, nothing matched, listed as unmatched', async () => {
    const event = nextEvent(sock, EVENTS.notificationImportPaymentsResponse);
    const r = await upload(t, 'POST', '/api/payments/import?confirm=true', w.client, 'statement_cp1251.txt', BANK);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const e = await event;
    expect(e).toMatchObject({
      key: r.body.key,
      result: 'success',
      upload_file_name: 'statement_cp1251.txt',
      message: MESSAGES.paymentSuccess('statement_cp1251.txt'),
      matched: 0,
    });
    const created = e.created as number;
    expect(created).toBeGreaterThan(5);
    const again = nextEvent(sock, EVENTS.notificationImportPaymentsResponse);
    await upload(t, 'POST', '/api/payments/import?confirm=true', w.client, 'statement_cp1251.txt', BANK);
    expect(await again).toMatchObject({ result: 'success', created: 0, duplicates: e.total });
    const list = await t.api<Paged<PaymentOrderResponse>>('GET', '/api/payments?unmatched=true&limit=100', { token: w.client });
    expect(list.body.total).toBe(created);
  });

  it('matches by registry or contract number, supplier ИНН and remaining amount; manual link', async () => {
    const file = statement([
      { number: '101', amount: '30000.00', payeeInn: SUPPLIER_INN, purpose: `Оплата по договору ${REG} за товар, в т.ч. НДС` },
      { number: '102', amount: '20000.00', payeeInn: SUPPLIER_INN, purpose: 'Оплата по договору № Д-999 от 20.01.2023' },
      { number: '103', amount: '500000.00', payeeInn: SUPPLIER_INN, purpose: `Оплата по договору ${REG}` },
      { number: '104', amount: '100.00', payeeInn: '7707083893', purpose: `Оплата по договору ${REG}` },
    ]);
    const event = nextEvent(sock, EVENTS.notificationImportPaymentsResponse);
    const r = await upload(t, 'POST', '/api/payments/import', w.client, 'платежки.txt', file);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await event).toMatchObject({ result: 'success', created: 4, matched: 2, unmatched: 2 });
    const linked = await t.api<Paged<PaymentOrderResponse>>('GET', `/api/payments?contract_id=${cA}`, { token: w.client });
    expect(linked.body.items.map((p) => [p.number, p.linked_by, p.contract_regnumber])).toEqual([['101', 'auto', REG]]);
    const toB = await t.api<Paged<PaymentOrderResponse>>('GET', `/api/payments?contract_id=${cB}`, { token: w.client });
    expect(toB.body.items.map((p) => p.number)).toEqual(['102']);
    const unmatched = (await t.api<Paged<PaymentOrderResponse>>('GET', '/api/payments?unmatched=true&limit=100', { token: w.client })).body
      .items;
    const p104 = unmatched.find((p) => p.number === '104')!;
    // a payment to another seller bound by hand: asked first, naming both, then kept with the findings in the trail
    const asked = await t.api<{ code: string; fields: { warnings: string[] } }>('PUT', `/api/payments/${p104.id}/contract`, {
      token: w.client,
      body: { contract_id: cA },
    });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      code: 'CONFIRM_REQUIRED',
      fields: {
        warnings: [
          'Получатель платежа «ООО «Поставщик»» (ИНН 7707083893) — не поставщик договора № Д-012 «ООО «Поставщик»» (ИНН 9103624367)',
        ],
      },
    });
    expect(
      (await t.api<Paged<PaymentOrderResponse>>('GET', '/api/payments?unmatched=true&limit=100', { token: w.client })).body.items.some(
        (p) => p.id === p104.id,
      ),
    ).toBe(true);
    const link = await t.api<PaymentOrderResponse>('PUT', `/api/payments/${p104.id}/contract`, {
      token: w.client,
      body: { contract_id: cA, confirm: true },
    });
    expect(link.body).toMatchObject({ contract_id: cA, linked_by: 'user' });
    const trail = await t.api<{ action: string; after: Record<string, unknown> }[]>('GET', `/api/audit/contract/${cA}`, {
      token: w.specialist,
      headers: as(w.demoId),
    });
    expect(trail.body.find((a) => a.action === 'payment_link' && a.after.payment_id === p104.id)?.after.confirmed_warnings).toEqual(
      asked.body.fields.warnings,
    );

    const s = await t.api<ExecutionSummaryResponse>('GET', `/api/contracts/${cA}/execution-summary`, { token: w.client });
    expect(s.body).toMatchObject({
      paid_amount: '30100.00',
      paid_share: '30.10',
      delivered_amount: '71526.80',
      delivered_share: '71.53',
      remaining_to_pay: '69900.00',
      documents: 1,
      unmapped_lines: 0,
      payments: 2,
    });
    // the reporting deadlines, then the accepted УПД's term of payment (7 working days from acceptance)
    expect(s.body.deadlines.map((d) => d.kind)).toEqual(['contract', 'payment', 'payment_term']);
    expect(s.body.deadlines.find((d) => d.kind === 'payment')).toMatchObject({
      basis_date: '2025-03-15',
      due_on: '2025-03-25',
      overdue: true,
    });
    // the payments screen finds a payment by the payee's ИНН, by words of the purpose and by period
    const found = async (query: string) =>
      (await t.api<Paged<PaymentOrderResponse>>('GET', `/api/payments?limit=100&${query}`, { token: w.client })).body.items
        .map((p) => p.number)
        .sort();
    expect(await found('q=7707083893')).toEqual(['104']);
    expect(await found(`q=${encodeURIComponent('Д-999')}`)).toEqual(['102']);
    expect(await found('q=101')).toContain('101');
    expect(await found('date_from=2025-03-16')).toEqual([]);
    expect(await found('q=100%25')).toEqual([]); // a percent sign is a character, not a wildcard
    // a past date is either done or overdue, so the card never shows a plain «до …» in the past
    expect(s.body.deadlines.find((d) => d.kind === 'contract')).toMatchObject({ overdue: false, done: true });
    expect(s.body.deadlines.find((d) => d.kind === 'payment')).toMatchObject({ done: false });
  });

  it('counts what earlier statements paid under the contract: a payment above the unpaid rest stays for the user', async () => {
    // cA: price 100 000.00, 30 100.00 paid by the statement and the manual link above
    const file = statement([{ number: '105', amount: '70000.00', payeeInn: SUPPLIER_INN, purpose: `Оплата по договору ${REG}` }]);
    const event = nextEvent(sock, EVENTS.notificationImportPaymentsResponse);
    expect((await upload(t, 'POST', '/api/payments/import', w.client, 'вторая выписка.txt', file)).status).toBe(200);
    expect(await event).toMatchObject({ result: 'success', created: 1, matched: 0, unmatched: 1 });
    const fits = statement([{ number: '106', amount: '69900.00', payeeInn: SUPPLIER_INN, purpose: `Оплата по договору ${REG}` }]);
    const next = nextEvent(sock, EVENTS.notificationImportPaymentsResponse);
    expect((await upload(t, 'POST', '/api/payments/import', w.client, 'третья выписка.txt', fits)).status).toBe(200);
    expect(await next).toMatchObject({ result: 'success', created: 1, matched: 1 });
    const s = await t.api<ExecutionSummaryResponse>('GET', `/api/contracts/${cA}/execution-summary`, { token: w.client });
    expect(s.body).toMatchObject({ paid_amount: '100000.00', remaining_to_pay: '0.00', payments: 3 });
  });

  it('links by a unique registry number when the contract file names no supplier, if the customer paid; the УПД seller becomes the supplier', async () => {
    const REG_NS = '52208008370190000010000';
    const [c] = await t.server.deps.db
      .insert(contracts)
      .values({
        companyId: w.demoId,
        registryNumber: REG_NS,
        number: '17',
        contractDate: '2025-01-10',
        subject: 'Поставка без поставщика в файле',
        price: '50000.00',
      })
      .returning();
    const customerInn = '0105123458';
    const file = statement([
      {
        number: '201',
        amount: '1000.00',
        payeeInn: '7707083893',
        payerInn: customerInn,
        purpose: `Оплата по договору № ${REG_NS} от 10.01.2025`,
      },
      {
        number: '202',
        amount: '2000.00',
        payeeInn: '7707083893',
        payerInn: '7700000000',
        purpose: `Оплата по договору № ${REG_NS} от 10.01.2025`,
      },
      {
        number: '203',
        amount: '90000.00',
        payeeInn: '7707083893',
        payerInn: customerInn,
        purpose: `Оплата по договору № ${REG_NS} сверх цены`,
      },
    ]);
    const event = nextEvent(sock, EVENTS.notificationImportPaymentsResponse);
    // order 202 is another payer's to another payee: the statement is asked about, then taken
    expect((await upload(t, 'POST', '/api/payments/import', w.client, 'по-реестровому.txt', file)).status).toBe(409);
    expect((await upload(t, 'POST', '/api/payments/import?confirm=true', w.client, 'по-реестровому.txt', file)).status).toBe(200);
    expect(await event).toMatchObject({ result: 'success', created: 3, matched: 1 });
    const linked = await t.api<Paged<PaymentOrderResponse>>('GET', `/api/payments?contract_id=${c.id}`, { token: w.client });
    // another payer's order and one beyond the contract price stay for the user
    expect(linked.body.items.map((p) => [p.number, p.linked_by])).toEqual([['201', 'auto']]);

    expect((await upload(t, 'POST', `/api/contracts/${c.id}/upd?confirm=true`, w.client, 'upd.xml', UPD)).status).toBe(200);
    const card = await t.api<{ supplier_inn: string; supplier_name: string }>('GET', `/api/contracts/${c.id}`, { token: w.client });
    expect(card.body).toMatchObject({ supplier_inn: SUPPLIER_INN, supplier_name: 'СвЮЛУч-НаимОрг' });
  });

  it('refuses a statement with a negative or zero payment, naming each, and stores nothing', async () => {
    const before = await t.server.deps.db.$count(paymentOrders);
    const file = statement([
      { number: '201', amount: '-100.00', payeeInn: SUPPLIER_INN, purpose: `Оплата по договору ${REG}` },
      { number: '202', amount: '0.00', payeeInn: SUPPLIER_INN, purpose: `Оплата по договору ${REG}` },
      { number: '203', amount: '10.00', payeeInn: SUPPLIER_INN, purpose: `Оплата по договору ${REG}` },
    ]);
    const r = await upload(t, 'POST', '/api/payments/import?confirm=true', w.client, 'минус.txt', file);
    expect(r.status).toBe(400);
    const body = r.body as { message: string; fields: { warnings: string[] } };
    expect(body.fields.warnings).toEqual([
      `Платежное поручение № 201 от 15.03.2025: сумма ${formatMoney('-100.00')} — сумма платежа должна быть больше нуля`,
      `Платежное поручение № 202 от 15.03.2025: сумма ${formatMoney('0.00')} — сумма платежа должна быть больше нуля`,
    ]);
    expect(body.message).toMatch(/^Выписка «минус\.txt» не загружена: Платежное поручение № 201/);
    expect(await t.server.deps.db.$count(paymentOrders)).toBe(before);
  });

  it('refuses a file that is not a 1C exchange file and stores nothing', async () => {
    const before = [await t.server.deps.db.$count(paymentOrders), blobCount()];
    for (const [name, data] of [
      ['x.txt', Buffer.from('hello')],
      ['e.txt', Buffer.alloc(0)],
      ['upd.xml', UPD],
    ] as const) {
      const r = await upload(t, 'POST', '/api/payments/import', w.client, name, data);
      expect(r.status, name).toBe(400);
      expect(String(r.body.message)).toMatch(/.{10,}/);
    }
    expect((await upload(t, 'POST', '/api/payments/import', w.client, 'big.txt', Buffer.alloc(LIMIT + 1, 0x41))).status).toBe(413);
    expect([await t.server.deps.db.$count(paymentOrders), blobCount()]).toEqual(before);
  });
});

describe('reports and dashboard', () => {
  for (const format of ['xlsx', 'pdf'] as const) {
    it(`builds the contract execution report as ${format} and serves it`, async () => {
      const event = nextEvent(sock, EVENTS.reportCreateResponse);
      const r = await t.api<{ report_code: string; key: string }>('POST', `/api/contracts/${cA}/reports`, {
        token: w.client,
        body: { format },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const e = await event;
      expect(e).toMatchObject({
        key: r.body.key,
        result: 'success',
        report_code: r.body.report_code,
        contract_regnumber: REG,
        message: MESSAGES.reportSuccess(REG),
      });
      const file = await download(t, `/api/reports/${r.body.report_code}/download`, w.client);
      expect(file.status).toBe(200);
      expect(file.data.subarray(0, format === 'pdf' ? 5 : 2).toString()).toBe(format === 'pdf' ? '%PDF-' : 'PK');
      expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain(`Отчёт об исполнении договора ${REG}.${format}`);
      if (format === 'xlsx') await expectReportAgreesWithCard(file.data);
    });
  }

  /** Item 7: the XLSX shows the card's delivered and paid figures, the status and method in words, no made-up price. */
  async function expectReportAgreesWithCard(data: Buffer) {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const values = new Map<string, unknown>();
    wb.eachSheet((ws) =>
      ws.eachRow((row) => {
        const cells = (row.values as unknown[]).slice(1);
        const label = cells.find((v) => typeof v === 'string') as string | undefined;
        const value = cells.slice(cells.indexOf(label) + 1).find((v) => v !== null && v !== undefined && v !== '');
        if (label && !values.has(label)) values.set(label, value);
      }),
    );
    const card = (await t.api<ExecutionSummaryResponse>('GET', `/api/contracts/${cA}/execution-summary`, { token: w.client })).body;
    const num = (v: unknown) =>
      new Decimal(String(typeof v === 'object' && v && 'result' in v ? (v as { result: unknown }).result : v)).toFixed(2);
    expect(num(values.get('Принято по документам о приёмке'))).toBe(card.delivered_amount);
    expect(num(values.get('Оплачено'))).toBe(card.paid_amount);
    expect(values.get('Статус')).toBe('Размещён');
  }

  it('builds the monthly summary and lists reports', async () => {
    const event = nextEvent(sock, EVENTS.reportCreateResponse);
    const r = await t.api<{ report_code: string }>('POST', '/api/reports/monthly', { token: w.client, body: { year: 2025, month: 1 } });
    expect(r.status).toBe(200);
    expect(await event).toMatchObject({ result: 'success', report_code: r.body.report_code });
    expect((await download(t, `/api/reports/${r.body.report_code}/download`, w.client)).status).toBe(200);
    const list = await t.api<Paged<{ kind: string; status: string }>>('GET', '/api/reports', { token: w.client });
    expect(list.body.total).toBe(3);
    expect(list.body.items.every((x) => x.status === 'ready')).toBe(true);
  });

  it('dashboard sums the company', async () => {
    const d = await t.api<Record<string, unknown>>('GET', '/api/dashboard', { token: w.specialist, headers: as(w.demoId) });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    // three contracts: two with supplier, the 12b one without (its УПД lines map to no position, so nothing counts as delivered)
    // four contracts: cA (71526.80 delivered), cB, the 12b one and the units one (only its line in the right unit, 70742.00, counts)
    // paid: cA's 100 000.00 in full, cB's 20 000.00, the 12b one's 1 000.00
    expect(d.body).toMatchObject({
      company_id: w.demoId,
      contracts_by_status: { registered: 4 },
      contracts_total: '350000.00',
      paid_total: '121000.00',
      delivered_total: '142268.80',
    });
    const other = await t.api<Record<string, unknown>>('GET', '/api/dashboard', { token: w.otherClient });
    expect(other.body).toMatchObject({ company_id: w.otherId, paid_total: '0.00', contracts_total: '100000.00' });
  });
});

describe('tenant isolation', () => {
  it('another company and staff without a grant get 404 for every object', async () => {
    const [doc] = (await t.api<AcceptanceDocumentResponse[]>('GET', `/api/contracts/${cA}/acceptance`, { token: w.client })).body;
    const pay = (await t.api<Paged<PaymentOrderResponse>>('GET', '/api/payments?limit=1', { token: w.client })).body.items[0];
    const report = (await t.api<Paged<{ report_code: string }>>('GET', '/api/reports', { token: w.client })).body.items[0];
    for (const [token, headers] of [
      [w.otherClient, {}],
      [w.outsider, as(w.demoId)],
    ] as const) {
      expect((await upload(t, 'POST', `/api/contracts/${cA}/upd`, token, 'u.xml', UPD, headers)).status).toBe(404);
      expect((await t.api('GET', `/api/contracts/${cA}/acceptance`, { token, headers })).status).toBe(404);
      expect(
        (await t.api('PUT', `/api/acceptance/lines/${doc.lines[0].id}/mapping`, { token, headers, body: { position_id: null } })).status,
      ).toBe(404);
      expect((await t.api('PUT', `/api/payments/${pay.id}/contract`, { token, headers, body: { contract_id: null } })).status).toBe(404);
      expect((await t.api('GET', `/api/contracts/${cA}/execution-summary`, { token, headers })).status).toBe(404);
      expect((await t.api('POST', `/api/contracts/${cA}/reports`, { token, headers, body: { format: 'xlsx' } })).status).toBe(404);
      expect((await download(t, `/api/reports/${report.report_code}/download`, token, headers)).status).toBe(404);
    }
    // staff without a grant with the demo customer picked: 404 for the lists too
    for (const url of ['/api/payments', '/api/reports', '/api/dashboard'])
      expect((await t.api('GET', url, { token: w.outsider, headers: as(w.demoId) })).status).toBe(404);
    expect((await upload(t, 'POST', '/api/payments/import', w.outsider, 'b.txt', BANK, as(w.demoId))).status).toBe(404);
    expect(
      (await t.api('POST', '/api/reports/monthly', { token: w.operator, headers: as(w.demoId), body: { year: 2023, month: 1 } })).status,
    ).toBe(404);
    // the other client's lists hold none of the demo customer's data; linking to a foreign contract is 404
    expect((await t.api<Paged<unknown>>('GET', '/api/payments', { token: w.otherClient })).body.total).toBe(0);
    expect((await t.api<Paged<unknown>>('GET', '/api/reports', { token: w.otherClient })).body.total).toBe(0);
    expect((await t.api('PUT', `/api/payments/${pay.id}/contract`, { token: w.client, body: { contract_id: cOther } })).status).toBe(404);
    expect((await t.api('GET', `/api/contracts/${cOther}/acceptance`, { token: w.client })).status).toBe(404);
  });
});

describe("a contract's reports", () => {
  it('lists an old report of the contract behind more than a hundred newer ones of the company, page by page', async () => {
    const row = (contractId: number, createdAt: string) => ({
      companyId: w.demoId,
      code: crypto.randomUUID(),
      kind: 'contract_execution' as const,
      format: 'xlsx' as const,
      status: 'error' as const,
      error: 'ЕИС недоступна',
      contractId,
      createdAt: new Date(createdAt),
    });
    const [old] = await t.server.deps.db.insert(reports).values(row(cA, '2025-02-01T09:00:00Z')).returning();
    await t.server.deps.db.insert(reports).values(Array.from({ length: 120 }, () => row(cB, '2025-03-01T09:00:00Z')));
    // the company's newest hundred no longer hold it: the card used to filter those in the browser
    const company = await t.api<Paged<{ id: number }>>('GET', '/api/reports?limit=100', { token: w.client });
    expect(company.body.items.some((r) => r.id === old.id)).toBe(false);

    const ids: number[] = [];
    let after: number | null = null;
    let total = 0;
    do {
      const page: { status: number; body: ContractReportsPage } = await t.api<ContractReportsPage>(
        'GET',
        `/api/contracts/${cA}/reports?limit=2${after ? `&after=${after}` : ''}`,
        { token: w.client },
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.every((r) => r.contract_id === cA && r.contract_regnumber === REG)).toBe(true);
      ids.push(...page.body.items.map((r) => r.id));
      total = page.body.total;
      after = page.body.next_after;
    } while (after !== null);
    expect(ids).toContain(old.id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    expect((await t.api('GET', `/api/contracts/${cA}/reports?after=x`, { token: w.client })).status).toBe(400);
    expect((await t.api('GET', `/api/contracts/${cA}/reports`, { token: w.otherClient })).status).toBe(404);
    expect((await t.api('GET', `/api/contracts/${cA}/reports`, { token: w.outsider, headers: as(w.demoId) })).status).toBe(404);
  });
});
