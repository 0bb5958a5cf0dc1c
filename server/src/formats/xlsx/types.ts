/**
 * Input types of the Excel (and PDF) reports. Money and quantities are decimal strings ("1234.56"), never floats;
 * dates are ISO `YYYY-MM-DD`. The zod schemas validate input and fill defaults; `…Input` types are what callers
 * pass, the inferred output types are what the builders work with.
 */
import { z } from 'zod';

export const DecimalString = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/, 'Ожидается десятичное число строкой, например "1234.56"');

export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД');

// ---- Отчёт об исполнении договора --------------------------------------------------------------------------------

export const ExecutionPositionSchema = z.object({
  name: z.string().min(1),
  okpd2: z.string().optional(),
  /** Unit of measure (ОКЕИ name: «шт», «кг», «усл. ед.»). */
  unit: z.string().optional(),
  quantity: DecimalString,
  price: DecimalString,
  /** Position amount under the contract; quantity × price (rounded to kopecks) when absent. */
  amount: DecimalString.optional(),
  deliveredQuantity: DecimalString.default('0'),
  deliveredAmount: DecimalString.default('0'),
  paidQuantity: DecimalString.default('0'),
  paidAmount: DecimalString.default('0'),
});

export const AcceptanceDocumentSchema = z.object({
  /** УПД, акт, товарная накладная… */
  kind: z.string().min(1),
  number: z.string().min(1),
  date: IsoDate,
  amount: DecimalString,
  vatAmount: DecimalString.optional(),
  status: z.string().optional(),
});

export const ContractPaymentSchema = z.object({
  number: z.string().min(1),
  date: IsoDate,
  amount: DecimalString,
  purpose: z.string().optional(),
});

export const PartySchema = z.object({
  name: z.string().min(1),
  inn: z.string().regex(/^\d{10}(\d{2})?$/, 'ИНН — 10 или 12 цифр'),
  kpp: z.string().optional(),
  address: z.string().optional(),
});

export const ContractExecutionReportSchema = z.object({
  /** Date the report is made on; today when absent. */
  reportDate: IsoDate.optional(),
  customer: PartySchema,
  supplier: PartySchema.extend({ isSme: z.boolean().optional() }),
  contract: z.object({
    /** ЕИС contract register number (23 digits). */
    registryNumber: z.string().optional(),
    number: z.string().min(1),
    date: IsoDate,
    subject: z.string().min(1),
    price: DecimalString,
    currency: z.string().default('RUB'),
    startDate: IsoDate.optional(),
    endDate: IsoDate.optional(),
    procurementNumber: z.string().optional(),
    procurementMethod: z.string().optional(),
    status: z.string().optional(),
  }),
  /**
   * Accepted (delivered) and paid sums as the product counts them everywhere (the card, the dashboard): when given,
   * the report shows these instead of summing its documents and payments itself, so every screen and file agrees.
   */
  figures: z.object({ accepted: DecimalString, paid: DecimalString }).optional(),
  positions: z.array(ExecutionPositionSchema),
  documents: z.array(AcceptanceDocumentSchema).default([]),
  payments: z.array(ContractPaymentSchema).default([]),
});

export type ContractExecutionReportInput = z.input<typeof ContractExecutionReportSchema>;
export type ContractExecutionReport = z.output<typeof ContractExecutionReportSchema>;
export type ExecutionPosition = z.output<typeof ExecutionPositionSchema>;
export type AcceptanceDocument = z.output<typeof AcceptanceDocumentSchema>;
export type ContractPayment = z.output<typeof ContractPaymentSchema>;

// ---- Ежемесячная сводка о договорах (223-ФЗ) ---------------------------------------------------------------------

export const SummaryContractSchema = z.object({
  registryNumber: z.string().optional(),
  number: z.string().min(1),
  date: IsoDate,
  subject: z.string().optional(),
  /** Procurement method as the customer's rules name it (конкурс, аукцион, у единственного поставщика…). */
  method: z.string().min(1),
  supplierName: z.string().optional(),
  supplierInn: z.string().optional(),
  /** Contract price in roubles. */
  amount: DecimalString,
  /** Supplier is a small or medium business (субъект МСП). */
  isSme: z.boolean().default(false),
});

export const MonthlySummarySchema = z
  .object({
    customer: PartySchema.pick({ name: true, inn: true, kpp: true }),
    periodFrom: IsoDate,
    periodTo: IsoDate,
    reportDate: IsoDate.optional(),
    contracts: z.array(SummaryContractSchema),
  })
  .refine((s) => s.periodFrom <= s.periodTo, { message: 'Начало периода позже его конца', path: ['periodTo'] });

export type MonthlySummaryInput = z.input<typeof MonthlySummarySchema>;
export type MonthlySummary = z.output<typeof MonthlySummarySchema>;
export type SummaryContract = z.output<typeof SummaryContractSchema>;

// ---- Реестр (произвольная таблица) ------------------------------------------------------------------------------

export type RegisterColumnType = 'string' | 'date' | 'money' | 'number';

export interface RegisterColumn {
  /** Key of the value in a row. */
  key: string;
  /** Russian column header. */
  header: string;
  /** string (default), date (ISO date or Date), money (decimal string), number (decimal string or number). */
  type?: RegisterColumnType;
  /** Width in characters. */
  width?: number;
  /** For money columns: include in the «Итого» row (default true; false for unit prices). */
  total?: boolean;
}

export type RegisterRow = Record<string, unknown>;

export interface RegisterOptions {
  /** Sheet name (Excel allows 31 characters; longer names are cut). Default «Реестр». */
  sheetName?: string;
  /** A title written above the table. */
  title?: string;
  /** Adds a row «Итого» with the sums of money columns. */
  totals?: boolean;
}
