import { and, eq, inArray, isNull } from 'drizzle-orm';
import { formatMoney } from '@proc/contract/format';
import { DOCUMENT_KIND_TITLES, type DocumentKind, type Ensuring, type OutdatedDocument, type ProcurementResponse } from '@proc/contract';
import type { Tx } from '../../db/client';
import { procurementFileVersions, procurementFiles, procurementOkpd2 } from '../../db/schema';
import type { ProcurementRow } from './procurement-card';

export type { OutdatedDocument };

/**
 * The purchase's facts that its documents print: each lives on the procurement (its row and its ОКПД2 lines) and the
 * documents are rendered from it. A generated document keeps the values it was rendered from, so a later change of
 * any of them marks it out of date by name.
 */
export interface ProcurementFacts {
  title: string;
  method: string;
  law: string;
  subject: string;
  subject_description: string | null;
  nmcd: string;
  currency: string;
  published_on: string | null;
  application_deadline: string | null;
  review_on: string | null;
  summing_up_on: string | null;
  delivery_place: string | null;
  delivery_terms: string | null;
  okpd2: string;
  /** the object's lines as the documents print them (procurement-lines.ts linesFact) */
  lines: string;
  application_ensuring: string | null;
  contract_ensuring: string | null;
}

export type FactKey = keyof ProcurementFacts;

const ensuringKey = (e: unknown) => {
  const x = e as Ensuring | null;
  return x ? `${x.kind}:${x.value}` : null;
};

type FactColumns = Pick<
  ProcurementRow,
  | 'title'
  | 'method'
  | 'law'
  | 'subject'
  | 'subjectDescription'
  | 'nmcd'
  | 'currency'
  | 'publishedOn'
  | 'applicationDeadline'
  | 'reviewOn'
  | 'summingUpOn'
  | 'deliveryPlace'
  | 'deliveryTerms'
  | 'applicationEnsuring'
  | 'contractEnsuring'
>;

/** The facts of a procurement row with its ОКПД2 codes (in their order) and its lines (linesFact). */
export function factsOf(r: FactColumns, okpd2: string[], lines: string): ProcurementFacts {
  return {
    title: r.title,
    method: r.method,
    law: r.law,
    subject: r.subject,
    subject_description: r.subjectDescription,
    nmcd: r.nmcd,
    currency: r.currency,
    published_on: r.publishedOn,
    application_deadline: r.applicationDeadline,
    review_on: r.reviewOn,
    summing_up_on: r.summingUpOn,
    delivery_place: r.deliveryPlace,
    delivery_terms: r.deliveryTerms,
    okpd2: okpd2.join(', '),
    lines,
    application_ensuring: ensuringKey(r.applicationEnsuring),
    contract_ensuring: ensuringKey(r.contractEnsuring),
  };
}

/** The facts of a card as the service answered it (what the documents were rendered from). */
export const cardFacts = (c: ProcurementResponse, lines: string): ProcurementFacts =>
  factsOf(
    {
      title: c.title,
      method: c.method,
      law: c.law,
      subject: c.subject,
      subjectDescription: c.subject_description,
      nmcd: c.nmcd,
      currency: c.currency,
      publishedOn: c.published_on,
      applicationDeadline: c.application_deadline,
      reviewOn: c.review_on,
      summingUpOn: c.summing_up_on,
      deliveryPlace: c.delivery_place,
      deliveryTerms: c.delivery_terms,
      applicationEnsuring: c.application_ensuring,
      contractEnsuring: c.contract_ensuring,
    },
    c.okpd2.map((o) => o.code),
    lines,
  );

/** The name of each fact and the past tense that agrees with it («НМЦД изменилась», «Место поставки изменилось»). */
const FACT_WORDS: Record<FactKey, [string, string]> = {
  title: ['Наименование закупки', 'изменилось'],
  method: ['Способ закупки', 'изменился'],
  law: ['Закон', 'изменился'],
  subject: ['Предмет закупки', 'изменился'],
  subject_description: ['Описание предмета договора', 'изменилось'],
  nmcd: ['НМЦД', 'изменилась'],
  currency: ['Валюта', 'изменилась'],
  published_on: ['Дата размещения извещения', 'изменилась'],
  application_deadline: ['Дата окончания подачи заявок', 'изменилась'],
  review_on: ['Дата рассмотрения заявок', 'изменилась'],
  summing_up_on: ['Дата подведения итогов', 'изменилась'],
  delivery_place: ['Место поставки', 'изменилось'],
  delivery_terms: ['Сроки поставки', 'изменились'],
  okpd2: ['Коды ОКПД2', 'изменились'],
  lines: ['Объект закупки', 'изменился'],
  application_ensuring: ['Обеспечение заявки', 'изменилось'],
  contract_ensuring: ['Обеспечение исполнения договора', 'изменилось'],
};

const DATES = new Set<FactKey>(['published_on', 'application_deadline', 'review_on', 'summing_up_on']);
const LONG = 60;
const LINES_LONG = 300;

function shown(key: FactKey, value: string | null): string {
  if (value === null || value === '') return 'не указано';
  if (key === 'nmcd') return formatMoney(value, null);
  if (DATES.has(key)) return value.split('-').reverse().join('.');
  if (key === 'application_ensuring' || key === 'contract_ensuring') {
    const [kind, v] = value.split(':');
    return kind === 'percent' ? `${v.replace('.', ',')} %` : `${formatMoney(v, null)} ₽`;
  }
  // the object's lines differ in a quantity or a price at their end: shown whole enough to see it
  const long = key === 'lines' ? LINES_LONG : LONG;
  const text = value.length > long ? `${value.slice(0, long - 1)}…` : value;
  return `«${text}»`;
}

/** «НМЦД изменилась с 1 500 000,50 на 999 999,99» for each fact that differs between the two sets. */
export function factChanges(was: Partial<ProcurementFacts>, now: ProcurementFacts): string[] {
  return (Object.keys(FACT_WORDS) as FactKey[])
    .filter((k) => k in was && (was[k] ?? null) !== (now[k] ?? null))
    .map((k) => {
      const [name, verb] = FACT_WORDS[k];
      return `${name} ${verb} с ${shown(k, was[k] ?? null)} на ${shown(k, now[k])}`;
    });
}

/** Said of a document generated before documents recorded what they were made from. */
export const UNKNOWN_ORIGIN = 'неизвестно, по каким сведениям закупки он сформирован';

/** A generated document's current version and what it was rendered from (null: before versions recorded it). */
export interface GeneratedVersion {
  id: number;
  name: string;
  template: string | null;
  facts: Partial<ProcurementFacts> | null;
  revision: number | null;
}

/** The generated documents whose recorded facts differ from `now`, with what changed. */
export function outdatedOf(generated: GeneratedVersion[], now: ProcurementFacts): OutdatedDocument[] {
  return generated.flatMap((r) => {
    const reasons = r.facts ? factChanges(r.facts, now) : [UNKNOWN_ORIGIN];
    if (!reasons.length || !r.template) return [];
    const template = r.template as DocumentKind;
    return [{ file_id: r.id, template, title: DOCUMENT_KIND_TITLES[template] ?? r.name, name: r.name, revision: r.revision, reasons }];
  });
}

/** The procurement's generated documents that are out of date against `now`: one statement for its files. */
export async function outdatedDocuments(db: Tx, procurementId: number, now: ProcurementFacts): Promise<OutdatedDocument[]> {
  const rows = await db
    .select({
      id: procurementFiles.id,
      name: procurementFiles.name,
      template: procurementFiles.template,
      facts: procurementFileVersions.facts,
      revision: procurementFileVersions.procurementRevision,
    })
    .from(procurementFiles)
    .innerJoin(
      procurementFileVersions,
      and(eq(procurementFileVersions.fileId, procurementFiles.id), eq(procurementFileVersions.version, procurementFiles.currentVersion)),
    )
    .where(
      and(eq(procurementFiles.procurementId, procurementId), eq(procurementFiles.source, 'generated'), isNull(procurementFiles.deletedAt)),
    )
    .orderBy(procurementFiles.id);
  return outdatedOf(
    rows.map((r) => ({ ...r, facts: r.facts as Partial<ProcurementFacts> | null })),
    now,
  );
}

/** The ОКПД2 codes of procurements, in their order. */
export async function okpd2Codes(db: Tx, procurementIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(procurementIds.map((id) => [id, []]));
  if (!procurementIds.length) return out;
  const rows = await db
    .select({ id: procurementOkpd2.procurementId, code: procurementOkpd2.code })
    .from(procurementOkpd2)
    .where(inArray(procurementOkpd2.procurementId, procurementIds))
    .orderBy(procurementOkpd2.procurementId, procurementOkpd2.position);
  for (const r of rows) out.get(r.id)!.push(r.code);
  return out;
}

/** «Устарел: НМЦД изменилась с … на …; …» — one sentence per document. */
export const outdatedText = (d: Pick<OutdatedDocument, 'reasons'>) => `Устарел: ${d.reasons.join('; ')}`;
