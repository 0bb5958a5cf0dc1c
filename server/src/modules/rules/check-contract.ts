import { and, asc, eq } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import type { Tx } from '../../db/client';
import { documentRules, procurementRules } from '../../db/schema';
import { addWorkingDays, baseMethod, CalendarNotLoadedError, formatRuDate } from '../deadlines';
import { formatMoneyRu } from '../../formats/docx/format';
import { versionInForce, type RuleVersionRow } from './version-in-force';

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
 * Checks imported contracts against the company's rule version in force on each contract date: the method is one
 * the version provides for, a single-supplier contract stays within the version's limit, and the record reached the
 * register within 3 working days (223-ФЗ art. 4.1). Returns Russian texts; empty when all is well. The checker keeps
 * the rules, the version per date and the methods per version it has read, so a batch of an import reads each once.
 */
export function contractChecker(db: Tx, companyId: number): (c: ContractTraits) => Promise<string[]> {
  let rules: Promise<{ id: number }[]> | null = null;
  const versions = new Map<string, Promise<RuleVersionRow | null>>();
  const methods = new Map<number, Promise<Set<string>>>();
  const versionOn = (date: string) => {
    let v = versions.get(date);
    if (!v) {
      v = (async () => {
        rules ??= db
          .select({ id: procurementRules.id })
          .from(procurementRules)
          .where(and(eq(procurementRules.companyId, companyId), eq(procurementRules.archived, false)))
          .orderBy(asc(procurementRules.id));
        for (const r of await rules) {
          const found = await versionInForce(db, r.id, date);
          if (found) return found;
        }
        return null;
      })();
      versions.set(date, v);
    }
    return v;
  };
  const methodsOf = (versionId: number) => {
    let m = methods.get(versionId);
    if (!m) {
      m = db
        .selectDistinct({ m: documentRules.method })
        .from(documentRules)
        .where(eq(documentRules.versionId, versionId))
        .then((rows) => new Set(rows.map((r) => r.m)));
      methods.set(versionId, m);
    }
    return m;
  };
  return (c) => check(c, versionOn, methodsOf);
}

async function check(
  c: ContractTraits,
  versionOn: (date: string) => Promise<RuleVersionRow | null>,
  methodsOf: (versionId: number) => Promise<Set<string>>,
): Promise<string[]> {
  const out: string[] = [];
  if (!c.contractDate) return out;
  const version = await versionOn(c.contractDate);
  const method = methodOf(c.methodCode, c.methodName);
  if (version && method) {
    const allowed = await methodsOf(version.id);
    if (allowed.size > 0 && !allowed.has(method) && !allowed.has(baseMethod(method))) {
      out.push(`Способ закупки «${c.methodName ?? method}» не предусмотрен положением о закупке (редакция № ${version.number})`);
    }
  }
  // the limit is the company's own Положение's (223-ФЗ ч. 2 ст. 2: the customer's Положение sets the single-supplier
  // rules): a company without one in force on the date has no limit to break, not the template's
  const max = version?.singleSupplierMax;
  if (method === 'single' && c.price && version && max && new Decimal(c.price).gt(max)) {
    out.push(
      `Цена договора с единственным поставщиком ${formatMoneyRu(c.price, ' ')} ₽ превышает предел ${formatMoneyRu(max, ' ')} ₽, установленный редакцией № ${version.number} положения`,
    );
  }
  if (c.publishedOn) {
    try {
      const due = addWorkingDays(c.contractDate, 3);
      if (c.publishedOn > due)
        out.push(
          `Сведения о договоре размещены в реестре ${formatRuDate(c.publishedOn)}, позже 3 рабочих дней со дня заключения (срок — ${formatRuDate(due)})`,
        );
    } catch (e) {
      if (!(e instanceof CalendarNotLoadedError)) throw e; // no production calendar for that year: the term cannot be judged
    }
  }
  return out;
}
