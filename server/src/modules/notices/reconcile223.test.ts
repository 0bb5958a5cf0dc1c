import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type EisReconciliation, type ProcurementResponse, type RegisterPage } from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { fixturePath } from '../../formats/fixtures-path';
import { buildPlan } from '../../../test/factories';

/**
 * A 223-ФЗ notice reconciled into its card through the manual upload of ЕИС's files, with ЕИС's real notice export
 * (fixtures/eis223/purchaseNotice_test.xml, version 2): a purchase seen for the first time is made from the notice; a
 * newer version ЕИС publishes for it (a change of the notice, 223-ФЗ art. 4 part 11) is kept beside the card, marked,
 * and changes the card only when the user applies it.
 */
let t: TestServer;
let client: string;
let other: string;
const NUMBER = '31603913641';
const original = fs.readFileSync(fixturePath('eis223', 'purchaseNotice_test.xml'), 'utf8');
const TITLE = 'Лот 93-16-КС (ТЗ) "Высоконапорный водовод тв.р.куст №65- куст  №77"';
/** The same notice as ЕИС's next version: another name, НМЦД and end of applications. */
const changed = original
  .replace('<ns2:version>2</ns2:version>', '<ns2:version>3</ns2:version>')
  .replace(`<ns2:name>${TITLE}</ns2:name>`, '<ns2:name>Высоконапорный водовод куст №65 — куст №77 (изменено)</ns2:name>')
  .replace('<initialSum>3077055.86</initialSum>', '<initialSum>2990000.00</initialSum>')
  .replace('<ns2:submissionCloseDateTime>2016-08-05T18:00:00', '<ns2:submissionCloseDateTime>2016-08-12T18:00:00');

async function upload(token: string, xml: string) {
  const boundary = '----r223' + Math.random().toString(16).slice(2);
  const res = await t.server.app.inject({
    method: 'POST',
    // the fixture is another customer's file: uploaded as the company's own, as a user confirms it
    url: '/api/eis/upload?confirm_customer=true',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notice.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      Buffer.from(xml),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as { procurement_id?: number; message?: string } };
}
const reconciliation = async (id: number) => (await t.api<EisReconciliation>('GET', `/api/procurements/${id}/eis`, { token: client })).body;
const card = async (id: number) => (await t.api<ProcurementResponse>('GET', `/api/procurements/${id}`, { token: client })).body;
const marked = async (token: string) =>
  (await t.api<RegisterPage>('GET', `/api/procurements?q=${NUMBER}`, { token })).body.items.map((i) => [i.id, i.eis_differs]);

beforeAll(async () => {
  t = await startTestServer();
  client = await t.login('client');
  other = await t.login('budget');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

let id = 0;

describe('ЕИС’s 223-ФЗ notice reconciled into the card', () => {
  it('makes a purchase seen for the first time from its notice, with nothing to reconcile', async () => {
    const r = await upload(client, original);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id = r.body.procurement_id!;
    expect(await card(id)).toMatchObject({ title: TITLE, nmcd: '3077055.86', notice_number: NUMBER, application_deadline: '2016-08-05' });
    const rec = await reconciliation(id);
    expect(rec).toMatchObject({ law: '223', notice: { purchase_number: NUMBER }, pending: false });
    expect(rec.facts.find((f) => f.field === 'nmcd')).toMatchObject({
      title: 'НМЦД',
      card: '3077055.86',
      eis: '3077055.86',
      differs: false,
    });
    expect(await marked(client)).toEqual([[id, false]]);
  });

  it('keeps a newer version beside the card, marked, without writing over the card', async () => {
    const s = await t.socket('auth', client);
    const told = nextEvent(s, EVENTS.eisProcurementResponse, (e) => e.procurement_ids.includes(id));
    const r = await upload(client, changed);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.procurement_id).toBe(id);
    await told;
    s.disconnect();
    // the card is as it was
    expect(await card(id)).toMatchObject({ title: TITLE, nmcd: '3077055.86', application_deadline: '2016-08-05' });
    const rec = await reconciliation(id);
    const facts = Object.fromEntries(rec.facts.map((f) => [f.field, f]));
    expect(facts.title).toMatchObject({ card: TITLE, eis: 'Высоконапорный водовод куст №65 — куст №77 (изменено)', differs: true });
    expect(facts.nmcd).toMatchObject({ card: '3077055.86', eis: '2990000.00', differs: true });
    expect(facts.application_deadline).toMatchObject({ card: '2016-08-05', eis: '2016-08-12', differs: true });
    expect(facts.published_on).toMatchObject({ eis: '2016-07-22', differs: false });
    expect(facts.method.differs).toBe(false);
    expect(rec.pending).toBe(true);
    expect(rec.locked_reason).toBeNull();
    expect(await marked(client)).toEqual([[id, true]]);
    // the same version again stores nothing twice
    expect((await upload(client, changed)).status).toBe(200);
    const kept = await t.server.deps.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM eis223_notices WHERE notice_number = $1',
      [NUMBER],
    );
    expect(kept.rows[0].n).toBe(2);
  });

  it('is neither seen nor applied by another company', async () => {
    expect((await t.api('GET', `/api/procurements/${id}/eis`, { token: other })).status).toBe(404);
    const applied = await t.api('POST', `/api/procurements/${id}/eis/apply`, {
      token: other,
      body: { fields: ['title', 'nmcd', 'application_deadline'], status: null },
    });
    expect(applied.status).toBe(404);
    expect(await marked(other)).toEqual([]);
    expect((await card(id)).nmcd).toBe('3077055.86');
  });

  it('applies the differences in one confirmation: the card changes, the mark clears, the trail records it', async () => {
    const rec = await reconciliation(id);
    const fields = rec.facts.filter((f) => f.differs).map((f) => f.field);
    expect(fields.sort()).toEqual(['application_deadline', 'nmcd', 'title']);
    // what the user confirms must be what ЕИС says now
    const stale = await t.api<{ message: string }>('POST', `/api/procurements/${id}/eis/apply`, {
      token: client,
      body: { fields: ['nmcd'], status: null },
    });
    expect(stale.status).toBe(409);
    expect((await card(id)).nmcd).toBe('3077055.86');

    const applied = await t.api<ProcurementResponse>('POST', `/api/procurements/${id}/eis/apply`, {
      token: client,
      body: { fields, status: rec.status.behind ? rec.status.eis : null },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({
      title: 'Высоконапорный водовод куст №65 — куст №77 (изменено)',
      nmcd: '2990000.00',
      application_deadline: '2016-08-12',
      status: 'summing_up',
    });
    expect((await reconciliation(id)).pending).toBe(false);
    expect(await marked(client)).toEqual([[id, false]]);
    const trail = await t.server.deps.database.sql.query<{ after: { nmcd?: string } }>(
      `SELECT after FROM audit_log WHERE entity = 'procurement' AND entity_id = $1 AND action = 'update'`,
      [String(id)],
    );
    expect(trail.rows.map((r) => r.after.nmcd)).toEqual(['2990000.00']);
    // applied once: asked again there is nothing to apply
    expect((await t.api('POST', `/api/procurements/${id}/eis/apply`, { token: client, body: { fields: [], status: null } })).status).toBe(
      409,
    );
  });

  it('follows ЕИС’s contract concluded on the notice: the status moves only when the user applies it', async () => {
    // ЕИС's real daily export of 223-ФЗ contracts, one of them naming this purchase's notice
    const daily = fs
      .readFileSync(fixturePath('eis223', 'contract_Adygeya_Resp_20191217_000000_20191217_235959_daily_001.xml'), 'utf8')
      .replaceAll('<ns2:purchaseNoticeNumber>31908645944<', `<ns2:purchaseNoticeNumber>${NUMBER}<`);
    const r = await upload(client, daily);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rec = await reconciliation(id);
    expect(rec.status).toMatchObject({ card: 'summing_up', eis: 'contract_signed', behind: true });
    expect(rec.pending).toBe(true);
    expect((await card(id)).status).toBe('summing_up');
    const applied = await t.api<ProcurementResponse>('POST', `/api/procurements/${id}/eis/apply`, {
      token: client,
      body: { fields: [], status: 'contract_signed' },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.status).toBe('contract_signed');
    expect((await reconciliation(id)).pending).toBe(false);
  });

  it('ties the notice to the card made from the plan item its lot names, instead of making a second card', async () => {
    const me = (await t.api<{ company_id: number }>('GET', '/api/profile', { token: client })).body;
    const plan = await buildPlan(t, { companyId: me.company_id, items: [{ subject: 'Водовод', nmcd: '3077055.86' }] });
    const items = await t.api<{ items: { id: number; ordinal: number }[] }>('GET', `/api/eis/plans/${plan.registrationNumber}/items`, {
      token: client,
    });
    const made = await t.api<ProcurementResponse>(
      'POST',
      `/api/eis/plans/${plan.registrationNumber}/items/${items.body.items[0].id}/procurement`,
      { token: client },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.notice_number).toBeNull();
    // ЕИС's notice of that purchase: its lot names the plan and the position (lotPlanInfo), under another number
    const planned = original
      .replaceAll(NUMBER, '31603999999')
      .replace('<planRegistrationNumber>2150133389<', `<planRegistrationNumber>${plan.registrationNumber}<`)
      .replace('<positionNumber>429<', '<positionNumber>1<')
      .replace(/<positionGuid>[^<]*<\/positionGuid>/, '');
    const r = await upload(client, planned);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.procurement_id).toBe(made.body.id);
    expect(await card(made.body.id)).toMatchObject({ notice_number: '31603999999', nmcd: '3077055.86', status: 'draft' });
    const rec = await reconciliation(made.body.id);
    expect(rec).toMatchObject({ law: '223', notice: { purchase_number: '31603999999' } });
    expect(rec.facts.find((f) => f.field === 'nmcd')).toMatchObject({ card: '3077055.86', eis: '3077055.86', differs: false });
    expect((await t.api<RegisterPage>('GET', '/api/procurements?q=31603999999', { token: client })).body.items.map((i) => i.id)).toEqual([
      made.body.id,
    ]);
  });
});

describe('a card prepared in the product meets ЕИС’s notice by the number typed into it', () => {
  const TYPED = '31603913642';
  const notice = original.replaceAll(NUMBER, TYPED);
  const own = {
    title: 'Водовод куст №65 — куст №77',
    method: 'competition_e',
    subject: 'works',
    nmcd: '3100000.00',
    published_on: '2016-07-20',
    application_deadline: '2016-08-10',
    rule_id: null,
  };

  it('refuses a number that is not ЕИС’s 11 digits, and one another card carries', async () => {
    const bad = await t.api<{ message: string }>('POST', '/api/procurements', {
      token: client,
      body: { ...own, notice_number: '3160391364' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Номер извещения в ЕИС: 11 цифр');
    const taken = await t.api<{ message: string }>('POST', '/api/procurements', { token: client, body: { ...own, notice_number: NUMBER } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(new RegExp(`^Извещение № ${NUMBER} уже указано в закупке № \\d{4}-\\d{4}$`));
  });

  it('the notice uploaded later joins the card instead of making another, its differences shown', async () => {
    const made = await t.api<ProcurementResponse>('POST', '/api/procurements', { token: client, body: own });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.notice_number).toBeNull();
    const saved = await t.api<ProcurementResponse>('PUT', `/api/procurements/${made.body.id}`, {
      token: client,
      body: { ...own, notice_number: TYPED },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.notice_number).toBe(TYPED);
    // a save whose form does not carry the number keeps it
    const kept = await t.api<ProcurementResponse>('PUT', `/api/procurements/${made.body.id}`, { token: client, body: own });
    expect(kept.body.notice_number).toBe(TYPED);

    const r = await upload(client, notice);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.procurement_id).toBe(made.body.id);
    const facts = Object.fromEntries((await reconciliation(made.body.id)).facts.map((f) => [f.field, f]));
    expect(facts.nmcd).toMatchObject({ card: '3100000.00', eis: '3077055.86', differs: true });
    expect(facts.method.differs).toBe(true);
    expect(facts.application_deadline).toMatchObject({ card: '2016-08-10', eis: '2016-08-05', differs: true });
  });
});
