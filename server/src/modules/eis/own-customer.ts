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
}

/** Whose contracts and plans are the company's own: the company itself and the customers subordinate to it. */
export async function ownCustomers(db: Tx, companyId: number): Promise<OwnCustomers> {
  const rows = await db
    .select({ id: companies.id, title: companies.title, inn: companies.inn })
    .from(companies)
    .where(or(eq(companies.id, companyId), eq(companies.parentId, companyId)));
  const self = rows.find((r) => r.id === companyId);
  return { title: self?.title ?? '', inn: self?.inn ?? null, inns: new Set(rows.map((r) => r.inn).filter((x): x is string => !!x)) };
}

/**
 * Whether a 44-ФЗ document of ЕИС's answer for a region (a notice or protocol of PRIZ, a contract, execution or cancel
 * of RGK) is the company's own, by the ИНН of the customers it names: one of them is the company's or a subordinate
 * customer's. A document that names none cannot be judged and is kept, as a 223-ФЗ record without a customer ИНН is.
 * The one rule of the period import and of the register of contracts' store (period-import.ts, store-contracts-44.ts).
 */
export function namesOwnCustomer(inns: ReadonlySet<string>, named: ReadonlyArray<string | null | undefined>): boolean {
  const known = named.filter((x): x is string => !!x);
  return !known.length || known.some((x) => inns.has(x));
}

/** The customers named in a file that are not the company's own (a record without a customer ИНН is not judged). */
export function foreignCustomersOf(customers: Array<EisOrganization | null>, own: OwnCustomers): EisOrganization[] {
  const seen = new Map<string, EisOrganization>();
  for (const c of customers) if (c?.inn && !own.inns.has(c.inn) && !seen.has(c.inn)) seen.set(c.inn, c);
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
