import fs from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { fixturePath } from '../fixtures-path';
import { parseBank1c } from './parse';

const fixture = (): Buffer => fs.readFileSync(fixturePath('bank1c', 'statement_cp1251.txt'));

function errorOf(fn: () => unknown): FormatError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw new Error(`expected a FormatError, got ${String(e)}`);
  }
  throw new Error('expected a FormatError, got a result');
}

/** A 1.03 payment-order export as 1C:Бухгалтерия writes it for the bank, with two orders sharing one number. */
function exportLines(encodingValue = 'DOS'): string[] {
  const order = (n: string, sum: string, purpose: string[]): string[] => [
    'СекцияДокумент=Платежное поручение',
    `Номер=${n}`,
    'Дата=05.03.2024',
    `Сумма=${sum}`,
    'ПлательщикСчет=40702810900000000123',
    'Плательщик=ИНН 0105018196 АО "Ромашка"',
    'ПлательщикИНН=0105018196',
    'ПлательщикКПП=010501001',
    'Плательщик1=АО "Ромашка"',
    'ПлательщикБанк1=ПАО СБЕРБАНК',
    'ПлательщикБанк2=г. Москва',
    'ПлательщикБИК=044525225',
    'ПлательщикКорсчет=30101810400000000225',
    'ПолучательСчет=40702810500000000456',
    'Получатель=ИНН 7701234567 ООО "Поставщик"',
    'ПолучательИНН=7701234567',
    'ПолучательКПП=',
    'ПолучательБИК=044525974',
    'ВидПлатежа=электронно',
    'ВидОплаты=01',
    'Очередность=5',
    ...purpose,
    'КодНазПлатежа=',
    'КонецДокумента',
  ];
  return [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    `Кодировка=${encodingValue}`,
    'Отправитель=Бухгалтерия предприятия, редакция 3.0',
    'Получатель=',
    'ДатаСоздания=05.03.2024',
    'ВремяСоздания=09:15:00',
    'ДатаНачала=05.03.2024',
    'ДатаКонца=05.03.2024',
    'РасчСчет=40702810900000000123',
    'РасчСчет=40702810200000000789',
    'Документ=Платежное поручение',
    ...order('17', '1500000.50', ['НазначениеПлатежа=Оплата по договору № 12/24-П от 15.01.2024 (НДС=20%) за бумагу']),
    ...order('17', '0.01', [
      'НазначениеПлатежа1=Оплата по счёту №5',
      'НазначениеПлатежа2=от 01.03.2024',
      'НазначениеПлатежа3=',
      'НазначениеПлатежа4=Без НДС',
    ]),
    'КонецФайла',
  ];
}

describe('1C client-bank exchange: fixture', () => {
  it('reads the windows-1251 CRLF statement', () => {
    const file = parseBank1c(fixture());
    expect(file).toMatchObject({
      formatVersion: '1.02',
      encoding: 'Windows',
      sender: 'Банк Клиент Онлайн',
      receiver: '1С:Предприятие',
      createdDate: '2016-01-12',
      createdTime: '10:03:13',
      dateFrom: '2016-01-11',
      dateTo: '2016-01-11',
      accounts: ['40702810200000000001'],
      accountSections: [
        {
          account: '40702810200000000001',
          dateFrom: '2016-01-11',
          dateTo: '2016-01-11',
          openingBalance: '45329.91',
          totalReceived: '40000.00',
          totalWrittenOff: '41184.00',
          closingBalance: '44145.91',
        },
      ],
    });
    expect(file.documents).toHaveLength(13);
    expect(file.documents.filter((d) => d.kind === 'Платежное поручение').length).toBeGreaterThan(0);
    expect(file.documents[0]).toMatchObject({
      lineNumber: 20,
      kind: 'Банковский ордер',
      number: '697162',
      date: '2016-01-11',
      amount: '83.23',
      writtenOffDate: '2016-01-11',
      receivedDate: null,
      paymentType: null,
      operationType: '17',
      priority: '5',
      purpose: 'Some random string',
      payer: {
        inn: '123123123123',
        kpp: null,
        name: 'Some random payer',
        account: '12312312312312312',
        bik: '044525716',
        bankName: 'ВТБ 24 (ПАО)',
        bankCity: 'г. МОСКВА',
        corrAccount: '30101810100000000716',
      },
      payee: { inn: '123123123123', name: 'Some random payee', account: '61304810100000000002' },
    });
    expect(file.documents[0].fields['КвитанцияСодержание']).toBe('статус документа: Внешний');
    const last = file.documents.at(-1);
    expect(last).toMatchObject({ kind: 'Платежное поручение', number: '1', amount: '20000.00', receivedDate: '2016-01-11' });
    // The sums of incoming and outgoing documents match the account section totals.
    const cents = (s: string): number => Math.round(Number(s) * 100);
    const received = file.documents.filter((d) => d.payee.account === '40702810200000000001').reduce((n, d) => n + cents(d.amount), 0);
    expect(received).toBe(cents('40000.00'));
  });
});

describe('1C client-bank exchange: files we generate', () => {
  it('reads a cp866 (Кодировка=DOS) 1.03 export with LF line ends and repeated numbers', () => {
    const buf = iconv.encode(exportLines('DOS').join('\n'), 'cp866');
    const file = parseBank1c(buf);
    expect(file).toMatchObject({
      formatVersion: '1.03',
      encoding: 'DOS',
      sender: 'Бухгалтерия предприятия, редакция 3.0',
      receiver: null,
      accounts: ['40702810900000000123', '40702810200000000789'],
      documentKinds: ['Платежное поручение'],
      accountSections: [],
    });
    expect(file.documents.map((d) => [d.number, d.amount, d.lineNumber])).toEqual([
      ['17', '1500000.50', 13],
      ['17', '0.01', 37],
    ]);
    const [first, second] = file.documents;
    expect(first.purpose).toBe('Оплата по договору № 12/24-П от 15.01.2024 (НДС=20%) за бумагу');
    expect(second.purpose).toBe('Оплата по счёту №5\nот 01.03.2024\nБез НДС');
    expect(first.payer).toEqual({
      inn: '0105018196',
      kpp: '010501001',
      name: 'АО "Ромашка"',
      account: '40702810900000000123',
      bik: '044525225',
      bankName: 'ПАО СБЕРБАНК',
      bankCity: 'г. Москва',
      corrAccount: '30101810400000000225',
    });
    // Without Получатель1 the combined Получатель line is the name.
    expect(first.payee).toMatchObject({ inn: '7701234567', kpp: null, name: 'ИНН 7701234567 ООО "Поставщик"' });
    expect(first.paymentType).toBe('электронно');
  });

  it('reads the same export in windows-1251 with CRLF, and in UTF-8', () => {
    const cp1251 = parseBank1c(iconv.encode(exportLines('Windows').join('\r\n'), 'windows-1251'));
    expect(cp1251.encoding).toBe('Windows');
    const utf8 = parseBank1c(Buffer.from(exportLines('Windows').join('\r\n'), 'utf8'));
    expect(utf8.encoding).toBe('UTF-8');
    expect(utf8.documents).toEqual(cp1251.documents);
  });

  it('refuses a truncated file', () => {
    const lines = exportLines('DOS');
    for (const cut of [lines.length - 1, 20, 3]) {
      const e = errorOf(() => parseBank1c(iconv.encode(lines.slice(0, cut).join('\r\n'), 'cp866')));
      expect(e.code).toBe('TRUNCATED');
      expect(e.message).toBe('Файл обрезан: нет строки КонецФайла');
    }
    const half = fixture().subarray(0, 5000);
    expect(errorOf(() => parseBank1c(half)).message).toBe('Файл обрезан: нет строки КонецФайла');
  });

  it('refuses files without the 1CClientBankExchange header', () => {
    for (const buf of [
      Buffer.from('Номер=1\r\nСумма=2\r\nКонецФайла'),
      fs.readFileSync(fixturePath('eis223', 'contract_test.xml')),
      iconv.encode(exportLines().slice(1).join('\n'), 'cp866'),
    ]) {
      const e = errorOf(() => parseBank1c(buf));
      expect(e.code).toBe('NOT_BANK1C');
      expect(e.message).toBe('Файл не является выгрузкой 1С:Клиент-банк');
    }
    expect(() => parseBank1c(Buffer.from(''))).toThrow('Файл пуст');
  });

  it('points at the line of a broken document', () => {
    const badDate = exportLines('DOS').map((l) => (l === 'Дата=05.03.2024' ? 'Дата=2024-03-05' : l));
    expect(() => parseBank1c(iconv.encode(badDate.join('\n'), 'cp866'))).toThrow(
      'Строка 13: Поле «Дата» содержит некорректную дату «2024-03-05» (ожидается ДД.ММ.ГГГГ)',
    );
    const badSum = exportLines('DOS').map((l) => (l === 'Сумма=0.01' ? 'Сумма=1 000' : l));
    expect(() => parseBank1c(iconv.encode(badSum.join('\n'), 'cp866'))).toThrow(
      'Строка 37: Поле «Сумма» содержит некорректное число «1 000»',
    );
    const unclosed = exportLines('DOS').filter((l, i) => !(l === 'КонецДокумента' && i < 40));
    expect(() => parseBank1c(iconv.encode(unclosed.join('\n'), 'cp866'))).toThrow('Строка 13: секция не закрыта строкой КонецДокумента');
  });

  it('refuses an unknown or contradictory Кодировка', () => {
    expect(errorOf(() => parseBank1c(iconv.encode(exportLines('KOI8').join('\n'), 'cp866'))).code).toBe('UNKNOWN_ENCODING');
    // Says Windows, written in cp866.
    expect(errorOf(() => parseBank1c(iconv.encode(exportLines('Windows').join('\n'), 'cp866'))).code).toBe('ENCODING_MISMATCH');
  });

  it('throws only FormatError on damaged files', () => {
    const original = fixture();
    for (let cut = 1; cut < original.length; cut += 211) {
      const damaged = Buffer.from(original.subarray(0, cut));
      damaged[Math.floor(cut / 2)] = 0x3d; // '='
      try {
        parseBank1c(damaged);
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
      }
    }
  });
});
