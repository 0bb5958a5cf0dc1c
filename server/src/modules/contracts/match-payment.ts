/** Which contract a payment order pays. Pure. */
import Decimal from 'decimal.js';

export interface ContractForPayment {
  id: number;
  registryNumber: string | null;
  number: string | null;
  supplierInn: string | null;
  price: string | null;
  contractDate?: string | null;
  /** Already paid under the contract, decimal string */
  paid: string;
}

export interface PaymentToMatch {
  payerInn?: string | null;
  /** ISO date of the order: an order older than the contract pays something else */
  date?: string;
  payeeInn: string | null;
  amount: string;
  purpose: string | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The purpose names the contract: its 23-digit registry number anywhere, or its number after №/N/договор. */
export function purposeNames(purpose: string, c: Pick<ContractForPayment, 'registryNumber' | 'number'>): boolean {
  if (c.registryNumber && purpose.includes(c.registryNumber)) return true;
  if (!c.number) return false;
  const re = new RegExp(`(?:№|\\bN|номер|договор[ауе]?|дог\\.)\\s*${escape(c.number)}(?![\\p{L}\\p{N}/-])`, 'iu');
  return re.test(purpose);
}

const covers = (p: PaymentToMatch, c: ContractForPayment) =>
  (!p.date || !c.contractDate || p.date >= c.contractDate) &&
  (c.price === null || new Decimal(p.amount).lte(new Decimal(c.price).minus(c.paid)));

/** 23-digit numbers in a payment purpose: the registry numbers of contracts it may name. */
export const registryNumbersIn = (purpose: string | null) => [...new Set((purpose ?? '').match(/(?<!\d)\d{23}(?!\d)/g) ?? [])];

/**
 * The one contract the payment pays, or null (ambiguous or none: left for the user):
 * - the contract whose registry number the purpose names, when it is the only one, the payer is the customer and the
 *   payee is the contract's supplier or the contract names none (223-ФЗ files often carry no supplier);
 * - otherwise the one contract with the payee as supplier, named in the purpose by number;
 * in both cases the order is not older than the contract and the unpaid remainder covers the amount.
 */
export function matchPayment(p: PaymentToMatch, contracts: ContractForPayment[], customerInn: string | null = null): number | null {
  if (!p.purpose) return null;
  const named = registryNumbersIn(p.purpose);
  const byRegistry = contracts.filter((c) => c.registryNumber && named.includes(c.registryNumber));
  if (byRegistry.length === 1) {
    const c = byRegistry[0];
    const payerOk = !customerInn || !p.payerInn || p.payerInn === customerInn;
    const payeeOk = !c.supplierInn || c.supplierInn === p.payeeInn;
    if (payerOk && payeeOk && covers(p, c)) return c.id;
  }
  if (!p.payeeInn) return null;
  const fits = contracts.filter((c) => c.supplierInn === p.payeeInn && purposeNames(p.purpose!, c) && covers(p, c));
  return fits.length === 1 ? fits[0].id : null;
}
