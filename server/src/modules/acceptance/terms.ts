import Decimal from 'decimal.js';
import type { AcceptanceTerm } from '@proc/contract';
import { CalendarNotLoadedError, DEFAULT_PRODUCTION_CALENDAR, isOverdue } from '../deadlines';
import type { ContractFigures } from '../figures';

/**
 * The law's default acceptance term in working days, from the day the document is received: 44-ФЗ ч. 13 ст. 94 п. 3 —
 * the customer signs the document of acceptance or sends a motivated refusal «в срок, установленный контрактом, но не
 * позднее двадцати рабочих дней, следующих за днем поступления заказчику документа о приемке». 223-ФЗ sets none: the
 * contract's own term, else no term is shown.
 */
export const defaultAcceptanceDays = (law: string): number | null => (law === '44' ? 20 : null);

/**
 * The law's default payment term in working days from the date of acceptance: 44-ФЗ ч. 13.1 ст. 34 — «не более семи
 * рабочих дней с даты подписания заказчиком документа о приемке»; 223-ФЗ ч. 5.3 ст. 3 — not more than seven working
 * days from acceptance unless another term is set, and from a СМСП п. 14.3 Положения, утв. ПП РФ от 11.12.2014 № 1352
 * (seven working days, no other term allowed).
 */
export const defaultPaymentDays = (_law: string): number => 7;

export interface TermDocument {
  id: number;
  state: string;
  receivedOn: string | null;
  acceptedOn: string | null;
  /** what it adds to «Поставлено» (the figures' own number) */
  delivered: string;
}

const ruleOfPayment = (law: string, sme: boolean) =>
  law === '44' ? 'ч. 13.1 ст. 34 44-ФЗ' : sme ? 'п. 14.3 Положения, утв. ПП РФ № 1352' : 'ч. 5.3 ст. 3 223-ФЗ';

/**
 * The day each accepted document is paid: the contract's payments (oldest first) settle its accepted documents in the
 * order of their acceptance; a document is paid on the date of the payment that brings the total paid up to what was
 * accepted through it. Derived from the figures, never stored: a withdrawn payment or document reopens the term.
 */
export function paidOn(docs: TermDocument[], figures: Pick<ContractFigures, 'payments'>): Map<number, string> {
  const accepted = docs
    .filter((d) => (d.state === 'accepted' || d.state === 'partial') && d.acceptedOn)
    .sort((a, b) => a.acceptedOn!.localeCompare(b.acceptedOn!) || a.id - b.id);
  const payments = [...figures.payments].filter((p) => p.date).sort((a, b) => a.date!.localeCompare(b.date!));
  const out = new Map<number, string>();
  let owed = new Decimal(0);
  let paid = new Decimal(0);
  let i = 0;
  for (const d of accepted) {
    owed = owed.plus(d.delivered);
    while (paid.lt(owed) && i < payments.length) paid = paid.plus(payments[i++].amount);
    if (paid.gte(owed) && i > 0) out.set(d.id, payments[i - 1].date! < d.acceptedOn! ? d.acceptedOn! : payments[i - 1].date!);
  }
  return out;
}

/** A document's acceptance and payment terms on the production calendar, with done and overdue marks. */
export function documentTerms(
  d: TermDocument,
  o: { law: string; sme: boolean; acceptanceDays: number | null; paymentDays: number | null; paidOn: string | null; today: string },
): AcceptanceTerm[] {
  const out: AcceptanceTerm[] = [];
  try {
    const accDays = o.acceptanceDays ?? defaultAcceptanceDays(o.law);
    const decided = d.state === 'accepted' || d.state === 'partial' || d.state === 'refused' ? d.acceptedOn : null;
    if (accDays && d.receivedOn) {
      const due = DEFAULT_PRODUCTION_CALENDAR.addWorkingDays(d.receivedOn, accDays);
      out.push({
        kind: 'acceptance',
        label: 'Приёмка или мотивированный отказ',
        basis_date: d.receivedOn,
        due_on: due,
        done_on: decided,
        overdue: isOverdue(due, decided, o.today),
        rule: o.acceptanceDays ? 'срок по договору' : 'ч. 13 ст. 94 44-ФЗ',
      });
    }
    if ((d.state === 'accepted' || d.state === 'partial') && d.acceptedOn) {
      const days = o.paymentDays ?? defaultPaymentDays(o.law);
      const due = DEFAULT_PRODUCTION_CALENDAR.addWorkingDays(d.acceptedOn, days);
      out.push({
        kind: 'payment',
        label: 'Оплата принятого',
        basis_date: d.acceptedOn,
        due_on: due,
        done_on: o.paidOn,
        overdue: isOverdue(due, o.paidOn, o.today),
        rule: o.paymentDays ? 'срок по договору' : ruleOfPayment(o.law, o.sme),
      });
    }
  } catch (e) {
    // a year without a loaded production calendar: no working-day arithmetic, no term shown
    if (!(e instanceof CalendarNotLoadedError)) throw e;
  }
  return out;
}
