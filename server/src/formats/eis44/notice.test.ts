import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures-path';
import { parseEisFile } from '../eis223/parse';
import { parseEis44Purchase } from './notice';

const read = (name: string) => readFileSync(fixturePath('eis44', name));

describe('44-ФЗ notices and final protocols', () => {
  it('reads an электронный аукцион notice: number, ИКЗ, the plan position, НМЦК, dates, placer, ЕТП', () => {
    const n = parseEis44Purchase(read('epNotificationEF2020_portal44.xml'));
    expect(n).toMatchObject({
      kind: 'notice',
      documentType: 'epNotificationEF2020',
      id: '31560925',
      purchaseNumber: '0372200000923000927',
      versionNumber: 1,
      publishedAt: '2023-04-24T11:30:17.086+03:00',
      placingWay: { code: 'EAP20', name: 'Электронный аукцион' },
      etp: { code: 'ETP_RTS', name: 'РТС-тендер', url: 'http://www.rts-tender.ru' },
      object: 'Проведение обязательного психиатрического освидетельствования работников',
      placer: { regNum: '03722000009', inn: '7813045709', role: 'CU' },
      maxPrice: '1379400',
      currency: 'RUB',
      applicationsStart: '2023-02-09T11:30:17+03:00',
      applicationsEnd: '2023-05-10T00:00:00+03:00',
      summarizingDate: '2023-05-11',
    });
    expect(n.kind === 'notice' && n.lots).toEqual([
      {
        ikz: '232781304570978130100100120012120244',
        planPositionNumber: '202303722000009001000014',
        customer: {
          regNum: '03722000009',
          inn: null,
          fullName: 'САНКТ-ПЕТЕРБУРГСКОЕ ГОСУДАРСТВЕННОЕ БЮДЖЕТНОЕ УЧРЕЖДЕНИЕ ЗДРАВООХРАНЕНИЯ "ГОРОДСКАЯ КЛИНИЧЕСКАЯ БОЛЬНИЦА № 31"',
        },
        maxPrice: '1379400',
        // the customer's ИКУ (IKZInfo/customerCode: level, ИНН, КПП) and its finance by year
        iku: '27813045709781301001',
        finance: { year: 2023, total: '1379400', currentYear: '1379400', firstYear: '0', secondYear: '0', subsecYears: '0' },
      },
    ]);
    // a drug purchase: the МНН, its quantity and price per unit
    expect(n.kind === 'notice' && n.objects).toEqual([
      { name: 'ЭЛОТУЗУМАБ', okpd2: null, ktru: null, okei: 'мг', quantity: '14000', price: '10000.00000000000', sum: '0' },
    ]);
  });

  it('reads an открытый конкурс notice’s objects (ОКПД2, quantity, price, sum)', () => {
    const n = parseEis44Purchase(readFileSync(fixturePath('eis44', 'epNotificationEOK2020_portal44.xml')));
    expect(n.kind === 'notice' && n.objects).toEqual([
      {
        name: 'Услуги по водоотведению; шлам сточных вод',
        okpd2: '37.00',
        ktru: null,
        okei: 'УСЛ ЕД',
        quantity: '10',
        price: '1000.00',
        sum: '10000.00',
      },
    ]);
    expect(n.kind === 'notice' && n.lots[0].finance).toMatchObject({ year: 2023, currentYear: '10000.00' });
  });

  it('reads an открытый конкурс notice the same way', () => {
    const n = parseEis44Purchase(read('epNotificationEOK2020_portal44.xml'));
    expect(n).toMatchObject({
      kind: 'notice',
      documentType: 'epNotificationEOK2020',
      purchaseNumber: '2200440003322001100',
      placingWay: { code: 'OKP20' },
      etp: { code: 'ETP_EETP' },
      placer: { inn: '7808043833' },
      maxPrice: '10000.00',
      summarizingDate: '2023-12-07',
      lots: [{ ikz: '232780804383378410100100870073700612', planPositionNumber: '202309988000077006600055', maxPrice: '10000.00' }],
    });
  });

  it('reads the final protocol: its date, every application and the winner rated first', () => {
    const p = parseEis44Purchase(read('epProtocolEF2020Final_portal44.xml'));
    expect(p).toMatchObject({
      kind: 'protocol',
      documentType: 'epProtocolEF2020Final',
      purchaseNumber: '0372200000923000927',
      docNumber: 'ИЭА1',
      publishedAt: '2023-04-13T15:47:00+03:00',
      protocolDate: '2023-04-13',
      publisher: { regNum: '03722002803', inn: '7813498113' },
      winner: { appNumber: '112038040', price: '1526758.74', rating: 1, admitted: true },
    });
    expect(p.kind === 'protocol' && p.applications.map((a) => [a.appNumber, a.price, a.rating])).toEqual([
      ['112038040', '1526758.74', 1],
      ['112016964', '1534430.9', 2],
      ['112031446', '1534430.9', 3],
    ]);
    expect(p.kind === 'protocol' && p.applications[0]).toEqual({
      appNumber: '112038040',
      appDate: '2022-06-06T19:54:02+03:00',
      price: '1526758.74',
      rating: 1,
      admitted: true,
      rejectReasons: [],
    });
    expect(p.kind === 'protocol' && p.abandonedReason).toBeNull();
  });

  it('reads a запрос котировок final protocol: the refused application with its reason, the winner among the admitted', () => {
    const p = parseEis44Purchase(read('epProtocolEZK2020Final_built.xml'));
    expect(p).toMatchObject({
      kind: 'protocol',
      documentType: 'epProtocolEZK2020Final',
      purchaseNumber: '0372200280323000041',
      docNumber: 'ИЗК1',
      protocolDate: '2023-04-13',
      publishedAt: '2023-04-13T15:47:00+03:00',
      // the lowest price was refused: the winner is the admitted application rated first
      winner: { appNumber: '112038040', price: '148500.00', rating: 1, admitted: true },
      abandonedReason: null,
    });
    expect(p.kind === 'protocol' && p.applications.map((a) => [a.appNumber, a.price, a.rating, a.admitted])).toEqual([
      ['112038040', '148500.00', 1, true],
      ['112016964', '151200.50', 2, true],
      ['112031446', '139990', null, false],
    ]);
    expect(p.kind === 'protocol' && p.applications[2].rejectReasons).toEqual([
      {
        code: '21',
        name: 'Непредставление информации и документов, предусмотренных извещением об осуществлении закупки',
        explanation: 'В заявке нет информации о стране происхождения товара',
      },
    ]);
  });

  it('reads a конкурс final protocol whose single admitted application carries its price inside', () => {
    const p = parseEis44Purchase(read('epProtocolEOK2020Final_portal44.xml'));
    expect(p).toMatchObject({
      kind: 'protocol',
      documentType: 'epProtocolEOK2020Final',
      purchaseNumber: '0172200004924000287',
      docNumber: 'ИЭОК1',
      publishedAt: '2024-08-22T13:38:12+03:00',
      protocolDate: '2024-08-22',
      winner: { appNumber: '1', appDate: '2024-08-21T15:26:15+03:00', price: '13429771.95', rating: 1, admitted: true },
    });
    expect(p.kind === 'protocol' && p.applications).toHaveLength(1);
  });

  it('comes through the common ЕИС parser as its own kind', () => {
    const f = parseEisFile(read('epNotificationEF2020_portal44.xml'));
    expect(f.kind).toBe('purchase44');
    expect(f.kind === 'purchase44' && f.purchase.purchaseNumber).toBe('0372200000923000927');
  });

  it('says in Russian what is wrong', () => {
    expect(() => parseEis44Purchase(Buffer.from('<export><contract/></export>'))).toThrow(
      /не является извещением или протоколом ЕИС 44-ФЗ/,
    );
    const broken = readFileSync(fixturePath('eis44', 'epNotificationEF2020_portal44.xml'), 'utf8').replace(
      '<ns9:maxPrice>1379400</ns9:maxPrice>',
      '<ns9:maxPrice>много</ns9:maxPrice>',
    );
    expect(() => parseEis44Purchase(Buffer.from(broken))).toThrow(/maxPrice/);
  });
});
