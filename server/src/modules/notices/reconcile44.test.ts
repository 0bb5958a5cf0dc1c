import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENTS,
  type EisReconciliation,
  type Notice44Response,
  type Paged,
  type ProcurementResponse,
  type RegisterPage,
  type StatusHistoryItem,
  type TenderPlanPositionsResponse,
} from '@proc/contract';
import { nextEvent, type TestServer } from '../../../test/harness';
import { startEisWorld, importPeriod as importAs, type EisWorld } from '../../../test/eis-world';
import { DEMO_44_CUSTOMER, DEMO_44_REG_NUM, TENDER_PLAN_YEAR, type FakeEis } from '../../../../tools/fake-eis/server';
import { centralisedNotice44, protocol44Of, purchaseNumberOf, type Spec } from '../../../../tools/fake-eis/notice44-samples';
import { demoTenderPlanPositions, ikuOf, ikzOf } from '../../../../tools/fake-eis/tender-plan-samples';
import { fixturePath } from '../../formats/fixtures-path';

/**
 * ЕИС's facts reconciled into the card, over the fake ЕИС with ЕИС's own formats: a purchase placed by an
 * authorised body for the budget institution (a real EF2020 package with the body as placer, the customer only in its
 * lot), the card made from its план-график position, the differences flagged and applied in one confirmation, and the
 * final protocol and the contract moving the card's status.
 */
let world: EisWorld;
let t: TestServer;
let eis: FakeEis;
let budget: string;
const Y = TENDER_PLAN_YEAR;
const FOOD = demoTenderPlanPositions().find((p) => p.n === 4)!;
const NUMBER = purchaseNumberOf('20763000999', Y, 7);
const spec: Spec = {
  c: DEMO_44_CUSTOMER,
  regNum: DEMO_44_REG_NUM,
  year: Y,
  position: FOOD.n,
  purchaseNumber: NUMBER,
  maxPrice: '900000.00',
  publish: `${Y}-04-01T10:00:00+03:00`,
  end: `${Y}-04-10T09:00:00+03:00`,
  summarizing: `${Y}-04-14`,
};
// the region's authorised body: same region as the customer (ЕИС answers by region), another organisation
const BODY = {
  regNum: '20763000999',
  inn: '0105099990',
  kpp: '010501001',
  name: 'Комитет Республики Адыгея по закупкам',
  role: 'RA' as const,
};

beforeAll(async () => {
  world = await startEisWorld({ timeoutMs: 2_000 });
  ({ t, eis } = world);
  budget = await t.login('budget');
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const importPeriod = (path: string, event: string, day: string) => importAs(t, budget, path, event, { date_from: day, date_to: day });
const reconciliation = async (id: number) => (await t.api<EisReconciliation>('GET', `/api/procurements/${id}/eis`, { token: budget })).body;

let cardId = 0;

describe('ЕИС’s facts reconciled into a 44-ФЗ card', () => {
  it('brings a purchase placed by an authorised body to the customer it names, and links it to the card made from its position', async () => {
    const notice = centralisedNotice44(spec, BODY);
    // the body is the placer: its ИНН is not the customer's, and the lot names the customer without an ИНН
    expect(notice.xml).toContain(`<ns9:INN>${BODY.inn}</ns9:INN>`);
    expect(notice.xml).toContain(`<ns9:customerCode>${ikuOf(DEMO_44_CUSTOMER)}</ns9:customerCode>`);
    eis.publish({ xml: notice.xml, documentType: notice.documentType, customerInn: BODY.inn, contracts: [], day: notice.day });
    const done = await importPeriod('/api/eis/notices44/import', EVENTS.eisNoticesResponse, notice.day);
    expect(done, JSON.stringify(done)).toMatchObject({ result: 'success', created: 1 });
    const found = await t.api<Paged<Notice44Response>>('GET', `/api/eis/notices44?q=${NUMBER}`, { token: budget });
    expect(found.body.items).toMatchObject([{ purchase_number: NUMBER, placer_inn: BODY.inn, max_price: '900000.00' }]);

    // «Создать закупку» from the position: the position's ИКЗ (000) with the purchase's number, the notice's 001
    const positions = await t.api<TenderPlanPositionsResponse>(
      'GET',
      `/api/eis/tender-plans/${Y}${DEMO_44_REG_NUM}001/positions?limit=50`,
      {
        token: budget,
      },
    );
    const pos = positions.body.items.find((p) => p.position_number.endsWith('000004'))!;
    expect(pos.ikz!.slice(26, 29)).toBe('000');
    expect(pos.notice44).toMatchObject({ purchase_number: NUMBER });
    const card = await t.api<ProcurementResponse>('POST', `/api/eis/tender-plans/positions/${pos.id}/procurement`, { token: budget });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.ikz).toBe(ikzOf(DEMO_44_CUSTOMER, Y, FOOD));
    cardId = card.body.id;
  });

  it('flags what the notice says otherwise than the card, and applies it in one confirmation', async () => {
    const rec = await reconciliation(cardId);
    expect(rec.notice).toMatchObject({ purchase_number: NUMBER, placer_name: BODY.name });
    const facts = Object.fromEntries(rec.facts.map((f) => [f.field, f]));
    expect(facts.nmcd).toMatchObject({ card: expect.not.stringMatching(/^900000\.00$/), eis: '900000.00', differs: true });
    expect(facts.method).toMatchObject({ card: 'auction_e', eis: 'auction_e', differs: false });
    expect(facts.published_on).toMatchObject({ card: null, eis: `${Y}-04-01`, differs: true });
    expect(facts.application_deadline).toMatchObject({ eis: `${Y}-04-10`, differs: true });
    expect(facts.summing_up_on).toMatchObject({ eis: `${Y}-04-14`, differs: true });
    // applications closed on 10 April: ЕИС has the purchase summing up, the card is a draft
    expect(rec.status).toMatchObject({ card: 'draft', eis: 'summing_up', behind: true });
    expect(rec.pending).toBe(true);
    // the register finds the card by its ЕИС notice number, and marks it
    const register = await t.api<RegisterPage>('GET', `/api/procurements?q=${NUMBER}`, { token: budget });
    expect(register.body.items.map((i) => [i.id, i.eis_differs])).toEqual([[cardId, true]]);

    // what the user confirms must be what ЕИС says now
    const stale = await t.api<{ message: string }>('POST', `/api/procurements/${cardId}/eis/apply`, {
      token: budget,
      body: { fields: ['nmcd'], status: 'summing_up' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Сведения ЕИС изменились/);

    const s = await t.socket('auth', budget);
    const told = nextEvent(s, EVENTS.eisProcurementResponse, (e) => e.procurement_ids.includes(cardId));
    const fields = rec.facts.filter((f) => f.differs).map((f) => f.field);
    const applied = await t.api<ProcurementResponse>('POST', `/api/procurements/${cardId}/eis/apply`, {
      token: budget,
      body: { fields, status: 'summing_up' },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({
      nmcd: '900000.00',
      published_on: `${Y}-04-01`,
      application_deadline: `${Y}-04-10`,
      summing_up_on: `${Y}-04-14`,
      status: 'summing_up',
    });
    await told;
    s.disconnect();
    // each step the transition rules allow, recorded with where it came from
    const history = await t.api<StatusHistoryItem[]>('GET', `/api/procurements/${cardId}/history`, { token: budget });
    expect(history.body.map((h) => h.to_status)).toEqual(['draft', 'docs_ready', 'published', 'accepting', 'summing_up']);
    expect(history.body.slice(1).every((h) => h.comment === `По данным ЕИС: извещение № ${NUMBER}`)).toBe(true);
    expect((await reconciliation(cardId)).pending).toBe(false);
    expect((await t.api<RegisterPage>('GET', `/api/procurements?q=${NUMBER}`, { token: budget })).body.items[0].eis_differs).toBe(false);
    // applied once: asked again there is nothing to apply
    const again = await t.api('POST', `/api/procurements/${cardId}/eis/apply`, { token: budget, body: { fields: [], status: null } });
    expect(again.status).toBe(409);
  });

  it('moves the card with the final protocol, then with the contract', async () => {
    const protocol = protocol44Of(spec, `${Y}-04-14`, '810000.00', ['820000.00', '845000.00']);
    eis.publish({ xml: protocol.xml, documentType: protocol.documentType, customerInn: BODY.inn, contracts: [], day: protocol.day });
    await importPeriod('/api/eis/notices44/import', EVENTS.eisNoticesResponse, protocol.day);
    const withProtocol = await reconciliation(cardId);
    expect(withProtocol.protocol).toMatchObject({ winner_price: '810000.00' });
    // the card is summing up already: the protocol agrees with it
    expect(withProtocol.status).toMatchObject({ eis: 'summing_up', behind: false });

    // the contract concluded on the purchase: a 44-ФЗ contract of ЕИС's register naming its ИКЗ and notice
    const contract = readFileSync(fixturePath('eis44', 'contract_portal44.xml'), 'utf8')
      .replace('<inn>7709330442</inn>', `<inn>${DEMO_44_CUSTOMER.inn}</inn>`)
      .replace('<kpp>770901001</kpp>', `<kpp>${DEMO_44_CUSTOMER.kpp}</kpp>`)
      .replace(/<purchaseCode>\d{36}<\/purchaseCode>/, `<purchaseCode>${ikzOf(DEMO_44_CUSTOMER, Y, FOOD)}</purchaseCode>`)
      .replace(/<notificationNumber>\d{19}<\/notificationNumber>/, `<notificationNumber>${NUMBER}</notificationNumber>`);
    const boundary = `----r44${Date.now()}`;
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/eis/upload',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contract.xml"\r\nContent-Type: application/xml\r\n\r\n`,
        ),
        Buffer.from(contract),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${budget}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const withContract = await reconciliation(cardId);
    expect(withContract.contract).toMatchObject({ registry_number: '2770933044223000024' });
    expect(withContract.status).toMatchObject({ card: 'summing_up', eis: 'contract_signed', behind: true });
    const applied = await t.api<ProcurementResponse>('POST', `/api/procurements/${cardId}/eis/apply`, {
      token: budget,
      body: { fields: [], status: 'contract_signed' },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.status).toBe('contract_signed');
  });

  it('flags the demo’s paper card against the auction ЕИС placed for it, and applies it', async () => {
    const AUCTION = purchaseNumberOf(DEMO_44_REG_NUM, Y, 1);
    await importAs(t, budget, '/api/eis/notices44/import', EVENTS.eisNoticesResponse, { date_from: `${Y}-02-16`, date_to: `${Y}-03-02` });
    const found = await t.api<RegisterPage>('GET', `/api/procurements?q=${AUCTION}`, { token: budget });
    expect(found.body.items).toHaveLength(1);
    expect(found.body.items[0].eis_differs).toBe(true);
    const id = found.body.items[0].id;
    const rec = await reconciliation(id);
    expect(rec.facts.find((f) => f.field === 'nmcd')).toMatchObject({ eis: '350000.00', differs: true });
    const applied = await t.api<ProcurementResponse>('POST', `/api/procurements/${id}/eis/apply`, {
      token: budget,
      body: { fields: rec.facts.filter((f) => f.differs).map((f) => f.field), status: rec.status.behind ? rec.status.eis : null },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await reconciliation(id)).pending).toBe(false);
    const after = await t.api<RegisterPage>('GET', `/api/procurements?q=${AUCTION}`, { token: budget });
    expect(after.body.items[0].eis_differs).toBe(false);
  });

  it('keeps another customer’s centralised purchase out', async () => {
    const other = centralisedNotice44(
      {
        ...spec,
        c: { ...DEMO_44_CUSTOMER, kpp: '010502001' },
        purchaseNumber: purchaseNumberOf('20763000999', Y, 8),
        publish: `${Y}-04-02T10:00:00+03:00`,
      },
      BODY,
    );
    eis.publish({ xml: other.xml, documentType: other.documentType, customerInn: BODY.inn, contracts: [], day: other.day });
    const done = await importPeriod('/api/eis/notices44/import', EVENTS.eisNoticesResponse, other.day);
    // the same ИНН under another КПП is another organisation: nothing of it is the institution's
    expect(done).toMatchObject({ result: 'success', created: 0 });
  });
});
