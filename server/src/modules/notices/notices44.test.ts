import { routes } from '@proc/contract/routes';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, ikzPositionKey, type Notice44Response, type Paged } from '@proc/contract';
import type { TestServer } from '../../../test/harness';
import { startEisWorld, outsider as makeOutsider, importPeriod as importAs, type EisWorld } from '../../../test/eis-world';
import { DEMO_CUSTOMER, DEMO_REG_NUM, TENDER_PLAN_YEAR, type FakeEis } from '../../../../tools/fake-eis/server';
import { ikzOf, demoTenderPlanPositions } from '../../../../tools/fake-eis/tender-plan-samples';
import { purchaseNumberOf } from '../../../../tools/fake-eis/notice44-samples';
import { fixturePath } from '../../formats/fixtures-path';

/**
 * 44-ФЗ notices and final protocols over СОИ (PRIZ) through the integration service and the fake ЕИС: they arrive,
 * are stored once, and meet the план-график position and the law-44 procurement by ИКЗ.
 */
let world: EisWorld;
let t: TestServer;
let eis: FakeEis;
let client: string;
let outsider: string;
const Y = TENDER_PLAN_YEAR;
const PLAN = `${Y}${DEMO_REG_NUM}001`;
const paperIkz = ikzOf(DEMO_CUSTOMER, Y, demoTenderPlanPositions()[0]);
const roofIkz = ikzOf(DEMO_CUSTOMER, Y, demoTenderPlanPositions()[2]);
const AUCTION = purchaseNumberOf(DEMO_REG_NUM, Y, 1);
const CONTEST = purchaseNumberOf(DEMO_REG_NUM, Y, 2);

beforeAll(async () => {
  world = await startEisWorld({ timeoutMs: 2_000 });
  ({ t, eis } = world);
  client = await t.login('client');
  outsider = await makeOutsider(t, 'n44-outsider');
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const importPeriod = (path: string, event: string, body: { date_from: string; date_to: string }) => importAs(t, client, path, event, body);

describe('44-ФЗ notices over СОИ (PRIZ)', () => {
  it('imports the notices and the final protocol of a period once, asking PRIZ with documentType44 for each type', async () => {
    const body = { date_from: `${Y}-02-10`, date_to: `${Y}-03-12` };
    const from = eis.soi.requests.length;
    const done = await importPeriod('/api/eis/notices44/import', EVENTS.eisNoticesResponse, body);
    expect(done).toMatchObject({ created: 3 });
    const asked = eis.soi.requests.slice(from).filter((q) => q.params.subsystemType === 'PRIZ');
    expect(new Set(asked.map((q) => q.params.documentType44))).toEqual(
      new Set([
        'epNotificationEF2020',
        'epNotificationEZK2020',
        'epNotificationEOK2020',
        'epProtocolEF2020Final',
        'epProtocolEZK2020Final',
        'epProtocolEOK2020Final',
      ]),
    );
    expect(asked).toHaveLength(31 * 6);
    expect(asked.every((q) => q.params.documentType223 === null && q.params.orgRegion === DEMO_CUSTOMER.inn.slice(0, 2))).toBe(true);
    const status = await t.call(routes.eis.getImportsStatus, { query: { kind: 'notices44' }, token: client });
    expect(status.body.current).toMatchObject({ status: 'success', days_total: 31, documents: 3, created: 3 });
    expect(status.body.requests_per_day).toBe(6);

    // again: nothing stored twice
    expect(await importPeriod('/api/eis/notices44/import', EVENTS.eisNoticesResponse, body)).toMatchObject({ created: 0 });
    const n = await t.server.deps.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM eis44_notices`);
    expect(n.rows[0].n).toBe(3);

    const list = await t.call(routes.eis.getNotices44, { token: client });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    const [contest, auction] = list.body.items;
    expect(contest).toMatchObject({
      purchase_number: CONTEST,
      document_type: 'epNotificationEOK2020',
      method: 'competition_e',
      ikz: roofIkz,
      max_price: '1200000.00',
      protocol: null,
    });
    expect(auction).toMatchObject({
      purchase_number: AUCTION,
      document_type: 'epNotificationEF2020',
      method: 'auction_e',
      ikz: paperIkz,
      subject: 'Поставка бумаги для офисной техники',
      max_price: '350000.00',
      currency: 'RUB',
      published_at: `${Y}-02-16T10:00:00+03:00`,
      applications_end: `${Y}-02-26T09:00:00+03:00`,
      summarizing_date: `${Y}-03-02`,
      placer_inn: DEMO_CUSTOMER.inn,
      etp_name: 'РТС-тендер',
      protocol: { document_type: 'epProtocolEF2020Final', protocol_date: `${Y}-03-02`, participants: 3, winner_price: '315000.00' },
      // no план-график imported yet: nothing to link to
      tender_position_id: null,
      procurement_id: null,
    });
    expect((await t.call(routes.eis.getNotices44, { query: { ikz: paperIkz }, token: client })).body.total).toBe(1);
    expect((await t.call(routes.eis.getNotices44, { token: outsider })).body.total).toBe(0);
    expect((await t.call(routes.eis.getNotices44, { query: { ikz: '123' }, token: client })).status).toBe(400);
  });

  it('links a план-график position, its notice and the procurement made from it by year, ИКУ and position number', async () => {
    await importPeriod('/api/eis/tender-plans/import', EVENTS.eisTenderPlanResponse, { date_from: `${Y}-02-10`, date_to: `${Y}-02-10` });
    const positions = await t.call(routes.eis.getTenderPlansPositions, { params: { number: PLAN }, query: { limit: '50' }, token: client });
    // the position carries 000 in digits 27–29 and its notice 001, as ЕИС fills them: they link all the same
    const onPosition = (ikz: string) => positions.body.items.find((p) => ikzPositionKey(p.ikz) === ikzPositionKey(ikz))!;
    const paper = onPosition(paperIkz);
    expect(paper.ikz).toBe(`${paperIkz.slice(0, 26)}000${paperIkz.slice(29)}`);
    expect(paper.ikz_findings).toEqual([]);
    expect(paper.notice44).toEqual({
      purchase_number: AUCTION,
      published_at: `${Y}-02-16T10:00:00+03:00`,
      href: expect.stringContaining(AUCTION),
      protocol_date: `${Y}-03-02`,
      winner_price: '315000.00',
    });
    expect(onPosition(roofIkz).notice44).toMatchObject({ purchase_number: CONTEST, winner_price: null });
    // a position without a notice has none
    expect(positions.body.items.filter((p) => p.notice44).length).toBe(2);

    const proc = await t.call(routes.eis.postTenderPlansPositionsProcurement, { params: { id: paper.id }, token: client });
    expect(proc.status).toBe(200);
    // «Создать закупку» gives the purchase the position's ИКЗ with the next free number: the notice's 001
    expect(proc.body.ikz).toBe(paperIkz);
    // the position's ИКЗ finds the purchases placed on it
    expect(
      (await t.api<Paged<Notice44Response>>('GET', `/api/eis/notices44?ikz=${paper.ikz}`, { token: client })).body.items,
    ).toMatchObject([{ purchase_number: AUCTION }]);
    const linked = await t.call(routes.eis.getNotices44, { query: { ikz: paperIkz }, token: client });
    expect(linked.body.items[0]).toMatchObject({ tender_position_id: paper.id, tender_plan_number: PLAN, procurement_id: proc.body.id });
  });

  it('stores an uploaded запрос котировок protocol with every application and the reasons a refused one was refused', async () => {
    const upload = async (name: string, xml: string) => {
      const boundary = `----n44${Date.now()}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/xml\r\n\r\n`,
        ),
        Buffer.from(xml),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      // the fixtures are other customers' files: uploaded as the company's own, as a user confirms them
      const res = await t.server.app.inject({
        method: 'POST',
        url: '/api/eis/upload?confirm_customer=true',
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${client}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const read = (name: string) => readFileSync(fixturePath('eis44', name), 'utf8');
    const NUMBER = '0372200000923000927';
    await upload('notice.xml', read('epNotificationEF2020_portal44.xml'));
    // the protocol put under the notice's purchase, as the fixtures' EF pair is
    await upload('protocol.xml', read('epProtocolEZK2020Final_built.xml').replace('0372200280323000041', NUMBER));
    const list = await t.call(routes.eis.getNotices44, { query: { q: NUMBER }, token: client });
    expect(list.body.total).toBe(1);
    const p = list.body.items[0].protocol!;
    expect(p).toMatchObject({
      document_type: 'epProtocolEZK2020Final',
      doc_number: 'ИЗК1',
      participants: 3,
      winner_app_number: '112038040',
      winner_price: '148500.00',
      abandoned_reason: null,
    });
    // the admitted ones by their places, then the refused one with the commission's reason
    expect(p.applications).toEqual([
      { app_number: '112038040', app_date: '2022-06-06T19:54:02+03:00', price: '148500.00', rating: 1, admitted: true, reject_reasons: [] },
      { app_number: '112016964', app_date: '2022-06-04T12:44:17+03:00', price: '151200.50', rating: 2, admitted: true, reject_reasons: [] },
      {
        app_number: '112031446',
        app_date: '2022-06-06T15:28:40+03:00',
        price: '139990.00',
        rating: null,
        admitted: false,
        reject_reasons: [
          {
            code: '21',
            name: 'Непредставление информации и документов, предусмотренных извещением об осуществлении закупки',
            explanation: 'В заявке нет информации о стране происхождения товара',
          },
        ],
      },
    ]);
    // the same protocol again stores nothing twice
    await upload('protocol.xml', read('epProtocolEZK2020Final_built.xml').replace('0372200280323000041', NUMBER));
    const n = await t.server.deps.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM eis44_protocol_applications a JOIN eis44_notices p ON p.id = a.protocol_id WHERE p.purchase_number = $1`,
      [NUMBER],
    );
    expect(n.rows[0].n).toBe(3);
  });
});
