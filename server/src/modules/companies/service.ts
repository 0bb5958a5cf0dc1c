import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { canEdit, isStaff, type CompanyRequest, type PermissionsResponse, type BankRequisitesRequest, type Paged } from '@proc/contract';
import type { z } from 'zod';
import type { ContactRequest, ContactsQuery } from '@proc/contract';
import type { AuthUser, Ctx, Deps } from '../../platform/context';
import { bankRequisites, companies, companyGrants, companyIdentityRequests, contacts, storedFiles, users } from '../../db/schema';
import { releaseStoredFiles } from '../storage';
import { audit, auditInsert, auditRow, changes } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { canActFor } from '../../platform/tenancy';
import { assertIdentityFree, changeIdentity, identityTakenOr } from './identity';
import { preparedStatements } from '../../db/prepared';
import type { Tx } from '../../db/client';
import { now } from '../../platform/clock';

type CompanyRow = typeof companies.$inferSelect;
export const companyResponse = (c: CompanyRow) => ({
  id: c.id,
  title: c.title,
  full_title: c.fullTitle,
  inn: c.inn,
  kpp: c.kpp,
  ogrn: c.ogrn,
  address: c.address,
  iku: c.iku,
  law: c.law as '223' | '44',
  parent_id: c.parentId,
  created_at: c.createdAt.toISOString(),
});

/** The statements of myCompanies, one per kind of user (own company, granted ones, all) and with or without a search. */
const myCompaniesStatements = preparedStatements('my_companies', (db: Tx, name, { kind, search }: { kind: string; search: boolean }) => {
  const filters: SQL[] = [isNull(companies.deletedAt)];
  if (kind === 'own') filters.push(eq(companies.id, sql.placeholder('company')));
  else if (kind === 'granted') {
    const granted = db
      .select({ id: companyGrants.companyId })
      .from(companyGrants)
      .where(eq(companyGrants.userId, sql.placeholder('user')));
    filters.push(or(eq(companies.id, sql.placeholder('company')), inArray(companies.id, granted))!);
  }
  if (search) filters.push(or(ilike(companies.title, sql.placeholder('contains')), ilike(companies.inn, sql.placeholder('starts')))!);
  return db
    .select()
    .from(companies)
    .where(and(...filters))
    .orderBy(sql`${companies.title} COLLATE "und-x-icu"`, asc(companies.id))
    .limit(1000)
    .prepare(name);
});

/** Companies the user may act for, in Russian title order. */
export async function myCompanies(deps: Deps, user: AuthUser, q?: string): Promise<CompanyRow[]> {
  const kind = user.role === 'client' ? 'own' : user.role === 'admin' ? 'all' : 'granted';
  const search = q?.trim();
  const statement = myCompaniesStatements(deps.db, `${kind}|${search ? 'q' : ''}`, { kind, search: !!search });
  return statement.execute({
    company: user.companyId,
    user: user.id,
    ...(search ? { contains: `%${search}%`, starts: `${search}%` } : {}),
  });
}

export async function getCompany(ctx: Ctx): Promise<CompanyRow> {
  const [c] = await ctx.deps.db.select().from(companies).where(eq(companies.id, ctx.companyId));
  if (!c) throw new AppError('NOT_FOUND');
  return c;
}

const CAN_CREATE = ['admin', 'administrator', 'specialist'];

const PARENT_UNKNOWN = 'Головная организация не найдена или недоступна';

/**
 * A company may be placed under a parent only when the parent exists and the user may act for it, and no cycle results:
 * otherwise a tenant could file itself among another tenant's subordinate customers.
 */
async function assertParentAllowed(
  deps: Deps,
  user: AuthUser,
  companyId: number | null,
  parentId: number | null | undefined,
): Promise<void> {
  if (parentId == null) return;
  if (parentId === companyId)
    throw new AppError('VALIDATION', 'Организация не может быть подчинена самой себе', {
      parent_id: ['Организация не может быть подчинена самой себе'],
    });
  if (!(await canActFor(deps.db, user, parentId))) throw new AppError('VALIDATION', PARENT_UNKNOWN, { parent_id: [PARENT_UNKNOWN] });
  if (companyId === null) return;
  const seen = new Set<number>();
  for (let id: number | null = parentId; id !== null && !seen.has(id);) {
    if (id === companyId)
      throw new AppError('VALIDATION', 'Головная организация не может быть подчинена этой организации', {
        parent_id: ['Получается замкнутый круг подчинения'],
      });
    seen.add(id);
    const [row] = await deps.db.select({ parentId: companies.parentId }).from(companies).where(eq(companies.id, id));
    id = row?.parentId ?? null;
  }
}

export async function createCompany(deps: Deps, user: AuthUser, input: CompanyRequest): Promise<CompanyRow> {
  if (!CAN_CREATE.includes(user.role)) throw new AppError('FORBIDDEN');
  await assertParentAllowed(deps, user, null, input.parent_id);
  return deps.db.transaction(async (tx) => {
    await assertIdentityFree(tx, input.inn, input.kpp);
    const [c] = await tx
      .insert(companies)
      .values({
        title: input.title,
        fullTitle: input.full_title ?? null,
        inn: input.inn,
        kpp: input.kpp ?? null,
        ogrn: input.ogrn ?? null,
        address: input.address ?? null,
        iku: input.iku ?? null,
        law: input.law,
        parentId: input.parent_id ?? null,
      })
      .returning()
      .catch((e: unknown) => identityTakenOr(e, input.inn, input.kpp));
    // whoever creates a customer serves it
    if (user.role !== 'admin') await tx.insert(companyGrants).values({ userId: user.id, companyId: c.id, grantedBy: user.id });
    await audit(tx, { user, companyId: c.id }, { entity: 'company', entityId: c.id, action: 'create', after: companyResponse(c) });
    return c;
  });
}

/**
 * Saves the card. A change of ИНН, КПП or ОГРН is the provider's staff's to make at once; a client's waits for the
 * operator (returned as the request filed), the rest of the card saved meanwhile.
 */
export async function updateCompany(ctx: Ctx, input: CompanyRequest): Promise<typeof companyIdentityRequests.$inferSelect | null> {
  if (!canEdit(ctx.user.role)) throw new AppError('FORBIDDEN');
  const [current] = await ctx.deps.db.select({ parentId: companies.parentId }).from(companies).where(eq(companies.id, ctx.companyId));
  // an unchanged parent stays, even one the user cannot act for (set by the provider's staff)
  if ((input.parent_id ?? null) !== (current?.parentId ?? null))
    await assertParentAllowed(ctx.deps, ctx.user, ctx.companyId, input.parent_id);
  return ctx.deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(companies).where(eq(companies.id, ctx.companyId));
    const request = await changeIdentity(tx, ctx, { inn: input.inn, kpp: input.kpp ?? null, ogrn: input.ogrn ?? null });
    const [after] = await tx
      .update(companies)
      .set({
        title: input.title,
        fullTitle: input.full_title ?? null,
        address: input.address ?? null,
        ...(input.iku !== undefined ? { iku: input.iku } : {}),
        law: input.law,
        parentId: input.parent_id ?? null,
      })
      .where(eq(companies.id, ctx.companyId))
      .returning();
    await audit(tx, ctx, {
      entity: 'company',
      entityId: ctx.companyId,
      action: 'update',
      ...changes(companyResponse(before), companyResponse(after)),
    });
    return request;
  });
}

export async function deleteCompany(ctx: Ctx): Promise<void> {
  if (!['admin', 'administrator'].includes(ctx.user.role)) throw new AppError('FORBIDDEN');
  if (ctx.companyId === ctx.user.companyId) throw new AppError('INVALID_STATE', 'Нельзя удалить собственную организацию');
  await ctx.deps.db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), eq(users.blocked, false)));
    if (n > 0) throw new AppError('IN_USE', 'У организации есть активные пользователи: сначала заблокируйте их');
    const [c] = await tx.update(companies).set({ deletedAt: now() }).where(eq(companies.id, ctx.companyId)).returning();
    // a deleted company's documents take no room any more: released like deleted files, removed by the retention job
    const held = await tx
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(and(eq(storedFiles.companyId, ctx.companyId), isNull(storedFiles.releasedAt)));
    await releaseStoredFiles(
      tx,
      held.map((f) => f.key),
    );
    await audit(tx, ctx, { entity: 'company', entityId: ctx.companyId, action: 'delete', before: { title: c.title, inn: c.inn } });
  });
  ctx.deps.realtime.sessionsChanged();
}

export function permissionsFor(ctx: Ctx): PermissionsResponse {
  const r = ctx.user.role;
  return {
    company_id: ctx.companyId,
    role: r,
    can_read: true,
    can_edit: canEdit(r),
    can_manage_users: r === 'admin' || r === 'administrator',
    can_edit_catalogs: isStaff(r) && r !== 'operator',
    can_manage_tariffs: r === 'admin',
    can_approve_registrations: r === 'operator' || r === 'admin' || r === 'administrator',
  };
}

type ContactRow = typeof contacts.$inferSelect;
export const contactResponse = (c: Pick<ContactRow, 'id' | 'name' | 'position' | 'phone' | 'email' | 'isActive'>) => ({
  id: c.id,
  name: c.name,
  position: c.position,
  phone: c.phone,
  email: c.email,
  is_active: c.isActive,
});

export async function activeContact(ctx: Ctx) {
  const [c] = await ctx.deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.isActive, true)))
    .orderBy(desc(contacts.id))
    .limit(1);
  return c ? contactResponse(c) : null;
}

export async function listContacts(ctx: Ctx, q: z.infer<typeof ContactsQuery>): Promise<Paged<ReturnType<typeof contactResponse>>> {
  const filters: SQL[] = [eq(contacts.companyId, ctx.companyId)];
  if (q.name) filters.push(ilike(contacts.name, `%${q.name}%`));
  if (q.email) filters.push(ilike(contacts.email, `%${q.email}%`));
  if (q.phone) filters.push(ilike(contacts.phone, `%${q.phone}%`));
  const where = and(...filters);
  const [rows, [{ n }]] = await Promise.all([
    ctx.deps.db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.isActive), asc(contacts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.deps.db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { items: rows.map(contactResponse), total: n, page: q.page, limit: q.limit };
}

export async function saveContact(ctx: Ctx, input: z.infer<typeof ContactRequest>, id?: number) {
  const values = {
    name: input.name,
    position: input.position ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    isActive: input.is_active,
  };
  if (!id) return createContact(ctx, values);
  return ctx.deps.db.transaction(async (tx) => {
    const [was] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.companyId, ctx.companyId)));
    // one active contact per company
    if (input.is_active) await tx.update(contacts).set({ isActive: false }).where(eq(contacts.companyId, ctx.companyId));
    const [row] = await tx
      .update(contacts)
      .set(values)
      .where(and(eq(contacts.id, id), eq(contacts.companyId, ctx.companyId)))
      .returning();
    if (!row || !was) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { entity: 'contact', entityId: row.id, action: 'update', ...changes(contactResponse(was), contactResponse(row)) });
    return contactResponse(row);
  });
}

/**
 * A new contact, the others made inactive when it is the active one, and its creation in the trail: one statement, so
 * no transaction's round trips. The statement's UPDATE does not see the row its INSERT adds.
 */
async function createContact(ctx: Ctx, values: Omit<typeof contacts.$inferInsert, 'companyId'>) {
  const db = ctx.deps.db;
  const inserted = db
    .insert(contacts)
    .values({ ...values, companyId: ctx.companyId })
    .returning();
  const others = db
    .update(contacts)
    .set({ isActive: false })
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.isActive, true)));
  const after = { name: values.name, position: values.position, phone: values.phone, email: values.email, is_active: values.isActive };
  const entry = auditRow(ctx, { entity: 'contact', entityId: sql`c.id`, action: 'create', after })!;
  const { rows } = (await db.execute(sql`
    WITH c AS (${inserted.getSQL()}),
    ${values.isActive ? sql`others AS (${others.getSQL()}),` : sql``}
    logged AS (${auditInsert(entry, sql`c`, sql`jsonb_build_object('id', c.id)`)})
    SELECT id, name, position, phone, email, is_active AS "isActive" FROM c`)) as unknown as {
    rows: Parameters<typeof contactResponse>[0][];
  };
  return contactResponse(rows[0]);
}

export async function deleteContact(ctx: Ctx, id: number) {
  await ctx.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.companyId, ctx.companyId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { entity: 'contact', entityId: id, action: 'delete', before: contactResponse(row) });
  });
}

export async function companyUsers(ctx: Ctx) {
  const rows = await ctx.deps.db
    .select()
    .from(users)
    .where(eq(users.companyId, ctx.companyId))
    .orderBy(sql`${users.title} COLLATE "und-x-icu"`);
  return rows.map((u) => ({
    id: u.id,
    title: u.title,
    login: u.login,
    email: u.email,
    role: u.role as PermissionsResponse['role'],
    blocked: u.blocked,
  }));
}

type BankRow = typeof bankRequisites.$inferSelect;
const bankResponse = (b: BankRow) => ({
  id: b.id,
  bank_name: b.bankName,
  bik: b.bik,
  corr_account: b.corrAccount,
  account: b.account,
  is_main: b.isMain,
});

export async function listBankRequisites(ctx: Ctx) {
  const rows = await ctx.deps.db
    .select()
    .from(bankRequisites)
    .where(eq(bankRequisites.companyId, ctx.companyId))
    .orderBy(desc(bankRequisites.isMain), asc(bankRequisites.id));
  return rows.map(bankResponse);
}

export async function saveBankRequisites(ctx: Ctx, input: BankRequisitesRequest, id?: number) {
  return ctx.deps.db.transaction(async (tx) => {
    const [was] = id
      ? await tx
          .select()
          .from(bankRequisites)
          .where(and(eq(bankRequisites.id, id), eq(bankRequisites.companyId, ctx.companyId)))
      : [];
    if (input.is_main) await tx.update(bankRequisites).set({ isMain: false }).where(eq(bankRequisites.companyId, ctx.companyId));
    const values = {
      bankName: input.bank_name,
      bik: input.bik,
      corrAccount: input.corr_account,
      account: input.account,
      isMain: input.is_main,
    };
    const [row] = id
      ? await tx
          .update(bankRequisites)
          .set(values)
          .where(and(eq(bankRequisites.id, id), eq(bankRequisites.companyId, ctx.companyId)))
          .returning()
      : await tx
          .insert(bankRequisites)
          .values({ ...values, companyId: ctx.companyId })
          .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await audit(
      tx,
      ctx,
      was
        ? { entity: 'bank_requisites', entityId: row.id, action: 'update', ...changes(bankResponse(was), bankResponse(row)) }
        : { entity: 'bank_requisites', entityId: row.id, action: 'create', after: bankResponse(row) },
    );
    return bankResponse(row);
  });
}

export async function deleteBankRequisites(ctx: Ctx, id: number) {
  await ctx.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(bankRequisites)
      .where(and(eq(bankRequisites.id, id), eq(bankRequisites.companyId, ctx.companyId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { entity: 'bank_requisites', entityId: id, action: 'delete', before: bankResponse(row) });
  });
}

/** Subordinate customer organisations. */
export async function customers(ctx: Ctx) {
  const rows = await ctx.deps.db
    .select()
    .from(companies)
    .where(and(eq(companies.parentId, ctx.companyId), isNull(companies.deletedAt)))
    .orderBy(sql`${companies.title} COLLATE "und-x-icu"`);
  return rows.map(companyResponse);
}
