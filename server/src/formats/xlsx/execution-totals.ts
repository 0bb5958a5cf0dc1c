/**
 * Figures of the contract execution report, computed once with decimal.js and shared by the Excel and PDF builders.
 * All results are decimal strings with two decimals (money) or without trailing zeros (quantities).
 */
import Decimal from 'decimal.js';
import {
  ContractExecutionReportSchema,
  type ContractExecutionReport,
  type ContractExecutionReportInput,
  type ExecutionPosition,
} from './types';

const money = (d: Decimal): string => d.toFixed(2, Decimal.ROUND_HALF_UP);
const qty = (d: Decimal): string => d.toFixed();
const sum = (values: Iterable<string | undefined>): Decimal => {
  let total = new Decimal(0);
  for (const v of values) if (v !== undefined) total = total.plus(v);
  return total;
};
const percent = (part: Decimal, whole: Decimal): string => (whole.isZero() ? '0.00' : money(part.div(whole).times(100)));

export interface ExecutionPositionLine extends ExecutionPosition {
  index: number;
  /** Amount under the contract: given, or quantity × price rounded to kopecks. */
  amount: string;
  remainingQuantity: string;
  remainingAmount: string;
}

export interface ContractExecutionTotals {
  contractPrice: string;
  /** Sums over positions. */
  positionsAmount: string;
  positionsDeliveredAmount: string;
  positionsPaidAmount: string;
  positionsRemainingAmount: string;
  /** Accepted by acceptance documents (УПД, акты). */
  acceptedAmount: string;
  acceptedVatAmount: string;
  /** Paid by payment orders. */
  paidAmount: string;
  /** Contract price not yet accepted / not yet paid. */
  remainingToAccept: string;
  remainingToPay: string;
  /** Accepted but not paid (the customer's debt), zero when paid in advance. */
  payable: string;
  /** Paid in advance of acceptance, zero otherwise. */
  prepaid: string;
  acceptedPercent: string;
  paidPercent: string;
}

export interface ContractExecutionSummary {
  report: ContractExecutionReport;
  positions: ExecutionPositionLine[];
  totals: ContractExecutionTotals;
}

/** Validates the report input (throws ZodError) and computes every line and total. */
export function summarizeContractExecution(input: ContractExecutionReportInput): ContractExecutionSummary {
  const report = ContractExecutionReportSchema.parse(input);
  const positions: ExecutionPositionLine[] = report.positions.map((p, i) => {
    const amount = p.amount !== undefined ? new Decimal(p.amount) : new Decimal(p.quantity).times(p.price);
    return {
      ...p,
      index: i + 1,
      amount: money(amount),
      remainingQuantity: qty(new Decimal(p.quantity).minus(p.deliveredQuantity)),
      remainingAmount: money(amount.minus(p.deliveredAmount)),
    };
  });
  const price = new Decimal(report.contract.price);
  const accepted = sum(report.documents.map((d) => d.amount));
  const paid = sum(report.payments.map((p) => p.amount));
  const zero = new Decimal(0);
  const totals: ContractExecutionTotals = {
    contractPrice: money(price),
    positionsAmount: money(sum(positions.map((p) => p.amount))),
    positionsDeliveredAmount: money(sum(positions.map((p) => p.deliveredAmount))),
    positionsPaidAmount: money(sum(positions.map((p) => p.paidAmount))),
    positionsRemainingAmount: money(sum(positions.map((p) => p.remainingAmount))),
    acceptedAmount: money(accepted),
    acceptedVatAmount: money(sum(report.documents.map((d) => d.vatAmount))),
    paidAmount: money(paid),
    remainingToAccept: money(price.minus(accepted)),
    remainingToPay: money(price.minus(paid)),
    payable: money(Decimal.max(accepted.minus(paid), zero)),
    prepaid: money(Decimal.max(paid.minus(accepted), zero)),
    acceptedPercent: percent(accepted, price),
    paidPercent: percent(paid, price),
  };
  return { report, positions, totals };
}

/** Russian names of the totals, in the order reports show them. */
export const EXECUTION_TOTAL_LABELS: [keyof ContractExecutionTotals, string][] = [
  ['contractPrice', 'Цена договора'],
  ['acceptedAmount', 'Принято по документам о приёмке'],
  ['acceptedVatAmount', 'в том числе НДС'],
  ['paidAmount', 'Оплачено'],
  ['remainingToAccept', 'Остаток к исполнению (поставке)'],
  ['remainingToPay', 'Остаток к оплате по договору'],
  ['payable', 'Задолженность заказчика (принято, не оплачено)'],
  ['prepaid', 'Аванс (оплачено, не принято)'],
];
