import Decimal from 'decimal.js';
import { formatDate, formatMoney, formatQuantity } from '@proc/contract';
import type { UpdDocument } from '../../formats';
import type { ContractRow } from './contract-access';

const who = (name: string | null | undefined, inn: string | null | undefined) => `«${name ?? 'без названия'}»${inn ? ` (ИНН ${inn})` : ''}`;

/**
 * What does not fit between an УПД and its contract: the parties, the date against the contract's term, the sum
 * against what is left of the price. Each finding is a Russian sentence the user reads before confirming the upload.
 */
export function updFindings(
  upd: UpdDocument,
  c: ContractRow,
  customer: { name: string | null; inn: string | null },
  delivered: string,
): string[] {
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
    if (new Decimal(total).gt(left))
      out.push(`Сумма УПД ${formatMoney(total)} больше неисполненного остатка по договору ${formatMoney(left.toFixed(2))}`);
  }
  return out;
}

export interface PositionFacts {
  id: number;
  name: string;
  okeiCode: string | null;
  okeiName: string | null;
  quantity: string | null;
}

export interface LineFacts {
  ordinal: number;
  name: string | null;
  okeiCode: string | null;
  unitName: string | null;
  quantity: string | null;
}

/**
 * What does not fit between an УПД's lines and the positions they were mapped to. A line in another unit than its
 * position is not mapped automatically (metres are not packs; the user maps it by hand if it is right); a position
 * whose accepted quantity, with this УПД, exceeds the contract's is named.
 */
export function lineFindings(
  lines: LineFacts[],
  mapped: (number | null)[],
  positions: PositionFacts[],
  acceptedBefore: Map<number, string>,
): { positionIds: (number | null)[]; warnings: string[] } {
  const byId = new Map(positions.map((p) => [p.id, p]));
  const warnings: string[] = [];
  const taken = new Map<number, Decimal>();
  const positionIds = lines.map((l, i) => {
    const pos = mapped[i] === null ? undefined : byId.get(mapped[i]!);
    if (!pos) return null;
    if (l.okeiCode && pos.okeiCode && l.okeiCode !== pos.okeiCode) {
      warnings.push(
        `Строка ${l.ordinal} «${l.name ?? 'без названия'}» в единицах «${l.unitName ?? `ОКЕИ ${l.okeiCode}`}», а позиция договора «${pos.name}» — в «${pos.okeiName ?? `ОКЕИ ${pos.okeiCode}`}»: строка не сопоставлена, сопоставьте её вручную, если это та же позиция`,
      );
      return null;
    }
    if (l.quantity) taken.set(pos.id, (taken.get(pos.id) ?? new Decimal(0)).plus(l.quantity));
    return pos.id;
  });
  for (const [id, qty] of taken) {
    const pos = byId.get(id)!;
    if (!pos.quantity) continue;
    const total = qty.plus(acceptedBefore.get(id) ?? '0');
    if (total.gt(pos.quantity)) {
      const unit = pos.okeiName ? ` ${pos.okeiName}` : '';
      warnings.push(
        `Позиция «${pos.name}»: с этим УПД принято ${formatQuantity(total.toFixed())}${unit}, а по договору ${formatQuantity(pos.quantity)}${unit}`,
      );
    }
  }
  return { positionIds, warnings };
}
