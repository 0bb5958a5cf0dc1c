import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures-path';
import { parseEisPerformance } from './parse';

const read = (name: string): Buffer => fs.readFileSync(fixturePath('eis223', name));

describe('ЕИС execution records (performanceContract)', () => {
  it('reads contractCompleting_test.xml (TFF-7.5, payment inline on the stage)', () => {
    const file = parseEisPerformance(read('contractCompleting_test.xml'));
    expect(file.packet.schemaVersion).toBe('TFF-7.5');
    expect(file.performances).toHaveLength(1);
    const p = file.performances[0];
    expect(p).toMatchObject({
      guid: '58186ba3-ee3f-424e-a604-57061e26ab86',
      registrationNumber: '80105015580170000110003',
      contractRegistrationNumber: '80105015580170000110000',
      version: 1,
      status: 'P',
      createDateTime: '2017-06-30T13:16:26+03:00',
      publicationDate: '2018-01-18T15:29:30+03:00',
      completed: true,
      hasPenalty: false,
      customer: { inn: '0105015580', kpp: '010501001', ogrn: '1020100694701', shortName: 'ФБУ "АДЫГЕЙСКИЙ ЦСМ"' },
      contract: {
        guid: 'cbadc360-1ad0-4beb-a87e-9c8502010fc9',
        number: '155-Т',
        customerName: 'ФБУ "АДЫГЕЙСКИЙ ЦСМ"',
        supplierName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "КУБАНЬ-СЕРВИС"',
        subject: 'Поставка ГСМ на 3 кв.2017 г.',
        contractDate: '2017-06-29',
      },
      total: '264204.07',
    });
    expect(p.urlEis).toBe('https://zakupki.gov.ru/223/contract/private/completing/info/view.html?id=4512421');
    expect(p.stages).toEqual([
      {
        ordinal: 1,
        payments: [
          {
            ordinal: 1,
            date: '2017-09-30',
            amount: '264204.07',
            currency: { code: 'RUB', digitalCode: '643', name: 'Российский рубль' },
            rubAmount: '264204.07',
            prepaid: false,
          },
        ],
        documents: [
          {
            ordinal: 1,
            date: '2017-09-30',
            code: '01',
            name: 'товарная накладная',
            number: '71169',
            contractPosition: {
              guid: 'bb417fd7-93b1-4f03-a788-a67bb329b089',
              name: 'Услуги по оптовой торговле твердым, жидким и газообразным топливом и связанными продуктами',
              okpd2: {
                code: '46.71',
                name: 'Услуги по оптовой торговле твердым, жидким и газообразным топливом и связанными продуктами',
              },
            },
            okei: { code: '112', name: 'Литр;^кубический дециметр' },
            quantity: '7100',
            prepayment: null,
          },
        ],
      },
    ]);
  });

  it('reads the later shape with several payments under paymentInfos', () => {
    const xml = read('contractCompleting_test.xml')
      .toString('utf8')
      .replace(
        /<ns2:paymentDate>[\s\S]*<ns2:prepaid>false<\/ns2:prepaid>/,
        `<ns2:paymentInfos>
           <ns2:paymentInfo><ns2:ordinal>1</ns2:ordinal><ns2:paymentDate>2017-08-01</ns2:paymentDate><ns2:price>100000.00</ns2:price>
             <ns2:currency><code>RUB</code><digitalCode>643</digitalCode></ns2:currency><ns2:prepaid>true</ns2:prepaid></ns2:paymentInfo>
           <ns2:paymentInfo><ns2:ordinal>2</ns2:ordinal><ns2:paymentDate>2017-09-30</ns2:paymentDate><ns2:price>164204.07</ns2:price>
             <ns2:currency><code>RUB</code><digitalCode>643</digitalCode></ns2:currency><ns2:prepaid>false</ns2:prepaid></ns2:paymentInfo>
         </ns2:paymentInfos>`,
      );
    const [stage] = parseEisPerformance(Buffer.from(xml)).performances[0].stages;
    expect(stage.payments.map((p) => [p.ordinal, p.date, p.amount, p.prepaid, p.rubAmount])).toEqual([
      [1, '2017-08-01', '100000.00', true, null],
      [2, '2017-09-30', '164204.07', false, null],
    ]);
    expect(stage.documents).toHaveLength(1);
  });
});
