/**
 * A realistic contract execution report and monthly summary, for tests and previews of the Excel and PDF reports.
 */
import type { ContractExecutionReportInput, MonthlySummaryInput } from './types';

export const SAMPLE_EXECUTION_REPORT: ContractExecutionReportInput = {
  reportDate: '2025-06-30',
  customer: {
    name: 'Акционерное общество «Городские тепловые сети»',
    inn: '7701234567',
    kpp: '770101001',
    address: '101000, г. Москва, ул. Мясницкая, д. 10, стр. 1',
  },
  supplier: {
    name: 'Общество с ограниченной ответственностью «Канцторг»',
    inn: '5001012345',
    kpp: '500101001',
    address: '143900, Московская обл., г. Балашиха, ш. Энтузиастов, д. 1',
    isSme: true,
  },
  contract: {
    registryNumber: '57701234567250000120000',
    number: '45-П/2025',
    date: '2025-03-25',
    subject: 'Поставка офисной бумаги и канцелярских товаров',
    price: '1234567.80',
    currency: 'RUB',
    startDate: '2025-03-25',
    endDate: '2025-12-31',
    procurementNumber: '32514567890',
    procurementMethod: 'Запрос котировок в электронной форме',
    status: 'Исполнение',
  },
  positions: [
    {
      name: 'Бумага офисная А4, 80 г/м², 500 листов',
      okpd2: '17.12.14.129',
      unit: 'пачка',
      quantity: '1200',
      price: '389.50',
      deliveredQuantity: '800',
      deliveredAmount: '311600.00',
      paidQuantity: '500',
      paidAmount: '194750.00',
    },
    {
      name: 'Ручка шариковая синяя',
      okpd2: '32.99.12.120',
      unit: 'шт',
      quantity: '3500',
      price: '219.2508',
      amount: '767167.80',
      deliveredQuantity: '1750.5',
      deliveredAmount: '383808.53',
      paidQuantity: '0',
      paidAmount: '0',
    },
  ],
  documents: [
    { kind: 'УПД', number: '112', date: '2025-04-10', amount: '311600.00', vatAmount: '51933.33', status: 'Принят' },
    { kind: 'УПД', number: '187', date: '2025-05-20', amount: '383808.53', vatAmount: '63968.09', status: 'Принят' },
  ],
  payments: [{ number: '1452', date: '2025-04-17', amount: '194750.00', purpose: 'Оплата по УПД № 112 от 10.04.2025, в т. ч. НДС 20 %' }],
};

export const SAMPLE_MONTHLY_SUMMARY: MonthlySummaryInput = {
  customer: { name: 'Акционерное общество «Городские тепловые сети»', inn: '7701234567', kpp: '770101001' },
  periodFrom: '2025-05-01',
  periodTo: '2025-05-31',
  contracts: [
    {
      number: '50-П/2025',
      date: '2025-05-05',
      method: 'Аукцион в электронной форме',
      amount: '1500000.10',
      isSme: true,
      supplierName: 'ООО «Альфа»',
      supplierInn: '7702000001',
      registryNumber: '57701234567250000130000',
    },
    {
      number: '51-П/2025',
      date: '2025-05-12',
      method: 'Запрос котировок в электронной форме',
      amount: '250000.20',
      isSme: false,
      supplierName: 'АО «Бета»',
      supplierInn: '7702000002',
    },
    {
      number: '52-П/2025',
      date: '2025-05-20',
      method: 'Аукцион в электронной форме',
      amount: '499999.90',
      isSme: false,
      supplierName: 'ООО «Гамма»',
      supplierInn: '7702000003',
    },
    {
      number: '53-П/2025',
      date: '2025-05-31',
      method: 'Закупка у единственного поставщика',
      amount: '0.30',
      isSme: true,
      supplierName: 'ИП Иванов И. И.',
      supplierInn: '770200000412',
    },
    { number: '49-П/2025', date: '2025-04-30', method: 'Аукцион в электронной форме', amount: '999.99', isSme: true },
  ],
};
