import Decimal from 'decimal.js';
import { formatDate, formatMoney } from '@proc/contract';
import type { UpdDocument } from '../../formats';
import type { ContractRow } from './contract-access';

const who = (name: string | null | undefined, inn: string | null | undefined) => `«${name ?? 'без названия'}»${inn ? ` (ИНН ${inn})` : ''}`;

/**
 * What does not fit between an УПД and its contract: the parties, the date against the contract's term, the sum
 * against what is left of the price. Each finding is a Russian sentence the user reads before confirming the upload.
 */
export function updFindings(upd: UpdDocument, c: ContractRow, customer: { name: string | null; inn: string | null }, delivered: string): string[] {
  const out: string[] = [];
  if (c.supplierInn && upd.seller.inn && upd.seller.inn !== c.supplierInn) {
    out.push(`Продавец в УПД — ${who(upd.seller.name, upd.seller.inn)}, а поставщик по договору — ${who(c.supplierName, c.supplierInn)}`);
  }
  if (customer.inn && upd.buyer?.inn && upd.buyer.inn !== customer.inn) {
    out.push(`Покупатель в УПД — ${who(upd.buyer.name, upd.buyer.inn)}, а заказчик по договору — ${who(customer.name, customer.inn)}`);
  }
  if (c.contractDate && upd.date < c.contractDate) {
    out.push(`УПД от ${formatDate(upd.date)} составлен раньше заключения договора (${formatDate(c.contractDate)})`);
  } else if (c.endDate && upd.date > c.endDate) {
    out.push(`УПД от ${formatDate(upd.date)} составлен после окончания срока исполнения договора (${formatDate(c.endDate)})`);
  }
  const total = upd.totals?.amountWithVat ?? upd.totals?.amountWithoutVat ?? null;
  if (c.price && total) {
    const left = new Decimal(c.price).minus(delivered);
    if (new Decimal(total).gt(left)) out.push(`Сумма УПД ${formatMoney(total)} больше неисполненного остатка по договору ${formatMoney(left.toFixed(2))}`);
  }
  return out;
}
