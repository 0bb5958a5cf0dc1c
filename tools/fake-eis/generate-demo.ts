import { createHash } from 'node:crypto';
import { addDays, moscowDate, now } from '../../server/src/platform/clock';

/**
 * Demo ЕИС records for the demo customer, written in the shape of the real exports (ns2 record namespace, default
 * types namespace, header/body), so the server reads them with the same parsers as the fixtures.
 */

export interface DemoCustomer {
  inn: string;
  kpp: string;
  ogrn: string;
  name: string;
}

export interface DemoContractSpec {
  regNumber: string;
  version: number;
  number: string;
  date: string;
  subject: string;
  price: string;
  methodCode: string;
  methodName: string;
  supplier: { name: string; inn: string; kpp: string };
  positions: Array<{ name: string; okpd2: [string, string]; okei: [string, string]; qty: string; unitPrice?: string }>;
  publication: string;
  /** ЕИС record status: P placed, F being edited, I invalid, M being changed (P when omitted) */
  status?: 'P' | 'F' | 'I' | 'M';
  endDate?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const NS =
  'xmlns="http://zakupki.gov.ru/223fz/types/1" xmlns:ns2="http://zakupki.gov.ru/223fz/contract/1" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://zakupki.gov.ru/223/integration/schema/TFF-9.3 http://zakupki.gov.ru/223/integration/schema/TFF-9.3/Types.xsd"';

function guidOf(seed: string): string {
  const s = createHash('md5').update(seed).digest('hex');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-a${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

function org(tag: string, c: DemoCustomer): string {
  return `<ns2:${tag}><mainInfo><fullName>${esc(c.name)}</fullName><shortName>${esc(c.name)}</shortName><inn>${c.inn}</inn><kpp>${c.kpp}</kpp><ogrn>${c.ogrn}</ogrn><okato>79401000000</okato></mainInfo></ns2:${tag}>`;
}

export function contractXml(c: DemoCustomer, s: DemoContractSpec): string {
  const positions = s.positions
    .map(
      (p, i) =>
        `<ns2:contractPosition><ns2:guid>${guidOf(`${s.regNumber}-${s.version}-${i}`)}</ns2:guid><ns2:ordinalNumber>${i + 1}</ns2:ordinalNumber><ns2:name>${esc(p.name)}</ns2:name>` +
        `<ns2:okpd2><code>${p.okpd2[0]}</code><name>${esc(p.okpd2[1])}</name></ns2:okpd2><ns2:country><code>643</code><name>РОССИЯ</name></ns2:country>` +
        `<ns2:producerCountry>false</ns2:producerCountry><ns2:okei><code>${p.okei[0]}</code><name>${esc(p.okei[1])}</name></ns2:okei><ns2:qty>${p.qty}</ns2:qty>${p.unitPrice ? `<ns2:unitPrice>${p.unitPrice}</ns2:unitPrice>` : ''}</ns2:contractPosition>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ns2:contract ${NS}>` +
    `<header><guid>${guidOf(`h${s.regNumber}${s.version}`)}</guid><createDateTime>${s.publication}</createDateTime></header>` +
    `<ns2:body><ns2:item><guid>${guidOf(`i${s.regNumber}${s.version}`)}</guid><ns2:contractData>` +
    `<ns2:guid>${guidOf(`c${s.regNumber}${s.version}`)}</ns2:guid><ns2:registrationNumber>${s.regNumber.slice(0, 19)}${String(s.version).padStart(4, '0')}</ns2:registrationNumber>` +
    `<ns2:createDateTime>${s.publication}</ns2:createDateTime>${org('customer', c)}${org('placer', c)}` +
    `<ns2:publicationDate>${s.publication}</ns2:publicationDate><ns2:status>${s.status ?? 'P'}</ns2:status><ns2:version>${s.version}</ns2:version>` +
    `<ns2:contractRegNumber>${s.regNumber}</ns2:contractRegNumber><ns2:name>${esc(s.number)}</ns2:name>` +
    `<ns2:purchaseTypeInfo><code>${s.methodCode}</code><name>${esc(s.methodName)}</name></ns2:purchaseTypeInfo>` +
    `<ns2:contractDate>${s.date}</ns2:contractDate><ns2:subjectContract>${esc(s.subject)}</ns2:subjectContract>` +
    `<ns2:supplierInfo><name>${esc(s.supplier.name)}</name><shortName>${esc(s.supplier.name)}</shortName><inn>${s.supplier.inn}</inn><kpp>${s.supplier.kpp}</kpp><type>L</type><provider>true</provider></ns2:supplierInfo>` +
    `<ns2:price>${s.price}</ns2:price><ns2:currency><code>RUB</code><digitalCode>643</digitalCode><name>Российский рубль</name></ns2:currency>` +
    `<ns2:startExecutionDate>${s.date}</ns2:startExecutionDate><ns2:endExecutionDate>${s.endDate ?? `${s.date.slice(0, 4)}-12-31`}</ns2:endExecutionDate>` +
    `<ns2:contractPositions>${positions}</ns2:contractPositions></ns2:contractData></ns2:item></ns2:body></ns2:contract>\n`
  );
}

export interface DemoPlanItem {
  subject: string;
  okpd2: [string, string];
  okved2: [string, string];
  okei: [string, string];
  qty: string;
  nmcd: string;
  month: number;
  methodCode: string;
  methodName: string;
  sme: boolean;
}

export function planXml(c: DemoCustomer, regNumber: string, year: number, version: number, items: DemoPlanItem[]): string {
  const item = (p: DemoPlanItem, i: number) =>
    `<ns2:purchasePlanItem><guid>${guidOf(`p${regNumber}${i}`)}</guid><ordinalNumber>${i + 1}</ordinalNumber><contractSubject>${esc(p.subject)}</contractSubject>` +
    `<purchasePlanDataItemRows><purchasePlanRowItem><guid>${guidOf(`r${regNumber}${i}`)}</guid><ordinalNumber>1</ordinalNumber>` +
    `<okpd2><code>${p.okpd2[0]}</code><name>${esc(p.okpd2[1])}</name></okpd2><okved2><code>${p.okved2[0]}</code><name>${esc(p.okved2[1])}</name></okved2>` +
    `<okei><code>${p.okei[0]}</code><name>${esc(p.okei[1])}</name></okei><qty>${p.qty}</qty><okato>79401000000</okato><region>Республика Адыгея</region></purchasePlanRowItem></purchasePlanDataItemRows>` +
    `<maximumContractPrice>${p.nmcd}</maximumContractPrice><currency><code>RUB</code><digitalCode>643</digitalCode><name>Российский рубль</name></currency>` +
    `<purchasePeriodYear>${year}</purchasePeriodYear><purchasePeriodMonth>${p.month}</purchasePeriodMonth>` +
    `<purchaseMethodCode>${p.methodCode}</purchaseMethodCode><purchaseMethodName>${esc(p.methodName)}</purchaseMethodName><isElectronic>true</isElectronic><status>P</status></ns2:purchasePlanItem>`;
  const own = items
    .filter((p) => !p.sme)
    .map((p) => item(p, items.indexOf(p)))
    .join('');
  const sme = items
    .filter((p) => p.sme)
    .map((p) => item(p, items.indexOf(p)))
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ns2:purchasePlan xmlns="http://zakupki.gov.ru/223fz/types/1" xmlns:ns2="http://zakupki.gov.ru/223fz/purchasePlan/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<header><guid>${guidOf(`ph${regNumber}${version}`)}</guid><createDateTime>${year - 1}-12-20T10:00:00</createDateTime></header>` +
    `<ns2:body><ns2:item><guid>${guidOf(`pi${regNumber}${version}`)}</guid><ns2:purchasePlanData><guid>${guidOf(`pd${regNumber}${version}`)}</guid>` +
    `<registrationNumber>${regNumber}</registrationNumber><createDateTime>${year - 1}-12-20T10:00:00</createDateTime>${org('customer', c).replace(/ns2:/g, '')}` +
    `<name>План закупки товаров, работ, услуг на ${year} год</name><status>P</status><version>${version}</version><planType>COMMODITY</planType>` +
    `<startDate>${year}-01-01</startDate><endDate>${year}-12-31</endDate><reportingYear>${year}</reportingYear>` +
    `<purchasePlanItems>${own}</purchasePlanItems><purchasePlanItemsSMB>${sme}</purchasePlanItemsSMB>` +
    `</ns2:purchasePlanData></ns2:item></ns2:body></ns2:purchasePlan>\n`
  );
}

/** АО «Демо-Заказчик» of the demo seed (ИНН from innFrom9('010512345')). */
export function demoRecords(c: DemoCustomer): { contracts: string[]; plans: string[] } {
  const reg = (n: number) => `3${c.inn}${'24'}${String(n).padStart(5, '0')}0000`.slice(0, 23).padEnd(23, '0');
  const sup = { name: 'ООО «Поставщик-Юг»', inn: '0105011112', kpp: '010501001' };
  const base = { supplier: sup, methodCode: '40000', methodName: 'Запрос котировок в электронной форме' };
  const contracts: DemoContractSpec[] = [
    {
      ...base,
      regNumber: reg(1),
      version: 1,
      number: 'ДЗ-01/2024',
      date: '2024-03-11',
      publication: '2024-03-12T10:00:00',
      subject: 'Поставка бумаги для офисной техники',
      price: '184500.00',
      positions: [{ name: 'Бумага А4, 500 листов', okpd2: ['17.12.14.110', 'Бумага для печати'], okei: ['778', 'Упаковка'], qty: '500' }],
    },
    {
      ...base,
      regNumber: reg(2),
      version: 1,
      number: 'ДЗ-02/2024',
      date: '2024-04-02',
      publication: '2024-04-15T10:00:00',
      subject: 'Техническое обслуживание кондиционеров',
      price: '950000.00',
      methodCode: '30000',
      methodName: 'Закупка у единственного поставщика (исполнителя, подрядчика)',
      positions: [
        {
          name: 'Обслуживание сплит-систем',
          okpd2: ['33.12.18.000', 'Услуги по ремонту и техническому обслуживанию оборудования'],
          okei: ['876', 'Условная единица'],
          qty: '1',
        },
      ],
    },
    {
      ...base,
      regNumber: reg(3),
      version: 2,
      number: 'ДЗ-03/2024',
      date: '2024-05-20',
      publication: '2024-05-21T10:00:00',
      subject: 'Поставка картриджей',
      price: '76340.50',
      positions: [
        {
          name: 'Картридж лазерный',
          okpd2: ['28.23.25.000', 'Части и принадлежности прочих офисных машин'],
          okei: ['796', 'Штука'],
          qty: '35',
        },
        { name: 'Тонер', okpd2: ['20.59.12.120', 'Тонеры'], okei: ['796', 'Штука'], qty: '10.5' },
      ],
    },
  ];
  const items: DemoPlanItem[] = [
    {
      subject: 'Поставка бумаги для офисной техники',
      okpd2: ['17.12.14.110', 'Бумага для печати'],
      okved2: ['17.12', 'Производство бумаги и картона'],
      okei: ['778', 'Упаковка'],
      qty: '500',
      nmcd: '200000.00',
      month: 3,
      methodCode: '40000',
      methodName: 'Запрос котировок в электронной форме',
      sme: true,
    },
    {
      subject: 'Техническое обслуживание кондиционеров',
      okpd2: ['33.12.18.000', 'Услуги по ремонту и техническому обслуживанию оборудования'],
      okved2: ['33.12', 'Ремонт машин и оборудования'],
      okei: ['876', 'Условная единица'],
      qty: '1',
      nmcd: '980000.00',
      month: 4,
      methodCode: '30000',
      methodName: 'Закупка у единственного поставщика',
      sme: false,
    },
    {
      subject: 'Поставка картриджей',
      okpd2: ['28.23.25.000', 'Части и принадлежности прочих офисных машин'],
      okved2: ['28.23', 'Производство офисной техники'],
      okei: ['796', 'Штука'],
      qty: '45',
      nmcd: '90000.00',
      month: 5,
      methodCode: '40000',
      methodName: 'Запрос котировок в электронной форме',
      sme: true,
    },
  ];
  return { contracts: contracts.map((s) => contractXml(c, s)), plans: [planXml(c, `2${c.inn.slice(0, 9)}`, 2024, 1, items)] };
}

const SUPPLIERS = {
  paper: { name: 'ООО «КанцСнаб-Юг»', inn: '0105087640', kpp: '010501001' },
  climate: { name: 'ООО «КлиматСервис»', inn: '2310187433', kpp: '231001001' },
  computers: { name: 'АО «ТехноКомплект»', inn: '7725324164', kpp: '772501001' },
  roofing: { name: 'ООО «СтройРемонт-Майкоп»', inn: '0105071231', kpp: '010501001' },
  fuel: { name: 'ООО «Адыгнефтепродукт»', inn: '0105043587', kpp: '010501001' },
  cleaning: { name: 'ООО «ЧистоГрад»', inn: '0105092217', kpp: '010501001' },
} as const;

// ЕИС dates are Moscow dates
const isoDaysBefore = (today: Date, days: number) => addDays(moscowDate(today), -days);

/**
 * The demo customer's current year as ЕИС would hold it: a plan and contracts concluded over the last months, one in
 * each ЕИС record status, with unit prices, from suppliers whose ИНН are valid. Dates follow `today`, so a first start
 * in any year shows a current plan and recent contracts.
 */
export function currentYearRecords(c: DemoCustomer, today = now()): { contracts: string[]; plans: string[] } {
  const year = Number(moscowDate(today).slice(0, 4));
  const yy = String(year).slice(2);
  const reg = (n: number) => `5${c.inn}${yy}${String(n).padStart(6, '0')}0000`;
  const quotation = { methodCode: '40000', methodName: 'Запрос котировок в электронной форме' };
  const auction = { methodCode: '20000', methodName: 'Аукцион в электронной форме' };
  const single = { methodCode: '30000', methodName: 'Закупка у единственного поставщика (исполнителя, подрядчика)' };
  const at = (days: number) => ({
    date: isoDaysBefore(today, days),
    publication: `${isoDaysBefore(today, Math.max(days - 2, 0))}T10:00:00`,
  });
  const specs: DemoContractSpec[] = [
    {
      ...quotation,
      ...at(240),
      regNumber: reg(1),
      version: 1,
      number: `14-З/${year}`,
      supplier: SUPPLIERS.paper,
      subject: 'Поставка бумаги офисной формата А4 и А3',
      price: '312600.00',
      positions: [
        {
          name: 'Бумага офисная А4, 80 г/м², 500 листов',
          okpd2: ['17.12.14.129', 'Бумага печатная прочая'],
          okei: ['728', 'Пачка'],
          qty: '1200',
          unitPrice: '238.00',
        },
        {
          name: 'Бумага офисная А3, 80 г/м², 500 листов',
          okpd2: ['17.12.14.129', 'Бумага печатная прочая'],
          okei: ['728', 'Пачка'],
          qty: '60',
          unitPrice: '450.00',
        },
      ],
    },
    {
      ...single,
      ...at(200),
      regNumber: reg(2),
      version: 1,
      number: `27-ЕП/${year}`,
      supplier: SUPPLIERS.climate,
      subject: 'Техническое обслуживание систем кондиционирования административного здания',
      price: '960000.00',
      positions: [
        {
          name: 'Техническое обслуживание сплит-систем и VRF-системы',
          okpd2: ['33.12.18.000', 'Услуги по ремонту и техническому обслуживанию оборудования'],
          okei: ['876', 'Условная единица'],
          qty: '1',
          unitPrice: '960000.00',
        },
      ],
    },
    {
      ...auction,
      ...at(150),
      regNumber: reg(3),
      version: 1,
      number: `41-А/${year}`,
      supplier: SUPPLIERS.computers,
      subject: 'Поставка ноутбуков для отдела бухгалтерского учёта',
      price: '942000.00',
      positions: [
        {
          name: 'Ноутбук 15,6", Intel Core i5, 16 ГБ, SSD 512 ГБ',
          okpd2: ['26.20.11.110', 'Компьютеры портативные массой не более 10 кг'],
          okei: ['796', 'Штука'],
          qty: '12',
          unitPrice: '78500.00',
        },
      ],
    },
    {
      ...auction,
      ...at(120),
      regNumber: reg(4),
      version: 1,
      number: `45-А/${year}`,
      supplier: SUPPLIERS.roofing,
      subject: 'Ремонт кровли склада № 2',
      price: '2450000.00',
      status: 'F',
      positions: [
        {
          name: 'Ремонт мягкой кровли с заменой гидроизоляции',
          okpd2: ['43.91.19.110', 'Работы кровельные прочие'],
          okei: ['055', 'Квадратный метр'],
          qty: '980',
          unitPrice: '2500.00',
        },
      ],
    },
    {
      ...quotation,
      ...at(90),
      regNumber: reg(5),
      version: 2,
      number: `52-З/${year}`,
      supplier: SUPPLIERS.fuel,
      subject: 'Поставка автомобильного топлива для служебного транспорта',
      price: '1125000.00',
      status: 'M',
      positions: [
        {
          name: 'Бензин автомобильный АИ-95',
          okpd2: [
            '19.20.21.125',
            'Бензин автомобильный с октановым числом более 92, но не более 95 по исследовательскому методу экологического класса К5',
          ],
          okei: ['112', 'Литр'],
          qty: '18000',
          unitPrice: '62.50',
        },
      ],
    },
    {
      ...quotation,
      ...at(60),
      regNumber: reg(6),
      version: 1,
      number: `58-З/${year}`,
      supplier: SUPPLIERS.cleaning,
      subject: 'Оказание услуг по уборке помещений',
      price: '540000.00',
      status: 'I',
      positions: [
        {
          name: 'Ежедневная уборка помещений административного здания',
          okpd2: ['81.21.10.000', 'Услуги по общей уборке зданий'],
          okei: ['876', 'Условная единица'],
          qty: '1',
          unitPrice: '540000.00',
        },
      ],
    },
  ];
  const item = (
    subject: string,
    okpd2: [string, string],
    okved2: [string, string],
    okei: [string, string],
    qty: string,
    nmcd: string,
    month: number,
    m: { methodCode: string; methodName: string },
    sme: boolean,
  ): DemoPlanItem => ({ subject, okpd2, okved2, okei, qty, nmcd, month, ...m, sme });
  const items: DemoPlanItem[] = [
    item(
      'Поставка бумаги офисной формата А4 и А3',
      ['17.12.14.129', 'Бумага печатная прочая'],
      ['46.49', 'Торговля оптовая прочими бытовыми товарами'],
      ['728', 'Пачка'],
      '1260',
      '330000.00',
      3,
      quotation,
      true,
    ),
    item(
      'Техническое обслуживание систем кондиционирования административного здания',
      ['33.12.18.000', 'Услуги по ремонту и техническому обслуживанию оборудования'],
      ['33.12', 'Ремонт машин и оборудования'],
      ['876', 'Условная единица'],
      '1',
      '980000.00',
      4,
      single,
      false,
    ),
    item(
      'Поставка ноутбуков для отдела бухгалтерского учёта',
      ['26.20.11.110', 'Компьютеры портативные массой не более 10 кг'],
      ['46.51', 'Торговля оптовая компьютерами'],
      ['796', 'Штука'],
      '12',
      '996000.00',
      6,
      auction,
      false,
    ),
    item(
      'Ремонт кровли склада № 2',
      ['43.91.19.110', 'Работы кровельные прочие'],
      ['43.91', 'Производство кровельных работ'],
      ['055', 'Квадратный метр'],
      '980',
      '2600000.00',
      7,
      auction,
      true,
    ),
    item(
      'Поставка автомобильного топлива для служебного транспорта',
      ['19.20.21.125', 'Бензин автомобильный АИ-95'],
      ['46.71', 'Торговля оптовая топливом'],
      ['112', 'Литр'],
      '18000',
      '1170000.00',
      8,
      quotation,
      false,
    ),
    item(
      'Оказание услуг по уборке помещений',
      ['81.21.10.000', 'Услуги по общей уборке зданий'],
      ['81.21', 'Деятельность по общей уборке зданий'],
      ['876', 'Условная единица'],
      '1',
      '560000.00',
      9,
      quotation,
      true,
    ),
    item(
      'Поставка спецодежды и средств индивидуальной защиты',
      ['14.12.30.131', 'Костюмы производственные'],
      ['46.42', 'Торговля оптовая одеждой и обувью'],
      ['796', 'Штука'],
      '85',
      '425000.00',
      11,
      quotation,
      true,
    ),
    item(
      'Охрана административного здания и склада',
      ['80.10.12.000', 'Услуги охраны'],
      ['80.10', 'Деятельность частных охранных служб'],
      ['876', 'Условная единица'],
      '1',
      '1850000.00',
      12,
      auction,
      false,
    ),
  ];
  return { contracts: specs.map((s) => contractXml(c, s)), plans: [planXml(c, `2${c.inn.slice(1, 10)}`, year, 1, items)] };
}
