/**
 * List, options, read, create, edit, archive and delete for every catalogue kind, written once against the kind
 * descriptions in kinds/. Visibility: system elements (company_id NULL) and the acting company's own; another
 * company's element is "not found".
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { CATALOG_MESSAGES, type CatalogKind, type Paged } from '@proc/contract';
import type { Tx } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { audit as record, changes } from '../../platform/audit';
import { assertCanEdit, assertCanRead } from './access';
import type { AnyKindDef, CatalogTable, CommonInput, CommonRow, Scope } from './kind-def';
import { KINDS } from './kinds';
import { nameSearch, ruOrder } from './search';
import { usageDetails, usageOf, type Usage } from './usage';
import { now } from '../../platform/clock';

export interface ListQuery {
  page: number;
  limit: number;
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  archived?: 'false' | 'true' | 'all';
  scope?: 'all' | 'system' | 'company';
}
export interface OptionsQuery {
  page: number;
  limit: number;
  q?: string;
  /** Comma-separated ids: the names of values a form already holds, archived ones too. */
  ids?: string;
}
export interface OptionsPage<T> {
  items: { name: string; value: string | number; obj: T }[];
  page: number;
  limit: number;
  has_more: boolean;
}

export const kindDef = (kind: CatalogKind): AnyKindDef => KINDS[kind];

const visibleTo = (t: CatalogTable, companyId: number | Placeholder): SQL => or(isNull(t.companyId), eq(t.companyId, companyId))!;

function listWhere(
  ctx: { companyId: number | Placeholder },
  def: AnyKindDef,
  q: ListQuery | OptionsQuery,
  archived: 'false' | 'true' | 'all',
  scope: 'all' | 'system' | 'company',
): SQL | undefined {
  const t = def.table;
  const conditions: (SQL | undefined)[] = [visibleTo(t, ctx.companyId), ...def.filters(q)];
  if (archived !== 'all') conditions.push(eq(t.archived, archived === 'true'));
  if (scope === 'system') conditions.push(isNull(t.companyId));
  if (scope === 'company') conditions.push(eq(t.companyId, ctx.companyId));
  if (q.q) conditions.push(nameSearch(t.name, q.q, def.prefixColumns));
  return and(...conditions);
}

const defaultSort = (def: AnyKindDef) => Object.values(def.sorts)[0] ?? ruOrder(def.table.name);

/**
 * A list's page and count, built once per kind and query (its filters, sort and order; the company, page and size are
 * placeholders): the same lists are asked for again and again, and drizzle took longer to build them than PostgreSQL
 * to run them.
 */
const listStatements = preparedStatements('catalog_list', (db: Tx, name, { def, q }: { def: AnyKindDef; q: ListQuery }) => {
  const t = def.table;
  const where = listWhere({ companyId: sql.placeholder('company') }, def, q, q.archived ?? 'false', q.scope ?? 'all');
  const sort = (q.sort && def.sorts[q.sort]) || defaultSort(def);
  return {
    rows: db
      .select()
      .from(t)
      .where(where)
      .orderBy(q.order === 'desc' ? desc(sort) : asc(sort), asc(t.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name && `${name}_rows`),
    count: db
      .select({ n: count() })
      .from(t)
      .where(where)
      .prepare(name && `${name}_count`),
  };
});

export async function listCatalog<T = unknown>(ctx: Ctx, kind: CatalogKind, q: ListQuery): Promise<Paged<T>> {
  const def = kindDef(kind);
  assertCanRead(ctx.user, def.queryAccess(q));
  const db = ctx.deps.db;
  // a search is built each time: typed letter by letter, its every text would be a statement of its own
  const { page: _page, limit: _limit, q: text, ...filters } = q;
  const statements = listStatements(db, text?.trim() ? null : `${kind}|${JSON.stringify(filters, Object.keys(filters).sort())}`, {
    def,
    q,
  });
  const values = { company: ctx.companyId, limit: q.limit, offset: (q.page - 1) * q.limit };
  const [rows, [{ n }]] = await Promise.all([statements.rows.execute(values), statements.count.execute(values)]);
  return { items: await def.respond(db, rows as Parameters<AnyKindDef['respond']>[1]), total: n, page: q.page, limit: q.limit };
}

/** Select options for infinite scroll: active elements only, one extra row tells whether more follow. */
export async function catalogOptions<T = unknown>(ctx: Ctx, kind: CatalogKind, q: OptionsQuery): Promise<OptionsPage<T>> {
  const def = kindDef(kind);
  // Options feed the selects of the company's own cards, which a client fills too («Метод определения НМЦД»,
  // requirements, delivery terms on its procurement card): every user acting for the company reads them. The
  // catalogue screens, lists and elements stay staff-only.
  const t = def.table;
  const db = ctx.deps.db;
  // the names of stored values: an element archived since it was chosen is still the card's value and has a name
  const byIds = q.ids ? q.ids.split(',').map(Number) : null;
  const rows = await db
    .select()
    .from(t)
    .where(byIds ? and(listWhere(ctx, def, q, 'all', 'all'), inArray(t.id, byIds)) : listWhere(ctx, def, q, 'false', 'all'))
    .orderBy(asc(defaultSort(def)), asc(t.id))
    .limit(q.limit + 1)
    .offset((q.page - 1) * q.limit);
  const page = await def.respond(db, rows.slice(0, q.limit));
  return { items: page.map((obj: T) => ({ ...def.option(obj), obj })), page: q.page, limit: q.limit, has_more: rows.length > q.limit };
}

async function loadVisible(tx: Tx, ctx: Ctx, def: AnyKindDef, id: number): Promise<CommonRow & Record<string, unknown>> {
  const t = def.table;
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.id, id), visibleTo(t, ctx.companyId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row as unknown as CommonRow & Record<string, unknown>;
}

export async function getCatalogElement<T = unknown>(ctx: Ctx, kind: CatalogKind, id: number): Promise<T> {
  const def = kindDef(kind);
  const row = await loadVisible(ctx.deps.db, ctx, def, id);
  assertCanRead(ctx.user, def.rowAccess(row));
  return (await def.respond(ctx.deps.db, [row]))[0];
}

/** Elements of one kind by id, as the acting company sees them (archived included): for other modules' cards. */
export async function catalogElementsByIds<T = unknown>(ctx: Ctx, kind: CatalogKind, ids: number[]): Promise<T[]> {
  if (!ids.length) return [];
  const def = kindDef(kind);
  const t = def.table;
  const rows = await ctx.deps.db
    .select()
    .from(t)
    .where(and(inArray(t.id, [...new Set(ids)]), visibleTo(t, ctx.companyId)));
  return def.respond(ctx.deps.db, rows);
}

/** A lookup of every procurement's save (its method): built once per kind and element type. */
const byCode = preparedStatements(
  'catalog_by_code',
  (db: Tx, name, { def, kind, type }: { def: AnyKindDef; kind: CatalogKind; type?: number }) => {
    const t = def.table;
    const conditions: SQL[] = [eq(def.codeColumn!, sql.placeholder('code')), visibleTo(t, sql.placeholder('company'))];
    if (kind === 'elements' && type !== undefined) conditions.push(...def.filters({ type }));
    return db
      .select()
      .from(t)
      .where(and(...conditions))
      .orderBy(asc(t.companyId))
      .limit(2)
      .prepare(name);
  },
);

/** An element by its code (methods, subjects, elements, documents): the company's own wins over a system one. */
export async function findCatalogElementByCode<T = unknown>(
  ctx: Ctx,
  kind: 'elements' | 'methods' | 'subjects' | 'documents',
  code: string,
  type?: number,
): Promise<T | null> {
  const def = kindDef(kind);
  if (!def.codeColumn) return null;
  const statement = byCode(ctx.deps.db, `${kind}|${type ?? ''}`, { def, kind, type });
  const rows = (await statement.execute({ code, company: ctx.companyId })) as Parameters<AnyKindDef['respond']>[1];
  const row = rows.find((r) => (r as CommonRow).companyId !== null) ?? rows[0];
  return row ? (await def.respond(ctx.deps.db, [row]))[0] : null;
}

const storedUserFields = (input: CommonInput) =>
  (input.user_fields ?? []).map((f) => ({ name: f.name, label: f.label, type: f.type, default: f.default?.trim() ? f.default : null }));

async function assertCodeFree(
  tx: Tx,
  def: AnyKindDef,
  subject: Record<string, unknown>,
  code: unknown,
  scope: Scope,
  exceptId?: number,
): Promise<void> {
  if (!def.codeColumn || typeof code !== 'string' || !code) return;
  const t = def.table;
  const conditions: SQL[] = [
    eq(def.codeColumn, code),
    scope === null ? isNull(t.companyId) : visibleTo(t, scope),
    ...(def.codeScope?.(subject) ?? []),
  ];
  if (exceptId) conditions.push(ne(t.id, exceptId));
  const [taken] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw new AppError('CONFLICT', CATALOG_MESSAGES.codeTaken(code), { code: ['Код уже используется'] });
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Shared elements (no company) have global entries: admin reads them. */
const audit = (tx: Tx, ctx: Ctx, kind: CatalogKind, row: CommonRow, action: string, before?: unknown, after?: unknown) =>
  record(tx, { user: ctx.user, companyId: row.companyId }, { entity: `catalog.${kind}`, entityId: row.id, action, before, after });

export async function createCatalogElement<T = unknown>(
  ctx: Ctx,
  kind: CatalogKind,
  input: CommonInput & { shared?: boolean; code?: unknown },
): Promise<T> {
  const def = kindDef(kind);
  assertCanEdit(ctx.user);
  const scope: Scope = input.shared ? null : ctx.companyId;
  try {
    return await ctx.deps.db.transaction(async (tx) => {
      await def.validate?.(tx, input, scope, ctx.companyId);
      await assertCodeFree(tx, def, input as unknown as Record<string, unknown>, input.code, scope);
      const name = input.name?.trim() || (await def.defaultName?.(tx, input)) || '';
      const [row] = (await tx
        .insert(def.table)
        .values({
          ...def.values(input, true),
          name,
          description: input.description ?? null,
          userFields: storedUserFields(input),
          companyId: scope,
          createdBy: ctx.user.id,
        } as never)
        .returning()) as unknown as CommonRow[];
      const [res] = await def.respond(tx, [row]);
      await audit(tx, ctx, kind, row, 'create', null, res);
      return res;
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new AppError('CONFLICT', CATALOG_MESSAGES.codeTaken(String(input.code ?? '')), { code: ['Код уже используется'] });
    throw e;
  }
}

export async function updateCatalogElement<T = unknown>(
  ctx: Ctx,
  kind: CatalogKind,
  id: number,
  input: CommonInput & { code?: unknown },
): Promise<T> {
  const def = kindDef(kind);
  assertCanEdit(ctx.user);
  try {
    return await ctx.deps.db.transaction(async (tx) => {
      const before = await loadVisible(tx, ctx, def, id);
      await def.validate?.(tx, input, before.companyId, ctx.companyId);
      await assertCodeFree(tx, def, before, input.code, before.companyId, id);
      const name = input.name?.trim() || (await def.defaultName?.(tx, input)) || before.name;
      const [row] = (await tx
        .update(def.table)
        .set({
          ...def.values(input, false),
          name,
          description: input.description ?? null,
          userFields: storedUserFields(input),
          updatedAt: now(),
        } as never)
        .where(eq(def.table.id, id))
        .returning()) as unknown as CommonRow[];
      const [was] = await def.respond(tx, [before]);
      const [res] = await def.respond(tx, [row]);
      const diff = changes(was as Record<string, unknown>, res as Record<string, unknown>);
      await audit(tx, ctx, kind, row, 'update', diff.before, diff.after);
      return res;
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new AppError('CONFLICT', CATALOG_MESSAGES.codeTaken(String(input.code ?? '')), { code: ['Код уже используется'] });
    throw e;
  }
}

/** Archived elements stay readable (old procurements show them) but leave the select options. */
export async function archiveCatalogElement<T = unknown>(ctx: Ctx, kind: CatalogKind, id: number, archived: boolean): Promise<T> {
  const def = kindDef(kind);
  assertCanEdit(ctx.user);
  return ctx.deps.db.transaction(async (tx) => {
    const before = await loadVisible(tx, ctx, def, id);
    const [row] = (await tx
      .update(def.table)
      .set({ archived, updatedAt: now() } as never)
      .where(eq(def.table.id, id))
      .returning()) as unknown as CommonRow[];
    await audit(tx, ctx, kind, row, archived ? 'archive' : 'restore', { archived: before.archived }, { archived });
    return (await def.respond(tx, [row]))[0];
  });
}

const usageElementOf = (def: AnyKindDef, row: CommonRow) => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  ...(def.usageElement?.(row) ?? {}),
});

export async function catalogElementUsage(ctx: Ctx, kind: CatalogKind, id: number): Promise<Usage> {
  const def = kindDef(kind);
  return ctx.deps.db.transaction(async (tx) => {
    const row = await loadVisible(tx, ctx, def, id);
    assertCanRead(ctx.user, def.rowAccess(row));
    return usageOf(kind, tx, { ...usageElementOf(def, row), viewerCompanyId: ctx.companyId });
  });
}

/** Deletes an element nobody references; an element in use is refused with the places it is used in (archive it instead). */
export async function deleteCatalogElement(ctx: Ctx, kind: CatalogKind, id: number): Promise<void> {
  const def = kindDef(kind);
  assertCanEdit(ctx.user);
  await ctx.deps.db.transaction(async (tx) => {
    const row = await loadVisible(tx, ctx, def, id);
    const usage = await usageOf(kind, tx, usageElementOf(def, row));
    if (usage.count > 0) throw new AppError('IN_USE', CATALOG_MESSAGES.inUse(row.name, usageDetails(usage)));
    const [was] = await def.respond(tx, [row]);
    await tx.delete(def.table).where(eq(def.table.id, id));
    await audit(tx, ctx, kind, row, 'delete', was, null);
  });
}

/** User fields of the requested elements (the catalogUserfields triad); every one must be visible and readable. */
export async function catalogUserFields(ctx: Ctx, refs: { kind: CatalogKind; id: number }[]) {
  const found = new Map<string, CommonRow>();
  const byKind = new Map<CatalogKind, number[]>();
  for (const r of refs) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.id]);
  for (const [kind, ids] of byKind) {
    const def = kindDef(kind);
    const t = def.table;
    const rows = (await ctx.deps.db
      .select()
      .from(t)
      .where(and(inArray(t.id, ids), visibleTo(t, ctx.companyId)))) as unknown as CommonRow[];
    for (const row of rows) {
      assertCanRead(ctx.user, def.rowAccess(row));
      found.set(`${kind}:${row.id}`, row);
    }
  }
  return refs.map(({ kind, id }) => {
    const row = found.get(`${kind}:${id}`);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      kind,
      id,
      name: row.name,
      user_fields: (row.userFields ?? []).map((f) => ({ name: f.name, label: f.label, type: f.type, default: f.default ?? null })),
    };
  });
}
