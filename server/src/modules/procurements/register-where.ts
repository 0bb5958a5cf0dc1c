import { and, eq, gte, inArray, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RegisterQuery } from '@proc/contract';
import { procurementOkpd2, procurements } from '../../db/schema';
import { REGISTER_SORT_KEYS } from './register-order';

export type RegisterFilters = Omit<RegisterQuery, 'page' | 'limit'>;

/**
 * What a value of the register's conditions becomes in a statement: the value itself, or a placeholder of its name in
 * a statement built once for every request of its shape (db/prepared.ts).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
const asValue: Bind = (_name, value) => value;
export const asPlaceholder: Bind = (name) => sql.placeholder(name);

const p = procurements;

/** Start of a Moscow calendar day as a timestamp: keeps created_at comparisons sargable. */
const moscowDayStart = (date: unknown) => sql`((${date}::date)::timestamp AT TIME ZONE 'Europe/Moscow')`;

/**
 * A range of an optional date as a range of its sort key, where NULL is 'infinity' (the key of its index
 * (company_id, key, id)): the index seeks the range. On the column itself PostgreSQL read every procurement of the
 * company for it — 43 ms for a month's deadlines at 100,000 procurements, and again for the count. `from` alone
 * leaves out the dates never set, as `date >= from` does; the bounds are validated calendar dates, never 'infinity'.
 */
function dateRange(key: SQL, from: unknown, to: unknown): SQL[] {
  const w: SQL[] = [];
  if (from) w.push(sql`${key} >= ${from}::date`);
  if (to) w.push(sql`${key} <= ${to}::date`);
  else if (from) w.push(sql`${key} < 'infinity'::date`);
  return w;
}

/** The WHERE of the register; the count and the export use exactly the same conditions. */
export function registerWhere(companyId: number, q: RegisterFilters, bind: Bind = asValue): SQL {
  const company = bind('company', companyId);
  const w: SQL[] = [eq(p.companyId, company)];
  if (q.status?.length)
    w.push(
      inArray(
        p.status,
        q.status.map((s, i) => bind(`status${i}`, s)),
      ),
    );
  if (q.method?.length)
    w.push(
      inArray(
        p.method,
        q.method.map((m, i) => bind(`method${i}`, m)),
      ),
    );
  if (q.subject) w.push(eq(p.subject, bind('subject', q.subject)));
  w.push(
    ...dateRange(
      REGISTER_SORT_KEYS.published_on.key,
      q.published_from && bind('published_from', q.published_from),
      q.published_to && bind('published_to', q.published_to),
    ),
  );
  w.push(
    ...dateRange(
      REGISTER_SORT_KEYS.application_deadline.key,
      q.deadline_from && bind('deadline_from', q.deadline_from),
      q.deadline_to && bind('deadline_to', q.deadline_to),
    ),
  );
  if (q.created_from) w.push(sql`${p.createdAt} >= ${moscowDayStart(bind('created_from', q.created_from))}`);
  if (q.created_to) w.push(sql`${p.createdAt} < ${moscowDayStart(bind('created_to', q.created_to))} + interval '1 day'`);
  if (q.nmcd_min) w.push(gte(p.nmcd, bind('nmcd_min', q.nmcd_min)));
  if (q.nmcd_max) w.push(lte(p.nmcd, bind('nmcd_max', q.nmcd_max)));
  if (q.has_violations !== undefined) w.push(eq(p.hasViolations, bind('has_violations', q.has_violations)));
  if (q.sme_only !== undefined) w.push(eq(p.smeOnly, bind('sme_only', q.sme_only)));
  if (q.law) w.push(eq(p.law, bind('law', q.law)));
  if (q.okpd2) {
    // the pattern holds digits and dots only (validated), so no LIKE escaping is needed
    const pattern = bind('okpd2', `${q.okpd2}%`);
    w.push(
      inArray(
        p.id,
        sql`(SELECT ${procurementOkpd2.procurementId} FROM ${procurementOkpd2} WHERE ${procurementOkpd2.companyId} = ${company} AND ${procurementOkpd2.code} LIKE ${pattern})`,
      ),
    );
  }
  if (q.q) {
    const text = bind('q', q.q);
    // the card's own number, its ЕИС notice number (223: the notice it came from; 44: the purchase ЕИС placed on its
    // ИКЗ — on its position, as ЕИС fills the ИКЗ) or its ИКЗ find it as its words do
    w.push(
      or(
        sql`${p.searchVector} @@ plainto_tsquery('russian'::regconfig, ${text}::text)`,
        eq(p.number, text),
        eq(p.noticeNumber, text),
        eq(p.ikz, text),
        sql`(${p.law} = '44' AND left(${p.ikz}, 26) IN (SELECT left(e, 26) FROM eis44_notices x, jsonb_array_elements_text(x.ikzs) e
          WHERE x.company_id = ${company} AND x.purchase_number = ${text}::text))`,
      )!,
    );
  }
  return and(...w)!;
}

/** A request's values of registerWhere, by placeholder name; the names in their order are the shape of its statements. */
export interface BoundFilters {
  values: Record<string, unknown>;
  shape: string;
}

export function boundFilters(companyId: number, q: RegisterFilters): BoundFilters {
  const values: Record<string, unknown> = {};
  registerWhere(companyId, q, <T>(name: string, value: T) => (values[name] = value) as T);
  return { values, shape: Object.keys(values).join(',') };
}

/**
 * A text search's statements run unnamed, planned for each word: a word in most of the company's procurements is
 * found fastest along the sort's index, a rare one through the text index and a sort of its few rows. One plan kept
 * for every word (PostgreSQL's generic plan of a named statement, forced for the measure) read and sorted every match
 * of a common word: 26 ms a page against 0.15 ms.
 */
export const planPerWord = (q: { q?: string }, name: string): string => (q.q ? '' : name);
