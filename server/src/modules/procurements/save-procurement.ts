import { assertTariffAllows } from '../tariffs';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { Decimal } from 'decimal.js';
import {
  EDITABLE_PROCUREMENT_STATUSES,
  PROCUREMENT_STATUS_TITLES,
  SUBJECT_TITLES,
  type ProcurementRequest,
  type ProcurementResponse,
  type ProcurementStatus,
} from '@proc/contract';
import { approvalGate } from '../../platform/approval-gate';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import {
  companies,
  planItems,
  procurementCounters,
  procurementOkpd2,
  procurementRules,
  procurementStatusHistory,
  procurements,
  ruleVersions,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import { auditInsert, auditRow, changes, snakeKeys, type AuditEntry } from '../../platform/audit';
import { assertCanEdit } from '../../platform/access';
import { moscowToday, now } from '../../platform/clock';
import { governingVersionOf, inForceBy, type GoverningVersion } from '../rules';
import { outerColumn } from '../../db/outer-column';
import { assertCatalogRefs, assertKnownMethod, okpd2Names } from './catalog-lookup';
import { computeDeadlines, governingDate, type DeadlineResult } from './compute-deadlines';
import { getProcurement, loadProcurement, lockProcurement } from './procurement-card';
import { assertIkz } from './check-ikz';

/** The INSERT of a procurement's ОКПД2 lines, for a statement whose CTE `p` gives the procurement's id. */
function linesInsert(ctx: Ctx, okpd2: Okpd2Line[]): SQL {
  return sql`INSERT INTO ${procurementOkpd2} (procurement_id, company_id, position, code, name)
    SELECT p.id, ${ctx.companyId}::int, l.position, l.code, l.name
    FROM p, (VALUES ${sql.join(
      okpd2.map((l, i) => sql`(${i + 1}::int, ${l.code}::text, ${l.name}::text)`),
      sql`, `,
    )}) AS l(position, code, name)`;
}

/**
 * A new procurement in one statement: the company's next number of the year ('2026-0001'), the row, its first status
 * in the history, its ОКПД2 lines and its creation in the trail. The counter's row serialises the company's creations
 * while it is locked: outside a caller's transaction the statement commits on its own, and the lock ends with it —
 * taken in a transaction, it stayed locked across the COMMIT's round trip, and under load creations queued behind it.
 */
async function insertNumbered(
  tx: Tx,
  ctx: Ctx,
  year: number,
  row: Omit<PgInsertValue<typeof procurements>, 'number'>,
  okpd2: Okpd2Line[],
  comment: string | null,
  created: Omit<AuditEntry, 'entityId'>,
): Promise<number> {
  const c = procurementCounters;
  const counted = tx
    .insert(c)
    .values({ companyId: ctx.companyId, year, last: 1 })
    .onConflictDoUpdate({ target: [c.companyId, c.year], set: { last: sql`${c.last} + 1` } })
    .returning({ last: c.last });
  // padded to four digits, as String.padStart(4, '0'): a longer number keeps all its digits
  const number = sql`(SELECT ${String(year)} || '-' || lpad(counted.last::text, greatest(4, length(counted.last::text)), '0') FROM counted)`;
  const inserted = tx
    .insert(procurements)
    .values({ ...row, number })
    .returning({ id: procurements.id, number: procurements.number });
  const h = procurementStatusHistory;
  const entry = auditRow(ctx, { ...created, entityId: sql`p.id` })!;
  const result = (await tx.execute(sql`
    WITH counted AS (${counted.getSQL()}),
    p AS (${inserted.getSQL()}),
    history AS (
      INSERT INTO ${h} (procurement_id, company_id, from_status, to_status, user_id, comment)
      SELECT p.id, ${ctx.companyId}::int, NULL, ${row.status}::text, ${ctx.user.id}::int, ${comment}::text FROM p
    ),
    ${okpd2.length ? sql`lines AS (${linesInsert(ctx, okpd2)}),` : sql``}
    logged AS (${auditInsert(entry, sql`p`, sql`jsonb_build_object('number', p.number)`)})
    SELECT id FROM p`)) as unknown as { rows: { id: number }[] };
  return result.rows[0].id;
}

export interface Okpd2Line {
  code: string;
  name: string | null;
}

/** Russian full-text vector of the title (A), the subject (B) and the ОКПД2 codes and names (C). */
export function searchVectorSql(title: string, subject: string, subjectDescription: string | null, okpd2: Okpd2Line[]) {
  const subjectText = [SUBJECT_TITLES[subject as keyof typeof SUBJECT_TITLES] ?? '', subjectDescription ?? ''].join(' ');
  const okpdText = okpd2.map((o) => `${o.code} ${o.name ?? ''}`).join(' ');
  return sql`setweight(to_tsvector('russian'::regconfig, ${title}::text), 'A') || setweight(to_tsvector('russian'::regconfig, ${subjectText}::text), 'B') || setweight(to_tsvector('russian'::regconfig, ${okpdText}::text), 'C')`;
}

const uniq = (ids: number[]) => [...new Set(ids)];

/** The card's fields as the trail records them: API names, ОКПД2 as codes. */
const audited = (values: ReturnType<typeof fieldValues>, ruleId: number | null, okpd2: Okpd2Line[]) => ({
  ...snakeKeys(values),
  nmcd: new Decimal(values.nmcd).toFixed(2),
  rule_id: ruleId,
  okpd2: okpd2.map((o) => o.code),
});

function fieldValues(input: ProcurementRequest) {
  return {
    title: input.title,
    planItemId: input.plan_item_id ?? null,
    planItemNumber: input.plan_item_number ?? null,
    method: input.method,
    subject: input.subject,
    subjectDescription: input.subject_description ?? null,
    nmcd: input.nmcd,
    currency: input.currency,
    nmcdMethodId: input.nmcd_method_id ?? null,
    requirementIds: uniq(input.requirement_ids),
    infoDocumentIds: uniq(input.info_document_ids),
    fundingSourceIds: uniq(input.funding_source_ids),
    deliveryTerms: input.delivery_terms ?? null,
    deliveryTermIds: uniq(input.delivery_term_ids),
    deliveryPlace: input.delivery_place ?? null,
    deliveryPlaceIds: uniq(input.delivery_place_ids),
    ensuringIds: uniq(input.ensuring_ids),
    applicationEnsuring: input.application_ensuring ?? null,
    contractEnsuring: input.contract_ensuring ?? null,
    smeOnly: input.sme_only,
    publishedOn: input.published_on ?? null,
    applicationDeadline: input.application_deadline ?? null,
    reviewOn: input.review_on ?? null,
    summingUpOn: input.summing_up_on ?? null,
    // the card's form may not carry the law and the 44-ФЗ codes: absent, they stay as they are
    ...(input.law === undefined ? {} : { law: input.law }),
    ...(input.ikz === undefined ? {} : { ikz: input.ikz }),
    ...(input.kvr === undefined ? {} : { kvr: input.kvr }),
    ...(input.notice_number === undefined ? {} : { noticeNumber: input.notice_number }),
  };
}

/**
 * A new procurement's Положение: the company's newest with a version in force today, else its newest; with the version
 * governing `date`. Read on every creation.
 */
const companyRule = preparedStatements('company_rule', (db: Tx, name) => {
  const inForce = db
    .select({ one: sql`1` })
    .from(ruleVersions)
    .where(and(eq(ruleVersions.ruleId, procurementRules.id), inForceBy(sql`${sql.placeholder('today')}::date`)));
  return db
    .select({
      id: procurementRules.id,
      governing: governingVersionOf(outerColumn(procurementRules.id), sql`${sql.placeholder('date')}::date`),
    })
    .from(procurementRules)
    .where(and(eq(procurementRules.companyId, sql`${sql.placeholder('company')}::int`), eq(procurementRules.archived, false)))
    .orderBy(desc(sql`EXISTS (${inForce})`), desc(procurementRules.id))
    .limit(1)
    .prepare(name);
});

/**
 * The rule a procurement follows — the given one (the company's own, not archived) or, on creation, the only active
 * one — with its version in force on `date` when the statement read it (not when the rule stays as it was).
 */
async function resolveRule(
  ctx: Ctx,
  tx: Tx,
  ruleId: number | null | undefined,
  current: number | null | undefined,
  date: string,
): Promise<{ id: number | null; governing?: GoverningVersion | null }> {
  if (ruleId === undefined) {
    if (current !== undefined) return { id: current };
    const [rule] = await companyRule(tx, '').execute({ company: ctx.companyId, today: moscowToday(), date });
    return rule ?? { id: null, governing: null };
  }
  const governing = governingVersionOf(outerColumn(procurementRules.id), sql`${date}::date`);
  if (ruleId === null) return { id: null, governing: null };
  const [rule] = await tx
    .select({ id: procurementRules.id, archived: procurementRules.archived, governing })
    .from(procurementRules)
    .where(and(eq(procurementRules.id, ruleId), eq(procurementRules.companyId, ctx.companyId)));
  if (!rule) throw new AppError('VALIDATION', 'Положение о закупке не найдено', { rule_id: ['Выберите положение своей организации'] });
  if (rule.archived && rule.id !== current)
    throw new AppError('VALIDATION', 'Положение о закупке находится в архиве', { rule_id: ['Положение в архиве'] });
  return { id: rule.id, governing: rule.governing };
}

/**
 * Catalogue checks and look-ups, made before the write transaction: the method exists, the referenced elements are
 * visible and of the right type, ОКПД2 names come from the classifier unless given.
 */
const PLAN_ITEM_NOT_FOUND = 'Позиция плана закупки не найдена';

export async function checkedReferences(ctx: Ctx, input: ProcurementRequest, currentMethod?: string): Promise<Okpd2Line[]> {
  if (input.method !== currentMethod) await assertKnownMethod(ctx, input.method);
  await assertCatalogRefs(ctx, {
    nmcd_method: input.nmcd_method_id ? [input.nmcd_method_id] : [],
    requirement: input.requirement_ids,
    info_document: input.info_document_ids,
    funding_source: input.funding_source_ids,
    delivery_term: input.delivery_term_ids,
    delivery_place: input.delivery_place_ids,
    ensuring: input.ensuring_ids,
  });
  if (input.plan_item_id) {
    // a plan item of another tenant is "not found", as every other reference
    const [item] = await ctx.deps.db
      .select({ id: planItems.id })
      .from(planItems)
      .where(and(eq(planItems.id, input.plan_item_id), eq(planItems.companyId, ctx.companyId)))
      .limit(1);
    if (!item) throw new AppError('VALIDATION', PLAN_ITEM_NOT_FOUND, { plan_item_id: [PLAN_ITEM_NOT_FOUND] });
  }
  const seen = new Set<string>();
  const lines = input.okpd2.filter((o) => !seen.has(o.code) && seen.add(o.code));
  const names = await okpd2Names(
    ctx,
    lines.filter((l) => !l.name).map((l) => l.code),
  );
  return lines.map((l) => ({ code: l.code, name: l.name || names[l.code] || null }));
}

export async function createProcurement(
  ctx: Ctx,
  input: ProcurementRequest,
  opts: { anotherForPlanItem?: boolean } = {},
): Promise<ProcurementResponse> {
  assertCanEdit(ctx);
  if (input.plan_item_id && !opts.anotherForPlanItem) await assertNoProcurementOfItem(ctx, input.plan_item_id);
  const okpd2 = await checkedReferences(ctx, input);
  await assertNoticeNumberFree(ctx, input.notice_number, null);
  await assertIkz(ctx, {
    law: input.law ?? null,
    ikz: input.ikz ?? null,
    kvr: input.kvr ?? null,
    okpd2,
    publishedOn: input.published_on ?? null,
    tenderPlanPositionId: null,
  });
  // no transaction: the checks only read, and the one statement that writes commits on its own (insertNumbered)
  let made: { id: number; computed: DeadlineResult };
  try {
    made = await insertProcurement(ctx.deps.db, ctx, input, okpd2, { anotherForPlanItem: opts.anotherForPlanItem });
  } catch (e) {
    // two requests for the same item at once (a double click without a key): the unique rule let one through
    if (input.plan_item_id && isPlanItemConflict(e)) await assertNoProcurementOfItem(ctx, input.plan_item_id);
    throw e;
  }
  return getProcurement(ctx, made.id, made.computed);
}

/**
 * One procurement per plan item (a cancelled or failed one does not count): a second is made only when the user
 * confirms it (`another`), so a double click or a forgotten draft does not start the same purchase twice.
 */
async function assertNoProcurementOfItem(ctx: Ctx, planItemId: number): Promise<void> {
  const [p] = await ctx.deps.db
    .select({ id: procurements.id, number: procurements.number, status: procurements.status })
    .from(procurements)
    .where(
      and(
        eq(procurements.companyId, ctx.companyId),
        eq(procurements.planItemId, planItemId),
        sql`${procurements.status} NOT IN ('cancelled', 'failed')`,
      ),
    )
    .orderBy(procurements.id)
    .limit(1);
  if (p) {
    throw new AppError(
      'CONFIRM_REQUIRED',
      `По этой позиции плана уже создана закупка № ${p.number} («${PROCUREMENT_STATUS_TITLES[p.status as ProcurementStatus] ?? p.status}»). Создать ещё одну закупку по той же позиции?`,
      {
        procurement_id: [String(p.id)],
        procurement_number: [p.number],
      },
    );
  }
}

/**
 * One card per ЕИС notice: the notice's versions, protocols and contracts are matched to the card by its number, so a
 * number typed into a second card would leave one of them without what ЕИС says of it.
 */
async function assertNoticeNumberFree(ctx: Ctx, number: string | null | undefined, exceptId: number | null): Promise<void> {
  if (!number) return;
  const [taken] = await ctx.deps.db
    .select({ id: procurements.id, number: procurements.number })
    .from(procurements)
    .where(and(eq(procurements.companyId, ctx.companyId), eq(procurements.noticeNumber, number)));
  if (taken && taken.id !== exceptId)
    throw new AppError('CONFLICT', `Извещение № ${number} уже указано в закупке № ${taken.number}`, {
      notice_number: [`Извещение № ${number} уже указано в закупке № ${taken.number}`],
    });
}

const isPlanItemConflict = (e: unknown) => {
  for (
    let x = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    x && i < 4;
    x = x.cause as typeof x, i++
  ) {
    if (x.code === '23505')
      return x.constraint === 'procurements_plan_item_uq' || String(x.message ?? '').includes('procurements_plan_item_uq');
  }
  return false;
};

/**
 * Inserts a checked procurement (numbering, rule, deadlines, history, audit), in the caller's transaction if `tx` is
 * one: its checks read, and one statement writes everything (insertNumbered). `from` sets
 * what an ЕИС notice already fixed: the status it is in and the notice's number. Returns the id and the deadlines as
 * computed, which the card read after the commit shows.
 */
export async function insertProcurement(
  tx: Tx,
  ctx: Ctx,
  input: ProcurementRequest,
  okpd2: Okpd2Line[],
  from: { status?: string; noticeNumber?: string; anotherForPlanItem?: boolean; tenderPosition?: { id: number; finance: unknown } } = {},
): Promise<{ id: number; computed: DeadlineResult }> {
  await assertTariffAllows(ctx, 'procurements', tx);
  const fields = fieldValues(input);
  // a new procurement is of its company's law unless it says otherwise (a company may hold purchases of both)
  const law =
    fields.law ?? (await tx.select({ law: companies.law }).from(companies).where(eq(companies.id, ctx.companyId)))[0]?.law ?? '223';
  const values = {
    ...fields,
    law: law as '223' | '44',
    ...(from.tenderPosition ? { tenderPlanPositionId: from.tenderPosition.id, financeYears: from.tenderPosition.finance } : {}),
  };
  const rule = await resolveRule(ctx, tx, input.rule_id, undefined, governingDate(values));
  const ruleId = rule.id;
  const computed = await computeDeadlines(tx, { ...values, ruleId }, rule.governing);
  const status = from.status ?? 'draft';
  const id = await insertNumbered(
    tx,
    ctx,
    Number(moscowToday().slice(0, 4)),
    {
      ...values,
      ruleId,
      companyId: ctx.companyId,
      status,
      noticeNumber: from.noticeNumber ?? values.noticeNumber ?? null,
      createdBy: ctx.user.id,
      anotherForPlanItem: from.anotherForPlanItem ?? false,
      hasViolations: computed.violations.length > 0,
      searchVector: searchVectorSql(values.title, values.subject, values.subjectDescription, okpd2),
    },
    okpd2,
    from.noticeNumber ? `Извещение № ${from.noticeNumber} загружено из ЕИС` : null,
    {
      entity: 'procurement',
      action: 'create',
      after: { ...audited(values, ruleId, okpd2), ...(from.noticeNumber ? { notice_number: from.noticeNumber, status } : {}) },
    },
  );
  return { id, computed };
}

function assertEditable(r: { status: string }) {
  if (!EDITABLE_PROCUREMENT_STATUSES.includes(r.status as ProcurementStatus)) {
    throw new AppError('INVALID_STATE', 'Изменять карточку можно только в статусах «Черновик» и «Документация сформирована»');
  }
}

/**
 * `publishedInEis`: the values are those ЕИС published for a 223-ФЗ purchase under way, applied by the user — a
 * change of the notice is published in ЕИС (223-ФЗ art. 4 part 11), so the card follows it past «Документация
 * сформирована» too; everything else the save does is the same.
 */
export async function updateProcurement(
  ctx: Ctx,
  id: number,
  input: ProcurementRequest,
  opts: { publishedInEis?: boolean } = {},
): Promise<ProcurementResponse> {
  const current = await loadProcurement(ctx, id);
  assertCanEdit(ctx);
  if (!opts.publishedInEis) assertEditable(current);
  const okpd2 = await checkedReferences(ctx, input, current.method);
  await assertNoticeNumberFree(ctx, input.notice_number, id);
  // an ИКЗ is checked when the save sets it, and when it keeps one while the parts it must agree with change
  await assertIkz(ctx, {
    law: input.law ?? current.law,
    ikz: input.ikz === undefined ? current.ikz : input.ikz,
    kvr: input.kvr === undefined ? current.kvr : input.kvr,
    okpd2,
    publishedOn: input.published_on ?? null,
    tenderPlanPositionId: current.tenderPlanPositionId,
  });
  let computed: DeadlineResult | undefined;
  await ctx.deps.db.transaction(async (tx) => {
    const fields = fieldValues(input);
    const { governing, ...before } = await lockProcurement(ctx, id, tx, governingDate(fields));
    if (!opts.publishedInEis) assertEditable(before);
    await approvalGate.documentChanging(tx, { companyId: ctx.companyId, userId: ctx.user.id }, 'purchase', id);
    // the card's form does not carry the plan item it came from: saving it must not cut the link
    const values = {
      ...fields,
      ...(input.plan_item_id === undefined ? { planItemId: before.planItemId } : {}),
      ...(input.plan_item_number === undefined ? { planItemNumber: before.planItemNumber } : {}),
    };
    const rule = await resolveRule(ctx, tx, input.rule_id, before.ruleId, governingDate(values));
    const ruleId = rule.id;
    // a rule left as it was is governed by the version read with the locked row
    computed = await computeDeadlines(
      tx,
      { ...values, law: values.law ?? before.law, ruleId },
      rule.governing !== undefined ? rule.governing : governing,
    );
    // the old lines, for the trail, are read by the statement that deletes them
    const o = procurementOkpd2;
    const wasOkpd2 = (
      await tx.delete(o).where(eq(o.procurementId, id)).returning({ code: o.code, name: o.name, position: o.position })
    ).sort((a, b) => a.position - b.position);
    const was = Object.fromEntries(Object.keys(values).map((k) => [k, before[k as keyof typeof before]])) as typeof values;
    const entry = auditRow(ctx, {
      entity: 'procurement',
      entityId: id,
      action: 'update',
      ...changes(audited(was, before.ruleId, wasOkpd2), audited(values, ruleId, okpd2)),
    });
    const updated = tx
      .update(procurements)
      .set({
        ...values,
        ruleId,
        updatedAt: now(),
        revision: sql`${procurements.revision} + 1`,
        hasViolations: computed.violations.length > 0,
        searchVector: searchVectorSql(values.title, values.subject, values.subjectDescription, okpd2),
      })
      .where(eq(procurements.id, id))
      .returning({ id: procurements.id });
    // the row, its new lines and the trail's entry in one statement
    const parts = [sql`p AS (${updated.getSQL()})`];
    if (okpd2.length) parts.push(sql`lines AS (${linesInsert(ctx, okpd2)})`);
    if (entry) parts.push(sql`logged AS (${auditInsert(entry, sql`p`)})`);
    await tx.execute(sql`WITH ${sql.join(parts, sql`, `)} SELECT id FROM p`);
  });
  return getProcurement(ctx, id, computed);
}

/** Recomputes the stored violation mark of a rule's procurements still in progress (a version was approved). */
export async function refreshRuleViolations(db: Tx, ruleId: number): Promise<number> {
  const rows = await db
    .select({
      id: procurements.id,
      hasViolations: procurements.hasViolations,
      law: procurements.law,
      ruleId: procurements.ruleId,
      method: procurements.method,
      smeOnly: procurements.smeOnly,
      nmcd: procurements.nmcd,
      publishedOn: procurements.publishedOn,
      applicationDeadline: procurements.applicationDeadline,
      reviewOn: procurements.reviewOn,
      summingUpOn: procurements.summingUpOn,
    })
    .from(procurements)
    .where(and(eq(procurements.ruleId, ruleId), sql`${procurements.status} NOT IN ('contract_signed', 'cancelled', 'failed')`));
  let changed = 0;
  for (const r of rows) {
    const has = (await computeDeadlines(db, r)).violations.length > 0;
    if (has === r.hasViolations) continue;
    await db.update(procurements).set({ hasViolations: has }).where(eq(procurements.id, r.id));
    changed++;
  }
  return changed;
}
