/**
 * What this module needs from the catalogues — method titles, ОКПД2 names, element names by id, checks of the
 * references — through the catalogue module's service, in one file. Call these before opening a transaction: the
 * catalogue service reads through deps.db, and on PGlite a second query waits for an open transaction forever.
 */
import { STANDARD_METHOD_TITLES, type CatalogKind } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { PROCUREMENT_METHODS } from '../deadlines';
import { catalogElementsByIds, findCatalogElementByCode, getOkpd2 } from '../catalogs';

interface Named {
  id: number;
  name: string;
  archived: boolean;
  type?: number;
}

const methodOf = (ctx: Ctx, code: string) => findCatalogElementByCode<Named>(ctx, 'methods', code);

/** Titles of the given method codes: the company's own method, else the system one, else the standard title. */
export async function methodTitles(ctx: Ctx, codes: string[]): Promise<Record<string, string>> {
  const unique = [...new Set(codes)];
  const found = await Promise.all(unique.map((c) => methodOf(ctx, c)));
  return Object.fromEntries(unique.map((c, i) => [c, found[i]?.name ?? STANDARD_METHOD_TITLES[c] ?? c]));
}

/** A method the company may choose: an active catalogue method, or a standard code the catalogue does not list. */
export async function assertKnownMethod(ctx: Ctx, code: string): Promise<void> {
  const method = await methodOf(ctx, code);
  if (method && !method.archived) return;
  if (method)
    throw new AppError('VALIDATION', `Способ закупки «${method.name}» находится в архиве`, {
      method: ['Выберите действующий способ закупки'],
    });
  if ((PROCUREMENT_METHODS as readonly string[]).includes(code)) return;
  throw new AppError('VALIDATION', `Неизвестный способ закупки «${code}»`, { method: ['Выберите способ закупки из справочника'] });
}

/** ОКПД2 names by code, for the codes the classifier knows. */
export async function okpd2Names(ctx: Ctx, codes: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const code of new Set(codes)) {
    const node = await getOkpd2(ctx.deps.db, code).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
      throw err;
    });
    if (node) out[code] = node.name;
  }
  return out;
}

export type CatalogRefKind =
  'nmcd_method' | 'requirement' | 'info_document' | 'funding_source' | 'delivery_term' | 'delivery_place' | 'ensuring';

/** Where each reference of a procurement card lives: the catalogue kind, its type and the card field. */
export const CATALOG_REFS: Record<CatalogRefKind, { kind: CatalogKind; type?: number; field: string; title: string }> = {
  nmcd_method: { kind: 'elements', type: 1, field: 'nmcd_method_id', title: 'метод определения НМЦД' },
  requirement: { kind: 'elements', type: 2, field: 'requirement_ids', title: 'дополнительное требование' },
  info_document: { kind: 'elements', type: 7, field: 'info_document_ids', title: 'дополнительная информация и документы' },
  funding_source: { kind: 'elements', type: 8, field: 'funding_source_ids', title: 'источник финансирования' },
  delivery_term: { kind: 'execTerms', type: 1, field: 'delivery_term_ids', title: 'условие поставки' },
  delivery_place: { kind: 'execTerms', type: 2, field: 'delivery_place_ids', title: 'место поставки' },
  ensuring: { kind: 'ensuring', field: 'ensuring_ids', title: 'обеспечение' },
};

async function elements(ctx: Ctx, ref: CatalogRefKind, ids: number[]): Promise<Named[]> {
  if (!ids.length) return [];
  const { kind, type } = CATALOG_REFS[ref];
  const rows = await catalogElementsByIds<Named>(ctx, kind, ids);
  return type === undefined ? rows : rows.filter((r) => r.type === type);
}

/** Element names by id, for filling documents (in the order of the ids). */
export async function catalogNames(ctx: Ctx, ref: CatalogRefKind, ids: number[]): Promise<Record<number, string>> {
  return Object.fromEntries((await elements(ctx, ref, ids)).map((e) => [e.id, e.name]));
}

/** Refuses ids of elements the company cannot see or that belong to another catalogue (type). */
export async function assertCatalogRefs(ctx: Ctx, refs: Partial<Record<CatalogRefKind, number[]>>): Promise<void> {
  const fields: Record<string, string[]> = {};
  for (const [ref, ids] of Object.entries(refs) as [CatalogRefKind, number[]][]) {
    const unique = [...new Set(ids)];
    if (!unique.length) continue;
    const found = new Set((await elements(ctx, ref, unique)).map((e) => e.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length)
      fields[CATALOG_REFS[ref].field] = [`Не найден элемент справочника (${CATALOG_REFS[ref].title}): ${missing.join(', ')}`];
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION', Object.values(fields)[0][0], fields);
}
