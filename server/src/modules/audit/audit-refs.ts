import { and, inArray, isNull, or } from 'drizzle-orm';
import { AUDIT_REF_KINDS, type AuditItem, type AuditRefKind } from '@proc/contract';
import type { Deps } from '../../platform/context';
import { companies, contracts, procurementRules, procurements, tariffPlans, users } from '../../db/schema';
import { TEMPLATE_DEFINITIONS, isTemplateCode } from '../../formats/docx/template-fields';

/** A document's field names (the template's placeholders) with their labels, as its form shows them. */
const DOCUMENT_FIELD_TITLES = Object.fromEntries(
  Object.entries(TEMPLATE_DEFINITIONS).map(([code, def]) => [
    code,
    Object.fromEntries([
      ...def.fields.map((f) => [f.name, f.label] as const),
      ...def.loops.flatMap((l) => [[l.name, l.label] as const, ...l.fields.map((f) => [f.name, f.label] as const)]),
    ]),
  ]),
) as Record<string, Record<string, string>>;

/** The template an entry's values belong to (document_values and generation entries name it as `document`). */
function documentOf(item: AuditItem): string | null {
  for (const side of [item.after, item.before]) {
    const d = side && typeof side === 'object' ? (side as Record<string, unknown>).document : null;
    if (typeof d === 'string' && isTemplateCode(d)) return d;
  }
  return null;
}

type Kind = AuditRefKind;
const kindOf = (key: string): Kind | undefined => (AUDIT_REF_KINDS as Record<string, Kind>)[key];

function idsIn(v: unknown): number[] {
  if (typeof v === 'number' && Number.isInteger(v)) return [v];
  if (Array.isArray(v)) return v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x));
  return [];
}

/** Every (kind, id) an entry's before and after refer to. */
function* refsOf(item: AuditItem): Generator<[Kind, number]> {
  for (const side of [item.before, item.after]) {
    if (!side || typeof side !== 'object' || Array.isArray(side)) continue;
    for (const [key, v] of Object.entries(side as Record<string, unknown>)) {
      const kind = kindOf(key);
      if (kind) for (const id of idsIn(v)) yield [kind, id];
    }
  }
}

/**
 * Names of the objects the page's entries refer to by id («Организация: 3» reads «Организация: ООО «Альфа»»), one query
 * per kind. Names of companies, users and rules outside `visible` (null = all) stay unresolved: a reference in an entry
 * one may read is no licence to learn another customer's name.
 */
export async function withRefs(deps: Deps, items: AuditItem[], visible: number[] | null): Promise<AuditItem[]> {
  const wanted: Record<Kind, Set<number>> = { company: new Set(), user: new Set(), tariff: new Set(), rule: new Set() };
  for (const it of items) for (const [kind, id] of refsOf(it)) wanted[kind].add(id);
  const list = (k: Kind) => [...wanted[k]];
  const inScope = <T>(col: T) => (visible ? inArray(col as never, visible) : undefined);
  const [cs, us, ts, rs] = await Promise.all([
    wanted.company.size
      ? deps.db
          .select({ id: companies.id, name: companies.title })
          .from(companies)
          .where(and(inArray(companies.id, list('company')), inScope(companies.id)))
      : [],
    wanted.user.size
      ? deps.db
          .select({ id: users.id, name: users.title })
          .from(users)
          .where(and(inArray(users.id, list('user')), inScope(users.companyId)))
      : [],
    wanted.tariff.size
      ? deps.db
          .select({ id: tariffPlans.id, name: tariffPlans.name })
          .from(tariffPlans)
          .where(inArray(tariffPlans.id, list('tariff')))
      : [],
    wanted.rule.size
      ? deps.db
          .select({ id: procurementRules.id, name: procurementRules.title })
          .from(procurementRules)
          .where(
            and(
              inArray(procurementRules.id, list('rule')),
              visible ? or(isNull(procurementRules.companyId), inArray(procurementRules.companyId, visible)) : undefined,
            ),
          )
      : [],
  ]);
  // business numbers of the objects themselves: «Закупка 2026-0016», «Договор 41-А/2026», not their ids
  const idsOf = (entity: string) => [
    ...new Set(items.filter((i) => i.entity === entity && /^\d{1,9}$/.test(i.entity_id)).map((i) => Number(i.entity_id))),
  ];
  const [pIds, cIds] = [idsOf('procurement'), idsOf('contract')];
  const [ps, ks] = await Promise.all([
    pIds.length
      ? deps.db
          .select({ id: procurements.id, number: procurements.number })
          .from(procurements)
          .where(and(inArray(procurements.id, pIds), inScope(procurements.companyId)))
      : [],
    cIds.length
      ? deps.db
          .select({ id: contracts.id, number: contracts.number, registry: contracts.registryNumber })
          .from(contracts)
          .where(and(inArray(contracts.id, cIds), inScope(contracts.companyId)))
      : [],
  ]);
  const numbers: Record<string, string> = {};
  for (const p of ps) numbers[`procurement:${p.id}`] = p.number;
  for (const k of ks) if (k.number || k.registry) numbers[`contract:${k.id}`] = (k.number || k.registry)!;
  // ЕИС's documents are known by the number the entry recorded (a purchase's, a plan's), not by the row's id
  for (const it of items) {
    const after = it.after && typeof it.after === 'object' ? (it.after as Record<string, unknown>) : {};
    const own =
      it.entity === 'eis44_notice'
        ? after.purchase_number
        : it.entity === 'eis223_notice'
          ? after.notice_number
          : it.entity === 'tender_plan'
            ? after.plan_number
            : null;
    if (typeof own === 'string' && own) numbers[`${it.entity}:${it.entity_id}`] = own;
  }
  const names: Record<string, string> = {};
  for (const [kind, rows] of [
    ['company', cs],
    ['user', us],
    ['tariff', ts],
    ['rule', rs],
  ] as const)
    for (const r of rows) if (r.name) names[`${kind}:${r.id}`] = r.name;
  return items.map((it) => {
    const refs: Record<string, string> = {};
    for (const [kind, id] of refsOf(it)) if (names[`${kind}:${id}`]) refs[`${kind}:${id}`] = names[`${kind}:${id}`];
    const document = documentOf(it);
    return {
      ...it,
      refs,
      entity_number: numbers[`${it.entity}:${it.entity_id}`] ?? null,
      ...(document ? { field_titles: DOCUMENT_FIELD_TITLES[document] } : {}),
    };
  });
}
