import { z } from 'zod';
import { decimalString, isoDate } from '../schemas';

/** Result of reading a 1C client-bank exchange file (1CClientBankExchange 1.02/1.03). */

export const bank1cParty = z.object({
  /** …ИНН */
  inn: z.string().nullable(),
  /** …КПП */
  kpp: z.string().nullable(),
  /** …1 (the plain name), else the combined …= line */
  name: z.string().nullable(),
  /** …Счет, else …РасчСчет */
  account: z.string().nullable(),
  /** …БИК */
  bik: z.string().nullable(),
  /** …Банк1 */
  bankName: z.string().nullable(),
  /** …Банк2 (city) */
  bankCity: z.string().nullable(),
  /** …Корсчет */
  corrAccount: z.string().nullable(),
});
export type Bank1cParty = z.infer<typeof bank1cParty>;

export const bank1cDocument = z.object({
  /** 1-based line of `СекцияДокумент`, to point the user at the source; Номер is not unique within a file. */
  lineNumber: z.number().int(),
  /** СекцияДокумент value: 'Платежное поручение', 'Банковский ордер', 'Платежное требование'… */
  kind: z.string(),
  number: z.string(),
  date: isoDate,
  amount: decimalString,
  payer: bank1cParty,
  payee: bank1cParty,
  /** НазначениеПлатежа, else НазначениеПлатежа1…6 joined by line breaks */
  purpose: z.string().nullable(),
  /** ДатаСписано */
  writtenOffDate: isoDate.nullable(),
  /** ДатаПоступило */
  receivedDate: isoDate.nullable(),
  /** ВидПлатежа (почтой, телеграфом, электронно…) */
  paymentType: z.string().nullable(),
  /** ВидОплаты (operation code, 01 for a payment order) */
  operationType: z.string().nullable(),
  /** Очередность */
  priority: z.string().nullable(),
  /** Every key=value of the section as written, for fields not mapped above (УИН, КБК, ОКТМО…). */
  fields: z.record(z.string(), z.string()),
});
export type Bank1cDocument = z.infer<typeof bank1cDocument>;

export const bank1cAccountSection = z.object({
  account: z.string().nullable(),
  dateFrom: isoDate.nullable(),
  dateTo: isoDate.nullable(),
  openingBalance: decimalString.nullable(),
  /** ВсегоПоступило */
  totalReceived: decimalString.nullable(),
  /** ВсегоСписано */
  totalWrittenOff: decimalString.nullable(),
  closingBalance: decimalString.nullable(),
});
export type Bank1cAccountSection = z.infer<typeof bank1cAccountSection>;

export const bank1cFile = z.object({
  formatVersion: z.string().nullable(),
  /** How the bytes were decoded: the Кодировка line (Windows = windows-1251, DOS = cp866) or UTF-8 */
  encoding: z.enum(['Windows', 'DOS', 'UTF-8']),
  sender: z.string().nullable(),
  receiver: z.string().nullable(),
  createdDate: isoDate.nullable(),
  createdTime: z.string().nullable(),
  dateFrom: isoDate.nullable(),
  dateTo: isoDate.nullable(),
  /** Header РасчСчет lines (one per account the file covers) */
  accounts: z.array(z.string()),
  /** Header Документ lines (kinds of documents the file may hold) */
  documentKinds: z.array(z.string()),
  accountSections: z.array(bank1cAccountSection),
  documents: z.array(bank1cDocument),
});
export type Bank1cFile = z.infer<typeof bank1cFile>;
