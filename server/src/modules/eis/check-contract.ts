import { and, asc, eq } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import type { Tx } from '../../db/client';
import { documentRules, procurementRules } from '../../db/schema';
import { addWorkingDays, baseMethod, CalendarNotLoadedError, formatRuDate } from '../deadlines';
import { SINGLE_SUPPLIER_MAX } from '../rules/default-document-rules';
import { versionInForce } from '../rules/version-in-force';

export interface ContractTraits {
  contractDate: string | null;
  publishedOn: string | null;
  price: string | null;
  methodCode: string | null;
  methodName: string | null;
}

/** ЕИС names its methods in words (codes differ per customer's rules); map them onto our method codes. */
export function methodOf(code: string | null, name: string | null): string | null {
  const n = (name ?? '').toLowerCase();
  const e = /электрон/.test(n) ? '_e' : '';
  if (/единствен/.test(n) || code === 'single') return 'single';
  if (/аукцион/.test(n)) return `auction${e}`;
  if (/котиров/.test(n)) return `quotation${e}`;
  if (/предложен/.test(n)) return `proposal${e}`;
  if (/конкурс/.test(n)) return `competition${e}`;
  return null;
}

/**
 * Checks an imported contract against the company's rule version in force on the contract date: the method is one
 * the version provides for, a single-supplier contract stays within the version's limit, and the record reached the
 * register within 3 working days (223-ФЗ art. 4.1). Returns Russian texts; empty when all is well.
 */
export async function checkContract(db: Tx, companyId: number, c: ContractTraits): Promise<string[]> {
  const out: string[] = [];
  if (!c.contractDate) return out;
  const rules = await db
    .select({ id: procurementRules.id })
    .from(procurementRules)
    .where(and(eq(procurementRules.companyId, companyId), eq(procurementRules.archived, false)))
    .orderBy(asc(procurementRules.id));
  let version = null;
  for (const r of rules) {
    version = await versionInForce(db, r.id, c.contractDate);
    if (version) break;
  }
  const method = methodOf(c.methodCode, c.methodName);
  if (version && method) {
    const allowed = new Set((await db.selectDistinct({ m: documentRules.method }).from(documentRules).where(eq(documentRules.versionId, version.id))).map((r) => r.m));
    if (allowed.size > 0 && !allowed.has(method) && !allowed.has(baseMethod(method))) {
      out.push(`Способ закупки «${c.methodName ?? method}» не предусмотрен положением о закупке (редакция ${version.number})`);
    }
  }
  if (method === 'single' && c.price) {
    const max = version?.singleSupplierMax ?? SINGLE_SUPPLIER_MAX;
    if (new Decimal(c.price).gt(max)) {
      const where = version ? `редакцией ${version.number} положения` : 'типовым положением';
      out.push(`Цена договора с единственным поставщиком ${c.price} превышает предел ${max}, установленный ${where}`);
    }
  }
  if (c.publishedOn) {
    try {
      const due = addWorkingDays(c.contractDate, 3);
      if (c.publishedOn > due) out.push(`Сведения о договоре размещены в реестре ${formatRuDate(c.publishedOn)}, позже 3 рабочих дней со дня заключения (срок — ${formatRuDate(due)})`);
    } catch (e) {
      if (!(e instanceof CalendarNotLoadedError)) throw e; // no production calendar for that year: the term cannot be judged
    }
  }
  return out;
}
