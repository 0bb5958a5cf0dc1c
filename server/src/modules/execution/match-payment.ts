/** Which contract a payment order pays. Pure. */
import Decimal from 'decimal.js';

export interface ContractForPayment {
  id: number;
  registryNumber: string | null;
  number: string | null;
  supplierInn: string | null;
  price: string | null;
  /** Already paid under the contract, decimal string */
  paid: string;
}

export interface PaymentToMatch {
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

/**
 * The one contract with the payee as supplier, named in the purpose, whose unpaid remainder covers the amount.
 * Several candidates (ambiguous) or none: unmatched, left for the user.
 */
export function matchPayment(p: PaymentToMatch, contracts: ContractForPayment[]): number | null {
  if (!p.payeeInn || !p.purpose) return null;
  const fits = contracts.filter((c) => {
    if (c.supplierInn !== p.payeeInn || !purposeNames(p.purpose!, c)) return false;
    if (c.price === null) return true;
    return new Decimal(p.amount).lte(new Decimal(c.price).minus(c.paid));
  });
  return fits.length === 1 ? fits[0].id : null;
}
