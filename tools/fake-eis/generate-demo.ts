import { createHash } from 'node:crypto';

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
  positions: Array<{ name: string; okpd2: [string, string]; okei: [string, string]; qty: string }>;
  publication: string;
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
        `<ns2:producerCountry>false</ns2:producerCountry><ns2:okei><code>${p.okei[0]}</code><name>${esc(p.okei[1])}</name></ns2:okei><ns2:qty>${p.qty}</ns2:qty></ns2:contractPosition>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ns2:contract ${NS}>` +
    `<header><guid>${guidOf(`h${s.regNumber}${s.version}`)}</guid><createDateTime>${s.publication}</createDateTime></header>` +
    `<ns2:body><ns2:item><guid>${guidOf(`i${s.regNumber}${s.version}`)}</guid><ns2:contractData>` +
    `<ns2:guid>${guidOf(`c${s.regNumber}${s.version}`)}</ns2:guid><ns2:registrationNumber>${s.regNumber.slice(0, 19)}${String(s.version).padStart(4, '0')}</ns2:registrationNumber>` +
    `<ns2:createDateTime>${s.publication}</ns2:createDateTime>${org('customer', c)}${org('placer', c)}` +
    `<ns2:publicationDate>${s.publication}</ns2:publicationDate><ns2:status>P</ns2:status><ns2:version>${s.version}</ns2:version>` +
    `<ns2:contractRegNumber>${s.regNumber}</ns2:contractRegNumber><ns2:name>${esc(s.number)}</ns2:name>` +
    `<ns2:purchaseTypeInfo><code>${s.methodCode}</code><name>${esc(s.methodName)}</name></ns2:purchaseTypeInfo>` +
    `<ns2:contractDate>${s.date}</ns2:contractDate><ns2:subjectContract>${esc(s.subject)}</ns2:subjectContract>` +
    `<ns2:supplierInfo><name>${esc(s.supplier.name)}</name><shortName>${esc(s.supplier.name)}</shortName><inn>${s.supplier.inn}</inn><kpp>${s.supplier.kpp}</kpp><type>L</type><provider>true</provider></ns2:supplierInfo>` +
    `<ns2:price>${s.price}</ns2:price><ns2:currency><code>RUB</code><digitalCode>643</digitalCode><name>Российский рубль</name></ns2:currency>` +
    `<ns2:startExecutionDate>${s.date}</ns2:startExecutionDate><ns2:endExecutionDate>${s.date.slice(0, 4)}-12-31</ns2:endExecutionDate>` +
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
  const own = items.filter((p) => !p.sme).map((p) => item(p, items.indexOf(p))).join('');
  const sme = items.filter((p) => p.sme).map((p) => item(p, items.indexOf(p))).join('');
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
    { ...base, regNumber: reg(1), version: 1, number: 'ДЗ-01/2024', date: '2024-03-11', publication: '2024-03-12T10:00:00', subject: 'Поставка бумаги для офисной техники', price: '184500.00', positions: [{ name: 'Бумага А4, 500 листов', okpd2: ['17.12.14.110', 'Бумага для печати'], okei: ['778', 'Упаковка'], qty: '500' }] },
    { ...base, regNumber: reg(2), version: 1, number: 'ДЗ-02/2024', date: '2024-04-02', publication: '2024-04-15T10:00:00', subject: 'Техническое обслуживание кондиционеров', price: '950000.00', methodCode: '30000', methodName: 'Закупка у единственного поставщика (исполнителя, подрядчика)', positions: [{ name: 'Обслуживание сплит-систем', okpd2: ['33.12.18.000', 'Услуги по ремонту и техническому обслуживанию оборудования'], okei: ['876', 'Условная единица'], qty: '1' }] },
    { ...base, regNumber: reg(3), version: 2, number: 'ДЗ-03/2024', date: '2024-05-20', publication: '2024-05-21T10:00:00', subject: 'Поставка картриджей', price: '76340.50', positions: [{ name: 'Картридж лазерный', okpd2: ['28.23.25.000', 'Части и принадлежности прочих офисных машин'], okei: ['796', 'Штука'], qty: '35' }, { name: 'Тонер', okpd2: ['20.59.12.120', 'Тонеры'], okei: ['796', 'Штука'], qty: '10.5' }] },
  ];
  const items: DemoPlanItem[] = [
    { subject: 'Поставка бумаги для офисной техники', okpd2: ['17.12.14.110', 'Бумага для печати'], okved2: ['17.12', 'Производство бумаги и картона'], okei: ['778', 'Упаковка'], qty: '500', nmcd: '200000.00', month: 3, methodCode: '40000', methodName: 'Запрос котировок в электронной форме', sme: true },
    { subject: 'Техническое обслуживание кондиционеров', okpd2: ['33.12.18.000', 'Услуги по ремонту и техническому обслуживанию оборудования'], okved2: ['33.12', 'Ремонт машин и оборудования'], okei: ['876', 'Условная единица'], qty: '1', nmcd: '980000.00', month: 4, methodCode: '30000', methodName: 'Закупка у единственного поставщика', sme: false },
    { subject: 'Поставка картриджей', okpd2: ['28.23.25.000', 'Части и принадлежности прочих офисных машин'], okved2: ['28.23', 'Производство офисной техники'], okei: ['796', 'Штука'], qty: '45', nmcd: '90000.00', month: 5, methodCode: '40000', methodName: 'Запрос котировок в электронной форме', sme: true },
  ];
  return { contracts: contracts.map((s) => contractXml(c, s)), plans: [planXml(c, `2${c.inn.slice(0, 9)}`, 2024, 1, items)] };
}
