import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import iconv from 'iconv-lite';
import { el, renderXmlDocument } from '../../formats/xml-write';

/**
 * The supplier's and the bank's documents of the demo: an УПД seller's title (format 5.03, order ЕД-7-26/970@) and a
 * 1C client-bank statement (1CClientBankExchange 1.03), both in windows-1251 as real ones come, so the demo goes
 * through the same upload paths as a user's files.
 */

export interface Party {
  name: string;
  inn: string;
  kpp: string | null;
}

export interface UpdLineSpec {
  name: string;
  okei: string | null;
  unit: string | null;
  quantity: string;
  /** unit price with VAT, as in the contract */
  unitPriceWithVat: string;
}

const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const money = (d: Decimal) => d.toFixed(2);
const VAT = new Decimal('0.2');

/** Sums with VAT come from the contract; the price and sum without VAT and the VAT are derived from them (20 %). */
function lineSums(l: UpdLineSpec) {
  const withVat = new Decimal(l.quantity).times(l.unitPriceWithVat).toDecimalPlaces(2);
  const withoutVat = withVat.div(VAT.plus(1)).toDecimalPlaces(2);
  return {
    withVat,
    withoutVat,
    vat: withVat.minus(withoutVat),
    price: new Decimal(l.unitPriceWithVat).div(VAT.plus(1)).toDecimalPlaces(2),
  };
}

const org = (p: Party) => el('ИдСв', [el('СвЮЛУч', [], { НаимОрг: p.name, ИННЮЛ: p.inn, ...(p.kpp ? { КПП: p.kpp } : {}) })]);

export function updXml(o: {
  seller: Party;
  buyer: Party;
  number: string;
  date: string;
  contract: { number: string; date: string };
  lines: UpdLineSpec[];
}): Buffer {
  const sums = o.lines.map(lineSums);
  const total = (k: 'withVat' | 'withoutVat' | 'vat') => money(sums.reduce((s, x) => s.plus(x[k]), new Decimal(0)));
  const id = `ON_NSCHFDOPPR_2BM-${o.buyer.inn}${o.buyer.kpp ?? ''}-${o.date.replace(/-/g, '')}_2BM-${o.seller.inn}${o.seller.kpp ?? ''}_${o.date.replace(/-/g, '')}_${randomUUID()}`;
  const root = el(
    'Файл',
    [
      el(
        'Документ',
        [
          el(
            'СвСчФакт',
            [
              el('СвПрод', [org(o.seller)]),
              el('СвПокуп', [org(o.buyer)]),
              el('ДенИзм', [], { КодОКВ: '643', НаимОКВ: 'Российский рубль' }),
            ],
            { НомерДок: o.number, ДатаДок: ruDate(o.date) },
          ),
          el('ТаблСчФакт', [
            ...o.lines.map((l, i) =>
              el(
                'СведТов',
                [
                  el('Акциз', [el('БезАкциз', 'без акциза')]),
                  el('СумНал', [el('СумНал', money(sums[i].vat))]),
                  el('ДопСведТов', [], { ПрТовРаб: '1' }),
                ],
                {
                  НомСтр: String(i + 1),
                  НаимТов: l.name,
                  ...(l.okei ? { ОКЕИ_Тов: l.okei } : {}),
                  ...(l.unit ? { НаимЕдИзм: l.unit } : {}),
                  КолТов: l.quantity,
                  ЦенаТов: money(sums[i].price),
                  СтТовБезНДС: money(sums[i].withoutVat),
                  НалСт: '20%',
                  СтТовУчНал: money(sums[i].withVat),
                },
              ),
            ),
            el('ВсегоОпл', [el('СумНалВсего', [el('СумНал', total('vat'))])], {
              СтТовБезНДСВсего: total('withoutVat'),
              СтТовУчНалВсего: total('withVat'),
            }),
          ]),
          el('СвПродПер', [
            el(
              'СвПер',
              [el('ОснПер', [], { РеквНаимДок: 'Договор', РеквНомерДок: o.contract.number, РеквДатаДок: ruDate(o.contract.date) })],
              { СодОпер: 'Товары переданы, работы выполнены, услуги оказаны', ДатаПер: ruDate(o.date) },
            ),
          ]),
          el('Подписант', [el('ФИО', [], { Фамилия: 'Ковалёв', Имя: 'Сергей', Отчество: 'Николаевич' })], {
            СпосПодтПолном: '1',
            Должн: 'Генеральный директор',
          }),
        ],
        {
          КНД: '1115131',
          Функция: 'СЧФДОП',
          ДатаИнфПр: ruDate(o.date),
          ВремИнфПр: '10.00.00',
          НаимЭконСубСост: o.seller.name,
          ПоФактХЖ: 'Документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)',
          НаимДокОпр:
            'Счет-фактура и документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)',
        },
      ),
    ],
    { ИдФайл: id, ВерсФорм: '5.03', ВерсПрог: 'Диадок 1.0' },
  );
  const xml = renderXmlDocument(root).replace('encoding="UTF-8"', 'encoding="windows-1251"');
  return iconv.encode(xml, 'win1251');
}

export interface PaymentSpec {
  number: string;
  date: string;
  amount: string;
  payer: Party & { account: string };
  payee: Party & { account: string; bank: string; bik: string; corr: string };
  purpose: string;
}

/** A statement of the customer's account: outgoing payment orders of the period. */
export function bank1cStatement(o: {
  account: string;
  bank: string;
  bik: string;
  corr: string;
  from: string;
  to: string;
  opening: string;
  payments: PaymentSpec[];
}): Buffer {
  const out = o.payments.reduce((s, p) => s.plus(p.amount), new Decimal(0));
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    'Кодировка=Windows',
    'Отправитель=СберБизнес',
    'Получатель=Бухгалтерия предприятия, редакция 3.0',
    `ДатаСоздания=${ruDate(o.to)}`,
    'ВремяСоздания=09:00:00',
    `ДатаНачала=${ruDate(o.from)}`,
    `ДатаКонца=${ruDate(o.to)}`,
    `РасчСчет=${o.account}`,
    'Документ=Платежное поручение',
    'СекцияРасчСчет',
    `ДатаНачала=${ruDate(o.from)}`,
    `ДатаКонца=${ruDate(o.to)}`,
    `РасчСчет=${o.account}`,
    `НачальныйОстаток=${o.opening}`,
    'ВсегоПоступило=0.00',
    `ВсегоСписано=${money(out)}`,
    `КонечныйОстаток=${money(new Decimal(o.opening).minus(out))}`,
    'КонецРасчСчет',
  ];
  for (const p of o.payments) {
    lines.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${p.number}`,
      `Дата=${ruDate(p.date)}`,
      `Сумма=${p.amount}`,
      `ПлательщикСчет=${p.payer.account}`,
      `ДатаСписано=${ruDate(p.date)}`,
      `Плательщик=ИНН ${p.payer.inn} ${p.payer.name}`,
      `ПлательщикИНН=${p.payer.inn}`,
      `Плательщик1=${p.payer.name}`,
      `ПлательщикРасчСчет=${p.payer.account}`,
      `ПлательщикБанк1=${o.bank}`,
      'ПлательщикБанк2=г. Москва',
      `ПлательщикБИК=${o.bik}`,
      `ПлательщикКорсчет=${o.corr}`,
      `ПолучательСчет=${p.payee.account}`,
      `Получатель=ИНН ${p.payee.inn} ${p.payee.name}`,
      `ПолучательИНН=${p.payee.inn}`,
      `Получатель1=${p.payee.name}`,
      `ПолучательРасчСчет=${p.payee.account}`,
      `ПолучательБанк1=${p.payee.bank}`,
      `ПолучательБИК=${p.payee.bik}`,
      `ПолучательКорсчет=${p.payee.corr}`,
      'ВидОплаты=01',
      'Очередность=5',
      `НазначениеПлатежа=${p.purpose}`,
      `ПлательщикКПП=${p.payer.kpp ?? ''}`,
      `ПолучательКПП=${p.payee.kpp ?? ''}`,
      'КонецДокумента',
    );
  }
  lines.push('КонецФайла', '');
  return iconv.encode(lines.join('\r\n'), 'win1251');
}
