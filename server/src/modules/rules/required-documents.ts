import { asc, eq } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import { DOCUMENT_KINDS, type DocumentKind } from '@proc/contract';
import { baseMethod } from '../deadlines';
import type { Tx } from '../../db/client';
import { documentRules } from '../../db/schema';
import { defaultDocumentRules, type DocumentRuleSpec } from './default-document-rules';
import { versionInForce, type RuleVersionRow } from './version-in-force';

export interface RequiredDocument {
  documentKind: DocumentKind;
  template: DocumentKind;
  title: string;
  required: boolean;
  minDays: number | null;
  daysUnit: 'calendar' | 'working';
}

export interface ProcurementTraits {
  /** a 44-ФЗ purchase follows the law's set of documents, not its Положение's (a 223-ФЗ document) */
  law?: '223' | '44';
  ruleId: number | null;
  /** The date the version in force is taken for (publication date, else today). */
  date: string;
  method: string;
  subject: string;
  nmcd: string;
}

function matches(rule: Pick<DocumentRuleSpec, 'method' | 'subject' | 'nmcdMin' | 'nmcdMax'>, p: ProcurementTraits): boolean {
  if (rule.method !== p.method && rule.method !== baseMethod(p.method)) return false;
  if (rule.subject !== 'any' && rule.subject !== p.subject) return false;
  const nmcd = new Decimal(p.nmcd);
  if (rule.nmcdMin !== null && nmcd.lt(rule.nmcdMin)) return false;
  if (rule.nmcdMax !== null && nmcd.gt(rule.nmcdMax)) return false;
  return true;
}

/**
 * The documents the rule version in force requires for a procurement of this method, subject and НМЦД; without a
 * rule (or a version in force) the typical set of 223-ФЗ applies. One entry per document, required if any rule
 * requires it; an exact method's rule is preferred to its base method's for template and title.
 */
export async function requiredDocuments(
  db: Tx,
  p: ProcurementTraits,
): Promise<{ version: RuleVersionRow | null; documents: RequiredDocument[] }> {
  const version = p.ruleId && p.law !== '44' ? await versionInForce(db, p.ruleId, p.date) : null;
  const specs: DocumentRuleSpec[] = version
    ? (
        await db
          .select()
          .from(documentRules)
          .where(eq(documentRules.versionId, version.id))
          .orderBy(asc(documentRules.position), asc(documentRules.id))
      ).map((r) => ({
        ...r,
        subject: r.subject as DocumentRuleSpec['subject'],
        documentKind: r.documentKind as DocumentKind,
        template: r.template as DocumentKind,
        daysUnit: r.daysUnit as 'calendar' | 'working',
      }))
    : defaultDocumentRules(p.law ?? '223');
  const byKind = new Map<DocumentKind, RequiredDocument & { exact: boolean }>();
  for (const s of specs.filter((r) => matches(r, p))) {
    const exact = s.method === p.method;
    const seen = byKind.get(s.documentKind);
    if (!seen || (exact && !seen.exact)) {
      byKind.set(s.documentKind, {
        documentKind: s.documentKind,
        template: s.template,
        title: s.title,
        required: s.required || !!seen?.required,
        minDays: s.minDays,
        daysUnit: s.daysUnit,
        exact,
      });
    } else if (s.required) seen.required = true;
  }
  const documents = DOCUMENT_KINDS.filter((k) => byKind.has(k)).map((k) => {
    const { exact: _exact, ...d } = byKind.get(k)!;
    return d;
  });
  return { version, documents };
}
