import { documentKindTitle, type DocumentKind } from '@proc/contract';
import { PROCUREMENT_METHODS, baseMethod, defaultLeadTimes } from '../deadlines';

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

const docOf =
  (law: '223' | '44') =>
  (method: string, kind: DocumentKind, required: boolean, extra: Partial<DocumentRuleSpec> = {}): DocumentRuleSpec => ({
    method,
    subject: 'any',
    documentKind: kind,
    template: kind,
    title: documentKindTitle(kind, law),
    required,
    minDays: null,
    daysUnit: 'calendar',
    nmcdMin: null,
    nmcdMax: null,
    note: null,
    ...extra,
  });

/**
 * The documents a typical Положение о закупке (223-ФЗ) requires for each method — or, for a 44-ФЗ purchase, the notice
 * and its attachments in 44-ФЗ's words (ст. 42), for the methods 44-ФЗ has. The notice carries the lead time of the
 * deadlines module's general rule for the method and law, as data.
 */
export function defaultDocumentRules(law: '223' | '44' = '223'): DocumentRuleSpec[] {
  const out: DocumentRuleSpec[] = [];
  const doc = docOf(law);
  const leadTimes = defaultLeadTimes(law);
  for (const method of PROCUREMENT_METHODS) {
    const base = baseMethod(method);
    // запрос предложений is no method of 44-ФЗ since 2022
    if (law === '44' && base === 'proposal') continue;
    if (base === 'single') {
      out.push(doc(method, 'draft-contract', true, { nmcdMax: SINGLE_SUPPLIER_MAX, note: SINGLE_NOTE }));
      out.push(doc(method, 'nmcd-justification', false, { nmcdMax: SINGLE_SUPPLIER_MAX, note: SINGLE_NOTE }));
      out.push(doc(method, 'draft-contract', true, { nmcdMin: '600000.01', note: SINGLE_ABOVE_NOTE }));
      out.push(doc(method, 'tech-spec', true, { nmcdMin: '600000.01', note: SINGLE_ABOVE_NOTE }));
      out.push(doc(method, 'nmcd-justification', true, { nmcdMin: '600000.01', note: SINGLE_ABOVE_NOTE }));
      continue;
    }
    const lead = leadTimes.find((r) => r.method === base && r.smeOnly === null && r.nmcdMax === undefined);
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
