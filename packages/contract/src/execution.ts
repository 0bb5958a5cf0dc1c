import { z } from 'zod';
import { BodyId, Id, SortOrder, isoDate, safeText } from './common';
import { SignatureCheckResponse } from './signatures';
import { AcceptanceState } from './acceptance';

/** Исполнение договоров: УПД, платёжные поручения, доли поставки и оплаты, отчёты, сводка. Money is decimal strings. */

const money = z.string();

export const AcceptanceLine = z.object({
  id: z.number().int(),
  ordinal: z.number().int(),
  name: z.string().nullable(),
  okei_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: money.nullable(),
  price: money.nullable(),
  amount_without_vat: money.nullable(),
  vat_rate: z.string().nullable(),
  vat_amount: money.nullable(),
  amount_with_vat: money.nullable(),
  position_id: z.number().int().nullable(),
  position_name: z.string().nullable(),
  confidence: z.number().nullable().describe('Уверенность автоматического сопоставления 0..1'),
  mapped_by: z.enum(['auto', 'user']).nullable(),
});
export type AcceptanceLine = z.infer<typeof AcceptanceLine>;

export const AcceptanceDocumentResponse = z.object({
  id: z.number().int(),
  contract_id: z.number().int(),
  kind: z.string(),
  status: z.enum(['processing', 'processed', 'error']),
  /** the customer's acceptance: only accepted (in full or in part) counts as delivered */
  acceptance: AcceptanceState,
  accepted_on: z.string().nullable(),
  error: z.string().nullable(),
  number: z.string(),
  date: z.string(),
  format_version: z.string().nullable(),
  seller: z.object({ name: z.string().nullable(), inn: z.string().nullable() }),
  buyer: z.object({ name: z.string().nullable(), inn: z.string().nullable() }),
  amount_without_vat: money.nullable(),
  vat_amount: money.nullable(),
  amount_with_vat: money.nullable(),
  file_name: z.string(),
  created_at: z.string(),
  /** Findings against the contract the user confirmed at upload */
  warnings: z.array(z.string()),
  /** Withdrawn documents stay listed but count in no figure */
  withdrawn: z.object({ at: z.string(), reason: z.string() }).nullable(),
  lines: z.array(AcceptanceLine),
});
export type AcceptanceDocumentResponse = z.infer<typeof AcceptanceDocumentResponse>;

/** `confirm=true`: the user read the findings against the contract and uploads the УПД anyway. */
export const UpdUploadQuery = z.object({
  confirm: z.enum(['true', 'false']).optional(),
  /** `replace=true`: the same УПД (seller ИНН, number, date) is already in force; the user confirmed it replaces it */
  replace: z.enum(['true', 'false']).optional(),
});

/** Why a document or link is withdrawn: kept in the audit trail. */
export const WithdrawRequest = z.object({
  reason: safeText().trim().min(3, 'Укажите причину (не короче 3 знаков)').max(500, 'Причина — не длиннее 500 знаков'),
});

export const UpdUploadResponse = z.object({
  id: z.number().int(),
  key: z.string().describe('Ключ события notificationMapInvoiceItemsResponse'),
  status: z.literal('processing'),
  number: z.string(),
  date: z.string(),
  upload_file_name: z.string(),
  signatures: z
    .array(SignatureCheckResponse.extend({ file_name: z.string() }))
    .describe(
      'Подписи, пришедшие с УПД в архиве ЭДО (ZIP: УПД и его .sig/.p7s/.sgn), с результатом проверки; плохая — замечание документа',
    ),
});
export type UpdUploadResponse = z.infer<typeof UpdUploadResponse>;

export const LineMappingRequest = z.object({ position_id: BodyId.nullable() });

export const PaymentOrderResponse = z.object({
  id: z.number().int(),
  kind: z.string(),
  number: z.string(),
  date: z.string(),
  amount: money,
  payer: z.object({ name: z.string().nullable(), inn: z.string().nullable(), account: z.string().nullable() }),
  payee: z.object({ name: z.string().nullable(), inn: z.string().nullable(), kpp: z.string().nullable(), account: z.string().nullable() }),
  purpose: z.string().nullable(),
  contract_id: z.number().int().nullable(),
  contract_regnumber: z.string().nullable(),
  contract_number: z.string().nullable(),
  linked_by: z.enum(['auto', 'user']).nullable(),
});
export type PaymentOrderResponse = z.infer<typeof PaymentOrderResponse>;

export const PaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(10),
  unmatched: z.enum(['true', 'false']).optional().describe('true — только не привязанные к договору'),
  contract_id: Id.optional(),
  q: z.string().trim().max(200).optional().describe('Поиск: номер, ИНН или наименование плательщика и получателя, назначение платежа'),
  date_from: isoDate.optional().describe('Дата документа не ранее'),
  date_to: isoDate.optional().describe('Дата документа не позднее'),
  sort: z.enum(['date', 'amount', 'number']).default('date'),
  order: SortOrder.default('desc'),
});

export const PaymentImportResponse = z.object({
  id: z.number().int(),
  key: z.string(),
  status: z.literal('processing'),
  upload_file_name: z.string(),
  documents: z.number().int(),
});
export type PaymentImportResponse = z.infer<typeof PaymentImportResponse>;
export const PaymentLinkRequest = z.object({
  contract_id: BodyId.nullable(),
  /** Why a link is withdrawn (contract_id null): kept in the audit trail */
  reason: safeText().trim().max(500, 'Причина — не длиннее 500 знаков').optional(),
  confirm: z
    .boolean()
    .optional()
    .describe(
      'true — привязать, хотя получатель не поставщик договора или плательщик не заказчик (иначе 409 CONFIRM_REQUIRED с находками)',
    ),
});

export const ReportingDeadlineItem = z.object({
  kind: z.string(),
  label: z.string(),
  basis_date: z.string(),
  due_on: z.string(),
  overdue: z.boolean(),
  done: z.boolean().optional().describe('Сведения внесены (договор в реестре, исполнение отправлено после основания)'),
});

export const ExecutionSummaryResponse = z.object({
  contract_id: z.number().int(),
  registry_number: z.string().nullable(),
  price: money.nullable(),
  delivered_amount: money,
  delivered_share: z.string().describe('Доля поставленного, % с двумя знаками'),
  paid_amount: money,
  paid_share: z.string(),
  remaining_to_pay: money.nullable(),
  documents: z.number().int(),
  unmapped_lines: z.number().int(),
  payments: z.number().int(),
  deadlines: z.array(ReportingDeadlineItem),
});
export type ExecutionSummaryResponse = z.infer<typeof ExecutionSummaryResponse>;

export const ReportFormat = z.enum(['xlsx', 'pdf']);
export const ContractReportRequest = z.object({ format: ReportFormat.default('xlsx') });
export const MonthlyReportRequest = z.object({ year: z.number().int().min(2000).max(2100), month: z.number().int().min(1).max(12) });
export const ReportResponse = z.object({
  id: z.number().int(),
  report_code: z.string(),
  kind: z.enum(['contract_execution', 'monthly_summary']),
  format: ReportFormat,
  status: z.enum(['pending', 'ready', 'error']),
  error: z.string().nullable(),
  contract_id: z.number().int().nullable(),
  contract_regnumber: z.string().nullable(),
  /** The contract's own number («41-А/2026»), as the reports list names it. */
  contract_number: z.string().nullable().optional(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  file_name: z.string().nullable(),
  created_at: z.string(),
});
export type ReportResponse = z.infer<typeof ReportResponse>;
/** A contract's reports, newest first, by keyset: `after` is the last report's id of the previous page. */
export const ContractReportsQuery = z.object({
  after: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ContractReportsQuery = z.infer<typeof ContractReportsQuery>;
export const ContractReportsPage = z.object({
  items: z.array(ReportResponse),
  total: z.number().int(),
  /** where the next page starts; null on the last one */
  next_after: z.number().int().nullable(),
});
export type ContractReportsPage = z.infer<typeof ContractReportsPage>;
/** A report asked for: its record and the key of the job that builds it (the event names the same key). */
export const ReportQueuedResponse = ReportResponse.extend({ key: z.string() });
export type ReportQueuedResponse = z.infer<typeof ReportQueuedResponse>;

export const DashboardResponse = z.object({
  company_id: z.number().int(),
  today: z.string(),
  plan: z.object({
    source: z.enum(['plan', 'procurements']),
    year: z.number().int(),
    planned_count: z.number().int(),
    planned_amount: money,
    started_count: z.number().int().describe('Позиции плана, по которым есть закупка'),
    fulfilment_share: z.string(),
    procurements_by_status: z.record(z.string(), z.number().int()),
  }),
  contracts_by_status: z.record(z.string(), z.number().int()),
  contracts_total: money,
  delivered_total: money,
  paid_total: money,
  sme: z.object({ amount: money, share: z.string() }),
  deadlines: z.array(ReportingDeadlineItem.extend({ contract_id: z.number().int().nullable(), contract_regnumber: z.string().nullable() })),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
