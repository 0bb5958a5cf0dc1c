export {
  DecimalString,
  IsoDate,
  ContractExecutionReportSchema,
  ExecutionPositionSchema,
  AcceptanceDocumentSchema,
  ContractPaymentSchema,
  PartySchema,
  MonthlySummarySchema,
  SummaryContractSchema,
  type ContractExecutionReport,
  type ContractExecutionReportInput,
  type ExecutionPosition,
  type AcceptanceDocument,
  type ContractPayment,
  type MonthlySummary,
  type MonthlySummaryInput,
  type SummaryContract,
  type RegisterColumn,
  type RegisterColumnType,
  type RegisterRow,
  type RegisterOptions,
} from './types';
export {
  summarizeContractExecution,
  EXECUTION_TOTAL_LABELS,
  type ContractExecutionSummary,
  type ContractExecutionTotals,
  type ExecutionPositionLine,
} from './report-figures';
export {
  buildContractExecutionReportXlsx,
  EXECUTION_POSITION_COLUMNS,
  ACCEPTANCE_DOCUMENT_COLUMNS,
  PAYMENT_COLUMNS,
} from './contract-execution-report';
export {
  buildMonthlySummaryXlsx,
  summarizeContractsByMethod,
  SUMMARY_CONTRACT_COLUMNS,
  type MethodSummaryRow,
  type MonthlySummaryResult,
} from './monthly-summary';
export { buildRegisterXlsx, writeRegisterXlsx, addTableSheet, registerCell, type TableSheetOptions } from './register';
export { MONEY_FORMAT, DATE_FORMAT, PERCENT_FORMAT, buildStreamingXlsx, dateCell, moneyCell, type StreamingWorkbook } from './workbook';
