import { ocdsErrors } from './ocds/validate-ocds';
import { routes } from '@proc/contract/routes';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EVENTS } from '@proc/contract';
import { startTestServer, nextEvent, type TestServer } from '../../../test/harness';
import { startFakeEis, DEMO_CUSTOMER, type FakeEis } from '../../../../tools/fake-eis/server';
import { demoNotices, DEMO_NOTICES_DAY } from '../../../../tools/fake-eis/notice-samples';
import { EIS_NOTICE_TYPES } from '../../formats';
import { startIntegrationService } from '../../../test/eis-world';
import { fixturePath } from '../../formats/fixtures-path';
import { DAILY_SYNC_JOB, runDailySync } from './daily-sync';
import { ABANDONED_IMPORT_MESSAGE, PERIOD_IMPORT_JOB, queuePeriodImport } from './period-import';
import { moscowToday, nextDay } from '../../platform/clock';

let t: TestServer;
let eis: FakeEis;
let integration: FastifyInstance;
let client: string;
/** Staff of the provider with edit rights and no grant for the customer. */
let outsider: string;
let customerId: number;

function multipart(name: string, data: Buffer) {
  const boundary = '----eis' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** The fixtures are other customers' files: uploaded as the demo customer's own, as a user confirms them. */
async function upload(token: string, name: string, data: Buffer, confirm = true) {
  const m = multipart(name, data);
  const res = await t.server.app.inject({
    method: 'POST',
    url: `/api/eis/upload${confirm ? '?confirm_customer=true' : ''}`,
    payload: m.body,
    headers: { ...m.headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}
const count = async (table: string) =>
  ((await t.server.deps.database.sql.query(`SELECT count(*)::int AS n FROM ${table}`)) as { rows: { n: number }[] }).rows[0].n;

beforeAll(async () => {
  // the retry test sends an unsigned package: it is about the transport, not the signature (signatures.test.ts)
  eis = await startFakeEis({ signatures: { allowUnsigned: true } });
  // a budget far above the fake's limit, so the fake's code 13 is what a test meets; «the minute» shortened to 3 s
  const service = await startIntegrationService(eis.url, { timeoutMs: 500, minuteMs: 3_000 });
  integration = service.app;
  t = await startTestServer({ INTEGRATION_API_URL: service.url });
  client = await t.login('client');
  const admin = await t.login('admin');
  const provider = (await t.api<{ company_id: number }>('GET', '/api/profile', { token: admin })).body.company_id;
  await t.api('POST', '/api/users', {
    token: admin,
    body: { title: 'Специалист Без Доступа', login: 'eis-outsider', role: 'specialist', company_id: provider, password: 'demo12345' },
  });
  outsider = await t.login('eis-outsider');
  const me = await t.api<{ company_id: number }>('GET', '/api/profile', { token: client });
  customerId = me.body.company_id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await integration?.close();
  await eis?.close();
});

describe('ЕИС upload', () => {
  it('asks before storing another organisation’s contracts or plan as the company’s own, and stores nothing until then', async () => {
    const before = await count('contracts');
    const r = await upload(client, 'contract_test.xml', fs.readFileSync(path.join(fixturePath('eis223'), 'contract_test.xml')), false);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('CONFIRM_REQUIRED');
    expect(r.body.message).toMatch(
      /^Заказчик договора в файле — «.+» \(ИНН 0105018196\), а не «АО «Демо-Заказчик»» \(ИНН 0105123458\)\. Загрузить как данные «АО «Демо-Заказчик»»\?$/,
    );
    expect(await count('contracts')).toBe(before);
    const plan = await upload(
      client,
      'purchasePlan_test.xml',
      fs.readFileSync(path.join(fixturePath('eis223'), 'purchasePlan_test.xml')),
      false,
    );
    expect(plan.status).toBe(409);
    expect(plan.body.message).toContain('Заказчик плана закупки в файле');
    expect(await count('plans')).toBe(0);
    // the company's own contract goes in without a question
    const own = fs
      .readFileSync(path.join(fixturePath('eis223'), 'contract_test.xml'), 'utf8')
      .replaceAll('<inn>0105018196</inn>', '<inn>0105123458</inn>');
    expect((await upload(client, 'own.xml', Buffer.from(own), false)).status).toBe(200);
  });

  it('imports every ЕИС fixture file, refuses the empty one and a non-ЕИС XML with Russian messages', async () => {
    const dir = fixturePath('eis223');
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.xml'))) {
      const r = await upload(client, f, fs.readFileSync(path.join(dir, f)));
      if (f === 'contract_empty.xml') {
        expect(r.status).toBe(400);
        expect(r.body.message).toBe('Файл пуст');
      } else if (f.startsWith('purchaseNotice')) {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toMatchObject({ kind: 'notice', procurement_id: expect.any(Number) });
      } else {
        expect(r.status, `${f}: ${JSON.stringify(r.body)}`).toBe(200);
      }
    }
    const list = await t.api<{ total: number; items: { id: number; registry_number: string }[] }>('GET', '/api/contracts?limit=50', {
      token: client,
    });
    expect(list.body.total).toBe(5);
    // a 2015 record classified by ОКДП: the card says ОКДП, and no ОКПД2 code is made of it
    const okdp = list.body.items.find((c) => c.registry_number === '51511012960150000010000')!;
    const okdpCard = await t.api<{ positions: Record<string, unknown>[] }>('GET', `/api/contracts/${okdp.id}`, { token: client });
    expect(okdpCard.body.positions[0]).toMatchObject({
      classifier: 'okdp',
      classifier_code: '2320221',
      classifier_name: 'Топливо для реактивных двигателей (керосин авиационный)',
      okpd2_code: null,
      okpd2_name: null,
    });
    const newer = list.body.items.find((c) => c.registry_number === '50105018196190002040000')!;
    expect(
      (await t.api<{ positions: Record<string, unknown>[] }>('GET', `/api/contracts/${newer.id}`, { token: client })).body.positions[0],
    ).toMatchObject({ classifier: 'okpd2', classifier_code: '19.20.3', okpd2_code: '19.20.3' });
    // a 2012 notice whose lot holds initialSum without lotData: its НМЦД is the lot's
    const early = await t.server.deps.database.sql.query<{ nmcd: string; method: string }>(
      `SELECT nmcd::text, method FROM procurements WHERE company_id = $1 AND notice_number = '31200022868'`,
      [customerId],
    );
    expect(early.rows.map((p) => [Number(p.nmcd), p.method])).toEqual([[280000, 'quotation']]);
    // a notice fills the procurement register (12c): the fixture's deadline passed long ago, so it is being summed up
    const notices = await t.api<{ items: { id: number; title: string; status: string; nmcd: string }[] }>(
      'GET',
      '/api/procurements?q=Высоконапорный',
      { token: client },
    );
    expect(notices.body.items.map((p) => [p.status, p.nmcd])).toEqual([['summing_up', '3077055.86']]);
    const fromNotice = await t.api<{ notice_number: string; method: string; published_on: string; application_deadline: string }>(
      'GET',
      `/api/procurements/${notices.body.items[0].id}`,
      { token: client },
    );
    expect(fromNotice.body).toMatchObject({
      notice_number: '31603913641',
      method: 'quotation_e',
      published_on: '2016-07-22',
      application_deadline: '2016-08-05',
    });
    // the notice of a contract already stored: the contract is linked and the procurement is concluded; a second upload updates, not duplicates
    const notice = fs
      .readFileSync(path.join(fixturePath('eis223'), 'purchaseNotice_test.xml'), 'utf8')
      .replace('<ns2:registrationNumber>31603913641<', '<ns2:registrationNumber>31908645944<');
    for (let i = 0; i < 2; i++) {
      const r = await upload(client, 'notice.xml', Buffer.from(notice));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const p = await t.api<{ status: string; notice_number: string }>('GET', `/api/procurements/${r.body.procurement_id}`, {
        token: client,
      });
      expect(p.body).toMatchObject({ status: 'contract_signed', notice_number: '31908645944' });
      const linked = await t.server.deps.database.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM contracts WHERE procurement_id = $1',
        [r.body.procurement_id],
      );
      expect(linked.rows[0].n).toBeGreaterThan(0);
    }
    expect(
      (
        await t.server.deps.database.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM procurements WHERE notice_number = '31908645944'`,
        )
      ).rows[0].n,
    ).toBe(1);
    const before = await count('contracts');
    const bad = await upload(client, 'x.xml', Buffer.from('<?xml version="1.0"?><root><a>1</a></root>'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Файл не является выгрузкой ЕИС (223-ФЗ или 44-ФЗ)');
    expect(await count('contracts')).toBe(before);
    const card = await t.api<{ positions: unknown[]; registry_number: string }>('GET', `/api/contracts/${list.body.items[0].id}`, {
      token: client,
    });
    expect(card.status).toBe(200);
    expect(card.body.positions.length).toBeGreaterThan(0);
    // tenant isolation: staff without a grant do not see the customer's contract
    expect((await t.api('GET', `/api/contracts/${list.body.items[0].id}`, { token: outsider })).status).toBe(404);
    expect((await t.api('GET', `/api/contracts/${list.body.items[0].id}/execution`, { token: outsider })).status).toBe(404);
    expect((await t.api('POST', `/api/contracts/${list.body.items[0].id}/execution/send`, { token: outsider })).status).toBe(404);
    expect((await t.api<{ total: number }>('GET', '/api/contracts', { token: outsider })).body.total).toBe(0);
    expect((await t.api('GET', '/api/contracts', { token: outsider, headers: { 'x-company-id': String(customerId) } })).status).toBe(404);
  }, 120_000);

  it('takes a ZIP of ЕИС files as ЕИС gives them out, in one transaction; refuses a ZIP bomb, a broken archive and one with no XML', async () => {
    const PizZip = (await import('pizzip')).default;
    const zip = (files: Record<string, Buffer | string>) => {
      const z = new PizZip();
      for (const [name, data] of Object.entries(files)) z.file(name, data);
      return z.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
    };
    const read = (f: string) => fs.readFileSync(path.join(fixturePath('eis223'), f));
    const plan = read('purchasePlan_test.xml').toString('utf8');
    const contract = read('contract_test.xml');
    const ok = await upload(
      client,
      'contract_20260101.zip',
      zip({ 'contract_test.xml': contract, 'purchasePlan_test.xml': plan, 'contract_test.xml.sig': 'подпись' }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ kind: 'archive', files: 2, plans: 1, plan_id: expect.any(Number) });
    expect((ok.body.contracts as unknown[]).length).toBeGreaterThan(0);

    const before = [await count('contracts'), await count('plans')];
    // one bad file spoils the archive: nothing of it is stored
    const spoiled = await upload(client, 'spoiled.zip', zip({ 'a.xml': contract, 'b.xml': '<?xml version="1.0"?><root/>' }));
    expect(spoiled.status).toBe(400);
    expect(spoiled.body.message).toBe('Файл «b.xml» в архиве: Файл не является выгрузкой ЕИС (223-ФЗ или 44-ФЗ)');
    const bomb = await upload(client, 'bomb.zip', zip({ 'contract.xml': Buffer.alloc(20 * 1024 * 1024, 0x20) }));
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toMatch(/^Файл «contract\.xml» сжат в \d+ раз: такой архив не принимается$/);
    const broken = zip({ 'contract.xml': contract }).subarray(0, 200);
    const brokenR = await upload(client, 'broken.zip', broken);
    expect(brokenR.status).toBe(400);
    expect(brokenR.body.message).toBe('Архив повреждён или не является ZIP-архивом');
    const noXml = await upload(client, 'docs.zip', zip({ 'readme.txt': 'нет XML' }));
    expect(noXml.status).toBe(400);
    expect(noXml.body.message).toBe('В архиве нет XML-файлов ЕИС');
    expect([await count('contracts'), await count('plans')]).toEqual(before);
  });
});

describe('ЕИС import over the integration service', () => {
  it('imports a period day by day with progress, twice without duplicates, through an outage, and pushes the spec payload', async () => {
    const s = await t.socket('auth', client);
    const progress: Array<Record<string, unknown>> = [];
    // ЕИС out of reach for a moment in the middle (once the fifth day is stored): the job runs again and goes on after
    // the last stored day
    const failedBefore = eis.failuresServed;
    let outage = false;
    s.on(EVENTS.eisImportProgress, (p: Record<string, unknown>) => {
      progress.push(p);
      if (!outage && (p.days_done as number) >= 5) {
        outage = true;
        eis.fail(3, 'error', 503);
      }
    });
    const ev = nextEvent(s, EVENTS.notificationEisContractsResponse, () => true, 60_000);
    const from = eis.soi.requests.length;
    const r = await t.call(routes.eis.postContractsImport, {
      token: client,
      body: { date_from: '2024-01-01', date_to: '2024-12-31' },
    });
    expect(r.status).toBe(202);
    const p = await ev;
    expect(p).toMatchObject({ key: r.body.key, result: 'success', date_from: '2024-01-01', date_to: '2024-12-31' });
    expect(eis.failuresServed - failedBefore, 'the outage happened during the import').toBe(3);
    expect(Array.isArray(p.violations)).toBe(true);
    // this company has no Положение in force in 2024: no single-supplier limit of a template it does not have
    expect((p.violations as string[]).filter((v) => v.includes('единственным поставщиком'))).toEqual([]);
    // progress: one event per stored day up to 366 of 366 (a cross-node socket adapter may deliver two out of order)
    const mine = progress.filter((x) => x.key === r.body.key);
    expect(mine.map((x) => x.days_done as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 366 }, (_, i) => i + 1));
    expect(mine.find((x) => x.days_done === 366)).toMatchObject({ days_total: 366, documents: p.created });
    const status = await t.api<{ current: Record<string, unknown> }>('GET', '/api/eis/imports/status?kind=contracts', { token: client });
    expect(status.body.current).toMatchObject({ key: r.body.key, status: 'success', days_done: 366, days_total: 366, origin: 'manual' });
    const storedDays = await t.server.deps.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM eis_import_days WHERE import_id = $1',
      [r.body.key],
    );
    expect(storedDays.rows[0].n).toBe(366);
    const n = await count('contracts');
    const pos = await count('contract_positions');
    const ev2 = nextEvent(s, EVENTS.notificationEisContractsResponse, () => true, 60_000);
    await t.call(routes.eis.postContractsImport, { token: client, body: { date_from: '2024-01-01', date_to: '2024-12-31' } });
    expect((await ev2).result).toBe('success');
    expect(await count('contracts')).toBe(n);
    expect(await count('contract_positions')).toBe(pos);
    // the period went to ЕИС's СОИ day by day in the customer's region, to the register of contracts
    const days = eis.soi.requests
      .slice(from)
      .filter((q) => q.operation === 'getDocsByOrgRegionRequest' && q.params.exactDate?.startsWith('2024-'));
    expect(new Set(days.map((q) => q.params.exactDate)).size).toBe(366);
    expect(
      days.every((q) => q.params.orgRegion === '01' && q.params.subsystemType === 'RD223' && q.params.documentType223 === 'contract'),
    ).toBe(true);
    // ЕИС's own refusal reaches the user in Russian and is not retried as an outage
    const ev3 = nextEvent(s, EVENTS.notificationEisContractsResponse);
    eis.failSoi('errorInfo', 1000);
    await t.call(routes.eis.postContractsImport, { token: client, body: { date_from: '2024-03-01', date_to: '2024-03-02' } });
    const refused = await ev3;
    eis.failSoi('errorInfo', 0);
    expect(refused).toMatchObject({ result: 'error' });
    expect(JSON.stringify(refused)).toContain('ЕИС ответила ошибкой 9: Внутренняя ошибка сервиса');
    const failed = await t.api<{ current: Record<string, unknown> }>('GET', '/api/eis/imports/status?kind=contracts', { token: client });
    expect(failed.body.current).toMatchObject({
      status: 'error',
      days_done: 0,
      message: 'ЕИС ответила ошибкой 9: Внутренняя ошибка сервиса',
    });
    // a period longer than two years is refused up front
    const long = await t.call(routes.eis.postContractsImport, {
      token: client,
      body: { date_from: '2020-01-01', date_to: '2024-12-31' },
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Период не длиннее 731 дня');
    // another company's import status is out of reach
    expect(
      (await t.api<{ current: unknown }>('GET', '/api/eis/imports/status?kind=contracts', { token: outsider })).body.current,
    ).toBeNull();
    expect(
      (await t.api('GET', '/api/eis/imports/status?kind=contracts', { token: outsider, headers: { 'x-company-id': String(customerId) } }))
        .status,
    ).toBe(404);
  }, 120_000);

  it('uses the company’s own ЕИС token and region from its settings, never shows the token back, and checks the connection', async () => {
    const url = `/api/companies/${customerId}/eis_settings`;
    const before = await t.api<Record<string, unknown>>('GET', url, { token: client });
    const saved = await t.api<Record<string, unknown>>('PUT', url, {
      token: client,
      body: { inn: before.body.inn, token: 'company-person-token', region_code: '01' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ has_token: true, region_code: '01' });
    expect(JSON.stringify(saved.body)).not.toContain('company-person-token');
    expect(JSON.stringify((await t.api('GET', '/api/audit?entity=eis_settings', { token: await t.login('admin') })).body)).not.toContain(
      'company-person-token',
    );

    const from = eis.soi.requests.length;
    const ok = await t.api<{ ok: boolean; message: string }>('POST', `${url}/check`, { token: client });
    expect(ok.body.ok).toBe(true);
    expect(ok.body.message).toMatch(/^ЕИС ответила: договоров региона 01 за \d{2}\.\d{2}\.\d{4} /);
    expect(eis.soi.requests.slice(from).map((r) => [r.token, r.params.orgRegion])).toEqual([['company-person-token', '01']]);
    eis.failSoi('errorInfo');
    expect((await t.api<{ ok: boolean; message: string }>('POST', `${url}/check`, { token: client })).body).toEqual({
      ok: false,
      message: 'ЕИС ответила ошибкой 9: Внутренняя ошибка сервиса',
    });
    // an import goes with the company's token too
    const s = await t.socket('auth', client);
    const ev = nextEvent(s, EVENTS.notificationEisContractsResponse);
    const at = eis.soi.requests.length;
    await t.call(routes.eis.postContractsImport, { token: client, body: { date_from: '2024-05-01', date_to: '2024-05-02' } });
    expect((await ev).result).toBe('success');
    expect(eis.soi.requests.slice(at).every((r) => r.token === 'company-person-token')).toBe(true);
    // another company's settings are out of reach
    expect((await t.api('POST', `${url}/check`, { token: outsider })).status).toBe(404);
  });

  it('imports plans of a period and creates a procurement from an item', async () => {
    const s = await t.socket('auth', client);
    const ev = nextEvent(s, EVENTS.eisPlanResponse, () => true, 60_000);
    // without a period: from 1 December of last year, when this year's plan is published
    const r = await t.call(routes.eis.postPlansImport, { token: client, body: undefined });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(await ev).toMatchObject({ key: r.body.key, result: 'success', plans: [expect.any(String)] });
    const year = Number(moscowToday().slice(0, 4));
    const status = await t.api<{ current: Record<string, unknown> }>('GET', '/api/eis/imports/status?kind=plans', { token: client });
    expect(status.body.current).toMatchObject({
      key: r.body.key,
      status: 'success',
      date_from: `${year - 1}-12-01`,
      document_types: ['purchasePlan'],
    });
    const ev2 = nextEvent(s, EVENTS.eisPlanResponse, () => true, 60_000);
    const r2 = await t.call(routes.eis.postPlansImport, {
      token: client,
      body: { date_from: '2023-12-01', date_to: '2023-12-31' },
    });
    expect(await ev2).toMatchObject({ key: r2.body.key, result: 'success' });
    const asked = eis.soi.requests.filter((q) => q.params.exactDate?.startsWith('2023-12'));
    expect(asked.every((q) => q.params.subsystemType === 'RPZ223' && q.params.documentType223 === 'purchasePlan')).toBe(true);
    const plans = await t.api<{ items: { registration_number: string; item_count: number; year: number }[] }>('GET', '/api/eis/plans', {
      token: client,
    });
    // the fake holds the current year's plan and the 2024 one (beside the fixture uploaded by hand above)
    expect(plans.body.items.slice(0, 2).map((p) => [p.year, p.item_count])).toEqual([
      [year, 8],
      [2024, 3],
    ]);
    const num = plans.body.items[1].registration_number;
    const items = await t.api<{ items: { id: number }[]; total: number }>('GET', `/api/eis/plans/${num}/items?sme_only=true`, {
      token: client,
    });
    expect(items.body.total).toBe(2);
    // beside the Положение in force, a newer draft one with no approved version: the procurement takes the one in force (17, item 4)
    const inForce = (
      await t.server.deps.database.sql.query<{ id: number }>('SELECT id FROM procurement_rules WHERE company_id = $1 AND NOT archived', [
        customerId,
      ])
    ).rows;
    expect(inForce).toHaveLength(1);
    await t.server.deps.database.sql.query(
      `INSERT INTO procurement_rules (company_id, title) VALUES ($1, 'Положение (проект новой редакции)')`,
      [customerId],
    );
    const pr = await t.api<{ id: number; status: string; rule: { id: number } | null }>(
      'POST',
      `/api/eis/plans/${num}/items/${items.body.items[0].id}/procurement`,
      { token: client },
    );
    expect(pr.status, JSON.stringify(pr.body)).toBe(200);
    expect(pr.body.rule?.id).toBe(inForce[0].id);
    expect((await t.api('GET', `/api/eis/plans/${num}/items`, { token: outsider })).status).toBe(404);
    expect((await t.api('POST', `/api/eis/plans/${num}/items/${items.body.items[0].id}/procurement`, { token: outsider })).status).toBe(
      404,
    );
    const ocds = await t.api<{ version: string; releases: { ocid: string; tag: string[] }[] }>('GET', '/api/opendata/ocds.json', {
      token: client,
    });
    expect(ocds.body.version).toBe('1.1');
    expect(ocds.body.releases.some((x) => x.tag.includes('planning'))).toBe(true);
    expect(ocds.body.releases.some((x) => x.tag.includes('contract'))).toBe(true);
    expect(ocds.body.releases.some((x) => x.tag.includes('tender'))).toBe(true);
    expect(ocdsErrors(ocds.body)).toEqual([]);
    // the check itself bites: a broken release is reported
    const broken = structuredClone(ocds.body) as { releases: Record<string, unknown>[] };
    broken.releases[0].tag = ['bogus'];
    delete broken.releases[0].ocid;
    expect(ocdsErrors(broken).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('runs the daily sync for a company with a token: yesterday’s contracts, plans and notices, once a day, shown on the screens', async () => {
    const deps = t.server.deps;
    const schedule = await deps.database.sql.query<{ cron: string; timezone: string }>(
      `SELECT cron, timezone FROM pgboss.schedule WHERE name = $1`,
      [DAILY_SYNC_JOB],
    );
    expect(schedule.rows).toEqual([{ cron: '0 4 * * *', timezone: 'Europe/Moscow' }]);
    // a day of 2024 with a contract of the customer in ЕИС, as if the sync ran the morning after it
    const [{ day }] = (
      await deps.database.sql.query<{ day: string }>(
        `SELECT to_char(contract_date, 'YYYY-MM-DD') AS day FROM contracts WHERE company_id = $1 AND source = 'eis' AND contract_date >= '2024-01-01' ORDER BY contract_date LIMIT 1`,
        [customerId],
      )
    ).rows;
    const morning = nextDay(day);
    const from = eis.soi.requests.length;
    const queued = await runDailySync(deps, morning);
    expect(queued).toHaveLength(1);
    await deps.jobs.idle(PERIOD_IMPORT_JOB, 60_000);
    expect(await runDailySync(deps, morning)).toEqual([]);
    // every kind of document of that one day, with the token of the user who gave it
    const asked = eis.soi.requests.slice(from);
    expect(new Set(asked.map((q) => q.params.exactDate))).toEqual(new Set([day]));
    expect(new Set(asked.map((q) => q.params.subsystemType))).toEqual(new Set(['RD223', 'RPZ223', 'RI223']));
    expect(asked.filter((q) => q.params.subsystemType === 'RI223').length).toBeGreaterThan(1);
    expect(asked.every((q) => q.token === 'company-person-token')).toBe(true);
    const status = await t.api<{ last_sync: Record<string, unknown>; sync_enabled: boolean }>(
      'GET',
      '/api/eis/imports/status?kind=contracts',
      { token: client },
    );
    expect(status.body.sync_enabled).toBe(true);
    expect(status.body.last_sync).toMatchObject({
      key: queued[0],
      origin: 'daily',
      status: 'success',
      date_from: day,
      date_to: day,
      days_done: 1,
      document_types: ['contract', 'purchasePlan', 'purchaseNotice'],
    });
    expect(status.body.last_sync.documents).toBeGreaterThan(0);
    expect(
      (await t.api<{ last_sync: { key: string } }>('GET', '/api/eis/imports/status?kind=plans', { token: client })).body.last_sync.key,
    ).toBe(queued[0]);
  }, 90_000);

  it('imports a period of two document types: each day asks for both and stores them together', async () => {
    const deps = t.server.deps;
    const [{ id: userId }] = (await deps.database.sql.query<{ id: number }>(`SELECT id FROM users WHERE login = 'client'`)).rows;
    const from = eis.soi.requests.length;
    const id = await queuePeriodImport(deps, {
      companyId: customerId,
      userId,
      origin: 'manual',
      types: ['contract', 'purchasePlan'],
      dateFrom: '2023-12-15',
      dateTo: '2024-03-15',
    });
    await deps.jobs.idle(PERIOD_IMPORT_JOB, 60_000);
    const asked = eis.soi.requests.slice(from);
    const byDay = new Map<string, string[]>();
    for (const q of asked) byDay.set(q.params.exactDate!, [...(byDay.get(q.params.exactDate!) ?? []), q.params.documentType223!]);
    expect(byDay.size).toBe(92);
    expect([...byDay.values()].every((types) => types.sort().join() === 'contract,purchasePlan')).toBe(true);
    const [row] = (
      await deps.database.sql.query<{ status: string; documents: number; numbers: string[] }>(
        'SELECT status, documents, numbers FROM eis_imports WHERE id = $1',
        [id],
      )
    ).rows;
    // the 2024 plan went out on 20.12.2023, a contract was concluded on 11.03.2024
    expect(row.status).toBe('success');
    expect(row.numbers).toHaveLength(1);
    const days = (
      await deps.database.sql.query<{ day: string; documents: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, documents FROM eis_import_days WHERE import_id = $1 AND documents > 0 ORDER BY day`,
        [id],
      )
    ).rows;
    expect(days[0]).toEqual({ day: '2023-12-20', documents: 1 });
    expect(days.map((d) => d.day)).toEqual(['2023-12-20', '2024-03-11']);
    expect(days.reduce((a, d) => a + d.documents, 0)).toBe(row.documents);
  }, 90_000);

  it('imports the notices of a period: every 223 notice type ЕИС serves goes to the procurement register', async () => {
    const s = await t.socket('auth', client);
    const ev = nextEvent(s, EVENTS.eisNoticesResponse, () => true, 60_000);
    const from = eis.soi.requests.length;
    const r = await t.call(routes.eis.postNoticesImport, {
      token: client,
      body: { date_from: DEMO_NOTICES_DAY, date_to: DEMO_NOTICES_DAY },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const types = EIS_NOTICE_TYPES.map((x) => x.documentType);
    expect(await ev).toMatchObject({
      key: r.body.key,
      result: 'success',
      date_from: DEMO_NOTICES_DAY,
      date_to: DEMO_NOTICES_DAY,
      created: types.length,
      updated: 0,
    });
    // one request per notice type to the register of notices, purchaseNoticeIS and purchaseNoticeAE94 among them
    const asked = eis.soi.requests.slice(from);
    expect(asked.map((q) => q.params.documentType223).sort()).toEqual([...types].sort());
    expect(
      asked.every((q) => q.params.subsystemType === 'RI223' && q.params.exactDate === DEMO_NOTICES_DAY && q.params.orgRegion === '01'),
    ).toBe(true);
    const numbers = demoNotices(DEMO_CUSTOMER).map((n) => n.registrationNumber);
    const stored = (
      await t.server.deps.database.sql.query<{
        notice_number: string;
        method: string;
        sme_only: boolean;
        nmcd: string;
        published_on: string;
      }>(
        `SELECT notice_number, method, sme_only, nmcd::text, to_char(published_on, 'YYYY-MM-DD') AS published_on FROM procurements WHERE company_id = $1 AND notice_number = ANY($2) ORDER BY notice_number`,
        [customerId, numbers],
      )
    ).rows;
    expect(stored.map((p) => p.notice_number)).toEqual([...numbers].sort());
    const byType = Object.fromEntries(types.map((type, i) => [type, stored.find((p) => p.notice_number === numbers[i])!]));
    expect(Object.fromEntries(Object.entries(byType).map(([type, p]) => [type, p.method]))).toEqual({
      purchaseNotice: 'quotation_e',
      purchaseNoticeIS: 'quotation_e',
      purchaseNoticeAE: 'auction_e',
      purchaseNoticeAE94: 'auction_e',
      purchaseNoticeAESMBO: 'auction_e',
      purchaseNoticeEP: 'single',
      purchaseNoticeOA: 'auction',
      purchaseNoticeOK: 'competition',
      purchaseNoticeKESMBO: 'competition_e',
      purchaseNoticeZK: 'quotation',
      purchaseNoticeZKESMBO: 'quotation_e',
      purchaseNoticeZPESMBO: 'proposal_e',
    });
    expect(types.filter((type) => type.endsWith('SMBO')).every((type) => byType[type].sme_only)).toBe(true);
    expect(stored.every((p) => Number(p.nmcd) === 3077055.86 && p.published_on === DEMO_NOTICES_DAY)).toBe(true);
    const status = await t.api<{ current: Record<string, unknown> }>('GET', '/api/eis/imports/status?kind=notices', { token: client });
    expect(status.body.current).toMatchObject({
      key: r.body.key,
      status: 'success',
      document_types: ['purchaseNotice'],
      documents: types.length,
      created: types.length,
    });
    // again: the same notices are updated, not duplicated
    const ev2 = nextEvent(s, EVENTS.eisNoticesResponse, () => true, 60_000);
    await t.call(routes.eis.postNoticesImport, { token: client, body: { date_from: DEMO_NOTICES_DAY, date_to: DEMO_NOTICES_DAY } });
    expect(await ev2).toMatchObject({ result: 'success', created: 0, updated: types.length });
    expect(
      (
        await t.server.deps.database.sql.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM procurements WHERE company_id = $1 AND notice_number = ANY($2)',
          [customerId, numbers],
        )
      ).rows[0].n,
    ).toBe(types.length);
    // bad periods are refused in Russian, another company's status is out of reach
    const reversed = await t.call(routes.eis.postNoticesImport, {
      token: client,
      body: { date_from: '2024-02-16', date_to: '2024-02-15' },
    });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('Дата начала периода позже даты окончания');
    // an empty period on purpose: the schema's refusal, not a type error
    expect((await t.api('POST', '/api/eis/notices/import', { token: client, body: {} })).status).toBe(400);
    expect((await t.api<{ current: unknown }>('GET', '/api/eis/imports/status?kind=notices', { token: outsider })).body.current).toBeNull();
  }, 90_000);

  it('retries an execution export through an ЕИС outage and logs every attempt', async () => {
    const list = await t.api<{ items: { id: number; registry_number: string }[] }>('GET', '/api/contracts?q=картриджей', { token: client });
    const id = list.body.items[0].id;
    // a payment under the contract: ЕИС takes execution only with something delivered or paid
    await t.server.deps.database.sql.query(
      `INSERT INTO payment_orders (company_id, contract_id, linked_by, kind, number, doc_date, amount) VALUES ($1, $2, 'user', 'Платежное поручение', '1', '2024-03-01', '1000.00')`,
      [customerId, id],
    );
    eis.fail(2, 'error', 503);
    const s = await t.socket('auth', client);
    const pending = nextEvent(s, EVENTS.notificationPerfomanceContractResponse, (p) => p.result === 'pending');
    const done = nextEvent(s, EVENTS.notificationPerfomanceContractResponse, (p) => p.result !== 'pending', 60_000);
    const r = await t.api<{ key: string }>('POST', `/api/contracts/${id}/execution/send`, { token: client });
    expect(r.status).toBe(202);
    expect(await pending).toMatchObject({ key: r.body.key, registration_number: list.body.items[0].registry_number });
    const p = await done;
    expect(p).toMatchObject({ key: r.body.key, result: 'success' });
    expect(p.performance_contract_guid).toBeTruthy();
    expect(p.contract_guid).toBeTruthy();
    expect(p.registration_number).toMatch(/^\d{23}$/);
    const recs = await t.api<{ status: string; attempts: { outcome: string }[] }[]>('GET', `/api/contracts/${id}/execution`, {
      token: client,
    });
    expect(recs.body[0].status).toBe('registered');
    expect(recs.body[0].attempts.map((a) => a.outcome)).toEqual(['failed', 'failed', 'registered']);
  }, 90_000);

  it('an expired token: «Проверить подключение» and an import end with ЕИС’s words, and the screens ask for a new token', async () => {
    const url = `/api/companies/${customerId}/eis_settings`;
    const inn = (await t.api<{ inn: string }>('GET', url, { token: client })).body.inn;
    await t.api('PUT', url, { token: client, body: { inn, token: 'expired-person-token', region_code: '01' } });
    eis.rejectToken('expired-person-token');
    try {
      const check = await t.api<{ ok: boolean; message: string }>('POST', `${url}/check`, { token: client });
      expect(check.body).toEqual({ ok: false, message: 'ЕИС ответила ошибкой 5: Токены отсутствуют' });
      expect((await t.api<{ token_rejected: string | null }>('GET', url, { token: client })).body.token_rejected).toBe(
        'ЕИС ответила ошибкой 5: Токены отсутствуют',
      );

      const s = await t.socket('auth', client);
      // one contract by its number: ЕИС's words, not «Договор не найден»
      const one = nextEvent(s, EVENTS.notificationEisContractsResponse, () => true, 60_000);
      await t.call(routes.eis.postContractsImport, { token: client, body: { eais_registry_number: '52208008370190000010000' } });
      expect(await one).toMatchObject({ result: 'error', error: 'ЕИС ответила ошибкой 5: Токены отсутствуют' });
      const ev = nextEvent(s, EVENTS.notificationEisContractsResponse, () => true, 60_000);
      const from = eis.soi.requests.length;
      const r = await t.call(routes.eis.postContractsImport, {
        token: client,
        body: { date_from: '2024-06-01', date_to: '2024-06-30' },
      });
      expect(await ev).toMatchObject({ key: r.body.key, result: 'error', error: 'ЕИС ответила ошибкой 5: Токены отсутствуют' });
      // at once: the first days in flight, not the month (and no retry of a refusal)
      expect(eis.soi.requests.length - from).toBeLessThanOrEqual(4);
      const status = await t.api<{ current: Record<string, unknown>; token_rejected: string | null }>(
        'GET',
        '/api/eis/imports/status?kind=contracts',
        { token: client },
      );
      expect(status.body.current).toMatchObject({
        key: r.body.key,
        status: 'error',
        days_done: 0,
        message: 'ЕИС ответила ошибкой 5: Токены отсутствуют',
      });
      expect(status.body.token_rejected).toBe('ЕИС ответила ошибкой 5: Токены отсутствуют');
      // another company does not see the mark
      expect(
        (await t.api('GET', '/api/eis/imports/status?kind=contracts', { token: outsider, headers: { 'x-company-id': String(customerId) } }))
          .status,
      ).toBe(404);
    } finally {
      eis.rejectToken('expired-person-token', false);
    }
    // a new token clears the mark
    const saved = await t.api<{ token_rejected: string | null }>('PUT', url, {
      token: client,
      body: { inn, token: 'company-person-token', region_code: '01' },
    });
    expect(saved.body.token_rejected).toBeNull();
    expect(
      (await t.api<{ token_rejected: string | null }>('GET', '/api/eis/imports/status?kind=plans', { token: client })).body.token_rejected,
    ).toBeNull();
  }, 90_000);

  it('a month under ЕИС’s limit of 12 requests a minute: refusals (code 13) waited out, every day stored, success', async () => {
    const deps = t.server.deps;
    eis.limitSoi(12, 3_000);
    try {
      const limited = eis.soi.limited;
      const s = await t.socket('auth', client);
      const ev = nextEvent(s, EVENTS.notificationEisContractsResponse, () => true, 90_000);
      const r = await t.call(routes.eis.postContractsImport, {
        token: client,
        body: { date_from: '2024-03-01', date_to: '2024-03-31' },
      });
      expect(await ev).toMatchObject({ key: r.body.key, result: 'success' });
      expect(eis.soi.limited).toBeGreaterThan(limited);
      const days = (
        await deps.database.sql.query<{ n: number; docs: number }>(
          'SELECT count(*)::int AS n, coalesce(sum(documents), 0)::int AS docs FROM eis_import_days WHERE import_id = $1',
          [r.body.key],
        )
      ).rows[0];
      expect(days.n).toBe(31);
      // every document of the month that ЕИС holds for the customer: the month's contract (11.03.2024) is among them
      expect(days.docs).toBeGreaterThan(0);
      const status = await t.api<{ current: Record<string, unknown> }>('GET', '/api/eis/imports/status?kind=contracts', { token: client });
      expect(status.body.current).toMatchObject({
        key: r.body.key,
        status: 'success',
        days_done: 31,
        days_total: 31,
        documents: days.docs,
      });
      expect(
        (
          await deps.database.sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM contracts WHERE company_id = $1 AND contract_date = '2024-03-11'`,
            [customerId],
          )
        ).rows[0].n,
      ).toBeGreaterThan(0);
    } finally {
      eis.limitSoi(null);
    }
  }, 120_000);

  it('a job out of retries ends its import with the reason and a socket notice; so does one whose job ended outside it', async () => {
    const deps = t.server.deps;
    const s = await t.socket('auth', client);
    // ЕИС unavailable on every try: the job's runs (with pg-boss's back-off) end, and the import with them
    const ev = nextEvent(s, EVENTS.notificationEisContractsResponse, () => true, 90_000);
    eis.fail(100_000, 'error', 503);
    let key: string;
    try {
      key = (
        await t.call(routes.eis.postContractsImport, {
          token: client,
          body: { date_from: '2024-07-01', date_to: '2024-07-05' },
        })
      ).body.key;
      expect(await ev).toMatchObject({ key, result: 'error', error: 'ЕИС ответила ошибкой 503' });
    } finally {
      eis.fail(0);
    }
    const failed = await t.api<{ current: Record<string, unknown> }>('GET', '/api/eis/imports/status?kind=contracts', { token: client });
    expect(failed.body.current).toMatchObject({ key, status: 'error', message: 'ЕИС ответила ошибкой 503' });

    // a job that pg-boss failed outside its handler (expired on its last try): the import does not stay «running».
    // ЕИС holds its answers, so the import is surely mid-call when its job is failed
    const gate = eis.holdSoi();
    try {
      const ended = nextEvent(s, EVENTS.notificationEisContractsResponse, () => true, 60_000);
      const r = await t.call(routes.eis.postContractsImport, {
        token: client,
        body: { date_from: '2024-08-01', date_to: '2024-09-30' },
      });
      await gate.reached;
      await deps.database.sql.query(
        `UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE name = $1 AND data->>'importId' = $2`,
        [PERIOD_IMPORT_JOB, r.body.key],
      );
      const status = await t.api<{ current: Record<string, unknown> }>('GET', '/api/eis/imports/status?kind=contracts', { token: client });
      expect(status.body.current).toMatchObject({ key: r.body.key, status: 'error', message: ABANDONED_IMPORT_MESSAGE });
      expect(await ended).toMatchObject({ key: r.body.key, result: 'error', error: ABANDONED_IMPORT_MESSAGE });
    } finally {
      gate.release();
    }
    await deps.jobs.idle(PERIOD_IMPORT_JOB, 60_000);
  }, 120_000);

  it('«Остановить»: a running import ends as cancelled and stores no further day; only the company may stop it', async () => {
    const deps = t.server.deps;
    // ЕИС holds its answers: the import is surely running, mid-call, when it is stopped
    const gate = eis.holdSoi();
    try {
      const r = await t.call(routes.eis.postContractsImport, {
        token: client,
        body: { date_from: '2023-01-01', date_to: '2023-06-30' },
      });
      await gate.reached;
      expect(
        (await t.api('POST', `/api/eis/imports/${r.body.key}/cancel`, { token: outsider, headers: { 'x-company-id': String(customerId) } }))
          .status,
      ).toBe(404);
      const cancelled = await t.api<{ status: string; days_done: number; days_total: number; message: string }>(
        'POST',
        `/api/eis/imports/${r.body.key}/cancel`,
        { token: client },
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', days_total: 181, message: 'Загрузка остановлена пользователем' });
      expect(cancelled.body.days_done).toBeLessThan(181);
      // ЕИС answers again: what the import was waiting for arrives after the stop and is not stored
      gate.release();
      await deps.jobs.idle(PERIOD_IMPORT_JOB, 60_000);
      const stored = (
        await deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM eis_import_days WHERE import_id = $1', [r.body.key])
      ).rows[0].n;
      expect(stored).toBe(cancelled.body.days_done);
      const again = await t.api<{ message: string }>('POST', `/api/eis/imports/${r.body.key}/cancel`, { token: client });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Загрузка из ЕИС уже завершена');
      const status = await t.api<{ current: Record<string, unknown> }>('GET', '/api/eis/imports/status?kind=contracts', { token: client });
      expect(status.body.current).toMatchObject({ key: r.body.key, status: 'cancelled', days_done: stored });
    } finally {
      gate.release();
    }
  }, 90_000);
});
