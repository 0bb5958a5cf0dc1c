/**
 * Figures of the contract execution report, computed once with decimal.js and shared by the Excel and PDF builders.
 * All results are decimal strings with two decimals (money) or without trailing zeros (quantities).
 */
import Decimal from 'decimal.js';
import { formatKopecks, kopecksOf, sumMoney } from './money-sum';
import {
  ContractExecutionReportSchema,
  type ContractExecutionReport,
  type ContractExecutionReportInput,
  type ExecutionPosition,
} from './types';

const money = (d: Decimal): string => d.toFixed(2, Decimal.ROUND_HALF_UP);
const qty = (d: Decimal): string => d.toFixed();
const sum = sumMoney;
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

const INTEGER_RE = /^-?\d{1,15}$/;

/** `quantity − delivered` as `qty` writes it; whole quantities (the usual case) skip decimal.js. */
function quantityLeft(quantity: string, delivered: string): string {
  if (INTEGER_RE.test(quantity) && INTEGER_RE.test(delivered)) return String(Number(quantity) - Number(delivered));
  return qty(new Decimal(quantity).minus(delivered));
}

/**
 * The position's amount (given, or quantity × price) and what is left of it after delivery, both rounded to kopecks.
 * Whole kopecks are computed exactly as integers when the inputs allow (see money-sum.ts), otherwise with decimal.js.
 */
function positionAmounts(p: ExecutionPosition): { amount: string; remainingAmount: string } {
  const delivered = kopecksOf(p.deliveredAmount);
  let amount: number | null = null;
  if (p.amount !== undefined) {
    amount = kopecksOf(p.amount);
  } else if (INTEGER_RE.test(p.quantity)) {
    const price = kopecksOf(p.price);
    const product = price === null ? NaN : Number(p.quantity) * price + 0;
    // A product above 2^53 is not exact, but then it is not a safe integer either.
    if (Number.isSafeInteger(product)) amount = product;
  }
  const remaining = amount !== null && delivered !== null ? amount - delivered : NaN;
  if (amount !== null && Number.isSafeInteger(remaining)) {
    return { amount: formatKopecks(amount), remainingAmount: formatKopecks(remaining) };
  }
  const exact = p.amount !== undefined ? new Decimal(p.amount) : new Decimal(p.quantity).times(p.price);
  return { amount: money(exact), remainingAmount: money(exact.minus(p.deliveredAmount)) };
}

/** Validates the report input (throws ZodError) and computes every line and total. */
export function summarizeContractExecution(input: ContractExecutionReportInput): ContractExecutionSummary {
  const report = ContractExecutionReportSchema.parse(input);
  const positions: ExecutionPositionLine[] = report.positions.map((p, i) => {
    const { amount, remainingAmount } = positionAmounts(p);
    return { ...p, index: i + 1, amount, remainingQuantity: quantityLeft(p.quantity, p.deliveredQuantity), remainingAmount };
  });
  const price = new Decimal(report.contract.price);
  const accepted = report.figures ? new Decimal(report.figures.accepted) : sum(report.documents.map((d) => d.amount));
  const paid = report.figures ? new Decimal(report.figures.paid) : sum(report.payments.map((p) => p.amount));
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
