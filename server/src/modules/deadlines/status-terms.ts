/**
 * Terms a procurement's status change must respect, checked against its own dates (Moscow dates, ISO strings).
 * The figures are DATA (the law's minimums as commonly cited), the check is pure: the card's status buttons and the
 * transition endpoint ask the same function, and a move against a term needs the user's reason (kept in the audit).
 *
 * - Приём заявок: starts when the notice is placed, so not before its publication date.
 * - Подведение итогов: applications are accepted until the deadline, so not before it.
 * - Договор заключён (competitive methods): 223-ФЗ ч. 15 ст. 3.2 — «договор по результатам конкурентной закупки
 *   заключается не ранее чем через десять дней и не позднее чем через двадцать дней с даты размещения в единой
 *   информационной системе итогового протокола»; 44-ФЗ ст. 51 keeps the same ten-day stand-still period. The term
 *   runs from the day after the protocol (ГК РФ ст. 191), so the contract is lawful from the 11th day on.
 */
import { formatDate } from '@proc/contract/format';
import { addDays, isIsoDate } from './iso-date';
import { baseMethod } from './lead-times';

export interface ContractStandstill {
  days: number;
  basis: string;
}

export const CONTRACT_STANDSTILL: Readonly<Record<'223' | '44', ContractStandstill>> = Object.freeze({
  '223': { days: 10, basis: '223-ФЗ, ч. 15 ст. 3.2' },
  // 44-ФЗ ст. 51 (ред. 360-ФЗ): контракт заключается не ранее чем через десять дней с даты размещения в ЕИС протокола
  // подведения итогов определения поставщика
  '44': { days: 10, basis: '44-ФЗ, ст. 51' },
});

/** How each law names the contract and the protocol the stand-still runs from. */
const WORDS: Readonly<Record<'223' | '44', { contract: string; protocol: string }>> = {
  '223': { contract: 'Договор', protocol: 'итогового протокола' },
  '44': { contract: 'Контракт', protocol: 'протокола подведения итогов определения поставщика' },
};

export interface StatusTermInput {
  to: string;
  today: string;
  law: '223' | '44';
  method: string;
  publishedOn: string | null;
  applicationDeadline: string | null;
  summingUpOn: string | null;
  /** The Moscow date the procurement entered «Подведение итогов» (from its status history), if it did. */
  summingUpEnteredOn: string | null;
}

export interface StatusTermFinding {
  code: 'accepting_before_publication' | 'summing_up_before_deadline' | 'contract_before_standstill';
  /** The rule, named for the user, with the dates it compares. */
  message: string;
}

const later = (a: string | null, b: string | null) => (!a ? b : !b ? a : a > b ? a : b);

/** What a move to `to` today would break; empty when it breaks nothing. */
export function statusTermFindings(p: StatusTermInput): StatusTermFinding[] {
  const out: StatusTermFinding[] = [];
  if (p.to === 'accepting' && p.publishedOn && isIsoDate(p.publishedOn) && p.today < p.publishedOn) {
    out.push({
      code: 'accepting_before_publication',
      message: `Приём заявок начинается не ранее дня размещения извещения (${formatDate(p.publishedOn)}), сегодня ${formatDate(p.today)}`,
    });
  }
  if (p.to === 'summing_up' && p.applicationDeadline && isIsoDate(p.applicationDeadline) && p.today < p.applicationDeadline) {
    out.push({
      code: 'summing_up_before_deadline',
      message: `Итоги подводятся не ранее окончания срока подачи заявок (${formatDate(p.applicationDeadline)}), сегодня ${formatDate(p.today)}`,
    });
  }
  if (p.to === 'contract_signed' && baseMethod(p.method) !== 'single') {
    // the final protocol is not placed before the summing up began here, nor before the date the notice set for it
    const protocol = later(p.summingUpEnteredOn, p.summingUpOn && isIsoDate(p.summingUpOn) ? p.summingUpOn : null);
    const term = CONTRACT_STANDSTILL[p.law];
    if (protocol) {
      const earliest = addDays(protocol, term.days + 1);
      if (p.today < earliest) {
        out.push({
          code: 'contract_before_standstill',
          message: `${WORDS[p.law].contract} заключается не ранее чем через ${term.days} дней с даты размещения ${WORDS[p.law].protocol} (${term.basis}): итоги — ${formatDate(protocol)}, ${WORDS[p.law].contract.toLowerCase()} — не ранее ${formatDate(earliest)}, сегодня ${formatDate(p.today)}`,
        });
      }
    }
  }
  return out;
}
