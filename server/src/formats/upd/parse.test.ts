import fs from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { fixturePath } from '../fixtures-path';
import { parseUpd } from './parse';

const fixture = (): Buffer => fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));

function errorOf(fn: () => unknown): FormatError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw new Error(`expected a FormatError, got ${String(e)}`);
  }
  throw new Error('expected a FormatError, got a result');
}

interface SampleOptions {
  version: '5.01' | '5.03';
  knd?: string;
  date?: string;
  quantity?: string;
}

/**
 * A minimal but realistic УПД as accounting software writes it. 5.01 keeps number/date/currency on СвСчФакт
 * (НомерСчФ, ДатаСчФ, КодОКВ) and the unit name on ДопСведТов; 5.02+ use НомерДок/ДатаДок, ДенИзм and СведТов.
 */
function sampleXml({ version, knd = '1115131', date = '15.01.2020', quantity = '10' }: SampleOptions): string {
  const v501 = version === '5.01';
  const head = v501 ? `НомерСчФ="0015" ДатаСчФ="${date}" КодОКВ="643"` : `НомерДок="0015" ДатаДок="${date}"`;
  const unitOnLine = v501 ? '' : ' НаимЕдИзм="упак"';
  const unitExtra = v501 ? ' НаимЕдИзм="упак"' : '';
  return `<?xml version="1.0" encoding="windows-1251"?>
<Файл ИдФайл="ON_NSCHFDOPPR_2BM-0105018196-010501001-201909010000000000000_2BM-500100732259-202001150000000000000_20200115_0f0e0d0c-0000-0000-0000-000000000001" ВерсФорм="${version}" ВерсПрог="1С:Бухгалтерия 3.0">
  <СвУчДокОбор ИдОтпр="2BM-500100732259" ИдПол="2BM-0105018196-010501001">
    <СвОЭДОтпр НаимОрг="ООО &quot;Оператор ЭДО&quot;" ИННЮЛ="7704211201" ИдЭДО="2BM"/>
  </СвУчДокОбор>
  <Документ КНД="${knd}" Функция="СЧФДОП" ПоФактХЖ="Документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)" НаимДокОпр="Счет-фактура и документ об отгрузке товаров" ДатаИнфПр="15.01.2020" ВремИнфПр="10.20.30" НаимЭконСубСост="ИП Петров П.П.">
    <СвСчФакт ${head}>
      <СвПрод>
        <ИдСв><СвИП ИННФЛ="500100732259" ОГРНИП="304500116000157"><ФИО Фамилия="Петров" Имя="Пётр" Отчество="Петрович"/></СвИП></ИдСв>
        <Адрес><АдрРФ Индекс="141400" КодРегион="50" Город="Химки"/></Адрес>
      </СвПрод>
      <СвПокуп>
        <ИдСв><СвЮЛУч НаимОрг="АО &quot;Газпром газораспределение Майкоп&quot;" ИННЮЛ="0105018196" КПП="010501001"/></ИдСв>
        <Адрес><АдрРФ Индекс="385003" КодРегион="01" Город="Майкоп"/></Адрес>
      </СвПокуп>
      ${v501 ? '<ДопСвФХЖ1 НаимОКВ="Российский рубль"/>' : '<ДенИзм КодОКВ="643" НаимОКВ="Российский рубль"/>'}
    </СвСчФакт>
    <ТаблСчФакт>
      <СведТов НомСтр="1" НаимТов="Бумага А4 «Снегурочка» 80 г/м2" ОКЕИ_Тов="778"${unitOnLine} КолТов="${quantity}" ЦенаТов="250.00" СтТовБезНДС="2500.00" НалСт="20%" СтТовУчНал="3000.00">
        <Акциз><БезАкциз>без акциза</БезАкциз></Акциз>
        <СумНал><СумНал>500.00</СумНал></СумНал>
        <ДопСведТов${unitExtra} КодТов="00-000123"/>
      </СведТов>
      <СведТов НомСтр="2" НаимТов="Доставка" ОКЕИ_Тов="796"${v501 ? '' : ' НаимЕдИзм="шт"'} КолТов="1" ЦенаТов="150" СтТовБезНДС="150" НалСт="без НДС" СтТовУчНал="150">
        <Акциз><БезАкциз>без акциза</БезАкциз></Акциз>
        <СумНал><БезНДС>без НДС</БезНДС></СумНал>
      </СведТов>
      <ВсегоОпл СтТовБезНДСВсего="2650.00" СтТовУчНалВсего="3150.00">
        <СумНалВсего><СумНал>500.00</СумНал></СумНалВсего>
      </ВсегоОпл>
    </ТаблСчФакт>
    <СвПродПер><СвПер СодОпер="Товары переданы"><ОснПер НаимОсн="Договор" НомОсн="12/24-П" ДатаОсн="01.01.2020"/></СвПер></СвПродПер>
    <Подписант ОблПолн="6" Статус="1" ОснПолн="Должностные обязанности"><ИП ИННФЛ="500100732259"><ФИО Фамилия="Петров" Имя="Пётр"/></ИП></Подписант>
  </Документ>
</Файл>`;
}

const sample = (o: SampleOptions): Buffer => iconv.encode(sampleXml(o), 'windows-1251');

describe('УПД 5.02 (fixture)', () => {
  it('reads the seller title from diadoc samples', () => {
    const upd = parseUpd(fixture());
    expect(upd).toMatchObject({
      formatVersion: '5.02',
      documentFunction: 'СЧФДОП',
      number: '123',
      date: '2023-02-01',
      currencyCode: '643',
      seller: { kind: 'organization', name: 'СвЮЛУч-НаимОрг', inn: '9103624367', kpp: '187245452' },
      buyer: { kind: 'organization', name: 'СвЮЛУч-НаимОрг', inn: '1234567894', kpp: '667301001' },
      totals: { amountWithoutVat: '8965.00', vatAmount: '456.00', withoutVat: false, amountWithVat: '10000.00' },
    });
    expect(upd.fileId).toMatch(/^ON_NSCHFDOPPR_2BM-9677800047-967701000-/);
    expect(upd.lines).toEqual([
      {
        ordinal: 1,
        name: 'СведТов-НаимТов',
        okeiCode: '113',
        unitName: 'м3',
        quantity: '16',
        price: '200.00',
        amountWithoutVat: '654.00',
        vatRate: '20%',
        vatAmount: '1000.00',
        withoutVat: false,
        amountWithVat: '784.80',
        itemCode: null,
      },
      {
        ordinal: 2,
        name: 'Product2 > 2.0 мм',
        okeiCode: '778',
        unitName: 'упак',
        // Trailing zeros are kept as written.
        quantity: '114.100',
        price: '516.67',
        amountWithoutVat: '58951.67',
        vatRate: '20%',
        vatAmount: '1000.00',
        withoutVat: false,
        amountWithVat: '70742.00',
        itemCode: 'ДопСведТов-КодТов',
      },
    ]);
  });
});

describe('УПД files we generate', () => {
  it('reads format 5.01 (number and date on СвСчФакт@НомерСчФ/@ДатаСчФ)', () => {
    const upd = parseUpd(sample({ version: '5.01' }));
    expect(upd).toMatchObject({
      formatVersion: '5.01',
      number: '0015',
      date: '2020-01-15',
      currencyCode: '643',
      seller: { kind: 'entrepreneur', name: 'Петров Пётр Петрович', inn: '500100732259', kpp: null },
      buyer: { kind: 'organization', name: 'АО "Газпром газораспределение Майкоп"', inn: '0105018196', kpp: '010501001' },
      totals: { amountWithoutVat: '2650.00', vatAmount: '500.00', withoutVat: false, amountWithVat: '3150.00' },
    });
    expect(upd.lines).toEqual([
      {
        ordinal: 1,
        name: 'Бумага А4 «Снегурочка» 80 г/м2',
        okeiCode: '778',
        unitName: 'упак',
        quantity: '10',
        price: '250.00',
        amountWithoutVat: '2500.00',
        vatRate: '20%',
        vatAmount: '500.00',
        withoutVat: false,
        amountWithVat: '3000.00',
        itemCode: '00-000123',
      },
      {
        ordinal: 2,
        name: 'Доставка',
        okeiCode: '796',
        unitName: null,
        quantity: '1',
        price: '150',
        amountWithoutVat: '150',
        vatRate: 'без НДС',
        vatAmount: null,
        withoutVat: true,
        amountWithVat: '150',
        itemCode: null,
      },
    ]);
  });

  it('reads format 5.03 (number and date on @НомерДок/@ДатаДок, currency in ДенИзм)', () => {
    const upd = parseUpd(sample({ version: '5.03' }));
    expect(upd).toMatchObject({ formatVersion: '5.03', number: '0015', date: '2020-01-15', currencyCode: '643' });
    expect(upd.lines.map((l) => [l.unitName, l.itemCode, l.withoutVat])).toEqual([
      ['упак', '00-000123', false],
      ['шт', null, true],
    ]);
  });

  it('refuses files that are not a seller УПД', () => {
    // the buyer's title is named as such, with the file to take instead
    const buyer = errorOf(() => parseUpd(sample({ version: '5.03', knd: '1115132' })));
    expect([buyer.code, buyer.message]).toEqual([
      'NOT_UPD',
      'Файл — титул покупателя УПД (ON_NSCHFDOPPOK): загрузите титул продавца (файл ON_NSCHFDOPPR_…), в нём товары и суммы',
    ]);
    for (const buf of [
      sample({ version: '5.03', knd: '1115133' }), // УКД
      fs.readFileSync(fixturePath('eis223', 'contract_test.xml')),
      iconv.encode(
        '<?xml version="1.0" encoding="windows-1251"?><Файл ИдФайл="ON_TRNACLGROT_1" ВерсФорм="5.01"><Документ КНД="1175004"/></Файл>',
        'windows-1251',
      ),
    ]) {
      const e = errorOf(() => parseUpd(buf));
      expect(e.code).toBe('NOT_UPD');
      expect(e.message).toBe('Файл не является УПД');
    }
    expect(() => parseUpd(Buffer.alloc(0))).toThrow('Файл пуст');
  });

  it('refuses impossible dates and non-numeric quantities, naming the attribute', () => {
    expect(() => parseUpd(sample({ version: '5.01', date: '31.02.2020' }))).toThrow(
      'Поле «ДатаСчФ» содержит некорректную дату «31.02.2020» (ожидается ДД.ММ.ГГГГ)',
    );
    expect(() => parseUpd(sample({ version: '5.03', quantity: 'десять' }))).toThrow('Поле «КолТов» содержит некорректное число «десять»');
  });

  it('gives a FormatError, not a crash, for bytes that do not match the declared encoding', () => {
    // UTF-8 text under a windows-1251 declaration.
    const utf8 = Buffer.from(sampleXml({ version: '5.03' }), 'utf8');
    const mismatch = errorOf(() => parseUpd(utf8));
    expect(mismatch.code).toBe('ENCODING_MISMATCH');
    expect(mismatch.message).toMatch(/^Файл объявлен в кодировке windows-1251, но записан в UTF-8/);

    // A UTF-8 file with a broken multi-byte sequence that also declares windows-1251 (0x98 is not in windows-1251).
    const broken = Buffer.concat([utf8.subarray(0, 400), Buffer.from([0xd0, 0x98, 0x98, 0xff]), utf8.subarray(400)]);
    expect(errorOf(() => parseUpd(broken)).code).toBe('BAD_ENCODING');

    // Declared UTF-8 but written in windows-1251.
    const cp1251 = iconv.encode(sampleXml({ version: '5.03' }).replace('windows-1251', 'utf-8'), 'windows-1251');
    expect(errorOf(() => parseUpd(cp1251)).code).toBe('BAD_ENCODING');
  });

  it('throws only FormatError on damaged files', () => {
    const original = fixture();
    for (let cut = 50; cut < original.length; cut += 97) {
      try {
        parseUpd(original.subarray(0, cut));
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
      }
    }
  });
});
