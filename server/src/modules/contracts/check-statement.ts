import { formatDate, formatMoney } from '@proc/contract';
import type { Bank1cFile, Bank1cParty } from '../../formats';

/** Documents named one by one; the rest are counted, so a year's statement of a stranger stays readable. */
const NAMED = 5;

const who = (p: Bank1cParty) => `«${p.name ?? 'без названия'}»${p.inn ? ` (ИНН ${p.inn})` : ''}`;

/**
 * Whether a 1C statement is the company's own, as an УПД's seller is checked against the contract: the accounts it is
 * drawn on (the header's РасчСчет and each СекцияРасчСчет) against the company's bank requisites when it has any, and
 * each document's payer and payee against the company's ИНН and accounts. Each finding is a Russian sentence the user
 * reads before confirming the upload; none for the company's own statement.
 */
export function statementFindings(file: Bank1cFile, company: { name: string | null; inn: string | null }, ownAccounts: string[]): string[] {
  const out: string[] = [];
  const accounts = new Set(ownAccounts.map((a) => a.trim()));
  const name = `«${company.name ?? 'организации'}»`;
  if (accounts.size) {
    const drawnOn = [
      ...new Set([...file.accounts, ...file.accountSections.map((s) => s.account ?? '')].map((a) => a.trim()).filter(Boolean)),
    ];
    const strange = drawnOn.filter((a) => !accounts.has(a));
    if (strange.length) {
      out.push(
        `Выписка по ${strange.length === 1 ? 'счёту' : 'счетам'} ${strange.join(', ')}, а в банковских реквизитах ${name} ${strange.length === 1 ? 'такого счёта' : 'таких счетов'} нет`,
      );
    }
  }
  const mineByInn = (p: Bank1cParty) => !!company.inn && p.inn === company.inn;
  const mineByAccount = (p: Bank1cParty) => !!p.account && accounts.has(p.account.trim());
  const foreign = file.documents.flatMap((d) => {
    const head = `${d.kind} № ${d.number} от ${formatDate(d.date)} на ${formatMoney(d.amount)}`;
    if (company.inn && !mineByInn(d.payer) && !mineByInn(d.payee)) {
      return [`${head}: плательщик ${who(d.payer)}, получатель ${who(d.payee)} — ни один из них не ${name} (ИНН ${company.inn})`];
    }
    if (accounts.size > 0 && !mineByAccount(d.payer) && !mineByAccount(d.payee)) {
      return [
        `${head}: счёт плательщика ${d.payer.account ?? 'не указан'}, счёт получателя ${d.payee.account ?? 'не указан'} — ни один из них не счёт ${name}`,
      ];
    }
    return [];
  });
  out.push(...foreign.slice(0, NAMED));
  if (foreign.length > NAMED) out.push(`И ещё ${foreign.length - NAMED} из ${file.documents.length} документов выписки — не ${name}`);
  return out;
}

/**
 * Documents whose sum is not a payment: 1C client-bank files carry the direction in payer and payee, never in the sign,
 * so «Сумма=-100.00» or a zero is a broken export. One sentence each, as the statement's other findings.
 */
export function nonPositiveFindings(file: Bank1cFile): string[] {
  return file.documents
    .filter((d) => !(Number(d.amount) > 0))
    .map((d) => `${d.kind} № ${d.number} от ${formatDate(d.date)}: сумма ${formatMoney(d.amount)} — сумма платежа должна быть больше нуля`);
}

export interface PaymentParties {
  payerInn: string | null;
  payeeInn: string | null;
  payeeName: string | null;
  number: string;
  docDate: string;
  amount: string;
}
export interface ContractParties {
  number: string | null;
  registryNumber: string | null;
  supplierInn: string | null;
  supplierName: string | null;
}

/**
 * What does not fit when the user binds a payment to a contract by hand, as an УПД of another seller is asked about:
 * the payee is not the contract's supplier, or the payer is not the customer. Empty when it fits or nothing is known.
 */
export function paymentLinkFindings(p: PaymentParties, c: ContractParties, companyInn: string | null): string[] {
  const out: string[] = [];
  const contract = `договора ${c.number ? `№ ${c.number}` : c.registryNumber ? `с реестровым номером ${c.registryNumber}` : ''}`.trim();
  if (c.supplierInn && p.payeeInn && c.supplierInn !== p.payeeInn) {
    out.push(
      `Получатель платежа «${p.payeeName ?? 'без названия'}» (ИНН ${p.payeeInn}) — не поставщик ${contract}${c.supplierName ? ` «${c.supplierName}»` : ''} (ИНН ${c.supplierInn})`,
    );
  }
  if (companyInn && p.payerInn && p.payerInn !== companyInn) {
    out.push(`Плательщик (ИНН ${p.payerInn}) — не заказчик по договору (ИНН ${companyInn})`);
  }
  return out;
}
