import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import {
  documentKindTitle,
  inLawWords,
  EDITABLE_PROCUREMENT_STATUSES,
  type DocumentField,
  type DocumentItem,
  type DocumentKind,
  type ProcurementStatus,
} from '@proc/contract';
import { decimalProblem } from '@proc/contract/money';
import { CATALOGUE_FIELDS, CATALOGUE_LOOPS } from '../../formats/docx/tag-catalogue';
import { formatMoneyRu, formatNumberRu, toDecimal } from '../../formats/docx/format';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { procurementFieldValues, procurementFileVersions, procurementFiles } from '../../db/schema';
import { audit, changes } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertCanEdit } from '../../platform/access';
import { requiredDocuments } from '../rules';
import { getProcurement, loadProcurement } from '../procurements';
import { traitsOf } from '../procurements';
import { prefillValues } from './prefill-values';
import { templateFor, type TemplateShape, type TemplateSource } from './template-source';
import { now } from '../../platform/clock';

export interface DocumentPlan {
  kind: DocumentKind;
  template: DocumentKind;
  title: string;
  required: boolean;
  /** the Положение's version in force whose own templates apply (223-ФЗ) */
  ruleVersionId: number | null;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * Template fields that print a fact of the purchase, by the card's field that holds it. Their value always comes from
 * the procurement (never a copy saved with the documentation): the form shows them from the card and edits them there.
 */
export const FACT_FIELDS: Record<string, string> = {
  procurementNumber: 'number',
  procurementTitle: 'title',
  procurementMethod: 'method',
  subjectDescription: 'subject_description',
  okpd2: 'okpd2',
  nmcd: 'nmcd',
  contractPrice: 'nmcd',
  currency: 'currency',
  publicationDate: 'published_on',
  applicationStartDate: 'published_on',
  applicationDeadline: 'application_deadline',
  reviewDate: 'review_on',
  summingUpDate: 'summing_up_on',
  deliveryPlace: 'delivery_place',
  deliveryTerms: 'delivery_terms',
  applicationSecurity: 'application_ensuring',
  contractSecurity: 'contract_ensuring',
  ikz: 'ikz',
};

/** The key a missing field is reported under: `procurement.<card field>` for a fact, else `<template>.<field>`. */
export const fieldKey = (template: DocumentKind, f: Pick<DocumentField, 'name' | 'fact'>) =>
  f.fact ? `procurement.${f.fact}` : `${template}.${f.name}`;

/** Fields a method in electronic form needs although the template marks them optional: the ЭТП it runs on. */
export const ELECTRONIC_FIELDS = ['platformName', 'platformUrl'];
export const isElectronicMethod = (method: string) => method.endsWith('_e');

/**
 * Field list of a template with values: the user's saved value if any, else the filled one. For a procurement in
 * electronic form the ЭТП fields are required (the notice names the platform the applications go to).
 */
export function documentFields(
  def: TemplateShape,
  filled: Record<string, unknown>,
  saved: Record<string, unknown>,
  opts: { electronic?: boolean; law?: string } = {},
): DocumentField[] {
  const pick = (name: string) => (!(name in FACT_FIELDS) && name in saved && saved[name] !== null ? saved[name] : (filled[name] ?? null));
  const required = (f: { name: string; required: boolean }) =>
    // a 44-ФЗ purchase follows the law, not a Положение о закупке (which only 223-ФЗ customers adopt, ст. 2 223-ФЗ)
    (f.required && !(opts.law === '44' && f.name === 'procurementRuleTitle')) || (!!opts.electronic && ELECTRONIC_FIELDS.includes(f.name));
  return [
    ...def.fields.map((f) => ({
      name: f.name,
      // the form and the messages speak the purchase's law: НМЦК and контракт for 44-ФЗ
      label: inLawWords(f.label, opts.law),
      type: f.type,
      required: required(f),
      value: pick(f.name),
      ...(f.name in FACT_FIELDS ? { fact: FACT_FIELDS[f.name] } : {}),
    })),
    ...def.loops.map((l) => ({
      name: l.name,
      label: inLawWords(l.label, opts.law),
      type: 'list' as const,
      required: false,
      value: pick(l.name) ?? [],
      columns: l.fields.map((f) => ({ name: f.name, label: inLawWords(f.label, opts.law), type: f.type, required: f.required })),
    })),
  ];
}

/** Raw values for rendering a template: the same merge as the editor shows. */
export function mergedValues(def: TemplateShape, filled: Record<string, unknown>, saved: Record<string, unknown>): Record<string, unknown> {
  return withRoundingNote(Object.fromEntries(documentFields(def, filled, saved).map((f) => [f.name, f.value])));
}

const exact = (d: Decimal) => {
  const six = d.toDecimalPlaces(6, Decimal.ROUND_DOWN);
  return `${formatNumberRu(six)}${six.eq(d) ? '' : '…'}`;
};

/**
 * A row's unit price is printed rounded to kopecks; when that price times the quantity is not the row's sum (the card's
 * НМЦД split over 120 units), the document says so and shows the unrounded price, so its arithmetic checks on paper.
 */
export function withRoundingNote(values: Record<string, unknown>): Record<string, unknown> {
  const rows = Array.isArray(values.items) ? (values.items as Record<string, unknown>[]) : [];
  const notes: string[] = [];
  rows.forEach((r, i) => {
    const price = toDecimal(r?.price ?? r?.averagePrice);
    const quantity = toDecimal(r?.quantity);
    const amount = toDecimal(r?.amount);
    if (!price || !quantity || !amount || quantity.isZero()) return;
    const rounded = price.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (rounded.times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).eq(amount)) return;
    notes.push(
      `позиция ${i + 1}: ${formatMoneyRu(amount)} ÷ ${formatNumberRu(quantity)} = ${exact(amount.div(quantity))}; цена за единицу ${formatMoneyRu(rounded)} — с округлением до копеек по правилам арифметики`,
    );
  });
  if (!notes.length) return values;
  return {
    ...values,
    roundingNote: `Стоимость позиции определена от неокруглённой цены за единицу (стоимость ÷ количество): ${notes.join('; ')}.`,
  };
}

/** The ЭТП fields a procurement in electronic form left empty, keyed «template.field» as the editor names its fields. */
export function missingPlatform(template: DocumentKind, title: string, fields: DocumentField[]): Record<string, string[]> {
  return Object.fromEntries(
    fields
      .filter((f) => ELECTRONIC_FIELDS.includes(f.name) && f.required && !present(f.value))
      .map((f) => [`${template}.${f.name}`, [`«${title}»: для закупки в электронной форме укажите поле «${f.label}»`]]),
  );
}

/**
 * Required fields left empty, keyed as the editor names its fields (fieldKey): «Документ: не заполнено поле «…»». A fact
 * of the purchase is one field however many documents print it.
 */
export function missingFields(template: DocumentKind, title: string, fields: DocumentField[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of fields) {
    if (f.type === 'list') {
      // a table's rows: each required column of each row, keyed by its place («draft-contract.items.0.unit»)
      const rows = Array.isArray(f.value) ? (f.value as Record<string, unknown>[]) : [];
      rows.forEach((row, i) => {
        for (const c of f.columns ?? [])
          if (c.required && c.name !== 'index' && !present(row?.[c.name]))
            out[`${template}.${f.name}.${i}.${c.name}`] = [`${title}: ${f.label}, строка ${i + 1}: не заполнено поле «${c.label}»`];
      });
    } else if (f.required && !present(f.value))
      out[fieldKey(template, f)] = [
        f.fact ? `Сведения закупки: не заполнено поле «${f.label}»` : `${title}: не заполнено поле «${f.label}»`,
      ];
  }
  return out;
}

/** The documents the rule version in force requires for the procurement (or the ones asked for). */
export async function documentPlan(db: Tx, ctx: Ctx, procurementId: number, kinds?: DocumentKind[]): Promise<DocumentPlan[]> {
  const row = await loadProcurement(ctx, procurementId, db);
  const { version, documents } = await requiredDocuments(db, traitsOf(row));
  const ruleVersionId = version?.id ?? null;
  const plan = documents.map((d) => ({ kind: d.documentKind, template: d.template, title: d.title, required: d.required, ruleVersionId }));
  if (!kinds?.length) return plan;
  // a document the rules do not list may still be built, as an optional one from its own template
  return kinds.map(
    (k) =>
      plan.find((d) => d.kind === k) ?? {
        kind: k,
        template: k,
        title: documentKindTitle(k, row.law),
        required: false,
        ruleVersionId,
      },
  );
}

/** The template of each planned document for this purchase's law and subject kind (the customer's own, else built-in). */
export function planSources(
  ctx: Ctx,
  card: { law: string; subject: string },
  plan: DocumentPlan[],
  db: Tx = ctx.deps.db,
): Promise<TemplateSource[]> {
  return Promise.all(
    plan.map((d) =>
      templateFor(db, ctx.deps.files, {
        companyId: ctx.companyId,
        kind: d.template,
        law: card.law === '44' ? '44' : '223',
        subject: card.subject as 'goods' | 'works' | 'services',
        ruleVersionId: card.law === '44' ? null : d.ruleVersionId,
      }),
    ),
  );
}

export async function savedValues(db: Tx, procurementId: number): Promise<Map<string, Record<string, unknown>>> {
  const rows = await db.select().from(procurementFieldValues).where(eq(procurementFieldValues.procurementId, procurementId));
  return new Map(rows.map((r) => [r.template, r.values as Record<string, unknown>]));
}

export async function listDocuments(ctx: Ctx, procurementId: number, kinds?: DocumentKind[]): Promise<DocumentItem[]> {
  const db = ctx.deps.db;
  const card = await getProcurement(ctx, procurementId);
  const plan = await documentPlan(db, ctx, procurementId, kinds);
  const outdated = new Map(card.outdated_documents.map((d) => [d.file_id, d.reasons]));
  const [filled, saved, sources, files] = await Promise.all([
    prefillValues(ctx, card),
    savedValues(db, procurementId),
    planSources(ctx, card, plan),
    plan.length
      ? db
          .select({
            id: procurementFiles.id,
            name: procurementFiles.name,
            version: procurementFiles.currentVersion,
            template: procurementFiles.template,
            revision: procurementFileVersions.procurementRevision,
          })
          .from(procurementFiles)
          .innerJoin(
            procurementFileVersions,
            and(
              eq(procurementFileVersions.fileId, procurementFiles.id),
              eq(procurementFileVersions.version, procurementFiles.currentVersion),
            ),
          )
          .where(
            and(
              eq(procurementFiles.procurementId, procurementId),
              isNull(procurementFiles.deletedAt),
              inArray(
                procurementFiles.template,
                plan.map((d) => d.kind),
              ),
            ),
          )
          .orderBy(desc(procurementFiles.updatedAt), desc(procurementFiles.id))
      : Promise.resolve([]),
  ]);
  return plan.map((d, i) => {
    const file = files.find((f) => f.template === d.kind);
    const own = saved.get(d.kind) ?? {};
    return {
      template: d.kind,
      title: d.title,
      required: d.required,
      fields: documentFields(sources[i].shape, withRoundingNote({ ...filled, ...own }), own, {
        electronic: isElectronicMethod(card.method),
        law: card.law,
      }),
      file: file
        ? { id: file.id, name: file.name, version: file.version, revision: file.revision, outdated: outdated.get(file.id) ?? [] }
        : null,
    };
  });
}

export async function getValues(ctx: Ctx, procurementId: number, kind: DocumentKind) {
  await loadProcurement(ctx, procurementId);
  return { template: kind, values: (await savedValues(ctx.deps.db, procurementId)).get(kind) ?? {} };
}

function checkValues(title: string, values: Record<string, unknown>) {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    // any tag of the catalogue: a customer's template of this document may print fields the built-in one does not
    const loop = CATALOGUE_LOOPS.get(name);
    const known = loop || CATALOGUE_FIELDS.has(name);
    if (!known) fields[name] = [`Поле «${name}» отсутствует в документе «${title}»`];
    else if (name in FACT_FIELDS)
      // one home for each fact: the documentation keeps no copy of the card's НМЦД, dates or place
      fields[name] = [
        `«${CATALOGUE_FIELDS.get(name)!.label}» — сведение закупки: оно меняется в карточке закупки (PUT /procurements/{id}/facts), не в документе`,
      ];
    else if (value === null) continue;
    else if (
      loop
        ? !Array.isArray(value) || value.some((r) => !r || typeof r !== 'object' || Array.isArray(r))
        : !['string', 'number'].includes(typeof value)
    ) {
      fields[name] = [loop ? 'Ожидается список строк таблицы' : 'Ожидается текст или число'];
    } else if (!loop && CATALOGUE_FIELDS.get(name)?.type === 'money' && String(value).trim() !== '') {
      // the money rule of the card and the forms (contract's money.ts): a document's sums are no freer than the card's
      const problem = decimalProblem(value as string | number);
      if (problem) fields[name] = [problem];
    }
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION', 'Проверьте значения полей документа', fields);
}

/** Merges values into the saved ones (null removes a value); only while the card may be edited. */
export async function saveValues(
  tx: Tx,
  ctx: Ctx,
  procurementId: number,
  kind: DocumentKind,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const row = await loadProcurement(ctx, procurementId, tx, true);
  assertCanEdit(ctx);
  if (!EDITABLE_PROCUREMENT_STATUSES.includes(row.status as ProcurementStatus)) {
    throw new AppError('INVALID_STATE', 'Документацию можно менять только в статусах «Черновик» и «Документация сформирована»');
  }
  const [plan] = await documentPlan(tx, ctx, procurementId, [kind]);
  checkValues(plan.title, values);
  const current = (await savedValues(tx, procurementId)).get(kind) ?? {};
  const next: Record<string, unknown> = { ...current };
  for (const [name, value] of Object.entries(values)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  await tx
    .insert(procurementFieldValues)
    .values({ procurementId, template: kind, companyId: ctx.companyId, values: next, updatedBy: ctx.user.id })
    .onConflictDoUpdate({
      target: [procurementFieldValues.procurementId, procurementFieldValues.template],
      set: { values: next, updatedBy: ctx.user.id, updatedAt: now() },
    });
  const diff = changes(current, Object.fromEntries(Object.keys(values).map((name) => [name, next[name] ?? null])));
  // the document's name stays on both sides: it says which document's fields these are
  if (Object.keys(diff.after).length)
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: procurementId,
      action: 'document_values',
      before: { document: kind, ...diff.before },
      after: { document: kind, ...diff.after },
    });
  return next;
}

export async function putValues(
  ctx: Ctx,
  procurementId: number,
  kind: DocumentKind,
  values: Record<string, unknown>,
): Promise<DocumentItem> {
  await ctx.deps.db.transaction((tx) => saveValues(tx, ctx, procurementId, kind, values));
  const [item] = await listDocuments(ctx, procurementId, [kind]);
  return item;
}
