import { DOCUMENT_KIND_TITLES, type DocumentKind } from '@proc/contract';
import { DEFAULT_LEAD_TIMES, PROCUREMENT_METHODS, baseMethod } from '../deadlines';

export interface DocumentRuleSpec {
  method: string;
  subject: 'goods' | 'works' | 'services' | 'any';
  documentKind: DocumentKind;
  template: DocumentKind;
  title: string;
  required: boolean;
  minDays: number | null;
  daysUnit: 'calendar' | 'working';
  nmcdMin: string | null;
  nmcdMax: string | null;
  note: string | null;
}

/** Закупка у единственного поставщика up to this sum needs only a draft contract (typical rules of 223-ФЗ customers). */
export const SINGLE_SUPPLIER_MAX = '600000.00';
const SINGLE_NOTE = 'Закупка у единственного поставщика до 600 000 ₽';
const SINGLE_ABOVE_NOTE = 'Закупка у единственного поставщика свыше 600 000 ₽';

const doc = (method: string, kind: DocumentKind, required: boolean, extra: Partial<DocumentRuleSpec> = {}): DocumentRuleSpec => ({
  method,
  subject: 'any',
  documentKind: kind,
  template: kind,
  title: DOCUMENT_KIND_TITLES[kind],
  required,
  minDays: null,
  daysUnit: 'calendar',
  nmcdMin: null,
  nmcdMax: null,
  note: null,
  ...extra,
});

/**
 * The documents a typical Положение о закупке (223-ФЗ) requires for each method. The notice carries the lead time
 * of the deadlines module's general rule for the method, as data.
 */
export function defaultDocumentRules(): DocumentRuleSpec[] {
  const out: DocumentRuleSpec[] = [];
  for (const method of PROCUREMENT_METHODS) {
    const base = baseMethod(method);
    if (base === 'single') {
      out.push(doc(method, 'draft-contract', true, { nmcdMax: SINGLE_SUPPLIER_MAX, note: SINGLE_NOTE }));
      out.push(doc(method, 'nmcd-justification', false, { nmcdMax: SINGLE_SUPPLIER_MAX, note: SINGLE_NOTE }));
      out.push(doc(method, 'draft-contract', true, { nmcdMin: '600000.01', note: SINGLE_ABOVE_NOTE }));
      out.push(doc(method, 'tech-spec', true, { nmcdMin: '600000.01', note: SINGLE_ABOVE_NOTE }));
      out.push(doc(method, 'nmcd-justification', true, { nmcdMin: '600000.01', note: SINGLE_ABOVE_NOTE }));
      continue;
    }
    const lead = DEFAULT_LEAD_TIMES.find((r) => r.method === base && r.smeOnly === null && r.nmcdMax === undefined);
    out.push(
      doc(method, 'notice', true, {
        minDays: lead?.days ?? null,
        daysUnit: lead?.unit ?? 'calendar',
        note: lead ? `Срок подачи заявок: ${lead.basis}` : null,
      }),
    );
    // in a request for quotations the notice is the whole documentation
    out.push(doc(method, 'documentation', base !== 'quotation'));
    out.push(doc(method, 'draft-contract', true));
    out.push(doc(method, 'tech-spec', true));
    out.push(doc(method, 'nmcd-justification', true));
  }
  return out;
}
