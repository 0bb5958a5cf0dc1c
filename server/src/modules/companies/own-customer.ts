import { eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies } from '../../db/schema';
import type { EisOrganization } from '../../formats';
import { AppError } from '../../platform/errors';

export interface OwnCustomers {
  title: string;
  inn: string | null;
  /** The company's ИНН and those of its subordinate customers */
  inns: Set<string>;
  /** The company and its subordinate customers: ИНН, КПП (null for an ИП or a company without one) and ИКУ */
  parties: OwnParty[];
}

export interface OwnParty {
  inn: string;
  kpp: string | null;
  iku: string | null;
}

/** Who a document of ЕИС names: its ИНН and КПП, or the ИКУ its ИКЗ carries (level, ИНН and КПП — ст. 23 44-ФЗ). */
export interface NamedParty {
  inn?: string | null;
  kpp?: string | null;
  iku?: string | null;
}

/** Whose contracts and plans are the company's own: the company itself and the customers subordinate to it. */
export async function ownCustomers(db: Tx, companyId: number): Promise<OwnCustomers> {
  const rows = await db
    .select({ id: companies.id, title: companies.title, inn: companies.inn, kpp: companies.kpp, iku: companies.iku })
    .from(companies)
    .where(or(eq(companies.id, companyId), eq(companies.parentId, companyId)));
  const self = rows.find((r) => r.id === companyId);
  return {
    title: self?.title ?? '',
    inn: self?.inn ?? null,
    inns: new Set(rows.map((r) => r.inn).filter((x): x is string => !!x)),
    parties: rows.flatMap((r) => (r.inn ? [{ inn: r.inn, kpp: r.kpp || null, iku: r.iku || null }] : [])),
  };
}

/**
 * The ИНН and КПП an ИКУ carries: digit 1 the budget level, 2–11 the ИНН of a legal entity, 12–20 its КПП (the
 * identification code of a customer, Порядок формирования ИКЗ, приказ Минфина № 55н, п. 5: разряды 3–22 ИКЗ).
 */
export function partyOfIku(iku: string | null | undefined): NamedParty | null {
  return iku && /^\d{20}$/.test(iku) ? { inn: iku.slice(1, 11), kpp: iku.slice(11, 20), iku } : null;
}

/**
 * Whether one party a document names is the company or a subordinate customer: by ИНН **and** КПП where the document
 * has a КПП (a branch or another organisation registered under the same ИНН is not the company), by
 * ИНН alone where it has none (an ИП, a file without КПП); an ИКУ is read for its ИНН and КПП. Null: it names nobody.
 */
export function isOwnParty(own: Pick<OwnCustomers, 'parties'>, named: NamedParty | string | null | undefined): boolean | null {
  const p = typeof named === 'string' ? { inn: named } : named;
  const byIku = partyOfIku(p?.iku);
  const inn = p?.inn || byIku?.inn;
  if (!inn) return null;
  const kpp = p?.kpp || byIku?.kpp || null;
  return own.parties.some((o) => (p?.iku && o.iku === p.iku) || (o.inn === inn && (!kpp || !o.kpp || o.kpp === kpp)));
}

/**
 * Whether a document of ЕИС is the company's own, by the parties it names (the customers, the placer, the ИКУ of each
 * lot's ИКЗ): one of them is the company or a subordinate customer. A purchase placed by an authorised body or
 * institution names the body as placer and each customer by its lot: any own customer among them makes it the
 * company's. A document that names none cannot be judged and is kept, as a 223-ФЗ record without a customer is.
 * The one rule of every 223 and 44 import (period-import.ts, import-eis.ts, upload-eis.ts, store-contracts-44.ts).
 */
export function namesOwnCustomer(
  own: Pick<OwnCustomers, 'parties'>,
  named: ReadonlyArray<NamedParty | string | null | undefined>,
): boolean {
  const judged = named.map((n) => isOwnParty(own, n)).filter((x): x is boolean => x !== null);
  return !judged.length || judged.some(Boolean);
}

/** The customers named in a file that are not the company's own (a record without a customer ИНН is not judged). */
export function foreignCustomersOf(customers: Array<EisOrganization | null>, own: OwnCustomers): EisOrganization[] {
  const seen = new Map<string, EisOrganization>();
  for (const c of customers)
    if (c?.inn && isOwnParty(own, c) === false && !seen.has(`${c.inn}/${c.kpp ?? ''}`)) seen.set(`${c.inn}/${c.kpp ?? ''}`, c);
  return [...seen.values()];
}

/** Refuses another organisation's file until the user confirms it, saying whose it is. */
export function confirmForeignCustomers(
  foreign: EisOrganization[],
  own: OwnCustomers,
  what: 'contracts' | 'plan' | 'notice' | 'tenderPlan',
): void {
  if (!foreign.length) return;
  const names = foreign.map((c) => `«${c.shortName ?? c.name ?? 'без названия'}» (ИНН ${c.inn})`).join(', ');
  const subject =
    what === 'plan'
      ? 'плана закупки'
      : what === 'tenderPlan'
        ? 'плана-графика'
        : what === 'notice'
          ? 'закупки по извещению'
          : foreign.length > 1
            ? 'договоров'
            : 'договора';
  throw new AppError(
    'CONFIRM_REQUIRED',
    `Заказчик ${subject} в файле — ${names}, а не «${own.title}»${own.inn ? ` (ИНН ${own.inn})` : ''}. Загрузить как данные «${own.title}»?`,
  );
}
