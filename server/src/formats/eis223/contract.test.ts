import fs from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { fixturePath } from '../fixtures-path';
import { parseEisContracts, parseEisFile } from './parse';

const read = (name: string): Buffer => fs.readFileSync(fixturePath('eis223', name));
const DAILY = 'contract_Adygeya_Resp_20191217_000000_20191217_235959_daily_001.xml';

describe('ЕИС contract register records', () => {
  it('reads a TFF-9.3 daily export', () => {
    const file = parseEisContracts(read(DAILY));
    expect(file.packet).toEqual({
      guid: '68912904-bc79-402b-9278-3d6c4ab10fd7',
      createDateTime: '2019-12-17T17:01:03+03:00',
      schemaVersion: 'TFF-9.3',
    });
    expect(file.contracts).toHaveLength(1);
    const c = file.contracts[0];
    expect(c).toMatchObject({
      guid: '83660e69-0dca-4f6c-a974-9194b0f51c24',
      // contractRegNumber is the contract's registry number; registrationNumber numbers this record version.
      registrationNumber: '50105018196190002040000',
      recordRegistrationNumber: '50105018196190002040001',
      version: 1,
      number: '1638.12.2019',
      contractDate: '2019-12-16',
      createDateTime: '2019-12-17T16:53:50+03:00',
      publicationDate: '2019-12-17T17:01:02+03:00',
      status: 'P',
      price: '1750000',
      currency: { code: 'RUB', digitalCode: '643', name: 'Российский рубль' },
      subject: 'Поставка газа природного  компримированного',
      startDate: '2019-12-16',
      endDate: '2020-12-31',
      electronic: false,
      smePurchase: false,
      suppliers: [],
      purchase: {
        noticeNumber: '31908645944',
        noticeGuid: '704ef0fb-db3a-4774-b4d7-a028b3b46164',
        noticeName: 'Поставка компримированного природного газа',
        noticePublicationDateTime: '2019-12-11T11:13:22+03:00',
        methodCode: '30000',
        methodName: 'Закупка у единственного поставщика',
        lotGuid: 'bc595999-8d78-4080-9386-732ea430c13b',
        lotNumber: 1,
      },
    });
    expect(c.customer).toEqual({
      name: 'АКЦИОНЕРНОЕ ОБЩЕСТВО "ГАЗПРОМ ГАЗОРАСПРЕДЕЛЕНИЕ МАЙКОП"',
      shortName: 'АО "ГАЗПРОМ ГАЗОРАСПРЕДЕЛЕНИЕ МАЙКОП"',
      inn: '0105018196',
      kpp: '010501001',
      ogrn: '1020100707318',
      okato: '79401000000',
    });
    expect(c.positions).toEqual([
      {
        guid: 'e6291d24-68d2-4d40-bef3-54814903c9ed',
        ordinal: 1,
        name: 'Газы нефтяные и углеводороды газообразные прочие, кроме газа горючего природного',
        okpd2: { code: '19.20.3', name: 'Газы нефтяные и углеводороды газообразные прочие, кроме газа горючего природного' },
        okved2: null,
        okdp: null,
        okpd: null,
        okei: { code: '113', name: 'Кубический метр' },
        quantity: '102339.18129',
        unitPrice: null,
        amount: null,
        country: null,
      },
    ]);
    expect(c.urlEis).toContain('general-information.html?id=8171139&viewMode=VSRI');
  });

  it('reads an old TFF-3.5 record with a supplier and ОКДП positions', () => {
    const c = parseEisContracts(read('contract_test.xml')).contracts[0];
    expect(c.registrationNumber).toBe('50105018196150000010000');
    expect(c.recordRegistrationNumber).toBeNull();
    expect(c.number).toBeNull();
    expect(c.contractDate).toBe('2015-01-20');
    expect(c.startDate).toBe('2015-01-20');
    expect(c.suppliers).toEqual([
      {
        name: 'ООО "Комплит"',
        shortName: 'ООО "Комплит"',
        inn: '0105055790',
        kpp: '010501001',
        ogrn: null,
        okpo: '95818430',
        type: 'L',
        individual: false,
        nonResident: false,
        sme: true,
        country: { code: '643', name: 'РОССИЯ' },
      },
    ]);
    expect(c.positions[0]).toMatchObject({
      ordinal: 1,
      okpd2: null,
      okdp: { code: '3020220', name: 'Запасные части ЭВМ' },
      country: { code: '643', name: 'Российская Федерация' },
    });
    expect(c.urlEis).toContain('id=2533&viewMode=VSRI');
  });

  it('reads a 2015 record (TFF-3.5) classified by ОКДП: the code stays ОКДП, never ОКПД2', () => {
    const file = parseEisContracts(read('contract_Severnaia_Osetiya_Alaniia_Resp_20150101_000000_20150131_235959_001.xml'));
    // Moscow time without an offset: +03:00 since 26.10.2014
    expect(file.packet.createDateTime).toBe('2015-01-16T16:32:42+03:00');
    const c = file.contracts[0];
    expect(c).toMatchObject({
      registrationNumber: '51511012960150000010000',
      contractDate: '2015-01-15',
      price: '3984420',
      createDateTime: '2015-01-16T16:15:37+03:00',
    });
    expect(c.positions[0]).toMatchObject({
      okpd2: null,
      okpd: null,
      okdp: { code: '2320221', name: 'Топливо для реактивных двигателей (керосин авиационный)' },
    });
  });

  it('reads files whose header/body reset or never declare the default namespace', () => {
    const broken = parseEisContracts(read('contract_broken_xmlns.xml'));
    expect(broken.packet.schemaVersion).toBe('TFF-9.0.3');
    expect(broken.contracts[0]).toMatchObject({
      registrationNumber: '50105018196190000360000',
      number: 'АГ-1/0131/19',
      price: '1064005',
      electronic: true,
      purchase: { noticeNumber: '31907607605', methodCode: '40000' },
    });
    expect(broken.contracts[0].positions[0]).toMatchObject({ ordinal: 2, okpd2: { code: '24.20' }, okei: { code: '796' }, quantity: '1' });

    const without = parseEisContracts(read('contract_without_xmlns.xml'));
    expect(without.packet.guid).toBe('a3b3fe87-eae9-4dd2-9029-da7aa49e6cf0');
    expect(without.contracts[0]).toMatchObject({
      registrationNumber: '50105018196180001160000',
      number: '636  / АГ-2/0368/18',
      price: '229500',
      customer: { inn: '0105018196' },
      positions: [{ okpd2: { code: '85.3' }, okei: { code: '876', name: 'Условная единица' }, quantity: '1' }],
    });
  });

  it('rejects the empty export with a clear message', () => {
    expect(() => parseEisFile(read('contract_empty.xml'))).toThrow(new FormatError('EMPTY', 'Файл пуст'));
  });
});

describe('ЕИС contract exports we generate', () => {
  const daily = read(DAILY).toString('utf8');

  /** Renames the contract namespace prefix, as ЕИС does between exports. */
  function withPrefix(xml: string, prefix: string): string {
    return xml.replaceAll('ns2:', `${prefix}:`).replace('xmlns:ns2=', `xmlns:${prefix}=`);
  }

  /** A second record in the same packet, with changed identity, two suppliers and two positions. */
  function secondItem(): string {
    const item = /<ns2:item>[\s\S]*<\/ns2:item>/.exec(daily)![0];
    return item
      .replace('83660e69-0dca-4f6c-a974-9194b0f51c24', '11111111-2222-3333-4444-555555555555')
      .replace('<ns2:contractRegNumber>50105018196190002040000<', '<ns2:contractRegNumber>00105018196190002050000<')
      .replace('<ns2:registrationNumber>50105018196190002040001<', '<ns2:registrationNumber>00105018196190002050002<')
      .replace('<ns2:version>1<', '<ns2:version>2<')
      .replace('<ns2:price>1750000<', '<ns2:price>0.10<')
      .replace('<ns2:name>1638.12.2019</ns2:name>', '<ns2:name>№ 7 &amp; &#1044;-1</ns2:name>')
      .replace(
        '<ns2:hasSubcontractor>',
        `<ns2:supplierInfo><ns2:name>ИП Иванов И.И.</ns2:name><ns2:inn>010101010101</ns2:inn><ns2:type>P</ns2:type>
           <ns2:provider>true</ns2:provider><ns2:individual>true</ns2:individual><ns2:nonResident>false</ns2:nonResident></ns2:supplierInfo>
         <ns2:supplierInfo><ns2:name>ООО "Второй"</ns2:name><ns2:inn>0012345678</ns2:inn><ns2:kpp>001201001</ns2:kpp><ns2:type>L</ns2:type>
           <ns2:provider>false</ns2:provider><ns2:nonResident>false</ns2:nonResident></ns2:supplierInfo>
         <ns2:hasSubcontractor>`,
      )
      .replace(
        '</ns2:contractPositions>',
        `<ns2:contractPosition><ns2:ordinalNumber>2</ns2:ordinalNumber><ns2:okpd2><code>01.11</code><name>Культуры зерновые</name></ns2:okpd2>
           <ns2:okei><code>168</code><name>Тонна</name></ns2:okei><ns2:qty>0.00001</ns2:qty></ns2:contractPosition></ns2:contractPositions>`,
      );
  }

  it('reads every record of a multi-contract export, whatever the prefix and encoding', () => {
    const two = daily.replace('</ns2:item>', `</ns2:item>${secondItem()}`);
    for (const variant of [
      Buffer.from(two),
      Buffer.from(withPrefix(two, 'ns99')),
      iconv.encode(withPrefix(two, 'k').replace('encoding="UTF-8"', 'encoding="windows-1251"'), 'windows-1251'),
    ]) {
      const { contracts } = parseEisContracts(variant);
      expect(contracts.map((c) => c.registrationNumber)).toEqual(['50105018196190002040000', '00105018196190002050000']);
      const second = contracts[1];
      expect(second).toMatchObject({ version: 2, price: '0.10', number: '№ 7 & Д-1', recordRegistrationNumber: '00105018196190002050002' });
      expect(second.suppliers.map((s) => [s.name, s.inn, s.kpp, s.individual, s.sme])).toEqual([
        ['ИП Иванов И.И.', '010101010101', null, true, true],
        ['ООО "Второй"', '0012345678', '001201001', null, false],
      ]);
      expect(second.positions.map((p) => [p.ordinal, p.okpd2?.code, p.okei?.code, p.quantity])).toEqual([
        [1, '19.20.3', '113', '102339.18129'],
        [2, '01.11', '168', '0.00001'],
      ]);
    }
  });

  it('refuses a record whose money is not a number, naming the element', () => {
    const bad = daily.replace('<ns2:price>1750000<', '<ns2:price>1 750 000,00<');
    expect(() => parseEisContracts(Buffer.from(bad))).toThrow('Поле «price» содержит некорректное число «1 750 000,00»');
  });

  it('refuses a registry number that is not 23 digits', () => {
    const bad = daily.replace('<ns2:contractRegNumber>50105018196190002040000<', '<ns2:contractRegNumber>5010501819619<');
    expect(() => parseEisContracts(Buffer.from(bad))).toThrow(/поле contracts\.0\.registrationNumber/);
  });

  it('refuses a contract packet without records', () => {
    const empty = daily.replace(/<ns2:body[\s\S]*<\/ns2:body>/, '<ns2:body xmlns=""/>');
    expect(() => parseEisContracts(Buffer.from(empty))).toThrow('Файл не является выгрузкой ЕИС 223-ФЗ');
  });
});
