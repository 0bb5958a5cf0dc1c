import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  EDITABLE_PROCUREMENT_STATUSES,
  PROCUREMENT_REFERENCE_FIELDS,
  procurementStatusTitle,
  PROCUREMENT_TRANSITIONS,
  type Ensuring,
  type ProcurementReferences,
  type ProcurementResponse,
  type ProcurementStatus,
  type SubjectKind,
} from '@proc/contract';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { outerColumn } from '../../db/outer-column';
import { preparedStatements } from '../../db/prepared';
import {
  catalogElements,
  catalogEnsuring,
  catalogExecTerms,
  procurementFileVersions,
  procurementFiles,
  procurementOkpd2,
  procurementLines,
  procurementRules,
  procurements,
  users,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import { computeDeadlines, type DeadlineResult } from './compute-deadlines';
import { governingVersionOf, type GoverningVersion } from '../rules';
import { moscowToday } from '../../platform/clock';
import { linesFact } from './procurement-lines';
import { factsOf, outdatedOf, type GeneratedVersion, type OutdatedDocument } from './procurement-facts';

const { searchVector: _sv, ...cardColumns } = getTableColumns(procurements);
export type ProcurementRow = Omit<typeof procurements.$inferSelect, 'searchVector'>;

const notFound = () => new AppError('NOT_FOUND', 'Закупка не найдена');
/**
 * The procurement `id` if it is the acting company's: every read of one here is scoped so. The id and the company are
 * given at each execution.
 */
const ownProcurement = and(eq(procurements.id, sql.placeholder('id')), eq(procurements.companyId, sql.placeholder('companyId')));
const own = (ctx: Ctx, id: number) => ({ id, companyId: ctx.companyId });

const rowStatements = preparedStatements('procurement_row', (db: Tx, name, lock: boolean) => {
  const q = db.select(cardColumns).from(procurements).where(ownProcurement);
  return (lock ? q.for('update') : q).prepare(name);
});

/**
 * A procurement of the acting company (another company's is "not found"); `lock` holds it for the transaction. Read
 * before every change and by the card's parts.
 */
export async function loadProcurement(ctx: Ctx, id: number, db: Tx = ctx.deps.db, lock = false): Promise<ProcurementRow> {
  const [row] = await rowStatements(db, lock ? 'locked' : '', lock).execute(own(ctx, id));
  if (!row) throw notFound();
  return row;
}

const lockedStatements = preparedStatements('procurement_locked', (db: Tx, name) => {
  const governing = governingVersionOf(outerColumn(procurements.ruleId), sql`${sql.placeholder('date')}::date`);
  return db
    .select({ ...cardColumns, governing })
    .from(procurements)
    .where(ownProcurement)
    .for('update')
    .prepare(name);
});

/**
 * A procurement of the acting company locked for the transaction, with the version of its rule in force on `date` (the
 * date that governs it after the save) read by the same statement.
 */
export async function lockProcurement(
  ctx: Ctx,
  id: number,
  tx: Tx,
  date: string,
): Promise<ProcurementRow & { governing: GoverningVersion | null }> {
  const [row] = await lockedStatements(tx, '').execute({ ...own(ctx, id), date });
  if (!row) throw notFound();
  return row;
}

export const datedOf = (r: ProcurementRow) => ({
  law: r.law,
  ruleId: r.ruleId,
  method: r.method,
  smeOnly: r.smeOnly,
  nmcd: r.nmcd,
  publishedOn: r.publishedOn,
  applicationDeadline: r.applicationDeadline,
  reviewOn: r.reviewOn,
  summingUpOn: r.summingUpOn,
});

export function cardResponse(
  r: ProcurementRow,
  extra: {
    okpd2: { code: string; name: string | null }[];
    references: Partial<ProcurementReferences> | null;
    rule: { id: number; title: string } | null;
    createdBy: { id: number; title: string } | null;
    computed: DeadlineResult;
    outdated?: OutdatedDocument[];
  },
): ProcurementResponse {
  const status = r.status as ProcurementStatus;
  const v = extra.computed.version;
  const outdated = extra.outdated ?? [];
  const blockers = publishBlockers(r, extra.computed, outdated);
  return {
    id: r.id,
    company_id: r.companyId,
    number: r.number,
    title: r.title,
    plan_item_id: r.planItemId,
    plan_item_number: r.planItemNumber,
    notice_number: r.noticeNumber,
    law: r.law,
    ikz: r.ikz,
    kvr: r.kvr,
    tender_plan_position_id: r.tenderPlanPositionId,
    finance_years: (r.financeYears as ProcurementResponse['finance_years']) ?? null,
    rule: extra.rule,
    rule_version: v ? { id: v.id, number: v.number, in_force_from: v.inForceFrom } : null,
    method: r.method,
    subject: r.subject as SubjectKind,
    subject_description: r.subjectDescription,
    nmcd: r.nmcd,
    currency: r.currency,
    nmcd_method_id: r.nmcdMethodId,
    requirement_ids: r.requirementIds,
    info_document_ids: r.infoDocumentIds,
    funding_source_ids: r.fundingSourceIds,
    delivery_terms: r.deliveryTerms,
    delivery_term_ids: r.deliveryTermIds,
    delivery_place: r.deliveryPlace,
    delivery_place_ids: r.deliveryPlaceIds,
    ensuring_ids: r.ensuringIds,
    references: Object.fromEntries(PROCUREMENT_REFERENCE_FIELDS.map((f) => [f, extra.references?.[f] ?? []])) as ProcurementReferences,
    application_ensuring: (r.applicationEnsuring as Ensuring | null) ?? null,
    contract_ensuring: (r.contractEnsuring as Ensuring | null) ?? null,
    okpd2: extra.okpd2,
    published_on: r.publishedOn,
    application_deadline: r.applicationDeadline,
    review_on: r.reviewOn,
    summing_up_on: r.summingUpOn,
    sme_only: r.smeOnly,
    status,
    status_title: procurementStatusTitle(status, r.law),
    // «Опубликовать» is not offered while the deadlines are unchecked or broken, or a document is out of date
    allowed_transitions: PROCUREMENT_TRANSITIONS[status].filter((to) => !(to === 'published' && blockers.length)),
    revision: r.revision,
    publish_blockers: PROCUREMENT_TRANSITIONS[status].includes('published') ? blockers : [],
    outdated_documents: outdated,
    editable: EDITABLE_PROCUREMENT_STATUSES.includes(status),
    deadline: extra.computed.deadline,
    violations: extra.computed.violations,
    has_violations: extra.computed.violations.length > 0,
    created_by: extra.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * Why the procurement may not be published now, in the words the card shows and the transition refuses with: its
 * deadlines must have been checked against the law (or the Положение) and found right, and every generated document
 * must have been rendered from the purchase's facts as they are.
 */
export function publishBlockers(
  r: Pick<ProcurementRow, 'publishedOn' | 'applicationDeadline'>,
  computed: Pick<DeadlineResult, 'violations'>,
  outdated: OutdatedDocument[],
): string[] {
  const out: string[] = [];
  if (!r.publishedOn || !r.applicationDeadline) out.push('Сроки не проверены: укажите дату размещения и дату окончания подачи заявок');
  else if (computed.violations.length) out.push(`Сроки нарушены: ${computed.violations.map((x) => x.message).join('; ')}`);
  if (outdated.length)
    out.push(`Документы устарели — сформируйте их заново: ${outdated.map((d) => `«${d.title}»: ${d.reasons.join('; ')}`).join('; ')}`);
  return out;
}

/** The generated documents' current versions with what they were rendered from. */
const generatedOfRow = sql<
  GeneratedVersion[]
>`COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'template', f.template, 'facts', v.facts, 'revision', v.procurement_revision) ORDER BY f.id) FROM ${procurementFiles} f JOIN ${procurementFileVersions} v ON v.file_id = f.id AND v.version = f.current_version WHERE f.procurement_id = ${outerColumn(procurements.id)} AND f.source = 'generated' AND f.deleted_at IS NULL), '[]'::json)`;

const okpd2OfRow = sql<
  { code: string; name: string | null }[]
>`COALESCE((SELECT json_agg(json_build_object('code', ${procurementOkpd2.code}, 'name', ${procurementOkpd2.name}) ORDER BY ${procurementOkpd2.position}) FROM ${procurementOkpd2} WHERE ${procurementOkpd2.procurementId} = ${outerColumn(procurements.id)}), '[]'::json)`;
/** The lines' printed columns, for the facts the documents were rendered from (procurement-lines.ts linesFact). */
const linesOfRow = sql<
  Parameters<typeof linesFact>[0]
>`COALESCE((SELECT json_agg(json_build_object('okpd2Code', l.okpd2_code, 'ktruCode', l.ktru_code, 'name', l.name, 'unitName', l.unit_name, 'quantity', l.quantity::text, 'unitPrice', l.unit_price::text) ORDER BY l.position, l.id) FROM ${procurementLines} l WHERE l.procurement_id = ${outerColumn(procurements.id)}), '[]'::json)`;
type RefTable = typeof catalogElements | typeof catalogExecTerms | typeof catalogEnsuring;
/** `[{id, name}]` of the elements of `table` whose ids the outer row holds in `column` (in that order), the company's or system ones. */
const namesOf = (table: RefTable, column: SQL, single = false) => {
  const ids = single ? sql`ARRAY[${column}]` : column;
  return sql`COALESCE((SELECT json_agg(json_build_object('id', ${table.id}, 'name', ${table.name}) ORDER BY array_position(${ids}, ${table.id})) FROM ${table} WHERE ${table.id} = ANY(${ids}) AND (${table.companyId} IS NULL OR ${table.companyId} = ${outerColumn(procurements.companyId)})), '[]'::json)`;
};
/** The names of every catalogue element the card refers to, by card field (PROCUREMENT_REFERENCE_FIELDS). */
const referencesOfRow = sql<Partial<ProcurementReferences>>`json_build_object(
  'nmcd_method_id', ${namesOf(catalogElements, outerColumn(procurements.nmcdMethodId), true)},
  'requirement_ids', ${namesOf(catalogElements, outerColumn(procurements.requirementIds))},
  'info_document_ids', ${namesOf(catalogElements, outerColumn(procurements.infoDocumentIds))},
  'funding_source_ids', ${namesOf(catalogElements, outerColumn(procurements.fundingSourceIds))},
  'delivery_term_ids', ${namesOf(catalogExecTerms, outerColumn(procurements.deliveryTermIds))},
  'delivery_place_ids', ${namesOf(catalogExecTerms, outerColumn(procurements.deliveryPlaceIds))},
  'ensuring_ids', ${namesOf(catalogEnsuring, outerColumn(procurements.ensuringIds))})`;
const ruleTitleOfRow = sql<
  string | null
>`(SELECT ${procurementRules.title} FROM ${procurementRules} WHERE ${procurementRules.id} = ${outerColumn(procurements.ruleId)})`;
const creatorTitleOfRow = sql<
  string | null
>`(SELECT ${users.title} FROM ${users} WHERE ${users.id} = ${outerColumn(procurements.createdBy)})`;

/**
 * The card's statement, prepared (db/prepared.ts): drizzle took ~185 µs to build it, more than PostgreSQL takes to run
 * it, and the card is read on every opening and after every save. `withVersion` reads the rule version in force on the
 * publication date (today while there is none) with it.
 */
function cardQuery(db: Tx, name: string, withVersion: boolean) {
  const date = sql`COALESCE(${outerColumn(procurements.publishedOn)}, ${sql.placeholder('today')}::date)`;
  const governing = withVersion ? governingVersionOf(outerColumn(procurements.ruleId), date) : sql<GoverningVersion | null>`NULL`;
  return db
    .select({
      ...cardColumns,
      okpd2: okpd2OfRow,
      lines: linesOfRow,
      references: referencesOfRow,
      ruleTitle: ruleTitleOfRow,
      creatorTitle: creatorTitleOfRow,
      generated: generatedOfRow,
      governing,
    })
    .from(procurements)
    .where(ownProcurement)
    .prepare(name);
}
const cardStatements = preparedStatements('procurement_card', cardQuery);

/**
 * The card with its deadlines computed now from the rule version in force (or as the save that just wrote them computed
 * them). The row, its ОКПД2 lines, the names of its rule and author and the version in force come in one statement:
 * the card is read after every save, and each statement is a round trip.
 */
export async function getProcurement(ctx: Ctx, id: number, computedBySave?: DeadlineResult): Promise<ProcurementResponse> {
  const db = ctx.deps.db;
  // the version in force is read with the row only when the deadlines are to be computed here
  const withVersion = !computedBySave;
  const [row] = await cardStatements(db, withVersion ? 'version' : 'saved', withVersion).execute({
    ...own(ctx, id),
    today: moscowToday(),
  });
  if (!row) throw notFound();
  const { okpd2, lines, references, ruleTitle, creatorTitle, generated, governing: version, ...r } = row;
  const computed = computedBySave ?? (await computeDeadlines(db, datedOf(r), version));
  const outdated = outdatedOf(
    generated,
    factsOf(
      r,
      okpd2.map((o) => o.code),
      linesFact(lines),
    ),
  );
  return cardResponse(r, {
    outdated,
    okpd2,
    references,
    rule: r.ruleId && ruleTitle !== null ? { id: r.ruleId, title: ruleTitle } : null,
    createdBy: r.createdBy && creatorTitle !== null ? { id: r.createdBy, title: creatorTitle } : null,
    computed,
  });
}
