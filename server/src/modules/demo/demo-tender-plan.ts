/**
 * The demo budget institution's план-график positions: one list for the fake ЕИС, which publishes them
 * (tools/fake-eis/tender-plan-samples.ts), and the demo seed, which stores the same plan (seed-demo-44.ts), so a later
 * import from the fake finds the plan stored. Data only: the fake imports it from here.
 */
export interface TenderPlanPositionSpec {
  /** the position's number in the plan: ИКЗ digits 23–26 */
  n: number;
  subject: string;
  okpd2?: [string, string];
  kvr: [string, string];
  /** current year, first and second years of the planning period, later years */
  years: [string, string, string, string];
  /** an «особая закупка» of this kind (P4_1_93 …) instead of a regular position */
  special?: [string, string];
}

export const K244: [string, string] = ['244', 'Прочая закупка товаров, работ и услуг'];
export const K243: [string, string] = [
  '243',
  'Закупка товаров, работ, услуг в целях капитального ремонта государственного (муниципального) имущества',
];
export const K247: [string, string] = ['247', 'Закупка энергетических ресурсов'];

/** The positions of a budget institution's план-график: several ОКПД2, КВР and years, one «особая закупка». */
export function demoTenderPlanPositions(): TenderPlanPositionSpec[] {
  return [
    {
      n: 1,
      subject: 'Поставка бумаги для офисной техники',
      okpd2: ['17.12.14.110', 'Бумага для печати'],
      kvr: K244,
      years: ['350000.00', '0.00', '0.00', '0.00'],
    },
    {
      n: 2,
      subject: 'Оказание услуг по обращению с твердыми коммунальными отходами',
      okpd2: ['38.11.21.000', 'Услуги по сбору неопасных отходов городского хозяйства, непригодных для повторного использования'],
      kvr: K244,
      years: ['148895.28', '152000.00', '158000.00', '0.00'],
    },
    {
      n: 3,
      subject: 'Капитальный ремонт кровли здания',
      okpd2: ['43.91.19.000', 'Работы кровельные прочие, не включенные в другие группировки'],
      kvr: K243,
      years: ['1200000.00', '800000.00', '0.00', '0.00'],
    },
    {
      n: 4,
      subject: 'Поставка продуктов питания для организации питания обучающихся',
      okpd2: ['10.51.11.000', 'Молоко, кроме сырого'],
      kvr: K244,
      years: ['600000.00', '650000.00', '700000.00', '0.00'],
    },
    {
      n: 5,
      subject: 'Поставка тепловой энергии',
      okpd2: ['35.30.11.111', 'Энергия тепловая, отпущенная котельными'],
      kvr: K247,
      years: ['2400000.00', '2500000.00', '2600000.00', '0.00'],
    },
    {
      n: 6,
      subject: 'Закупки в соответствии с п. 4 ч. 1 ст. 93 Федерального закона № 44-ФЗ',
      kvr: K244,
      years: ['680121.83', '0.00', '0.00', '0.00'],
      special: ['P4_1_93', 'Закупки в соответствии с п. 4 ч. 1 ст. 93 Федерального закона № 44-ФЗ'],
    },
  ];
}

/** The position the plan's second version adds. */
export const DEMO_TENDER_PLAN_V2_POSITION: TenderPlanPositionSpec = {
  n: 7,
  subject: 'Оказание услуг связи',
  okpd2: ['61.10.11.000', 'Услуги по предоставлению внутризоновой, междугородной и международной телефонной связи'],
  kvr: K244,
  years: ['96000.00', '96000.00', '0.00', '0.00'],
};
