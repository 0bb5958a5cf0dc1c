/**
 * «Отчёт об исполнении договора» as an Excel workbook: requisites and totals, positions with delivered quantities and
 * sums, acceptance documents, payments. Payments pay the contract, not a position (a payment order names no position),
 * so what is paid is shown once, in the totals and the payments sheet: never a per-position zero beside a paid total.
 */
import type { Writable } from 'node:stream';
import Decimal from 'decimal.js';
import { currencyShort, procurementNumberAndMethod } from '@proc/contract/format';
import { formatDateRu } from '../docx/format';
import { EXECUTION_TOTAL_LABELS, summarizeContractExecution } from './report-figures';
import { addTableSheet } from './register';
import type { ContractExecutionReportInput, RegisterColumn } from './types';
import { moscowToday } from '../../platform/clock';
import {
  DATE_FORMAT,
  MONEY_FORMAT,
  PERCENT_FORMAT,
  addTitleRow,
  buildStreamingXlsx,
  dateCell,
  moneyCell,
  type StreamingWorksheet,
} from './workbook';

export const EXECUTION_POSITION_COLUMNS: RegisterColumn[] = [
  { key: 'index', header: '№ п/п', type: 'number', width: 7 },
  { key: 'name', header: 'Наименование товара, работы, услуги', width: 42 },
  { key: 'okpd2', header: 'Код ОКПД2', width: 14 },
  { key: 'unit', header: 'Ед. изм.', width: 10 },
  { key: 'quantity', header: 'Количество по договору', type: 'number', width: 13 },
  { key: 'price', header: 'Цена за единицу', type: 'money', width: 15, total: false },
  { key: 'amount', header: 'Сумма по договору', type: 'money', width: 17 },
  { key: 'deliveredQuantity', header: 'Поставлено (принято), кол-во', type: 'number', width: 14 },
  { key: 'deliveredAmount', header: 'Поставлено (принято), сумма', type: 'money', width: 17 },
  { key: 'remainingQuantity', header: 'Остаток к поставке, кол-во', type: 'number', width: 14 },
  { key: 'remainingAmount', header: 'Остаток к поставке, сумма', type: 'money', width: 17 },
];

export const ACCEPTANCE_DOCUMENT_COLUMNS: RegisterColumn[] = [
  { key: 'index', header: '№ п/п', type: 'number', width: 7 },
  { key: 'kind', header: 'Вид документа', width: 26 },
  { key: 'number', header: 'Номер', width: 16 },
  { key: 'date', header: 'Дата', type: 'date', width: 12 },
  { key: 'amount', header: 'Сумма', type: 'money', width: 17 },
  { key: 'vatAmount', header: 'в т. ч. НДС', type: 'money', width: 15 },
  { key: 'status', header: 'Статус', width: 18 },
];

export const PAYMENT_COLUMNS: RegisterColumn[] = [
  { key: 'index', header: '№ п/п', type: 'number', width: 7 },
  { key: 'number', header: 'Номер платёжного поручения', width: 16 },
  { key: 'date', header: 'Дата', type: 'date', width: 12 },
  { key: 'amount', header: 'Сумма', type: 'money', width: 17 },
  { key: 'purpose', header: 'Назначение платежа', width: 60 },
];

type InfoValue = { text: string } | { date: string | undefined } | { money: string } | { percent: string };

function addSection(sheet: StreamingWorksheet, title: string): void {
  sheet.addRow([]).commit();
  const row = sheet.addRow([title]);
  row.font = { bold: true, size: 12 };
  row.commit();
}

function addInfoRow(sheet: StreamingWorksheet, label: string, value: InfoValue): void {
  const row = sheet.addRow([label]);
  const cell = row.getCell(2);
  if ('text' in value) {
    cell.value = value.text;
  } else if ('date' in value) {
    cell.value = dateCell(value.date);
    cell.numFmt = DATE_FORMAT;
  } else if ('money' in value) {
    cell.value = moneyCell(value.money);
    cell.numFmt = MONEY_FORMAT;
  } else {
    cell.value = Number(new Decimal(value.percent).div(100).toFixed(4));
    cell.numFmt = PERCENT_FORMAT;
  }
  cell.alignment = { horizontal: 'left', vertical: 'top', wrapText: true };
  row.getCell(1).alignment = { vertical: 'top', wrapText: true };
  row.commit();
}

/**
 * Builds the report as an .xlsx buffer (or writes it to `out`). Input is validated (ZodError on bad data); all sums
 * are computed with decimal.js from decimal strings and written as numbers with the format `#,##0.00`.
 */
export async function buildContractExecutionReportXlsx(input: ContractExecutionReportInput, out?: Writable): Promise<Buffer> {
  const { report, positions, totals } = summarizeContractExecution(input);
  const { contract, customer, supplier } = report;
  const reportDate = report.reportDate ?? moscowToday();
  const title = `Отчёт об исполнении договора № ${contract.number} от ${formatDateRu(contract.date)}`;

  return buildStreamingXlsx(async (workbook) => {
    workbook.title = title;

    const info = workbook.addWorksheet('Сведения', {
      pageSetup: { orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 },
    });
    info.columns = [{ width: 46 }, { width: 70 }];
    addTitleRow(info, 'Отчёт об исполнении договора', 2);
    const sub = info.addRow([`по состоянию на ${formatDateRu(reportDate)}`]);
    sub.font = { italic: true };
    sub.commit();

    addSection(info, 'Договор');
    addInfoRow(info, 'Реестровый номер в ЕИС', { text: contract.registryNumber ?? '' });
    addInfoRow(info, 'Номер договора', { text: contract.number });
    addInfoRow(info, 'Дата заключения', { date: contract.date });
    addInfoRow(info, 'Предмет договора', { text: contract.subject });
    addInfoRow(info, 'Номер и способ закупки', {
      text: procurementNumberAndMethod(contract.procurementNumber, contract.procurementMethod),
    });
    if (contract.startDate) addInfoRow(info, 'Дата начала исполнения', { date: contract.startDate });
    if (contract.endDate) addInfoRow(info, 'Дата окончания исполнения', { date: contract.endDate });
    if (contract.status) addInfoRow(info, 'Статус', { text: contract.status });
    addInfoRow(info, 'Цена договора', { money: totals.contractPrice });
    addInfoRow(info, 'Валюта', { text: currencyShort(contract.currency) });

    addSection(info, 'Заказчик');
    addInfoRow(info, 'Наименование', { text: customer.name });
    addInfoRow(info, 'ИНН / КПП', { text: [customer.inn, customer.kpp].filter(Boolean).join(' / ') });
    if (customer.address) addInfoRow(info, 'Адрес', { text: customer.address });

    addSection(info, 'Поставщик (подрядчик, исполнитель)');
    addInfoRow(info, 'Наименование', { text: supplier.name });
    addInfoRow(info, 'ИНН / КПП', { text: [supplier.inn, supplier.kpp].filter(Boolean).join(' / ') });
    if (supplier.address) addInfoRow(info, 'Адрес', { text: supplier.address });
    if (supplier.isSme !== undefined) addInfoRow(info, 'Субъект МСП', { text: supplier.isSme ? 'Да' : 'Нет' });

    addSection(info, 'Итоги исполнения');
    for (const [key, label] of EXECUTION_TOTAL_LABELS) addInfoRow(info, label, { money: totals[key] });
    addInfoRow(info, 'Исполнено, % от цены договора', { percent: totals.acceptedPercent });
    addInfoRow(info, 'Оплачено, % от цены договора', { percent: totals.paidPercent });
    addInfoRow(info, 'Документов о приёмке', { text: String(report.documents.length) });
    addInfoRow(info, 'Платёжных поручений', { text: String(report.payments.length) });
    info.commit();

    await addTableSheet(workbook, {
      name: 'Позиции',
      columns: EXECUTION_POSITION_COLUMNS,
      rows: positions,
      totals: true,
      totalsLabel: 'Итого',
    });
    await addTableSheet(workbook, {
      name: 'Документы приёмки',
      columns: ACCEPTANCE_DOCUMENT_COLUMNS,
      rows: report.documents.map((d, i) => ({ ...d, index: i + 1 })),
      totals: true,
      totalsLabel: 'Итого',
    });
    await addTableSheet(workbook, {
      name: 'Платежи',
      columns: PAYMENT_COLUMNS,
      rows: report.payments.map((p, i) => ({ ...p, index: i + 1 })),
      totals: true,
      totalsLabel: 'Итого',
    });
  }, out);
}
