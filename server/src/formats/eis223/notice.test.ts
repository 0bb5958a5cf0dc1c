import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures-path';
import { demoNotices, noticeOfType } from '../../../../tools/fake-eis/notice-samples';
import { detectEisDocument } from './detect';
import { EIS_NOTICE_TYPES } from './notice-types';
import { parseEisFile, parseEisNotice } from './parse';

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
      createDateTime: '2016-07-22T07:33:04+03:00',
      publicationDateTime: '2016-07-22T07:35:12+03:00',
      modificationDate: '2016-07-22T07:35:12+03:00',
      submissionCloseDateTime: '2016-08-05T18:00:00+03:00',
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
            okdp: null,
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

  it('reads every notice type ЕИС serves, by the root element its XSD names', () => {
    const customer = { inn: '0105123458', kpp: '010501001', ogrn: '1020100001239', name: 'АО «Демо-Заказчик»' };
    const roots = [...new Set(EIS_NOTICE_TYPES.map((t) => t.root))];
    // ЕИС's purchase.xsd (TFF 12.2) has eleven notice roots; СОИ's purchaseNoticeAE94 is purchaseNoticeAE94FZ in the file
    expect(roots).toHaveLength(11);
    expect(roots).toContain('purchaseNoticeAE94FZ');
    expect(roots).not.toContain('purchaseNoticeAE94');
    for (const root of roots) {
      const xml = Buffer.from(noticeOfType(root, { customer, registrationNumber: '32400000001', day: '2024-02-15' }));
      expect(detectEisDocument(xml), root).toBe('notice');
      const { notice } = parseEisNotice(xml);
      expect(notice, root).toMatchObject({
        noticeType: root,
        registrationNumber: '32400000001',
        customer: { inn: '0105123458' },
        publicationDateTime: '2024-02-15T10:00:00+03:00',
        // the single-supplier notice has no applications deadline in its XSD type
        submissionCloseDateTime: root === 'purchaseNoticeEP' ? null : '2024-02-29T18:00:00+03:00',
      });
      expect(
        notice.lots.map((l) => [l.nmcd, l.okpd2?.code]),
        root,
      ).toEqual([['3077055.86', '41.20.20.310']]);
    }
    // one sample per СОИ document type, purchaseNoticeIS among them with the root purchaseNotice
    const demo = demoNotices({ ...customer });
    expect(demo.map((d) => d.documentType)).toEqual(EIS_NOTICE_TYPES.map((t) => t.documentType));
    expect(parseEisNotice(Buffer.from(demo.find((d) => d.documentType === 'purchaseNoticeIS')!.xml)).notice.noticeType).toBe(
      'purchaseNotice',
    );
    // a root ЕИС's XSD does not have is not a notice
    const unknown = noticeXml()
      .replace('<ns2:purchaseNotice ', '<ns2:purchaseNoticeXX ')
      .replace('</ns2:purchaseNotice>', '</ns2:purchaseNoticeXX>');
    expect(detectEisDocument(Buffer.from(unknown))).toBeNull();
    expect(() => parseEisFile(Buffer.from(unknown))).toThrow('Файл не является выгрузкой ЕИС (223-ФЗ или 44-ФЗ)');
  });

  it('reads a 2012 notice (TFF-2.0): the lot holds initialSum without lotData, the items are classified by ОКДП', () => {
    const { packet, notice } = parseEisNotice(fs.readFileSync(fixturePath('eis223', 'purchaseNoticeZK_test.xml')));
    expect(packet.schemaVersion).toBe('TFF-2.0');
    expect(notice).toMatchObject({
      noticeType: 'purchaseNoticeZK',
      registrationNumber: '31200022868',
      method: { code: '4', name: 'Запрос котировок' },
      customer: { inn: '0105062780' },
      // written with Moscow's offset of that year, kept as written
      createDateTime: '2012-11-02T15:52:41.963+04:00',
      submissionCloseDateTime: '2012-11-14T18:00:00.000+04:00',
    });
    expect(notice.lots).toHaveLength(1);
    expect(notice.lots[0]).toMatchObject({
      ordinal: 1,
      subject: expect.stringMatching(/^разработка и издание сборников нормативных правовых актов/),
      nmcd: '280000',
      currency: { code: 'RUB', digitalCode: '810' },
      okpd2: null,
    });
    expect(notice.lots[0].items).toEqual([
      {
        guid: null,
        ordinal: 1,
        okpd2: null,
        okdp: { code: '2200000', name: 'ПОЛИГРАФИЧЕСКАЯ И ПЕЧАТНАЯ ПРОДУКЦИЯ' },
        okved2: null,
        okei: { code: '796', name: 'Штука' },
        quantity: '4000',
      },
    ]);
  });
});
