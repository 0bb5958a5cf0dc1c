import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures-path';
import { parseEisPlan } from './parse';

const planXml = (): Buffer => fs.readFileSync(fixturePath('eis223', 'purchasePlan_test.xml'));
let parsed: ReturnType<typeof parseEisPlan>;

describe('ЕИС procurement plan', () => {
  beforeAll(() => {
    // the parse time of this 1.7 MB plan is a benchmark's figure (bench/parse-formats.ts), not a test's
    parsed = parseEisPlan(planXml());
  });

  it('reads the plan header', () => {
    const { packet, plan } = parsed;
    expect(packet.schemaVersion).toBe('TFF-9.3');
    expect(plan).toMatchObject({
      guid: '6b46be5d-133d-42e6-b163-f86b70f63f67',
      registrationNumber: '2180316803',
      version: 63,
      // TFF-9.3 exports carry a status per item, not for the plan.
      status: null,
      planType: 'COMMODITY',
      year: 2019,
      startDate: '2019-01-01',
      endDate: '2019-12-31',
      approveDate: '2019-12-30',
      createDateTime: '2019-12-30T21:21:16+03:00',
      publicationDateTime: '2019-12-30T21:23:10+03:00',
      customer: { inn: '7710043065', kpp: '770401001', name: 'АКЦИОНЕРНОЕ ОБЩЕСТВО "МОСКАПСТРОЙ"' },
    });
  });

  it('merges the items ЕИС repeats under purchasePlanItemsSMB and marks them SME-only', () => {
    const { items } = parsed.plan;
    // 209 items in purchasePlanItems; the 20 under purchasePlanItemsSMB are repeats of some of them.
    expect(items).toHaveLength(209);
    expect(new Set(items.map((i) => i.guid)).size).toBe(209);
    expect(items.filter((i) => i.smeOnly)).toHaveLength(20);
    expect(items.find((i) => i.guid === '0edbb9f0-5be2-478f-a971-9b78878a40d0')?.smeOnly).toBe(true);
    expect(items.find((i) => i.guid === '009d73ba-73aa-4911-a00f-d12c8cd832b3')?.smeOnly).toBe(false);
    expect(items.reduce((n, i) => n + i.rows.length, 0)).toBeGreaterThan(209);
  });

  it('reads an item with its classifier rows, region, НМЦД and planned month', () => {
    const first = parsed.plan.items[0];
    expect(first).toEqual({
      guid: '0edbb9f0-5be2-478f-a971-9b78878a40d0',
      ordinal: 1,
      subject: 'Поставка питьевой воды',
      status: 'P',
      okpd2: { code: '11.07.11.121', name: 'Воды питьевые негазированные, расфасованные в емкости' },
      okved2: {
        code: '11.07',
        name: 'Производство безалкогольных напитков; производство минеральных вод и прочих питьевых вод в бутылках',
      },
      okei: { code: '796', name: 'Штука' },
      quantity: '1200',
      rows: [
        {
          guid: '78d4d8bf-4071-4b02-9c45-e635b9a96882',
          ordinal: 1,
          okpd2: { code: '11.07.11.121', name: 'Воды питьевые негазированные, расфасованные в емкости' },
          okved2: {
            code: '11.07',
            name: 'Производство безалкогольных напитков; производство минеральных вод и прочих питьевых вод в бутылках',
          },
          okei: { code: '796', name: 'Штука' },
          quantity: '1200',
          okato: null,
          region: null,
          quantityUndeterminable: false,
        },
      ],
      okato: '45000000000',
      region: 'Москва',
      nmcd: '290000.00',
      nmcdRub: null,
      currency: { code: 'RUB', digitalCode: '643', name: 'Российский рубль' },
      plannedMonth: '2019-01',
      plannedYear: 2019,
      plannedDate: null,
      methodCode: '3363',
      methodName: 'Закупка у единственного поставщика (подрядчика, исполнителя) (до 01.07.18)',
      electronic: false,
      smeOnly: true,
      innovation: false,
      longTerm: false,
      contractEndDate: '2019-12-01',
    });
  });

  it('takes the planned month from purchasePlannedDate when the plan gives an exact date', () => {
    const item = parsed.plan.items.find((i) => i.ordinal === 43);
    expect(item).toMatchObject({
      subject: 'Закупка малого объема (до 500 тыс. рублей)',
      plannedDate: '2019-01-01',
      plannedMonth: '2019-01',
      nmcd: '3000000.00',
      okei: null,
      quantity: null,
    });
    expect(item?.rows[0]).toMatchObject({ okpd2: { code: '01' }, quantityUndeterminable: true });
  });
});

describe('ЕИС plans we generate', () => {
  const plan = (items: string): Buffer =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<p:purchasePlan xmlns="http://zakupki.gov.ru/223fz/types/1" xmlns:p="http://zakupki.gov.ru/223fz/purchasePlan/1">
  <header><guid>00000000-0000-0000-0000-000000000001</guid><createDateTime>2025-01-10T10:00:00+03:00</createDateTime></header>
  <p:body><p:item><guid>00000000-0000-0000-0000-000000000002</guid><p:purchasePlanData>
    <p:guid>00000000-0000-0000-0000-000000000003</p:guid>
    <p:customer><mainInfo><fullName>ГУП "Вода"</fullName><inn>0012345678</inn><kpp>001201001</kpp></mainInfo></p:customer>
    <p:planType>INNOVATION</p:planType>
    ${items}
    <p:createDateTime>2025-01-10T09:00:00</p:createDateTime>
    <p:registrationNumber>2250000001</p:registrationNumber>
    <p:startDate>2025-01-01</p:startDate><p:endDate>2031-12-31</p:endDate><p:approveDate>2025-01-09</p:approveDate>
    <p:status>P</p:status><p:version>1</p:version>
  </p:purchasePlanData></p:item></p:body>
</p:purchasePlan>`);

  const innovationItem = (guid: string, ordinal: number): string => `
    <p:innovationPlanItem>
      <p:guid>${guid}</p:guid><p:ordinalNumber>${ordinal}</p:ordinalNumber><p:contractSubject>Датчики</p:contractSubject>
      <p:planItemCustomer><mainInfo><inn>0012345678</inn></mainInfo></p:planItemCustomer>
      <p:contractEndDate>2027-06-30</p:contractEndDate>
      <p:maximumContractPrice>99999999999.99</p:maximumContractPrice>
      <p:currency><code>EUR</code><digitalCode>978</digitalCode></p:currency>
      <p:maximumContractPriceRub>10000000000000.00</p:maximumContractPriceRub>
      <p:purchasePeriodYear>2026</p:purchasePeriodYear>
      <p:innovationPlanDataItemRows><p:innovationPlanRowItem><p:ordinalNumber>1</p:ordinalNumber>
        <p:okpd2><code>26.51</code><name>Приборы</name></p:okpd2><p:okved2><code>26.51</code><name>Производство</name></p:okved2>
      </p:innovationPlanRowItem></p:innovationPlanDataItemRows>
    </p:innovationPlanItem>`;

  it('reads the innovative-products plan, including items listed only under the SMB list', () => {
    const { plan: p } = parseEisPlan(
      plan(`<p:innovationPlanItems>${innovationItem('00000000-0000-0000-0000-0000000000a1', 1)}</p:innovationPlanItems>
            <p:innovationPlanItemsSMB>${innovationItem('00000000-0000-0000-0000-0000000000a2', 2)}</p:innovationPlanItemsSMB>`),
    );
    expect(p).toMatchObject({ planType: 'INNOVATION', status: 'P', year: 2025, registrationNumber: '2250000001' });
    expect(p.customer?.inn).toBe('0012345678');
    expect(p.items.map((i) => [i.ordinal, i.innovation, i.smeOnly, i.plannedYear, i.plannedMonth, i.nmcd, i.currency?.code])).toEqual([
      [1, true, false, 2026, null, '99999999999.99', 'EUR'],
      [2, true, true, 2026, null, '99999999999.99', 'EUR'],
    ]);
    expect(p.items[0].nmcdRub).toBe('10000000000000.00');
    expect(p.items[0].okpd2).toEqual({ code: '26.51', name: 'Приборы' });
  });

  it('refuses a planned month outside 1–12', () => {
    const item = `<p:purchasePlanItems><p:purchasePlanItem><p:guid>00000000-0000-0000-0000-0000000000b1</p:guid>
      <p:ordinalNumber>1</p:ordinalNumber><p:purchasePeriodYear>2025</p:purchasePeriodYear><p:purchasePeriodMonth>13</p:purchasePeriodMonth>
      </p:purchasePlanItem></p:purchasePlanItems>`;
    expect(() => parseEisPlan(plan(item))).toThrow('Поле «purchasePeriodMonth» содержит некорректный месяц «13»');
  });

  it('reads an empty plan', () => {
    expect(parseEisPlan(plan('')).plan.items).toEqual([]);
  });
});
