import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures-path';
import { parseEisNotice } from './parse';

const noticeXml = (): string => fs.readFileSync(fixturePath('eis223', 'purchaseNotice_test.xml'), 'utf8');

describe('ЕИС procurement notice', () => {
  it('reads purchaseNotice_test.xml', () => {
    const { packet, notice } = parseEisNotice(Buffer.from(noticeXml()));
    expect(packet.schemaVersion).toBe('TFF-5.0');
    expect(notice).toMatchObject({
      guid: '233dcc3f-448f-406c-b724-f369570799f0',
      registrationNumber: '31603913641',
      name: 'Лот 93-16-КС (ТЗ) "Высоконапорный водовод тв.р.куст №65- куст  №77"',
      version: 2,
      status: 'P',
      noticeType: 'purchaseNotice',
      method: { code: '24576', name: 'Открытый запрос цен в электронной форме' },
      customer: { inn: '7706107510', kpp: '770601001', ogrn: '1027700043502' },
      // Leading zeros of codes survive.
      placer: { inn: '8604035473', okato: '00000000000' },
      createDateTime: '2016-07-22T07:33:04',
      publicationDateTime: '2016-07-22T07:35:12',
      modificationDate: '2016-07-22T07:35:12',
      submissionCloseDateTime: '2016-08-05T18:00:00',
      electronicPlace: { name: 'УЭТП ЗАО "ТЭК-Торг" Секция ОАО «НК «Роснефть»', url: 'http://rn.tektorg.ru' },
    });
    expect(notice.lots).toEqual([
      {
        guid: '11866a0d-8151-1ee6-93f8-36ab18a703fd',
        ordinal: 1,
        subject: 'Выполнение СМР: Высоконапорный водовод тв.р.куст №65- куст  №77',
        nmcd: '3077055.86',
        currency: { code: 'RUB', digitalCode: '643', name: 'Российский рубль' },
        okpd2: {
          code: '41.20.20.310',
          name: 'Сооружения топливно-энергетических, металлургических, химических и нефтехимических производств',
        },
        items: [
          {
            guid: '11866a0d-8151-1ee6-93f8-37dd4ba8d600',
            ordinal: 1,
            okpd2: {
              code: '41.20.20.310',
              name: 'Сооружения топливно-энергетических, металлургических, химических и нефтехимических производств',
            },
            okved2: {
              code: '42.21',
              name: 'Строительство инженерных коммуникаций для водоснабжения и водоотведения, газоснабжения',
            },
            okei: { code: '008', name: 'Километр; Тысяча метров' },
            quantity: '0.698',
          },
        ],
        smeOnly: true,
        planPosition: {
          planRegistrationNumber: '2150133389',
          positionNumber: 429,
          positionGuid: '370ef3ca-ae9f-02a8-e053-ac11070db1f9',
        },
      },
    ]);
  });

  it('reads notices of other methods (purchaseNoticeAE…) with several lots', () => {
    const lot = /<lot>[\s\S]*<\/lot>/.exec(noticeXml())?.[0] ?? '';
    const secondLot = lot
      .replace('<ordinalNumber>1</ordinalNumber>', '<ordinalNumber>2</ordinalNumber>')
      .replace('<initialSum>3077055.86</initialSum>', '<initialSum>15.5</initialSum>')
      .replace('<forSmallOrMiddle>true</forSmallOrMiddle>', '<forSmallOrMiddle>false</forSmallOrMiddle>');
    const xml = noticeXml()
      .replaceAll('ns2:purchaseNotice>', 'ns2:purchaseNoticeAE>')
      .replace('<ns2:purchaseNotice ', '<ns2:purchaseNoticeAE ')
      .replaceAll('ns2:purchaseNoticeData>', 'ns2:purchaseNoticeAEData>')
      .replace('</lot>', `</lot>${secondLot}`);
    const { notice } = parseEisNotice(Buffer.from(xml));
    expect(notice.noticeType).toBe('purchaseNoticeAE');
    expect(notice.lots.map((l) => [l.ordinal, l.nmcd, l.smeOnly])).toEqual([
      [1, '3077055.86', true],
      [2, '15.5', false],
    ]);
  });
});
